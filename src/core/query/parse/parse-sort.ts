import { asPublicScalar, isPublicAttribute } from '../../schema/attribute.js';
import type { StoredModel } from '../../schema/model.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import { ValidationError } from '../../shared/errors.js';
import type { SortKey, SortStep } from '../document-query.js';
import { isPlainRecord, toList } from './raw-values.js';

const MAX_SORT_KEYS = 20;
/** Relations and components one sort key may walk through (each is a join in a subquery). */
export const MAX_SORT_DEPTH = 10;

function invalidKey(key: string, path: readonly string[]): never {
  throw ValidationError.invalidKey(key, { source: 'query', param: 'sort', path: path.length > 1 ? path.join('.') : null });
}

function badSort(message: string): never {
  throw new ValidationError(message, { key: 'sort', path: null, source: 'query', param: 'sort' });
}

function readDirection(raw: unknown): 'asc' | 'desc' {
  const direction = typeof raw === 'string' ? raw.toLowerCase() : raw;
  if (direction !== 'asc' && direction !== 'desc') badSort('Invalid order. order can only be one of asc|desc|ASC|DESC');
  return direction;
}

interface Walk {
  readonly model: StoredModel;
  readonly steps: readonly SortStep[];
  /** Names so far, for error paths. */
  readonly names: readonly string[];
}

/**
 * One step of a path: `name` must be a public relation or component of the walk's model
 * (anything else, dynamic zones included, is an `Invalid key`, as in the reference).
 */
function step(walk: Walk, name: string, registry: SchemaRegistry): Walk {
  const names = [...walk.names, name];
  const attribute = walk.model.attributes.get(name);
  if (!attribute || !isPublicAttribute(attribute) || (attribute.kind !== 'relation' && attribute.kind !== 'component') || (attribute.kind === 'relation' && attribute.media)) invalidKey(name, names);
  if (walk.steps.length >= MAX_SORT_DEPTH) badSort(`A sort key goes through at most ${MAX_SORT_DEPTH} relations and components`);
  if (attribute.kind === 'relation') {
    const side = registry.relation(attribute);
    return { model: side.other, steps: [...walk.steps, { kind: 'relation', attribute, side }], names };
  }
  const component = registry.component(attribute.component);
  if (!component) throw new Error(`Component ${attribute.component} of "${name}" is not in the registry`);
  return { model: component, steps: [...walk.steps, { kind: 'component', attribute, component }], names };
}

/** The last name of a path: a public scalar of the walk's model. A relation or component there has no value to sort by. */
function finish(walk: Walk, name: string, direction: unknown): SortKey {
  if (name === '') badSort('Invalid sort parameter: a sort key needs a field name');
  const attribute = asPublicScalar(walk.model.attributes.get(name));
  if (!attribute) invalidKey(name, [...walk.names, name]);
  return { attribute, direction: readDirection(direction), path: walk.steps };
}

/** `title`, `author.name`, `seo.metaTitle:desc` (one key of a comma list). */
function fromDotted(root: Walk, text: string, direction: unknown, registry: SchemaRegistry): SortKey {
  const names = text.split('.');
  const last = names.pop() ?? '';
  const walk = names.reduce((current, name) => step(current, name, registry), root);
  return finish(walk, last, direction);
}

/** `title`, `title:desc`, `title:asc,author.name:desc` */
function fromText(root: Walk, text: string, registry: SchemaRegistry): SortKey[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((part) => {
      const colon = part.lastIndexOf(':');
      return colon === -1 ? fromDotted(root, part, 'asc', registry) : fromDotted(root, part.slice(0, colon), part.slice(colon + 1), registry);
    });
}

/** `{ title: 'desc' }`, `{ author: { name: 'asc' } }`, possibly with several keys at each level. */
function fromObject(walk: Walk, object: Readonly<Record<string, unknown>>, registry: SchemaRegistry): SortKey[] {
  return Object.entries(object).flatMap(([name, value]) => {
    // A scalar's value is a direction, whatever its shape (an object there is a bad order).
    if (!isPlainRecord(value) || walk.model.attributes.get(name)?.kind === 'scalar') {
      return [name.includes('.') ? fromDotted(walk, name, value, registry) : finish(walk, name, value)];
    }
    return fromObject(step(walk, name, registry), value, registry);
  });
}

function fromItem(root: Walk, item: unknown, registry: SchemaRegistry): SortKey[] {
  if (typeof item === 'string') return fromText(root, item, registry);
  if (isPlainRecord(item)) return fromObject(root, item, registry);
  badSort('Invalid sort parameter: expected a field name, "field:order" or an object');
}

/** A name for a sort key's value, to drop repeats: `author.name`. */
function keyName(key: SortKey): string {
  return [...key.path.map((sortStep) => sortStep.attribute.name), key.attribute.name].join('.');
}

/**
 * `sort` in every form the reference takes: a string (comma list), an indexed array of
 * strings or objects, or an object; keys may walk through relations and components
 * (`sort=author.name`, `sort[author][name]=asc`). `id` is appended as the last key so that ties
 * keep a stable order across pages.
 */
export function parseSort(raw: unknown, model: StoredModel, registry: SchemaRegistry): SortKey[] {
  const root: Walk = { model, steps: [], names: [] };
  let keys: SortKey[] = [];
  if (raw !== undefined && raw !== null && raw !== '') {
    const list = toList(raw);
    keys = list ? list.flatMap((item) => fromItem(root, item, registry)) : fromItem(root, raw, registry);
  }
  if (keys.length > MAX_SORT_KEYS) badSort(`Too many sort keys (at most ${MAX_SORT_KEYS})`);
  const seen = new Set<string>();
  const unique = keys.filter((key) => !seen.has(keyName(key)) && seen.add(keyName(key)));
  if (!seen.has('id') && !seen.has('documentId')) {
    const id = asPublicScalar(model.attributes.get('id'));
    if (id) unique.push({ attribute: id, direction: 'asc', path: [] });
  }
  return unique;
}
