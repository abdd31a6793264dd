import type { Principal } from '../principal.js';
import type { ContentAction } from './authorize.js';
import type { PermissionSet } from './permission-set.js';

/** Whether the principal's role holds `<subject>.<action>`, without throwing (for what is left out silently). */
export function isAllowed(principal: Principal, subject: string, action: ContentAction, permissions: PermissionSet): boolean {
  return permissions.allows(principal.roleType, subject, action);
}
