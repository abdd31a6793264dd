import { CmsError } from '../../core/shared/errors.js';

export interface ErrorEnvelope {
  readonly status: number;
  readonly body: { readonly data: null; readonly error: Readonly<Record<string, unknown>> };
}

/** Names for HTTP errors raised by the framework itself (bad JSON, too large, wrong media type). */
const HTTP_ERROR_NAMES: Readonly<Record<number, string>> = {
  400: 'BadRequestError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  405: 'MethodNotAllowedError',
  406: 'NotAcceptableError',
  408: 'RequestTimeoutError',
  411: 'LengthRequiredError',
  413: 'PayloadTooLargeError',
  414: 'URITooLongError',
  415: 'UnsupportedMediaTypeError',
  417: 'ExpectationFailedError',
  429: 'RateLimitError',
  431: 'RequestHeaderFieldsTooLargeError',
};

/** Messages that read better than the framework's own for a client. */
const HTTP_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Body cannot be empty when content-type is set to application/json',
};

function isHttpError(error: unknown): error is Error & { statusCode: number; code?: string } {
  return error instanceof Error && typeof (error as { statusCode?: unknown }).statusCode === 'number';
}

/**
 * Details that cannot be serialized (too deep, cyclic) would make the reply itself fail and
 * Fastify fall back to its own non-envelope body; errors are rare enough to check every time.
 */
function serializable(details: unknown): boolean {
  try {
    JSON.stringify(details);
    return true;
  } catch {
    return false;
  }
}

/**
 * Any error → the one error envelope `{ data: null, error: { status, name, message, details } }`.
 * Only errors we raised or the framework's own 4xx keep their message; everything else is a
 * 500 whose details stay in the log.
 */
export function toErrorEnvelope(error: unknown): ErrorEnvelope {
  if (error instanceof CmsError) {
    const details = serializable(error.details) ? error.details : {};
    return { status: error.status, body: { data: null, error: { status: error.status, name: error.name, message: error.message, details } } };
  }
  if (isHttpError(error) && error.statusCode >= 400 && error.statusCode < 500) {
    const status = error.statusCode;
    const name = HTTP_ERROR_NAMES[status] ?? 'BadRequestError';
    const message = (error.code && HTTP_ERROR_MESSAGES[error.code]) ?? error.message;
    return { status, body: { data: null, error: { status, name, message, details: {} } } };
  }
  return { status: 500, body: { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } } };
}
