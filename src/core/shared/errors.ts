/**
 * The typed error catalogue. Every stage throws one of these; each transport turns them into
 * its error envelope in exactly one place. Names and default messages follow the reference
 * (see shared/reference/strapi5-rest.md §1) because clients match on them.
 */

export type ErrorDetails = Readonly<Record<string, unknown>>;

export abstract class CmsError extends Error {
  abstract readonly status: number;
  readonly details: ErrorDetails;

  constructor(message: string, details: ErrorDetails = {}) {
    super(message);
    this.details = details;
  }
}

/** One entry of `details.errors` on a body validation failure. */
export interface FieldError {
  readonly path: readonly string[];
  readonly message: string;
  readonly name: 'ValidationError';
  /** What was sent; left out for secrets (passwords, private attributes), never echoed. */
  readonly value?: unknown;
}

export class ApplicationError extends CmsError {
  override readonly name = 'ApplicationError';
  readonly status = 400;
  constructor(message = 'An application error occurred', details?: ErrorDetails) {
    super(message, details);
  }
}

export class ValidationError extends CmsError {
  override readonly name = 'ValidationError';
  readonly status = 400;

  /** A failure of one or more attributes of a written document. */
  static fromFieldErrors(errors: readonly FieldError[]): ValidationError {
    const message = errors.length === 1 ? (errors[0]?.message ?? 'Validation error') : `${errors.length} errors occurred`;
    return new ValidationError(message, { errors });
  }

  /** One field's failure; `value` is what was sent, undefined for what must not be shown. */
  static atField(field: string, message: string, value: unknown): ValidationError {
    return ValidationError.fromFieldErrors([{ path: [field], message, name: 'ValidationError', value }]);
  }

  /** An unknown or forbidden key in the query string or body. */
  static invalidKey(key: string, where: { source: 'query' | 'body'; param?: string; path?: string | null }): ValidationError {
    const path = where.path ?? null;
    const message = path && path !== key ? `Invalid key ${key} at ${path}` : `Invalid key ${key}`;
    const details: Record<string, unknown> = { key, path, source: where.source };
    if (where.param !== undefined) details.param = where.param;
    return new ValidationError(message, details);
  }
}

export class PaginationError extends CmsError {
  override readonly name = 'PaginationError';
  readonly status = 400;
  constructor(message = 'Invalid pagination', details?: ErrorDetails) {
    super(message, details);
  }
}

export class UnauthorizedError extends CmsError {
  override readonly name = 'UnauthorizedError';
  readonly status = 401;
  constructor(message = 'Unauthorized', details?: ErrorDetails) {
    super(message, details);
  }
}

export class ForbiddenError extends CmsError {
  override readonly name = 'ForbiddenError';
  readonly status = 403;
  constructor(message = 'Forbidden', details?: ErrorDetails) {
    super(message, details);
  }
}

export class NotFoundError extends CmsError {
  override readonly name = 'NotFoundError';
  readonly status = 404;
  constructor(message = 'Not Found', details?: ErrorDetails) {
    super(message, details);
  }
}

export class MethodNotAllowedError extends CmsError {
  override readonly name = 'MethodNotAllowedError';
  readonly status = 405;
  constructor(message = 'Method Not Allowed', details?: ErrorDetails) {
    super(message, details);
  }
}

export class UnsupportedMediaTypeError extends CmsError {
  override readonly name = 'UnsupportedMediaTypeError';
  readonly status = 415;
  constructor(message = 'Unsupported Media Type', details?: ErrorDetails) {
    super(message, details);
  }
}

export class PayloadTooLargeError extends CmsError {
  override readonly name = 'PayloadTooLargeError';
  readonly status = 413;
  constructor(message = 'Entity too large', details?: ErrorDetails) {
    super(message, details);
  }
}

export class RateLimitError extends CmsError {
  override readonly name = 'RateLimitError';
  readonly status = 429;
  constructor(message = 'Too many requests, please try again later.', details?: ErrorDetails) {
    super(message, details);
  }
}

/**
 * The service cannot answer now but may shortly: the database is unreachable, no pooled
 * connection became free in time, or the instance is shutting down.
 */
export class ServiceUnavailableError extends CmsError {
  override readonly name = 'ServiceUnavailableError';
  readonly status = 503;
  constructor(message = 'Service Unavailable', details?: ErrorDetails) {
    super(message, details);
  }

  /**
   * A database that cannot be reached or refuses the connection. The driver's message names
   * the problem (refused, timed out, authentication failed); `secrets` (passwords, connection
   * strings) and any `user:password@` in a URL are masked out of it, since clients see it.
   */
  static database(cause: unknown, secrets: readonly (string | undefined)[] = []): ServiceUnavailableError {
    const raw = cause instanceof Error ? cause.message : String(cause);
    let message = raw.replace(/\/\/[^/@\s]*@/g, '//***@');
    for (const secret of secrets) if (secret) message = message.split(secret).join('***');
    const code = (cause as { code?: unknown } | null)?.code;
    const suffix = typeof code === 'string' && !message.includes(code) ? ` (${code})` : '';
    return new ServiceUnavailableError(`Database unavailable: ${message}${suffix}`);
  }
}

/** A broken project definition or configuration: stops the start, naming the file. */
export class DefinitionError extends Error {
  override readonly name = 'DefinitionError';
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`);
  }
}
