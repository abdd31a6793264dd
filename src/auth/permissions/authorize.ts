import { ForbiddenError } from '../../shared/errors.js';
import type { Principal } from '../principal.js';
import type { PermissionSet } from './permission-set.js';

/** Content-type actions, as permission names spell them (`api::article.article.find`). */
export type ContentAction = 'find' | 'findOne' | 'create' | 'update' | 'delete';

/** Throws 403 unless the principal's role holds `<subject>.<action>`. */
export function authorize(principal: Principal, subject: string, action: ContentAction, permissions: PermissionSet): void {
  if (!permissions.allows(principal.roleType, subject, action)) throw new ForbiddenError();
}
