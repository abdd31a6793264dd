import type { Model } from '../../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../../core/schema/registry.js';

/**
 * A `filters` argument, as graphql-js coerced it, → the REST `filters` object
 * (query/parse/parse-filters reads it, so both APIs filter through one parser and one set of
 * checks). Values stay typed (numbers, booleans): the REST casting accepts them as well as text.
 *
 * A field given `null` (or left out) adds no condition, nor does a filter object with nothing in
 * it (REST would refuse `{}` as an empty filter). Operators keep a `null` only where it means
 * something: `eq: null` / `ne: null` test for (not) null, as in REST.
 */

type Params = Record<string, unknown>;

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isEmpty = (value: unknown): boolean => isRecord(value) && Object.keys(value).length === 0;

/** Operators for which `null` is a value, not "unset". */
const NULLABLE_OPERATORS = new Set(['eq', 'ne']);

/** One scalar attribute's filter: `{ eq: 1, not: { in: [2] }, or: [3, 4] }` → `{ $eq: 1, $not: { $in: [2] }, $or: [{ $eq: 3 }, { $eq: 4 }] }`. */
function scalarParams(value: Readonly<Record<string, unknown>>): Params {
  const params: Params = {};
  for (const [operator, operand] of Object.entries(value)) {
    if (operand === undefined || (operand === null && !NULLABLE_OPERATORS.has(operator))) continue;
    if (operator === 'and' || operator === 'or') {
      // Scalar-level and/or take values, each an equality (as the reference maps them).
      const items = Array.isArray(operand) ? operand : [operand];
      params[`$${operator}`] = items.map((item: unknown) => ({ $eq: item }));
    } else if (operator === 'not') {
      if (!isRecord(operand)) continue;
      const inner = scalarParams(operand);
      if (!isEmpty(inner)) params.$not = inner;
    } else {
      params[`$${operator}`] = operand;
    }
  }
  return params;
}

/** The model a relation or component key leads to, or undefined for anything else. */
function linkedModel(model: Model, key: string, registry: SchemaRegistry): Model | undefined {
  const attribute = model.attributes.get(key);
  if (attribute?.kind === 'relation') return registry.get(attribute.target);
  if (attribute?.kind === 'component') return registry.component(attribute.component);
  // `localizations` is no attribute: it filters the same type's other versions.
  if (key === 'localizations' && model.modelType === 'contentType' && model.localized) return model;
  return undefined;
}

function groupList(value: unknown, model: Model, registry: SchemaRegistry): Params[] {
  const items = Array.isArray(value) ? value : [value];
  return items.filter(isRecord).map((item) => filtersToParams(item, model, registry));
}

/** `<Type>FiltersInput` value → REST `filters` over `model`'s attributes (relations and components recurse). */
export function filtersToParams(value: Readonly<Record<string, unknown>>, model: Model, registry: SchemaRegistry): Params {
  const params: Params = {};
  for (const [key, operand] of Object.entries(value)) {
    if (operand === undefined || operand === null) continue;
    if (key === 'and' || key === 'or') {
      params[`$${key}`] = groupList(operand, model, registry);
      continue;
    }
    if (key === 'not') {
      const inner = isRecord(operand) ? filtersToParams(operand, model, registry) : {};
      if (!isEmpty(inner)) params.$not = inner;
      continue;
    }
    const attribute = model.attributes.get(key);
    const linked = linkedModel(model, key, registry);
    let mapped: unknown = operand;
    if (isRecord(operand)) {
      if (attribute?.kind === 'scalar') mapped = scalarParams(operand);
      else if (linked) mapped = filtersToParams(operand, linked, registry);
    }
    // Anything else goes through as given: the REST parser refuses it with a 400 naming the key.
    if (!isEmpty(mapped)) params[key] = mapped;
  }
  return params;
}
