import type { PermissionGrants } from '../config/app-config.js';
import { UnauthorizedError } from '../shared/errors.js';
import type { AuthService } from './auth-service.js';
import { createPermissionSet } from './permissions/permission-set.js';
import { PUBLIC_PRINCIPAL } from './principal.js';

/** Splits `api::article.article.find` into its subject (`api::article.article`) and action (`find`). */
export function splitAction(action: string): { subject: string; name: string } {
  const dot = action.lastIndexOf('.');
  return dot === -1 ? { subject: action, name: '' } : { subject: action.slice(0, dot), name: action.slice(dot + 1) };
}

/**
 * The auth service of a project without users: the Public role's grants from config/permissions,
 * and no credential can be verified (401).
 */
export function createConfigAuthService(grants: PermissionGrants): AuthService {
  const permissions = createPermissionSet(grants);
  return {
    authenticate: async (authorization) => {
      if (authorization === undefined || authorization.trim() === '') return PUBLIC_PRINCIPAL;
      throw new UnauthorizedError('Missing or invalid credentials');
    },
    can: (principal, action) => {
      const { subject, name } = splitAction(action);
      return principal.kind !== 'api-token' && permissions.allows(principal.roleType, subject, name);
    },
  };
}
