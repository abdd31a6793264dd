import type { ConditionNode, DocumentQuery, FilterNode } from '../../core/query/document-query.js';
import { parseFilters } from '../../core/query/parse/parse-filters.js';
import { parseSort } from '../../core/query/parse/parse-sort.js';
import type { ScalarAttribute } from '../../core/schema/attribute.js';
import type { ContentType } from '../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import { ValidationError } from '../../core/shared/errors.js';
import { parseFolderId } from './file-info.js';

/**
 * The query string of the admin's file list (`GET /upload/files`) → a DocumentQuery on files:
 * `page`, `pageSize`, `sort`, `_q` (search) and `filters`, where the admin's folder forms
 * (`filters[$and][0][folder][id]=7`, `…[folder][id][$null]=true`) become a condition on the
 * file's `folderPath` (Strapi keeps it equal to the folder's path). Other filters are the
 * content API's, on the file's own attributes.
 */
export interface AdminFileQuery {
  readonly query: DocumentQuery;
  /** The folder asked for: a folder id, 'root', or undefined (every folder). */
  readonly folder: number | 'root' | undefined;
}

const KEYS = new Set(['page', 'pageSize', 'sort', '_q', 'filters', 'folder']);
/** What `_q` searches: the names and texts a user sees (Strapi searches every string attribute). */
const SEARCHED = ['name', 'alternativeText', 'caption', 'hash', 'ext', 'mime'];
const MAX_PAGE_SIZE = 100;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function positive(value: unknown, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const number = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(number) || number < 1 || number > max) throw ValidationError.atField(name, `${name} must be a whole number from 1 to ${max}`, value);
  return number;
}

/** `{ folder: { id: 7 } }` / `{ folder: { id: { $null: true } } }` / `{ folder: 7 }` → the folder; undefined when `item` is not a folder condition. */
function folderOf(item: unknown): number | 'root' | undefined {
  if (!isRecord(item) || Object.keys(item).length !== 1 || !('folder' in item)) return undefined;
  const folder = item.folder;
  const id = isRecord(folder) && Object.keys(folder).length === 1 && 'id' in folder ? folder.id : folder;
  if (isRecord(id)) {
    if (Object.keys(id).length === 1 && (id.$null === true || id.$null === 'true')) return 'root';
    if (Object.keys(id).length === 1 && id.$eq !== undefined && parseFolderId(id.$eq) !== undefined) return parseFolderId(id.$eq);
  }
  const parsed = parseFolderId(id);
  if (parsed !== undefined) return parsed;
  throw ValidationError.atField('filters', 'The folder filter must be folder.id = <id> or folder.id.$null = true', folder);
}

/** Takes the folder conditions out of the filters: what is left is parsed as the content API's. */
function splitFolder(filters: unknown): { readonly folder: number | 'root' | undefined; readonly rest: unknown } {
  if (!isRecord(filters)) return { folder: undefined, rest: filters };
  let folder: number | 'root' | undefined;
  const take = (found: number | 'root' | undefined): void => {
    if (found !== undefined && folder !== undefined && found !== folder) throw ValidationError.atField('filters', 'Only one folder may be filtered on', filters);
    if (found !== undefined) folder = found;
  };
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (key === 'folder') take(folderOf({ folder: value }));
    else if (key === '$and' && (Array.isArray(value) || isRecord(value))) {
      const items = Array.isArray(value) ? value : Object.values(value);
      const kept = items.filter((item) => {
        const found = folderOf(item);
        take(found);
        return found === undefined;
      });
      if (kept.length > 0) rest.$and = kept;
    } else rest[key] = value;
  }
  return { folder, rest: Object.keys(rest).length > 0 ? rest : undefined };
}

function attribute(contentType: ContentType, name: string): ScalarAttribute {
  const found = contentType.attributes.get(name);
  if (!found || found.kind !== 'scalar') throw new Error(`The file type has no scalar attribute ${name}`);
  return found;
}

function and(nodes: readonly (FilterNode | null)[]): FilterNode | null {
  const present = nodes.filter((node): node is FilterNode => node !== null);
  return present.length === 0 ? null : present.length === 1 ? (present[0] ?? null) : { kind: 'and', children: present };
}

export async function parseAdminFileQuery(raw: Readonly<Record<string, unknown>>, base: DocumentQuery, registry: SchemaRegistry, pathOf: (folder: number) => Promise<string | null>): Promise<AdminFileQuery> {
  for (const key of Object.keys(raw)) if (!KEYS.has(key)) throw ValidationError.invalidKey(key, { source: 'query', param: key });
  const { contentType } = base;
  const split = splitFolder(raw.filters);
  const folder = raw.folder !== undefined ? folderOf({ folder: raw.folder }) : split.folder;
  const folderPath = attribute(contentType, 'folderPath');
  let folderNode: FilterNode | null = null;
  if (folder === 'root') {
    // Files written before folders existed have no folderPath: they are at the root too.
    folderNode = { kind: 'or', children: [{ kind: 'condition', attribute: folderPath, operator: '$eq', value: '/' }, { kind: 'condition', attribute: folderPath, operator: '$null', value: true }] };
  } else if (folder !== undefined) {
    // An unknown folder holds no file: a path no folder has.
    folderNode = { kind: 'condition', attribute: folderPath, operator: '$eq', value: (await pathOf(folder)) ?? '//none' } satisfies ConditionNode;
  }
  let search: FilterNode | null = null;
  if (raw._q !== undefined) {
    if (typeof raw._q !== 'string') throw ValidationError.atField('_q', '_q must be a string', raw._q);
    const q = raw._q.trim();
    if (q !== '') search = { kind: 'or', children: SEARCHED.map((name) => ({ kind: 'condition', attribute: attribute(contentType, name), operator: '$containsi', value: q }) satisfies ConditionNode) };
  }
  const page = positive(raw.page, 'page', 1, 2 ** 31 - 1);
  const pageSize = positive(raw.pageSize, 'pageSize', 10, MAX_PAGE_SIZE);
  const sort = raw.sort === undefined ? base.sort : parseSort(raw.sort, contentType, registry);
  return {
    folder,
    query: {
      ...base,
      // Strapi's admin shows folderPath (private to the content API).
      fields: [...base.fields.filter((field) => field.name !== 'folderPath'), folderPath],
      filters: and([parseFilters(split.rest, contentType, registry), folderNode, search]),
      sort,
      pagination: { mode: 'page', page, pageSize, withCount: true },
    },
  };
}
