import type { PermissionGrants } from '../../config/app-config.js';

/** The actions granted to each role, answering "may this role do this action on this subject?". */
export interface PermissionSet {
  allows(roleType: string, subject: string, action: string): boolean;
}

/**
 * Builds the permission set from `config/permissions`: role type → subject → actions.
 * A subject of `'*'` covers every content-type; an action list of `'*'` covers every action.
 */
export function createPermissionSet(grants: PermissionGrants): PermissionSet {
  const allowed = new Set<string>();
  for (const [roleType, subjects] of Object.entries(grants)) {
    for (const [subject, actions] of Object.entries(subjects)) {
      for (const action of actions === '*' ? ['*'] : actions) allowed.add(`${roleType}\u0000${subject}\u0000${action}`);
    }
  }
  const has = (roleType: string, subject: string, action: string): boolean => allowed.has(`${roleType}\u0000${subject}\u0000${action}`);
  return {
    allows: (roleType, subject, action) =>
      has(roleType, subject, action) || has(roleType, subject, '*') || has(roleType, '*', action) || has(roleType, '*', '*'),
  };
}
