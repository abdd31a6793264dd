import { UnauthorizedError } from '../../shared/errors.js';
import { PUBLIC_PRINCIPAL, type Principal } from '../principal.js';

/**
 * The principal of a request from its Authorization header. No header → the Public role.
 * No token strategy is configured yet, so any credential is one that cannot be verified:
 * 401, never a silent fall-back to Public (reference §7).
 */
export function resolvePrincipal(authorization: string | undefined): Principal {
  if (authorization === undefined || authorization.trim() === '') return PUBLIC_PRINCIPAL;
  throw new UnauthorizedError('Missing or invalid credentials');
}
