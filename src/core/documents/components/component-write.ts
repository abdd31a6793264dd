import type { ComponentAttribute, DynamicZoneAttribute } from '../../schema/attribute.js';
import type { ComponentModel } from '../../schema/component-model.js';
import type { ModelWrite, ValueContext } from '../model-write.js';
import { componentError, foreignIdMessage, isPlainObject, typeMessage } from './component-errors.js';

/** One item of a component or dynamic-zone value: a component row to create or update. */
export interface ComponentItemWrite extends ModelWrite {
  readonly model: ComponentModel;
  /** An existing item's id (updated in place), or null for a new item. */
  readonly id: number | null;
}

/**
 * A component or dynamic-zone value from a body: the items the attribute holds afterwards, in
 * order. Stored items not listed are removed; `[]` (or null for a single component) clears.
 */
export interface ComponentValueWrite {
  readonly attribute: ComponentAttribute | DynamicZoneAttribute;
  readonly items: readonly ComponentItemWrite[];
}

/**
 * Most items one repeatable component or dynamic zone takes in one body. Larger lists are
 * refused before any item is checked, so a huge array costs neither time nor memory.
 */
export const MAX_COMPONENT_ITEMS = 1000;

/** An item's `id`: a positive integer (or its digits), null/absent for a new item, undefined when invalid. */
function itemIdOf(raw: unknown): number | null | undefined {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0) return raw;
  if (typeof raw === 'string' && /^[1-9][0-9]{0,14}$/.test(raw)) return Number(raw);
  return undefined;
}

/** The keys of an item that are the component's own data (`id`, and a zone's `__component`, are not). */
function dataOf(item: Readonly<Record<string, unknown>>, inZone: boolean): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    if (key === 'id' || (inZone && key === '__component')) continue;
    data[key] = value;
  }
  return data;
}

/** The component an item is of: the attribute's, or in a zone the one its `__component` names from the allow-list. */
function componentOf(attribute: ComponentAttribute | DynamicZoneAttribute, item: Readonly<Record<string, unknown>>, path: readonly string[], context: ValueContext): ComponentModel | null {
  if (attribute.kind === 'component') return context.registry.component(attribute.component) ?? null;
  const uid = item.__component;
  const uidPath = [...path, '__component'];
  if (uid === undefined || uid === null) {
    context.errors.push(componentError(uidPath, '__component must be defined.', uid));
    return null;
  }
  if (typeof uid !== 'string' || !attribute.components.includes(uid)) {
    context.errors.push(componentError(uidPath, `__component must be one of the following values: ${attribute.components.join(', ')}`, uid));
    return null;
  }
  return context.registry.component(uid) ?? null;
}

/** One item → its write; null when it is not even an object of a known component (errors added). */
function parseItem(attribute: ComponentAttribute | DynamicZoneAttribute, raw: unknown, label: string, path: readonly string[], context: ValueContext): ComponentItemWrite | null {
  if (!isPlainObject(raw)) {
    context.errors.push(componentError(path, typeMessage(label, 'object', raw), raw));
    return null;
  }
  const model = componentOf(attribute, raw, path, context);
  const id = itemIdOf(raw.id);
  if (id === undefined) {
    context.errors.push(componentError([...path, 'id'], typeMessage('id', 'number', raw.id), raw.id));
    return null;
  }
  // A row being created owns no items yet: every id sent for it is someone else's.
  if (id !== null && context.mode === 'create') {
    context.errors.push(componentError([...path, 'id'], foreignIdMessage(attribute.name, id), id));
    return null;
  }
  if (!model) return null;
  // New items are created (defaults, required attributes); existing ones change only in the keys sent.
  const write = context.validateModel(dataOf(raw, attribute.kind === 'dynamiczone'), model, id === null ? 'create' : 'update', path);
  return { ...write, model, id };
}

/**
 * The rules of a list's length the reference checks when publishing: `min` (when required or
 * not empty), then `required` (not empty). null when the length passes.
 */
export function shortListMessage(attribute: ComponentAttribute | DynamicZoneAttribute, length: number): string | null {
  const { name, min, required } = attribute;
  if (min !== undefined && length < min && (required || length > 0)) return `${name} field must have at least ${min} items`;
  if (required && length === 0) return `${name} field must have at least 1 items`;
  return null;
}

/** Count rules of a list value: those of `shortListMessage` (not on a draft), and `max`. */
function checkCount(attribute: ComponentAttribute | DynamicZoneAttribute, list: readonly unknown[], path: readonly string[], context: ValueContext): void {
  const { name, max } = attribute;
  const short = context.draft ? null : shortListMessage(attribute, list.length);
  if (short !== null) context.errors.push(componentError(path, short, list));
  if (max !== undefined && list.length > max) context.errors.push(componentError(path, `${name} field must have less than or equal to ${max} items`, list));
}

/** The same stored item must not be listed twice (in a zone, ids are per component kind). */
function checkDuplicates(items: readonly (ComponentItemWrite | null)[], path: readonly string[], context: ValueContext): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (item?.id == null) return;
    const key = `${item.model.uid}:${item.id}`;
    if (seen.has(key)) context.errors.push(componentError([...path, String(index), 'id'], `id ${item.id} is listed more than once`, item.id));
    seen.add(key);
  });
}

/**
 * A component or dynamic-zone value of a body → a ComponentValueWrite. A single component
 * takes an object or null; a repeatable component and a dynamic zone take an array (null
 * clears). Problems are added to `context.errors` with their full paths; unknown keys inside
 * an item throw at once, as at the top level. Whether an `id` belongs to the row written is
 * known only to the database: applyComponentWrites checks it.
 */
export function parseComponentValue(attribute: ComponentAttribute | DynamicZoneAttribute, raw: unknown, path: readonly string[], context: ValueContext): ComponentValueWrite {
  const { name } = attribute;
  const empty: ComponentValueWrite = { attribute, items: [] };
  const listed = attribute.kind === 'dynamiczone' || attribute.repeatable;
  if (raw === null) {
    if (attribute.required && !context.draft) context.errors.push(componentError(path, `${name} must be defined.`, raw));
    return empty;
  }
  if (!listed) {
    const item = parseItem(attribute, raw, name, path, context);
    return item ? { attribute, items: [item] } : empty;
  }
  if (!Array.isArray(raw)) {
    context.errors.push(componentError(path, typeMessage(name, 'array', raw), raw));
    return empty;
  }
  if (raw.length > MAX_COMPONENT_ITEMS) {
    context.errors.push(componentError(path, `${name} field must have less than or equal to ${MAX_COMPONENT_ITEMS} items (the most one request may send)`, null));
    return empty;
  }
  checkCount(attribute, raw, path, context);
  const items = raw.map((item: unknown, index) => parseItem(attribute, item, `${name}[${index}]`, [...path, String(index)], context));
  checkDuplicates(items, path, context);
  return { attribute, items: items.filter((item): item is ComponentItemWrite => item !== null) };
}
