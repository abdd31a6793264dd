import { ValidationError } from '../../core/shared/errors.js';

/** The `data` object of a POST or PUT body, or the reference's 400 when it is missing. */
export function readData(body: unknown): Readonly<Record<string, unknown>> {
  const data = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).data : undefined;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new ValidationError('Missing "data" payload in the request body');
  }
  return data as Readonly<Record<string, unknown>>;
}
