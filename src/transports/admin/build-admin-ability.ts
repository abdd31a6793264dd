import type { AdminAbility, AdminPermission, ContentGrant } from './admin-ability.js';
import type { AdminUserView } from './admin-user-service.js';

export interface AdminAbilityInput {
  readonly user: AdminUserView;
  readonly isSuperAdmin: boolean;
  /** The permissions of all the user's roles (for a Super Admin: the derived complete list). */
  readonly permissions: readonly AdminPermission[];
  /** Whether the content-type has i18n on: there, a permission without `locales` reaches no locale. */
  isLocalized(uid: string): boolean;
}

const EVERYTHING: ContentGrant = Object.freeze({ fields: null, locales: null, conditions: Object.freeze([]) });

interface Merging {
  fields: Set<string> | null;
  locales: Set<string> | null;
  unconditional: boolean;
  conditions: Set<string>;
}

const keyOf = (action: string, subject: string | null | undefined): string => `${action}\u0000${subject ?? ''}`;

/**
 * The merged grants of a user's permissions (the rule in ContentGrant's doc comment): fields and
 * locales are the union over the permissions of the action and subject (all when one says all),
 * and the grant is unconditional when one permission is. A Super Admin is granted everything.
 */
export function buildAdminAbility(input: AdminAbilityInput): AdminAbility {
  const grants = new Map<string, ContentGrant>();
  if (!input.isSuperAdmin) {
    const merging = new Map<string, Merging>();
    for (const permission of input.permissions) {
      const key = keyOf(permission.action, permission.subject);
      const fields = permission.properties.fields === undefined ? null : new Set(permission.properties.fields);
      const localized = permission.subject !== null && input.isLocalized(permission.subject);
      const locales = !localized ? null : new Set(permission.properties.locales ?? []);
      const current = merging.get(key);
      if (!current) {
        merging.set(key, { fields, locales, unconditional: permission.conditions.length === 0, conditions: new Set(permission.conditions) });
        continue;
      }
      current.fields = current.fields === null || fields === null ? null : new Set([...current.fields, ...fields]);
      current.locales = current.locales === null || locales === null ? null : new Set([...current.locales, ...locales]);
      current.unconditional ||= permission.conditions.length === 0;
      for (const condition of permission.conditions) current.conditions.add(condition);
    }
    for (const [key, entry] of merging) {
      grants.set(key, Object.freeze({ fields: entry.fields, locales: entry.locales, conditions: Object.freeze(entry.unconditional ? [] : [...entry.conditions]) }));
    }
  }
  return {
    user: input.user,
    isSuperAdmin: input.isSuperAdmin,
    permissions: input.permissions,
    grant(action, subject) {
      if (input.isSuperAdmin) return EVERYTHING;
      return grants.get(keyOf(action, subject)) ?? null;
    },
  };
}
