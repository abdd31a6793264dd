import { STATUS_CODES } from 'node:http';
import { CmsError, type ErrorDetails } from '../core/shared/errors.js';

/**
 * `http-errors`' class name of a status, as Strapi's envelope names the errors of `ctx.throw`
 * and the `ctx.badRequest()`… helpers: the reason phrase in PascalCase, with `Error` appended
 * unless it ends with it (400 → BadRequestError, 500 → InternalServerError).
 */
export function httpErrorName(status: number): string {
  const phrase = STATUS_CODES[status] ?? 'Unknown';
  const identifier = phrase
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
  return identifier.endsWith('Error') ? identifier : `${identifier}Error`;
}

/** An error of `ctx.throw(status, …)` or a `ctx.<status>()` helper: the reason phrase unless a message is given, `details` `{}` by default. */
export class HttpStatusError extends CmsError {
  override readonly name: string;
  readonly status: number;
  constructor(status: number, message?: string, details?: ErrorDetails) {
    const known = Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
    // Strapi does not expose a 5xx message (http-errors' `expose` is false above 499).
    super(known >= 500 ? 'Internal Server Error' : (message ?? STATUS_CODES[known] ?? 'Error'), details ?? {});
    this.status = known;
    this.name = known >= 500 ? 'InternalServerError' : httpErrorName(known);
  }
}
