import path from 'node:path';
import type { AttributeDefinition, ContentTypeDefinition, SourcedDefinition } from '../schema/definition.js';
import type { ProjectExtensions } from '../schema/load-extensions.js';
import { DefinitionError } from '../shared/errors.js';

export interface ExtendedTypes {
  /** The plugins' content-types, those the project extends replaced by the extended schema. */
  readonly types: readonly SourcedDefinition[];
  /** What the start says about extensions Tessera does not apply. */
  readonly notes: readonly string[];
}

const RELATION_KEYS = ['relation', 'target', 'inversedBy', 'mappedBy'] as const;

function localizedOf(definition: ContentTypeDefinition): unknown {
  const i18n = (definition.pluginOptions as Record<string, unknown> | undefined)?.i18n;
  return i18n !== null && typeof i18n === 'object' ? (i18n as Record<string, unknown>).localized ?? false : false;
}

/**
 * What a plugin's own code relies on must stay: its table, its kind, no Draft & Publish or i18n
 * it does not have, and every attribute it defines with the same type (and relation), private
 * ones still private. Options such as `minLength` may change; attributes may be added.
 */
function checkCompatible(builtIn: SourcedDefinition, merged: ContentTypeDefinition, file: string): void {
  const base = builtIn.definition;
  const fail = (problem: string): never => {
    throw new DefinitionError(file, `extends ${builtIn.uid}: ${problem}; Tessera's ${builtIn.apiName} plugin reads it as it defines it`);
  };
  if ((merged.collectionName ?? base.collectionName) !== base.collectionName) fail(`collectionName must stay "${String(base.collectionName)}"`);
  if ((merged.kind ?? 'collectionType') !== (base.kind ?? 'collectionType')) fail(`kind must stay "${String(base.kind)}"`);
  if ((merged.options?.draftAndPublish ?? false) !== (base.options?.draftAndPublish ?? false)) fail('options.draftAndPublish cannot change');
  if (localizedOf(merged) !== localizedOf(base)) fail('pluginOptions.i18n.localized cannot change');
  if (merged.attributes === null || typeof merged.attributes !== 'object' || Array.isArray(merged.attributes)) fail('"attributes" must be an object');
  const attributes = merged.attributes as Readonly<Record<string, AttributeDefinition>>;
  const missing = Object.keys(base.attributes ?? {}).filter((name) => attributes[name] === undefined);
  if (missing.length > 0) fail(`the schema replaces the plugin's attributes and must keep ${missing.map((name) => `"${name}"`).join(', ')} (copy them from the plugin's schema)`);
  for (const [name, original] of Object.entries(base.attributes ?? {})) {
    const attribute = attributes[name];
    if (attribute === null || typeof attribute !== 'object') fail(`attribute "${name}" must be an object`);
    const keys = ['type', ...(original.type === 'relation' ? RELATION_KEYS : [])];
    for (const key of keys) {
      if (attribute?.[key] !== original[key]) fail(`attribute "${name}" must keep ${key} ${JSON.stringify(original[key])}`);
    }
    if (original.private === true && attribute?.private !== true) fail(`attribute "${name}" must stay private`);
  }
}

/**
 * Strapi's extensions of plugin content-types: `src/extensions/<plugin>/content-types/<name>/schema.json`
 * replaces the top-level keys it has of the plugin's schema (its `attributes` replace the
 * plugin's whole list, which is why projects copy them). Applied to the types Tessera's plugins
 * have; an extension of one it does not have, and `strapi-server` files, are reported, not applied.
 */
export function applyExtensions(types: readonly SourcedDefinition[], extensions: ProjectExtensions, projectDir: string): ExtendedTypes {
  const notes: string[] = [];
  const byUid = new Map(types.map((type) => [type.uid, type]));
  const replaced = new Map<string, SourcedDefinition>();
  const relative = (file: string) => path.relative(projectDir, file);
  for (const extension of extensions.schemas) {
    const uid = `plugin::${extension.plugin}.${extension.name}`;
    const builtIn = byUid.get(uid);
    if (!builtIn) {
      notes.push(`${relative(extension.file)} is not applied: Tessera has no content-type ${uid} (its plugins' types: ${types.map((type) => type.uid).join(', ')})`);
      continue;
    }
    const merged: ContentTypeDefinition = { ...builtIn.definition, ...extension.definition };
    checkCompatible(builtIn, merged, extension.file);
    replaced.set(uid, { ...builtIn, file: extension.file, definition: merged });
  }
  if (extensions.serverFiles.length > 0) {
    notes.push(
      `${extensions.serverFiles.map(relative).join(', ')} not run: Tessera does not run plugin extension code (strapi-server); the plugins keep their own controllers, routes and services here`,
    );
  }
  return { types: types.map((type) => replaced.get(type.uid) ?? type), notes };
}
