import type { AdminUserView } from './admin-user-service.js';

/**
 * What an admin user may do, read once per request from the permissions of all their roles
 * (Strapi 5's model: `{action, subject, properties: {fields?, locales?}, conditions}` rows per
 * admin role). The content manager, the media library and the settings routes ask it; the
 * route code never reads role codes itself.
 */

/** Strapi 5's content-manager actions (`cm.*` in shared/reference/strapi5-admin-api.md §1.2). */
export const CONTENT_MANAGER_ACTIONS = {
  create: 'plugin::content-manager.explorer.create',
  read: 'plugin::content-manager.explorer.read',
  update: 'plugin::content-manager.explorer.update',
  delete: 'plugin::content-manager.explorer.delete',
  publish: 'plugin::content-manager.explorer.publish',
} as const;

export type ContentManagerAction = (typeof CONTENT_MANAGER_ACTIONS)[keyof typeof CONTENT_MANAGER_ACTIONS];

/** Strapi's two conditions; a condition-free grant applies to every document. */
export const IS_CREATOR_CONDITION = 'admin::is-creator';
export const SAME_ROLE_AS_CREATOR_CONDITION = 'admin::has-same-role-as-creator';

/** One stored permission of an admin role, as Strapi's admin API shows it. */
export interface AdminPermission {
  readonly id: number;
  readonly action: string;
  readonly actionParameters: Readonly<Record<string, unknown>>;
  /** A content-type UID, or null for actions that are not about one content-type. */
  readonly subject: string | null;
  readonly properties: { readonly fields?: readonly string[]; readonly locales?: readonly string[] };
  readonly conditions: readonly string[];
}

/**
 * The merged grant of one action on one subject over all the user's roles.
 * - `fields`: the attributes (component sub-fields dotted, `seo.metaTitle`) it reaches; null = all.
 *   Unlisted fields are removed from output and ignored on input, as in Strapi.
 * - `locales`: the locales it reaches; null = all (and always null on a type without i18n).
 *   On a localized type, a permission without `locales` reaches no locale (Strapi's rule).
 * - `conditions`: empty when some role grants it unconditionally; otherwise the conditions of
 *   which any one suffices for a document (`admin::is-creator`: created by this user).
 */
export interface ContentGrant {
  readonly fields: ReadonlySet<string> | null;
  readonly locales: ReadonlySet<string> | null;
  readonly conditions: readonly string[];
}

export interface AdminAbility {
  readonly user: AdminUserView;
  readonly isSuperAdmin: boolean;
  /** Every permission of the user's roles, for GET /admin/users/me/permissions. */
  readonly permissions: readonly AdminPermission[];
  /** The user's grant for the action on the subject; null when none of their roles has it. */
  grant(action: string, subject?: string | null): ContentGrant | null;
}
