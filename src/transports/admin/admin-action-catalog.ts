import { CONTENT_MANAGER_ACTIONS } from './admin-ability.js';

/**
 * Every action an admin role may be granted, as GET /admin/permissions lists them (Strapi 5.54's
 * registry, recorded in test/fixtures/strapi-admin/rbac/permissions.json), plus Tessera's own
 * end-user actions. PUT /admin/roles/:id/permissions accepts these and nothing else.
 */

/** A content-manager action: granted per content-type, with the properties it applies to. */
export interface ContentActionDefinition {
  readonly action: string;
  readonly label: string;
  readonly applyToProperties: readonly ('fields' | 'locales')[];
}

/** An action of the `plugins` or `settings` section: no subject. */
export interface PlainActionDefinition {
  readonly action: string;
  readonly displayName: string;
  readonly section: 'plugins' | 'settings';
  /** `plugin` for the plugins section, `category` for settings (Strapi's keys). */
  readonly group: string;
  readonly subCategory: string;
}

export const CONTENT_ACTIONS: readonly ContentActionDefinition[] = [
  { action: CONTENT_MANAGER_ACTIONS.create, label: 'Create', applyToProperties: ['fields', 'locales'] },
  { action: CONTENT_MANAGER_ACTIONS.read, label: 'Read', applyToProperties: ['fields', 'locales'] },
  { action: CONTENT_MANAGER_ACTIONS.update, label: 'Update', applyToProperties: ['fields', 'locales'] },
  { action: CONTENT_MANAGER_ACTIONS.delete, label: 'Delete', applyToProperties: ['locales'] },
  { action: CONTENT_MANAGER_ACTIONS.publish, label: 'Publish', applyToProperties: ['locales'] },
];

const plugin = (action: string, displayName: string, group: string, subCategory: string): PlainActionDefinition => ({ action, displayName, section: 'plugins', group, subCategory });
const setting = (action: string, displayName: string, group: string, subCategory: string): PlainActionDefinition => ({ action, displayName, section: 'settings', group, subCategory });

/** Strapi's upload actions the default roles receive (`getDefaultPluginPermissions`). */
export const UPLOAD_ACTIONS = {
  read: 'plugin::upload.read',
  configureView: 'plugin::upload.configure-view',
  create: 'plugin::upload.assets.create',
  update: 'plugin::upload.assets.update',
  download: 'plugin::upload.assets.download',
  copyLink: 'plugin::upload.assets.copy-link',
  settings: 'plugin::upload.settings.read',
} as const;

export const PLAIN_ACTIONS: readonly PlainActionDefinition[] = [
  plugin('plugin::content-manager.single-types.configure-view', 'Configure view', 'content-manager', 'single types'),
  plugin('plugin::content-manager.collection-types.configure-view', 'Configure view', 'content-manager', 'collection types'),
  plugin('plugin::content-manager.components.configure-layout', 'Configure Layout', 'content-manager', 'components'),
  plugin('plugin::content-type-builder.read', 'Read', 'content-type-builder', 'general'),
  plugin(UPLOAD_ACTIONS.read, 'Access the Media Library', 'upload', 'general'),
  plugin(UPLOAD_ACTIONS.create, 'Create (upload)', 'upload', 'assets'),
  plugin(UPLOAD_ACTIONS.update, 'Update (crop, details, replace) + delete', 'upload', 'assets'),
  plugin(UPLOAD_ACTIONS.download, 'Download', 'upload', 'assets'),
  plugin(UPLOAD_ACTIONS.copyLink, 'Copy link', 'upload', 'assets'),
  plugin(UPLOAD_ACTIONS.configureView, 'Configure view', 'upload', 'general'),
  plugin('plugin::users-permissions.roles.create', 'Create', 'users-permissions', 'roles'),
  plugin('plugin::users-permissions.roles.read', 'Read', 'users-permissions', 'roles'),
  plugin('plugin::users-permissions.roles.update', 'Update', 'users-permissions', 'roles'),
  plugin('plugin::users-permissions.roles.delete', 'Delete', 'users-permissions', 'roles'),
  plugin('plugin::users-permissions.providers.read', 'Read', 'users-permissions', 'providers'),
  plugin('plugin::users-permissions.providers.update', 'Edit', 'users-permissions', 'providers'),
  plugin('plugin::users-permissions.email-templates.read', 'Read', 'users-permissions', 'emailTemplates'),
  plugin('plugin::users-permissions.email-templates.update', 'Edit', 'users-permissions', 'emailTemplates'),
  plugin('plugin::users-permissions.advanced-settings.read', 'Read', 'users-permissions', 'advancedSettings'),
  plugin('plugin::users-permissions.advanced-settings.update', 'Edit', 'users-permissions', 'advancedSettings'),
  // Tessera's /admin/end-users (Strapi edits end users through the content manager instead).
  plugin('plugin::users-permissions.users.read', 'Read', 'users-permissions', 'users'),
  plugin('plugin::users-permissions.users.update', 'Update', 'users-permissions', 'users'),
  setting('plugin::email.settings.read', 'Access the Email Settings page', 'email', 'general'),
  setting(UPLOAD_ACTIONS.settings, 'Access the Media Library settings page', 'media library', 'general'),
  setting('plugin::i18n.locale.create', 'Create', 'Internationalization', 'Locales'),
  setting('plugin::i18n.locale.read', 'Read', 'Internationalization', 'Locales'),
  setting('plugin::i18n.locale.update', 'Update', 'Internationalization', 'Locales'),
  setting('plugin::i18n.locale.delete', 'Delete', 'Internationalization', 'Locales'),
  setting('admin::webhooks.create', 'Create', 'webhooks', 'general'),
  setting('admin::webhooks.read', 'Read', 'webhooks', 'general'),
  setting('admin::webhooks.update', 'Update', 'webhooks', 'general'),
  setting('admin::webhooks.delete', 'Delete', 'webhooks', 'general'),
  setting('admin::users.create', 'Create (invite)', 'users and roles', 'users'),
  setting('admin::users.read', 'Read', 'users and roles', 'users'),
  setting('admin::users.update', 'Update', 'users and roles', 'users'),
  setting('admin::users.delete', 'Delete', 'users and roles', 'users'),
  setting('admin::roles.create', 'Create', 'users and roles', 'roles'),
  setting('admin::roles.read', 'Read', 'users and roles', 'roles'),
  setting('admin::roles.update', 'Update', 'users and roles', 'roles'),
  setting('admin::roles.delete', 'Delete', 'users and roles', 'roles'),
  setting('admin::api-tokens.access', 'Access the API tokens settings page', 'api tokens', 'api Tokens'),
  setting('admin::api-tokens.create', 'Create (generate)', 'api tokens', 'general'),
  setting('admin::api-tokens.read', 'Read', 'api tokens', 'general'),
  setting('admin::api-tokens.update', 'Update', 'api tokens', 'general'),
  setting('admin::api-tokens.regenerate', 'Regenerate', 'api tokens', 'general'),
  setting('admin::api-tokens.delete', 'Delete (revoke)', 'api tokens', 'general'),
  setting('admin::project-settings.update', 'Update the project level settings', 'project', 'general'),
  setting('admin::project-settings.read', 'Read the project level settings', 'project', 'general'),
];

const CONTENT_ACTION_IDS: ReadonlySet<string> = new Set(CONTENT_ACTIONS.map((entry) => entry.action));
const PLAIN_ACTION_IDS: ReadonlySet<string> = new Set(PLAIN_ACTIONS.map((entry) => entry.action));

export function isContentAction(action: string): boolean {
  return CONTENT_ACTION_IDS.has(action);
}

export function isPlainAction(action: string): boolean {
  return PLAIN_ACTION_IDS.has(action);
}

/** The content-manager actions a property applies to (`fields` is not one of delete's). */
export function contentActionProperties(action: string): readonly ('fields' | 'locales')[] {
  return CONTENT_ACTIONS.find((entry) => entry.action === action)?.applyToProperties ?? [];
}
