import type { ErrorEnvelope, ValidationItem } from './admin-types';

/** A refused request: the server's error envelope, or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The envelope's error name (`ValidationError`, `ApplicationError`, …); `NetworkError` for status 0. */
    readonly kind: string,
    message: string,
    readonly details: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The items of a ValidationError (`details.errors`), empty for any other error. */
  validationItems(): readonly ValidationItem[] {
    const errors = isRecord(this.details) ? this.details.errors : undefined;
    if (!Array.isArray(errors)) return [];
    return errors.filter((item): item is ValidationItem => isRecord(item) && Array.isArray(item.path) && typeof item.message === 'string');
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The ApiError of a failed answer: its envelope when it has one, else its status alone. */
export function apiErrorOf(status: number, body: unknown): ApiError {
  if (isRecord(body) && isRecord(body.error)) {
    const error = body.error as Partial<ErrorEnvelope['error']>;
    return new ApiError(status, String(error.name ?? 'Error'), String(error.message ?? `HTTP ${status}`), error.details);
  }
  return new ApiError(status, 'Error', `HTTP ${status}`, undefined);
}
