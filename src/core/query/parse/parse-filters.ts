import { asPublicScalar, isPublicAttribute, type ComponentAttribute, type RelationAttribute, type ScalarAttribute } from '../../schema/attribute.js';
import type { StoredModel } from '../../schema/model.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import { parseBoolean } from '../../schema/scalar-values.js';
import { ValidationError } from '../../shared/errors.js';
import { COMPARISON_OPERATORS, type ComparisonOperator, type FilterNode, type ScalarValue } from '../document-query.js';
import { castFilterValue, checkOperatorAllowed } from './cast-filter-value.js';
import { isPlainRecord, toList } from './raw-values.js';

/** Bounds on what one request may ask of the database. */
const MAX_CONDITIONS = 500;
const MAX_LIST_VALUES = 1000;
/** Relations and components one filter path may walk through (each is a nested subquery). */
export const MAX_FILTER_DEPTH = 10;
/**
 * Levels of nesting one filter path may have, logical groups (`$and`, `$or`, `$not`) and linked
 * hops together. The query string cannot nest deeper (qs stops at depth 20), but GraphQL
 * arguments and the document API can: 500 nested `not`s made SQL that SQLite refuses ("Expression
 * tree is too large") and recursion that overflows the stack, so deeper filters are a 400 here.
 */
export const MAX_FILTER_NESTING = 20;

const OPERATORS: ReadonlySet<string> = new Set(COMPARISON_OPERATORS);

interface FilterContext {
  /** The model whose attributes the keys name (changes along relation and component paths). */
  readonly model: StoredModel;
  readonly registry: SchemaRegistry;
  /** Relations and components walked to reach `model`. */
  readonly depth: number;
  /** Groups and linked hops entered to reach this point (MAX_FILTER_NESTING). */
  readonly nesting: number;
  /** Conditions and linked-item tests so far, shared by the whole tree. */
  readonly counter: { count: number };
}

function invalidKey(key: string, path: string | null): never {
  throw ValidationError.invalidKey(key, { source: 'query', param: 'filters', path });
}

function invalidValue(message: string, path: string): never {
  throw new ValidationError(message, { key: path.split('.').at(-1), path, source: 'query', param: 'filters' });
}

function join(path: string | null, key: string): string {
  return path ? `${path}.${key}` : key;
}

function combine(kind: 'and' | 'or', children: FilterNode[]): FilterNode {
  return children.length === 1 && children[0] ? children[0] : { kind, children };
}

/** `$null`/`$notNull` read their value as the reference does: known spellings, then truthiness. */
function readNullFlag(value: unknown, path: string): boolean {
  if (value === null) return false; // `filters[x][$null]` with no value, under strictNullHandling
  if (typeof value === 'object') invalidValue(`Invalid value for ${path.split('.').at(-1)}: expected true or false`, path);
  return parseBoolean(value) ?? Boolean(value);
}

function count(context: FilterContext, path: string): void {
  context.counter.count += 1;
  if (context.counter.count > MAX_CONDITIONS) invalidValue(`Too many filter conditions (at most ${MAX_CONDITIONS})`, path);
}

function condition(context: FilterContext, attribute: ScalarAttribute, operator: ComparisonOperator, value: ScalarValue | readonly ScalarValue[], path: string): FilterNode {
  count(context, path);
  return { kind: 'condition', attribute, operator, value };
}

function parseOperator(context: FilterContext, attribute: ScalarAttribute, operator: ComparisonOperator, raw: unknown, path: string): FilterNode {
  checkOperatorAllowed(attribute, operator, path);
  if (operator === '$null' || operator === '$notNull') return condition(context, attribute, operator, readNullFlag(raw, path), path);
  if (operator === '$in' || operator === '$notIn') {
    const items = toList(raw) ?? [raw];
    if (items.length > MAX_LIST_VALUES) invalidValue(`Too many values for ${operator} (at most ${MAX_LIST_VALUES})`, path);
    return condition(context, attribute, operator, items.map((item, index) => castFilterValue(attribute, operator, item, `${path}.${index}`)), path);
  }
  if (operator === '$between') {
    const items = toList(raw);
    if (!items || items.length !== 2) invalidValue('$between expects exactly two values: [$between][0] and [$between][1]', path);
    const bounds = items.map((item, index) => castFilterValue(attribute, operator, item, `${path}.${index}`));
    if (bounds.includes(null)) invalidValue('$between bounds cannot be null', path);
    return condition(context, attribute, operator, bounds, path);
  }
  const items = toList(raw);
  if (items) {
    // An array given to a single-value operator means "any of these" (reference §3).
    if (items.length > MAX_LIST_VALUES) invalidValue(`Too many values for ${operator} (at most ${MAX_LIST_VALUES})`, path);
    return { kind: 'or', children: items.map((item, index) => parseOperator(context, attribute, operator, item, `${path}.${index}`)) };
  }
  const value = castFilterValue(attribute, operator, raw, path);
  if (value === null && operator !== '$eq' && operator !== '$ne') invalidValue(`${operator} needs a value`, path);
  return condition(context, attribute, operator, value, path);
}

/** The filter on one attribute: a bare value ($eq), a bare list ($in), or an object of operators. */
function parseAttributeFilter(context: FilterContext, attribute: ScalarAttribute, raw: unknown, path: string): FilterNode {
  const items = toList(raw);
  if (items) return parseOperator(context, attribute, '$in', items, path);
  if (!isPlainRecord(raw)) return parseOperator(context, attribute, '$eq', raw, path);
  const children: FilterNode[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const keyPath = join(path, key);
    if (OPERATORS.has(key)) children.push(parseOperator(context, attribute, key as ComparisonOperator, value, keyPath));
    else if (key === '$not') children.push({ kind: 'not', child: parseAttributeFilter(deeper(context, keyPath), attribute, value, keyPath) });
    else if (key === '$and' || key === '$or') {
      const groups = toList(value);
      if (!groups) invalidValue(`${key} expects an array`, keyPath);
      const inner = deeper(context, keyPath);
      children.push(combine(key === '$and' ? 'and' : 'or', groups.map((group, index) => parseAttributeFilter(inner, attribute, group, `${keyPath}.${index}`))));
    } else invalidKey(key, keyPath);
  }
  if (children.length === 0) invalidValue(`Empty filter on "${attribute.name}"`, path);
  return combine('and', children);
}

/** The filter under a relation or component key: over the other model's attributes. */
function parseLinked(context: FilterContext, attribute: RelationAttribute | ComponentAttribute, raw: unknown, path: string): FilterNode {
  if (context.depth >= MAX_FILTER_DEPTH) invalidValue(`Filters go through at most ${MAX_FILTER_DEPTH} relations and components`, path);
  count(context, path);
  if (attribute.kind === 'relation') {
    // As in the spec (Filters 3): media cannot be filtered on.
    if (attribute.media) invalidKey(attribute.name, path);
    const side = context.registry.relation(attribute);
    return { kind: 'relation', attribute, side, child: parseLinkedValue(nested(deeper(context, path), side.other), raw, path) };
  }
  const component = context.registry.component(attribute.component);
  if (!component) throw new Error(`Component ${attribute.component} of "${attribute.name}" is not in the registry`);
  return { kind: 'component', attribute, component, owner: context.model.uid, child: parseLinkedValue(nested(deeper(context, path), component), raw, path) };
}

function nested(context: FilterContext, model: StoredModel): FilterContext {
  return { ...context, model, depth: context.depth + 1 };
}

/**
 * A relation or component key takes a group of the other model's keys. Given a bare value, a
 * bare list or comparison operators instead, it compares the linked items' `id`, as the
 * reference does (its where-processing maps `filters[author]=5` and `filters[author][$in][0]=5`
 * to the linked row's id; reference §3). `documentId` is the key to use for documents.
 */
function parseLinkedValue(context: FilterContext, raw: unknown, path: string): FilterNode {
  if (!isPlainRecord(raw) || toList(raw)) return parseAttributeFilter(context, idOf(context.model), raw, path);
  const operators = Object.fromEntries(Object.entries(raw).filter(([key]) => OPERATORS.has(key)));
  const rest = Object.fromEntries(Object.entries(raw).filter(([key]) => !OPERATORS.has(key)));
  const children: FilterNode[] = [];
  if (Object.keys(operators).length > 0) children.push(parseAttributeFilter(context, idOf(context.model), operators, path));
  if (Object.keys(rest).length > 0 || children.length === 0) children.push(...parseGroup(context, rest, path));
  if (children.length === 0) invalidValue(`Empty filter on "${path.split('.').at(-1) ?? path}"`, path);
  return combine('and', children);
}

function idOf(model: StoredModel): ScalarAttribute {
  const id = asPublicScalar(model.attributes.get('id'));
  if (!id) throw new Error(`${model.uid} has no id attribute`);
  return id;
}

/** The context one level of nesting further in (a logical group or a linked hop), refused past MAX_FILTER_NESTING. */
function deeper(context: FilterContext, path: string): FilterContext {
  if (context.nesting >= MAX_FILTER_NESTING) invalidValue(`Filters are nested too deeply (at most ${MAX_FILTER_NESTING} levels of $and, $or, $not and linked attributes)`, path);
  return { ...context, nesting: context.nesting + 1 };
}

/** A group of conditions: attribute names and logical operators, combined with AND. */
function parseGroup(context: FilterContext, raw: unknown, path: string | null): FilterNode[] {
  if (!isPlainRecord(raw)) {
    throw new ValidationError(`Invalid filters${path ? ` at ${path}` : ''}: expected an object`, { key: path ?? 'filters', path, source: 'query', param: 'filters' });
  }
  const children: FilterNode[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const keyPath = join(path, key);
    if (key === '$and' || key === '$or') {
      const groups = toList(value);
      if (!groups) invalidValue(`${key} expects an array of filters`, keyPath);
      const inner = deeper(context, keyPath);
      const members = groups.map((group, index) => combine('and', parseGroup(inner, group, `${keyPath}.${index}`)));
      children.push(members.length === 0 ? { kind: key === '$and' ? 'and' : 'or', children: [] } : combine(key === '$and' ? 'and' : 'or', members));
      continue;
    }
    if (key === '$not') {
      children.push({ kind: 'not', child: combine('and', parseGroup(deeper(context, keyPath), value, keyPath)) });
      continue;
    }
    const attribute = context.model.attributes.get(key);
    // Dynamic zones cannot be filtered (reference §1: `Invalid key`); private attributes are unknown to the public.
    if (!attribute || !isPublicAttribute(attribute) || attribute.kind === 'dynamiczone') invalidKey(key, path ? keyPath : null);
    if (attribute.kind === 'scalar') children.push(parseAttributeFilter(context, attribute, value, keyPath));
    else children.push(parseLinked(context, attribute, value, keyPath));
  }
  return children;
}

/**
 * `filters` of the query string → a filter tree with every value cast, or null for none.
 * Keys may walk through relations (either side) and components to any depth up to
 * MAX_FILTER_DEPTH: `filters[author][profile][bio][$null]=true`, `filters[seo][metaTitle]=x`.
 */
export function parseFilters(raw: unknown, model: StoredModel, registry: SchemaRegistry): FilterNode | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const children = parseGroup({ model, registry, depth: 0, nesting: 0, counter: { count: 0 } }, raw, null);
  return children.length === 0 ? null : combine('and', children);
}
