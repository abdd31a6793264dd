import { isPublicAttribute, type LinkedAttribute } from '../../schema/attribute.js';
import type { StoredModel } from '../../schema/model.js';
import { isLocalizedModel, type Model } from '../../schema/content-type.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import { parseBoolean } from '../../schema/scalar-values.js';
import type { PopulateNode, SortKey } from '../document-query.js';
import { parseFields } from './parse-fields.js';
import { parseFilters } from './parse-filters.js';
import { parseSort } from './parse-sort.js';
import { invalidPopulateKey, joinPath, populateError, withinPopulate } from './populate-errors.js';
import { emptyLevel, freezeLevel, LOCALIZATIONS, type DraftEntry, type DraftLevel, type DraftRelation, type DraftSelection, type DraftZone } from './populate-draft.js';
import { isPlainRecord, toList } from './raw-values.js';

/**
 * Bounds on the tree one request may ask for. Dotted paths and comma lists are not limited by
 * the query-string parser's depth, so without them a long enough string would make a tree of
 * any size (and as many statements).
 */
export const MAX_POPULATE_DEPTH = 20;
export const MAX_POPULATE_NODES = 200;

/** Keys of an object entry, per kind of attribute (reference §12). */
const RELATION_KEYS: ReadonlySet<string> = new Set(['populate', 'fields', 'filters', 'sort', 'count']);
/**
 * Components take `fields` and `populate` only. `filters`, `sort` and `count` are refused
 * (Invalid key): a component is a part of its document's value, not a list of documents, and
 * showing a filtered or re-ordered part would make a read differ from what a write stores and
 * a client echoing it back would then lose items. (The reference's database layer happens to
 * accept them because it stores components as relations; its documentation never uses them.)
 */
const COMPONENT_KEYS: ReadonlySet<string> = new Set(['populate', 'fields']);

const POLYMORPHIC_POPULATE =
  "Invalid nested population query detected. When using 'populate' within polymorphic structures, its value must be '*' to indicate all second level links. Specific field targeting is not supported here. Consider using the fragment API for more granular population control.";

interface ParseContext {
  readonly registry: SchemaRegistry;
  nodes: number;
}

/** Whether `name` is the `localizations` of a localized content-type's level. */
function isLocalizations(level: DraftLevel, name: string): boolean {
  return name === LOCALIZATIONS && isLocalizedModel(level.model);
}

/** The `localizations` entry of a level, created on first use (counted against the bounds). */
function ensureLocalizations(context: ParseContext, level: DraftLevel, path: string): DraftEntry {
  const existing = level.entries.get(LOCALIZATIONS);
  if (existing) return existing;
  if (level.depth > MAX_POPULATE_DEPTH) populateError(`Populate is too deep (at most ${MAX_POPULATE_DEPTH} levels)`, LOCALIZATIONS, path);
  context.nodes += 1;
  if (context.nodes > MAX_POPULATE_NODES) populateError(`Too many populated attributes (at most ${MAX_POPULATE_NODES})`, LOCALIZATIONS, path);
  const model = level.model as Model;
  if (model.modelType !== 'contentType') throw new Error('localizations belong to content-types');
  const entry: DraftEntry = { kind: 'localizations', model, fields: null, nested: emptyLevel(model, level.depth + 1) };
  level.entries.set(LOCALIZATIONS, entry);
  return entry;
}

/** The populatable attribute `name` of a level; anything else (scalars, private, unknown) is an invalid key. */
function linkedAttribute(level: DraftLevel, name: string, path: string): LinkedAttribute {
  const attribute = level.model.attributes.get(name);
  if (!attribute || attribute.kind === 'scalar' || !isPublicAttribute(attribute)) invalidPopulateKey(name, path);
  return attribute;
}

/** The entry of `attribute` in `level`, created on first use (counted against the bounds). */
function ensureEntry(context: ParseContext, level: DraftLevel, attribute: LinkedAttribute, path: string): DraftEntry {
  const existing = level.entries.get(attribute.name);
  if (existing) return existing;
  if (level.depth > MAX_POPULATE_DEPTH) populateError(`Populate is too deep (at most ${MAX_POPULATE_DEPTH} levels)`, attribute.name, path);
  context.nodes += 1;
  if (context.nodes > MAX_POPULATE_NODES) populateError(`Too many populated attributes (at most ${MAX_POPULATE_NODES})`, attribute.name, path);
  const depth = level.depth + 1;
  let entry: DraftEntry;
  if (attribute.kind === 'relation') {
    const side = context.registry.relation(attribute);
    const model = side.other;
    if (model.modelType !== 'contentType') throw new Error(`The relation ${attribute.name} lists ${model.uid}, which is not a content-type`);
    entry = { kind: 'relation', attribute, side, model, fields: null, filters: null, sort: [], count: false, nested: emptyLevel(model, depth) };
  } else if (attribute.kind === 'component') {
    const model = requireComponent(context, attribute.component);
    entry = { kind: 'component', attribute, model, fields: null, nested: emptyLevel(model, depth) };
  } else {
    const kinds = new Map(attribute.components.map((uid) => {
      const model = requireComponent(context, uid);
      return [uid, { model, fields: null, nested: emptyLevel(model, depth) }];
    }));
    entry = { kind: 'dynamiczone', attribute, kinds, named: null, count: false };
  }
  level.entries.set(attribute.name, entry);
  return entry;
}

function requireComponent(context: ParseContext, uid: string) {
  const model = context.registry.component(uid);
  if (!model) throw new Error(`The component ${uid} is not in the registry`);
  return model;
}

/** `*`: every public relation, component and dynamic zone of the level, one level deep. */
function wildcard(context: ParseContext, level: DraftLevel, path: string | null): void {
  for (const attribute of level.model.linkedAttributes) {
    if (isPublicAttribute(attribute)) ensureEntry(context, level, attribute, joinPath(path, attribute.name));
  }
  // As in the reference, `*` includes the other locales on localized types.
  if (isLocalizations(level, LOCALIZATIONS)) ensureLocalizations(context, level, joinPath(path, LOCALIZATIONS));
}

/** `a.b.c`, validated segment by segment: `{ a: { populate: { b: { populate: [c] } } } }`. */
function parsePath(context: ParseContext, level: DraftLevel, segments: readonly string[], path: string | null): void {
  const [name = '', ...rest] = segments;
  const here = joinPath(path, name);
  const entry = isLocalizations(level, name) ? ensureLocalizations(context, level, here) : ensureEntry(context, level, linkedAttribute(level, name, here), here);
  if (rest.length === 0) return;
  if (entry.kind === 'localizations') return parsePath(context, entry.nested, rest, here);
  if (entry.kind !== 'dynamiczone') return parsePath(context, entry.nested, rest, here);
  // After a zone, the next name must be populatable in at least one of its components; it applies to those.
  const next = rest[0] ?? '';
  const kinds = [...entry.kinds.values()].filter((kind) => {
    const attribute = kind.model.attributes.get(next);
    return attribute !== undefined && attribute.kind !== 'scalar' && isPublicAttribute(attribute);
  });
  if (kinds.length === 0) invalidPopulateKey(next, joinPath(here, next));
  for (const kind of kinds) parsePath(context, kind.nested, rest, here);
}

/** A comma list of `*` and dotted paths. */
function parseText(context: ParseContext, level: DraftLevel, text: string, path: string | null): void {
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') continue;
    if (item === '*') wildcard(context, level, path);
    else parsePath(context, level, item.split('.').map((segment) => segment.trim()), path);
  }
}

/** `true`, `'true'`, `'*'` → populate with defaults; `false`, `'false'` → leave out; anything else → undefined. */
function readFlag(value: unknown): boolean | undefined {
  return value === '*' ? true : parseBoolean(value);
}

function readCount(value: unknown, path: string): boolean {
  const count = parseBoolean(value);
  if (count === undefined) invalidPopulateKey('count', joinPath(path, 'count'));
  return count;
}

/** Every field name a sort value mentions (to tell an explicit `id` from the one parseSort appends). */
function sortNames(raw: unknown): string[] {
  if (typeof raw === 'string') return raw.split(',').map((part) => (part.split(':')[0] ?? '').trim());
  const list = toList(raw);
  if (list) return list.flatMap(sortNames);
  return isPlainRecord(raw) ? Object.keys(raw) : [];
}

/**
 * A populate's sort keys. parseSort ends every list with `id` for stable pages; here the
 * stored link order breaks ties instead, so that appended key is dropped.
 */
function parsePopulateSort(context: ParseContext, entry: DraftRelation, raw: unknown, path: string): readonly SortKey[] {
  const at = joinPath(path, 'sort');
  const keys = withinPopulate(at, () => parseSort(raw, entry.model, context.registry));
  const names = sortNames(raw);
  const last = keys.at(-1);
  const appended = !names.includes('id') && !names.includes('documentId') && last?.attribute.name === 'id' && last.path.length === 0;
  return appended ? keys.slice(0, -1) : keys;
}

/** `fields` and `populate` of a component, a zone fragment or a relation. */
function parseSelectionOptions(context: ParseContext, selection: DraftSelection, options: Readonly<Record<string, unknown>>, path: string): void {
  if (options.fields !== undefined) {
    const { model } = selection;
    selection.fields = withinPopulate(joinPath(path, 'fields'), () => parseFields(options.fields, model));
  }
  if (options.populate !== undefined) parseValue(context, selection.nested, options.populate, path);
}

function checkKeys(options: Readonly<Record<string, unknown>>, allowed: ReadonlySet<string>, path: string, fragmentsMessage: string | null): void {
  for (const key of Object.keys(options)) {
    if (key === 'on' && fragmentsMessage !== null) populateError(fragmentsMessage, key, joinPath(path, key));
    if (!allowed.has(key)) invalidPopulateKey(key, joinPath(path, key));
  }
}

/** A dynamic zone's object: only `on` fragments, `populate: '*'` (the shared strategy) and `count`. */
function parseZoneOptions(context: ParseContext, level: DraftLevel, entry: DraftZone, options: Readonly<Record<string, unknown>>, path: string): void {
  const { on, populate, count, ...rest } = options;
  const unexpected = Object.keys(rest)[0];
  if (unexpected !== undefined) {
    const singular = 'singularName' in level.model ? String(level.model.singularName) : level.model.uid;
    const found = JSON.stringify(options).slice(0, 200);
    populateError(`Invalid nested populate for ${singular}.${entry.attribute.name} (${level.model.uid}). Expected a fragment ("on") or "count" but found ${found}`, unexpected, joinPath(path, unexpected));
  }
  if (populate !== undefined) {
    if (populate !== '*') populateError(POLYMORPHIC_POPULATE, 'populate', joinPath(path, 'populate'));
    for (const kind of entry.kinds.values()) wildcard(context, kind.nested, path);
  }
  if (on !== undefined) {
    const at = joinPath(path, 'on');
    if (!isPlainRecord(on)) populateError('Invalid populate fragments: "on" expects an object keyed by component uid', 'on', at);
    // Fragments choose the kinds: items of kinds not named (or named `false`) are left out.
    const named = (entry.named ??= new Set());
    for (const [uid, value] of Object.entries(on)) {
      const kind = entry.kinds.get(uid);
      if (!kind) invalidPopulateKey(uid, joinPath(at, uid));
      if (isPlainRecord(value)) {
        checkKeys(value, COMPONENT_KEYS, joinPath(at, uid), null);
        parseSelectionOptions(context, kind, value, path);
        named.add(uid);
        continue;
      }
      const flag = readFlag(value);
      if (flag === undefined) populateError(`Invalid populate fragment for ${uid}: expected true or an object`, uid, joinPath(at, uid));
      if (flag) named.add(uid);
    }
  }
  if (count !== undefined) entry.count = readCount(count, path);
}

/** The object given for one attribute: `populate[author][fields][0]=name&populate[author][populate]=…`. */
function parseOptions(context: ParseContext, level: DraftLevel, entry: DraftEntry, options: Readonly<Record<string, unknown>>, path: string): void {
  if (entry.kind === 'dynamiczone') return parseZoneOptions(context, level, entry, options, path);
  const name = entry.kind === 'localizations' ? LOCALIZATIONS : entry.attribute.name;
  const fragments = `Using fragments is not permitted to populate "${name}" in "${level.model.uid}"`;
  checkKeys(options, entry.kind === 'relation' ? RELATION_KEYS : COMPONENT_KEYS, path, fragments);
  parseSelectionOptions(context, entry, options, path);
  if (entry.kind !== 'relation') return;
  if (options.filters !== undefined) {
    const { model } = entry;
    entry.filters = withinPopulate(joinPath(path, 'filters'), () => parseFilters(options.filters, model, context.registry));
  }
  if (options.sort !== undefined) entry.sort = parsePopulateSort(context, entry, options.sort, path);
  if (options.count !== undefined) entry.count = readCount(options.count, path);
}

/** `{ author: true, seo: { populate: … } }` */
function parseObject(context: ParseContext, level: DraftLevel, object: Readonly<Record<string, unknown>>, path: string | null): void {
  for (const [name, value] of Object.entries(object)) {
    const here = joinPath(path, name);
    const ensure = isLocalizations(level, name) ? () => ensureLocalizations(context, level, here) : ((attribute) => () => ensureEntry(context, level, attribute, here))(linkedAttribute(level, name, here));
    if (isPlainRecord(value)) {
      parseOptions(context, level, ensure(), value, here);
      continue;
    }
    const flag = readFlag(value);
    if (flag === undefined) populateError(`Invalid nested populate for ${here}: expected '*', true, false or an object`, name, here);
    if (flag) ensure();
  }
}

/** A value in a populate position: the parameter itself, or `[<attribute>][populate]`. */
function parseValue(context: ParseContext, level: DraftLevel, raw: unknown, path: string | null): void {
  if (raw === undefined || raw === null || raw === '') return;
  if (typeof raw === 'string') return parseText(context, level, raw, path);
  const list = toList(raw);
  if (list) {
    for (const item of list) {
      if (typeof item === 'string') parseText(context, level, item, path);
      else if (isPlainRecord(item)) parseObject(context, level, item, path);
      else populateError('Invalid populate parameter', 'populate', path);
    }
    return;
  }
  if (isPlainRecord(raw)) return parseObject(context, level, raw, path);
  populateError('Invalid populate parameter', 'populate', path);
}

/**
 * `populate` of the query string → the populate tree, in every form of the reference (§12):
 * `*`, comma lists, indexed lists, dotted paths, `populate[x]=true`, and objects with
 * `fields`, `filters`, `sort`, `populate` and `count` per relation, `fields` and `populate` per
 * component, `on` fragments, `populate: '*'` and `count` per dynamic zone.
 */
export function parsePopulate(raw: unknown, model: StoredModel, registry: SchemaRegistry): readonly PopulateNode[] {
  const level = emptyLevel(model, 1);
  parseValue({ registry, nodes: 0 }, level, raw, null);
  return freezeLevel(level);
}
