import { asPublicScalar } from '../../schema/attribute.js';
import type { StoredModel } from '../../schema/model.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import { ValidationError } from '../../shared/errors.js';
import type { SortKey } from '../document-query.js';
import { isPlainRecord, toList } from './raw-values.js';

const MAX_SORT_KEYS = 20;

function invalidKey(key: string): never {
  throw ValidationError.invalidKey(key, { source: 'query', param: 'sort' });
}

function readDirection(raw: unknown): 'asc' | 'desc' {
  const direction = typeof raw === 'string' ? raw.toLowerCase() : raw;
  if (direction !== 'asc' && direction !== 'desc') {
    throw new ValidationError('Invalid order. order can only be one of asc|desc|ASC|DESC', { key: 'sort', path: null, source: 'query', param: 'sort' });
  }
  return direction;
}

function toSortKey(contentType: StoredModel, field: string, direction: unknown): SortKey {
  if (field === '') {
    throw new ValidationError('Invalid sort parameter: a sort key needs a field name', { key: 'sort', path: null, source: 'query', param: 'sort' });
  }
  const attribute = asPublicScalar(contentType.attributes.get(field));
  if (!attribute) invalidKey(field);
  return { attribute, direction: readDirection(direction), path: [] };
}

/** `title`, `title:desc`, `title:asc,views:desc` */
function fromText(contentType: StoredModel, text: string): SortKey[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((part) => {
      const colon = part.lastIndexOf(':');
      return colon === -1 ? toSortKey(contentType, part, 'asc') : toSortKey(contentType, part.slice(0, colon), part.slice(colon + 1));
    });
}

/** `{ title: 'desc' }`, possibly with several keys. */
function fromObject(contentType: StoredModel, object: Readonly<Record<string, unknown>>): SortKey[] {
  return Object.entries(object).map(([field, direction]) => toSortKey(contentType, field, direction));
}

function fromItem(contentType: StoredModel, item: unknown): SortKey[] {
  if (typeof item === 'string') return fromText(contentType, item);
  if (isPlainRecord(item)) return fromObject(contentType, item);
  throw new ValidationError('Invalid sort parameter: expected a field name, "field:order" or an object', { key: 'sort', path: null, source: 'query', param: 'sort' });
}

/**
 * `sort` in every form the reference takes: a string (comma list), an indexed array of
 * strings or objects, or an object. `id` is appended as the last key so that ties keep a
 * stable order across pages.
 */
export function parseSort(raw: unknown, contentType: StoredModel, _registry?: SchemaRegistry): SortKey[] {
  let keys: SortKey[] = [];
  if (raw !== undefined && raw !== null && raw !== '') {
    const list = toList(raw);
    keys = list ? list.flatMap((item) => fromItem(contentType, item)) : fromItem(contentType, raw);
  }
  if (keys.length > MAX_SORT_KEYS) {
    throw new ValidationError(`Too many sort keys (at most ${MAX_SORT_KEYS})`, { key: 'sort', path: null, source: 'query', param: 'sort' });
  }
  const seen = new Set<string>();
  const unique = keys.filter((key) => !seen.has(key.attribute.name) && seen.add(key.attribute.name));
  if (!seen.has('id') && !seen.has('documentId')) {
    const id = asPublicScalar(contentType.attributes.get('id'));
    if (id) unique.push({ attribute: id, direction: 'asc', path: [] });
  }
  return unique;
}
