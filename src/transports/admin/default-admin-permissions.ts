import { IS_CREATOR_CONDITION, type AdminPermission } from './admin-ability.js';
import { CONTENT_ACTIONS, PLAIN_ACTIONS, UPLOAD_ACTIONS } from './admin-action-catalog.js';
import { ADMIN_ACTIONS, AUTHOR_CODE, EDITOR_CODE } from './admin-roles.js';
import { contentSubjects, type AdminContentModel, type ContentSubject } from './admin-content-subjects.js';

/** A permission to store: what PUT /admin/roles/:id/permissions and the defaults write. */
export interface PermissionInput {
  readonly action: string;
  readonly actionParameters?: Readonly<Record<string, unknown>>;
  readonly subject: string | null;
  readonly properties: { readonly fields?: readonly string[]; readonly locales?: readonly string[] };
  readonly conditions: readonly string[];
}

/** The roles that receive defaults; the Super Admin's permissions are derived, never stored. */
export const SEEDED_ROLE_CODES: readonly string[] = [EDITOR_CODE, AUTHOR_CODE];

/**
 * The content-manager permissions a default role gets on a content-type (Strapi's
 * `createRolesIfNoneExist`): every action; the Author's only on what they created. `fields` is
 * left out (= every field, those added later too: Strapi lists today's), `locales` names every
 * locale of the moment on a localized type (without it, Strapi's rule reaches no locale).
 */
export function defaultContentPermissions(code: string, subject: ContentSubject, localeCodes: readonly string[]): PermissionInput[] {
  if (!SEEDED_ROLE_CODES.includes(code)) return [];
  const conditions = code === AUTHOR_CODE ? [IS_CREATOR_CONDITION] : [];
  return CONTENT_ACTIONS.map((entry) => ({
    action: entry.action,
    subject: subject.uid,
    properties: subject.localized ? { locales: [...localeCodes] } : {},
    conditions,
  }));
}

/** The subject-free defaults: the media library as Strapi gives it, and the Editor's end-user actions (Tessera's /admin/end-users). */
export function defaultPlainPermissions(code: string): PermissionInput[] {
  const plain = (action: string, conditions: readonly string[] = []): PermissionInput => ({ action, subject: null, properties: {}, conditions });
  if (code === EDITOR_CODE) {
    return [
      ...Object.values(UPLOAD_ACTIONS).filter((action) => action !== UPLOAD_ACTIONS.settings).map((action) => plain(action)),
      plain(ADMIN_ACTIONS.readEndUsers),
      plain(ADMIN_ACTIONS.updateEndUsers),
    ];
  }
  if (code === AUTHOR_CODE) {
    return [
      plain(UPLOAD_ACTIONS.read, [IS_CREATOR_CONDITION]),
      plain(UPLOAD_ACTIONS.configureView),
      plain(UPLOAD_ACTIONS.create),
      plain(UPLOAD_ACTIONS.update, [IS_CREATOR_CONDITION]),
      plain(UPLOAD_ACTIONS.download),
      plain(UPLOAD_ACTIONS.copyLink),
    ];
  }
  return [];
}

/**
 * The Super Admin's permissions: every action on every subject, every field and locale. Derived
 * from the model on each read (so always complete) rather than stored; their ids are negative,
 * as they name no row.
 */
export function superAdminPermissions(model: AdminContentModel): AdminPermission[] {
  const localeCodes = model.locales.list().map((locale) => locale.code);
  const permissions: AdminPermission[] = [];
  const push = (permission: Omit<AdminPermission, 'id' | 'actionParameters'>): void => {
    permissions.push({ id: -(permissions.length + 1), actionParameters: {}, ...permission });
  };
  for (const entry of CONTENT_ACTIONS) {
    for (const subject of contentSubjects(model.registry)) {
      const fields = entry.applyToProperties.includes('fields') ? { fields: subject.fieldPaths } : {};
      const locales = subject.localized ? { locales: localeCodes } : {};
      push({ action: entry.action, subject: subject.uid, properties: { ...fields, ...locales }, conditions: [] });
    }
  }
  for (const entry of PLAIN_ACTIONS) push({ action: entry.action, subject: null, properties: {}, conditions: [] });
  return permissions;
}

