import path from 'node:path';
import type { RawConfigFile } from '../core/config/app-config.js';

/** The `config/plugins` entries Tessera reads: its own plugins under their Strapi names, and the GraphQL transport. */
export const AVAILABLE_PLUGINS: readonly string[] = Object.freeze(['users-permissions', 'upload', 'i18n', 'email', 'graphql', 'content-type-builder']);

/**
 * What the start says about `config/plugins` entries for plugins Tessera does not have
 * (`seo`, `ckeditor`, a local `./src/plugins/…`): Strapi would run them; here their config is
 * ignored, no server code of theirs runs and their admin panel parts do not exist. Entries with
 * `enabled: false` are off in Strapi too and are not listed. Null when there is nothing to say.
 */
export function unavailablePluginsNote(plugins: RawConfigFile, projectDir: string): string | null {
  const missing = Object.entries(plugins.value)
    .filter(([name, entry]) => !AVAILABLE_PLUGINS.includes(name) && !(entry !== null && typeof entry === 'object' && (entry as Record<string, unknown>).enabled === false))
    .map(([name, entry]) => {
      const resolve = entry !== null && typeof entry === 'object' ? (entry as Record<string, unknown>).resolve : undefined;
      return typeof resolve === 'string' ? `${name} (${resolve})` : name;
    });
  if (missing.length === 0) return null;
  return (
    `${path.relative(projectDir, plugins.file) || plugins.file} configures plugins Tessera does not have: ${missing.join(', ')}. ` +
    `Their config is ignored, none of their server code (routes, content-types, services, custom fields) runs, and their admin panel parts do not exist; ` +
    `a custom field of theirs needs a mapping in config/server customFields. Tessera has: ${AVAILABLE_PLUGINS.join(', ')}.`
  );
}
