import type { ComponentDefinition, ContentTypeDefinition, SourcedComponentDefinition, SourcedDefinition } from '../../core/schema/definition.js';
import type { ComponentModel } from '../../core/schema/component-model.js';
import type { ContentType } from '../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';

/**
 * The content-type and component DTOs of Strapi's content manager (`GET /content-manager/init`):
 * the definition as written, with `id`, the timestamps, `createdBy`/`updatedBy` (private relations
 * to admin::user) and `documentId` added, relations with `targetModel` and `relationType`;
 * `publishedAt`, `locale` and `localizations` are left out, as Strapi does.
 */

export type Json = Readonly<Record<string, unknown>>;

/** Strapi's 12-column grid: the default width of each type in the edit layout. */
export const FIELD_SIZES: Readonly<Record<string, { readonly default: number; readonly isResizable: boolean }>> = Object.fromEntries([
  ...['dynamiczone', 'component', 'json', 'richtext', 'blocks'].map((type) => [type, { default: 12, isResizable: false }]),
  ...['checkbox', 'boolean', 'date', 'time', 'biginteger', 'decimal', 'float', 'integer', 'number'].map((type) => [type, { default: 4, isResizable: true }]),
  ...['datetime', 'email', 'enumeration', 'media', 'password', 'relation', 'string', 'text', 'timestamp', 'uid'].map((type) => [type, { default: 6, isResizable: true }]),
]);

const ADMIN_USER_RELATION: Json = {
  type: 'relation',
  relation: 'oneToOne',
  target: 'admin::user',
  configurable: false,
  writable: false,
  visible: false,
  useJoinTable: false,
  private: true,
  targetModel: 'admin::user',
  relationType: 'oneToOne',
};

/** The definitions behind the served model (project and built-in), by uid: what the DTOs show as written. */
export interface Definitions {
  readonly types: ReadonlyMap<string, ContentTypeDefinition>;
  readonly components: ReadonlyMap<string, ComponentDefinition>;
}

export function definitionsOf(sources: readonly { readonly types: readonly SourcedDefinition[]; readonly components: readonly SourcedComponentDefinition[] }[]): Definitions {
  return {
    types: new Map(sources.flatMap((source) => source.types.map((type) => [type.uid, type.definition] as const))),
    components: new Map(sources.flatMap((source) => source.components.map((component) => [component.uid, component.definition] as const))),
  };
}

/** Internal types are hidden from the content manager; the users-permissions user is shown (as in Strapi). */
export function isDisplayed(contentType: ContentType): boolean {
  return !contentType.uid.startsWith('plugin::') || contentType.uid === 'plugin::users-permissions.user';
}

function attributesOf(model: ContentType | ComponentModel, written: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  const attributes: Record<string, unknown> = { id: { type: 'integer' } };
  for (const [name, attribute] of model.attributes) {
    if (attribute.kind === 'scalar' && !attribute.writable) continue;
    const raw = (written?.[name] ?? { type: attribute.type }) as Json;
    attributes[name] = attribute.kind === 'relation' && !attribute.media ? { ...raw, targetModel: attribute.target, relationType: attribute.relation } : raw;
  }
  return attributes;
}

export function contentTypeDto(contentType: ContentType, definition: ContentTypeDefinition | undefined): Json {
  const info = definition?.info ?? {};
  return {
    uid: contentType.uid,
    isDisplayed: isDisplayed(contentType),
    apiID: contentType.singularName,
    kind: contentType.kind,
    info: { singularName: contentType.singularName, pluralName: contentType.pluralName, displayName: contentType.displayName, description: typeof info.description === 'string' ? info.description : '' },
    options: { ...(definition?.options ?? {}), draftAndPublish: contentType.draftAndPublish },
    pluginOptions: definition?.pluginOptions ?? {},
    attributes: {
      ...attributesOf(contentType, definition?.attributes),
      createdAt: { type: 'datetime' },
      updatedAt: { type: 'datetime' },
      createdBy: ADMIN_USER_RELATION,
      updatedBy: ADMIN_USER_RELATION,
      documentId: { type: 'string' },
    },
  };
}

export function componentDto(component: ComponentModel, definition: ComponentDefinition | undefined): Json {
  const [category = '', name = ''] = component.uid.split('.');
  return {
    uid: component.uid,
    isDisplayed: true,
    apiID: name,
    category,
    info: definition?.info ?? { displayName: name },
    options: definition?.options ?? {},
    attributes: { ...attributesOf(component, definition?.attributes), documentId: { type: 'string' } },
  };
}

export function contentTypeDtos(registry: SchemaRegistry, definitions: Definitions, kind?: string): Json[] {
  return registry.contentTypes.filter((type) => kind === undefined || type.kind === kind).map((type) => contentTypeDto(type, definitions.types.get(type.uid)));
}

export function componentDtos(registry: SchemaRegistry, definitions: Definitions): Json[] {
  return registry.components.map((component) => componentDto(component, definitions.components.get(component.uid)));
}
