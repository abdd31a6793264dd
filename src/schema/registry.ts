import { DefinitionError } from '../shared/errors.js';
import type { ContentType } from './content-type.js';
import type { SourcedDefinition } from './definition.js';
import { normalizeContentType } from './normalize-content-type.js';

/** The content model: every content-type, normalized and frozen. Immutable once built. */
export interface SchemaRegistry {
  readonly contentTypes: readonly ContentType[];
  get(uid: string): ContentType | undefined;
}

/** Normalizes every definition and checks what spans several of them (names, tables, routes). */
export function buildRegistry(definitions: readonly SourcedDefinition[]): SchemaRegistry {
  const contentTypes = definitions.map(normalizeContentType);
  const byUid = new Map<string, ContentType>();
  const routeNames = new Map<string, ContentType>();
  const tables = new Map<string, ContentType>();
  const claim = (names: Map<string, ContentType>, key: string, type: ContentType, what: string): void => {
    const other = names.get(key);
    if (other) throw new DefinitionError(type.source, `${what} "${key}" is already used by ${other.uid} (${other.source})`);
    names.set(key, type);
  };
  for (const type of contentTypes) {
    claim(byUid, type.uid, type, 'uid');
    claim(tables, type.collectionName.toLowerCase(), type, 'collectionName');
    // Singular and plural names share one namespace: both become /api/<name> routes and GraphQL fields.
    claim(routeNames, type.singularName, type, 'singularName');
    claim(routeNames, type.pluralName, type, 'pluralName');
  }
  return Object.freeze({
    contentTypes: Object.freeze(contentTypes),
    get: (uid: string) => byUid.get(uid),
  });
}
