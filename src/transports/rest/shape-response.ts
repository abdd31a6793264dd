import type { Document, DocumentPage } from '../../core/documents/document.js';
import type { Pagination } from '../../core/query/document-query.js';
import type { Attribute } from '../../core/schema/attribute.js';
import { isLocalizedModel, type ContentType } from '../../core/schema/content-type.js';
import type { StoredModel } from '../../core/schema/model.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';

export type ResponseFormat = 'v5' | 'v4';

/** The model of the documents shaped: the v4 format nests values by attribute kind. */
export interface ResponseSchema {
  readonly model: ContentType;
  readonly registry: SchemaRegistry;
}

type Json = Readonly<Record<string, unknown>>;

/** `Strapi-Response-Format: v4` asks for the previous major version's nesting (reference §9). */
export function responseFormatOf(header: string | string[] | undefined): ResponseFormat {
  return header === 'v4' ? 'v4' : 'v5';
}

function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * v4 nesting of a populated value, by the kind of its attribute: relations become
 * `{ data: <entry, list or null> }` (a `count` too, as the reference does), components stay
 * plain objects whose own relations are nested the same way, zone items keep `__component`.
 */
function v4Value(value: unknown, attribute: Attribute | undefined, registry: SchemaRegistry): unknown {
  if (attribute === undefined || !(value === null || typeof value === 'object')) return value;
  switch (attribute.kind) {
    case 'relation':
      return { data: v4Entry(value, registry.get(attribute.target), registry) };
    case 'component':
      return v4Component(value, registry.component(attribute.component), registry);
    case 'dynamiczone':
      return Array.isArray(value) ? value.map((item) => v4Component(item, isRecord(item) ? registry.component(String(item.__component)) : undefined, registry)) : value;
    default:
      return value;
  }
}

function v4Attributes(properties: Json, model: StoredModel | undefined, registry: SchemaRegistry): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(properties)) {
    // `localizations` is no attribute, but the v4 format nests it like a relation to the same type.
    attributes[key] = key === 'localizations' && model !== undefined && isLocalizedModel(model) && Array.isArray(value) ? { data: v4Entry(value, model, registry) } : v4Value(value, model?.attributes.get(key), registry);
  }
  return attributes;
}

/** `{ id, documentId, attributes: { … } }`, for one entry or each of a list. */
function v4Entry(entry: unknown, model: StoredModel | undefined, registry: SchemaRegistry): unknown {
  if (Array.isArray(entry)) return entry.map((item) => v4Entry(item, model, registry));
  if (!isRecord(entry)) return entry;
  const { id, documentId, ...properties } = entry;
  return { ...(id === undefined ? {} : { id }), ...(documentId === undefined ? {} : { documentId }), attributes: v4Attributes(properties, model, registry) };
}

/** `{ id, …fields }`: components have no `attributes` wrapper. */
function v4Component(value: unknown, model: StoredModel | undefined, registry: SchemaRegistry): unknown {
  if (Array.isArray(value)) return value.map((item) => v4Component(item, model, registry));
  if (!isRecord(value)) return value;
  return v4Attributes(value, model, registry);
}

function toV4(document: Document, schema: ResponseSchema | undefined): Json {
  if (!schema) {
    const { id, documentId, ...attributes } = document;
    return { id, documentId, attributes };
  }
  return v4Entry(document, schema.model, schema.registry) as Json;
}

function paginationMeta(pagination: Pagination, total: number | null): Readonly<Record<string, number>> {
  if (pagination.mode === 'page') {
    const meta = { page: pagination.page, pageSize: pagination.pageSize };
    return total === null ? meta : { ...meta, pageCount: Math.ceil(total / pagination.pageSize), total };
  }
  const meta = { start: pagination.start, limit: pagination.limit ?? -1 };
  return total === null ? meta : { ...meta, total };
}

export function shapeList(page: DocumentPage, pagination: Pagination, format: ResponseFormat, schema?: ResponseSchema): unknown {
  const data = format === 'v4' ? page.documents.map((document) => toV4(document, schema)) : page.documents;
  return { data, meta: { pagination: paginationMeta(pagination, page.total) } };
}

export function shapeOne(document: Document, format: ResponseFormat, schema?: ResponseSchema): unknown {
  return { data: format === 'v4' ? toV4(document, schema) : document, meta: {} };
}
