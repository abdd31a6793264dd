import type { Database } from '../../core/db/database.js';
import type { FilterNode } from '../../core/query/document-query.js';
import type { ScalarAttribute } from '../../core/schema/attribute.js';
import { IS_CREATOR_CONDITION, SAME_ROLE_AS_CREATOR_CONDITION, type AdminAbility, type ContentGrant } from './admin-ability.js';
import { ADMIN_USERS_ROLES_TABLE } from './admin-tables.js';

/**
 * Whose documents a grant reaches, as the admin users who created them (the versions'
 * `created_by_id`): null when the grant is unconditional (every document, creator or not).
 * Strapi's two conditions, any one sufficing: `admin::is-creator` adds the user,
 * `admin::has-same-role-as-creator` every user holding one of the user's roles (the user
 * included). A grant with only unknown conditions reaches nobody's. One statement at most.
 */
export async function creatorsReached(database: Database, ability: AdminAbility, grant: ContentGrant): Promise<ReadonlySet<number> | null> {
  if (grant.conditions.length === 0) return null;
  const creators = new Set<number>();
  if (grant.conditions.includes(IS_CREATOR_CONDITION)) creators.add(ability.user.id);
  const roleIds = ability.user.roles.map((role) => role.id);
  if (grant.conditions.includes(SAME_ROLE_AS_CREATOR_CONDITION) && roleIds.length > 0) {
    const rows = await database.db.selectFrom(ADMIN_USERS_ROLES_TABLE.name).select('user_id').distinct().where('role_id', 'in', roleIds).execute();
    for (const row of rows) creators.add(Number(row.user_id));
  }
  return creators;
}

/** created_by_id as a filterable attribute of no API: what the conditions compare. */
const CREATED_BY: ScalarAttribute = Object.freeze({ kind: 'scalar', name: 'createdBy', type: 'integer', column: 'created_by_id', required: false, unique: false, private: true, writable: false });

/** The condition a condition-bound grant adds to every list: created by one of its creators; null: unconditional. */
export function creatorFilter(creators: ReadonlySet<number> | null): FilterNode | null {
  if (creators === null) return null;
  if (creators.size === 0) return { kind: 'condition', attribute: CREATED_BY, operator: '$eq', value: -1 };
  return { kind: 'condition', attribute: CREATED_BY, operator: '$in', value: [...creators] };
}
