import { ValidationError } from '../../core/shared/errors.js';

/** The end users' type: the content manager shows it, with users-permissions' own rules on writes (Strapi's content-manager-user controller). */
export const END_USERS = 'plugin::users-permissions.user';

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Users-permissions' rules on the data of a user written through the content manager, as
 * Strapi's controller applies them before the write: a create names a role (`role is a required
 * field`; a `connect` of none: `Users must have a role`), an update may not disconnect the last
 * one without a replacement; emails are stored lower-cased; created users are `local`; an empty
 * password in an update leaves the password as it is. `data` is the content data already taken
 * from the body (fields the grant reaches), changed in place.
 */
export function endUserData(body: unknown, data: Record<string, unknown>, mode: 'create' | 'update'): void {
  const raw = isRecord(body) ? body : {};
  const role = raw.role;
  const connect = isRecord(role) ? role.connect : undefined;
  if (mode === 'create') {
    if (role === undefined || role === null || role === '') throw ValidationError.fromFieldErrors([{ path: ['role'], message: 'role is a required field', name: 'ValidationError' }]);
    if (isRecord(role) && (!Array.isArray(connect) || connect.length === 0)) throw ValidationError.fromFieldErrors([{ path: ['role', 'connect'], message: 'Users must have a role', name: 'ValidationError' }]);
    data.provider = 'local';
  } else if (isRecord(role) && Array.isArray(role.disconnect) && role.disconnect.length > 0 && (!Array.isArray(connect) || connect.length === 0)) {
    throw ValidationError.fromFieldErrors([{ path: ['role'], message: 'Users must have a role', name: 'ValidationError' }]);
  }
  if (typeof data.email === 'string') data.email = data.email.toLowerCase();
  if (mode === 'update' && (data.password === null || data.password === '')) delete data.password;
}
