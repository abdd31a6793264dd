import { asPublicScalar, type ScalarAttribute } from '../../schema/attribute.js';
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

const OPERATORS: ReadonlySet<string> = new Set(COMPARISON_OPERATORS);

interface FilterContext {
  readonly contentType: StoredModel;
  /** Resolves relations and components in paths; without it, they are unknown keys. */
  readonly registry: SchemaRegistry | undefined;
  conditions: number;
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

function condition(context: FilterContext, attribute: ScalarAttribute, operator: ComparisonOperator, value: ScalarValue | readonly ScalarValue[], path: string): FilterNode {
  context.conditions += 1;
  if (context.conditions > MAX_CONDITIONS) invalidValue(`Too many filter conditions (at most ${MAX_CONDITIONS})`, path);
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
    else if (key === '$not') children.push({ kind: 'not', child: parseAttributeFilter(context, attribute, value, keyPath) });
    else if (key === '$and' || key === '$or') {
      const groups = toList(value);
      if (!groups) invalidValue(`${key} expects an array`, keyPath);
      children.push(combine(key === '$and' ? 'and' : 'or', groups.map((group, index) => parseAttributeFilter(context, attribute, group, `${keyPath}.${index}`))));
    } else invalidKey(key, keyPath);
  }
  if (children.length === 0) invalidValue(`Empty filter on "${attribute.name}"`, path);
  return combine('and', children);
}

function findAttribute(contentType: StoredModel, key: string): ScalarAttribute | undefined {
  return asPublicScalar(contentType.attributes.get(key));
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
      const members = groups.map((group, index) => combine('and', parseGroup(context, group, `${keyPath}.${index}`)));
      children.push(members.length === 0 ? { kind: key === '$and' ? 'and' : 'or', children: [] } : combine(key === '$and' ? 'and' : 'or', members));
      continue;
    }
    if (key === '$not') {
      children.push({ kind: 'not', child: combine('and', parseGroup(context, value, keyPath)) });
      continue;
    }
    const attribute = findAttribute(context.contentType, key);
    if (!attribute) invalidKey(key, path ? keyPath : null);
    children.push(parseAttributeFilter(context, attribute, value, keyPath));
  }
  return children;
}

/** `filters` of the query string → a filter tree with every value cast, or null for none. */
export function parseFilters(raw: unknown, contentType: StoredModel, registry?: SchemaRegistry): FilterNode | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const children = parseGroup({ contentType, registry, conditions: 0 }, raw, null);
  return children.length === 0 ? null : combine('and', children);
}
