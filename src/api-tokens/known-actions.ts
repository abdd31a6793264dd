import { isPluginType } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/registry.js';

/**
 * Actions of Tessera's plugins that a custom API token or a role may be granted, named as the
 * reference names them (`plugin::<plugin>.<controller>.<action>`).
 */
export const PLUGIN_ACTIONS: readonly string[] = [
  ...['callback', 'connect', 'forgotPassword', 'resetPassword', 'register', 'emailConfirmation', 'sendEmailConfirmation', 'changePassword', 'refresh', 'logout'].map(
    (action) => `plugin::users-permissions.auth.${action}`,
  ),
  ...['me', 'find', 'findOne', 'create', 'update', 'destroy', 'count'].map((action) => `plugin::users-permissions.user.${action}`),
  ...['find', 'findOne', 'createRole', 'updateRole', 'deleteRole', 'getRoles', 'getRole'].map((action) => `plugin::users-permissions.role.${action}`),
  'plugin::users-permissions.permissions.getPermissions',
  'plugin::i18n.locales.listLocales',
  ...['find', 'findOne', 'upload', 'destroy'].map((action) => `plugin::upload.content-api.${action}`),
];

/** The content API actions of one content-type (publishing actions only where drafts exist). */
export function contentTypeActions(uid: string, kind: 'collectionType' | 'singleType', draftAndPublish: boolean): string[] {
  const base = kind === 'collectionType' ? ['find', 'findOne', 'create', 'update', 'delete'] : ['find', 'update', 'delete'];
  const publishing = draftAndPublish ? ['publish', 'unpublish', 'discardDraft'] : [];
  return [...base, ...publishing].map((action) => `${uid}.${action}`);
}

/** Every action name a permission may hold in this project: its content-types' and the plugins'. */
export function knownActions(registry: SchemaRegistry): ReadonlySet<string> {
  const actions = new Set(PLUGIN_ACTIONS);
  for (const type of registry.contentTypes) {
    if (isPluginType(type)) continue;
    for (const action of contentTypeActions(type.uid, type.kind, type.draftAndPublish)) actions.add(action);
  }
  return actions;
}
