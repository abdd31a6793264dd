import { signal, type Signal } from '@preact/signals';
import type { Attribute, Attributes, MediaFile, RelationTarget } from './edit-types';

/**
 * The edit form as a tree of signals: one signal per field, so that typing in a field changes
 * that signal only and re-renders (at most) the field that reads it — never the form, however
 * many dynamic-zone items it holds. The tree is built from a document (or empty, for a new one)
 * and turned back into the body Strapi's content manager takes (`toBody`).
 */

/** Schemas of the components, by uid (a group's fields are built from its component's). */
export type ComponentSchemas = ReadonlyMap<string, Attributes>;

export interface ScalarNode {
  readonly kind: 'scalar';
  readonly attribute: Attribute;
  /** The editing form of the value: text for strings, numbers, dates and JSON; boolean or null; blocks as they are. */
  readonly value: Signal<unknown>;
}

/** One component instance: a single component's value, a repeatable's item or a dynamic zone's. */
export interface GroupNode {
  /** Stable across reorders (Preact's key). */
  readonly key: string;
  readonly component: string;
  /** The component row's id (its relations are read through it), absent for a new one. */
  readonly id: number | null;
  readonly fields: Readonly<Record<string, FieldNode>>;
  readonly collapsed: Signal<boolean>;
}

export interface ComponentNode {
  readonly kind: 'component';
  readonly attribute: Attribute;
  readonly value: Signal<GroupNode | null>;
}

export interface ListNode {
  readonly kind: 'repeatable' | 'dynamiczone';
  readonly attribute: Attribute;
  readonly items: Signal<readonly GroupNode[]>;
}

export interface RelationItem {
  readonly documentId: string;
  readonly locale: string | null;
  readonly label: string;
  readonly status: string | null;
}

export interface RelationNode {
  readonly kind: 'relation';
  readonly attribute: Attribute;
  readonly items: Signal<readonly RelationItem[]>;
  /** The stored links, in order, when the form was built (`toBody` sends the difference). */
  readonly initial: Signal<readonly RelationItem[]>;
  /** false while the links are being read. */
  readonly loaded: Signal<boolean>;
}

export interface MediaNode {
  readonly kind: 'media';
  readonly attribute: Attribute;
  readonly files: Signal<readonly MediaFile[]>;
}

export type FieldNode = ScalarNode | ComponentNode | ListNode | RelationNode | MediaNode;
export type FormFields = Readonly<Record<string, FieldNode>>;

/** Attributes the form leaves out: the server writes them. */
const SYSTEM = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations', 'status']);

export function isEditable(name: string, attribute: Attribute): boolean {
  return !SYSTEM.has(name) && attribute.private !== true;
}

export interface BuildContext {
  readonly components: ComponentSchemas;
  /** The main field of a relation's target (its label). */
  readonly mainField: (target: string) => string;
  /** A fresh key for a group. */
  readonly nextKey: () => string;
}

export function keyCounter(): () => string {
  let next = 0;
  return () => `g${(next += 1)}`;
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** An ISO instant as a datetime-local input's value (the browser's time zone). */
export function toLocalDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The editing form of a stored scalar value. */
export function editValue(attribute: Attribute, stored: unknown): unknown {
  switch (attribute.type) {
    case 'boolean':
      return typeof stored === 'boolean' ? stored : null;
    case 'json':
      return stored === undefined || stored === null ? '' : JSON.stringify(stored, null, 2);
    case 'blocks':
      return stored ?? null;
    case 'datetime':
      return typeof stored === 'string' ? toLocalDateTime(stored) : '';
    case 'time':
      // Strapi stores HH:mm:ss.SSS; the input shows HH:mm:ss.
      return typeof stored === 'string' ? stored.slice(0, 8) : '';
    case 'integer':
    case 'biginteger':
    case 'float':
    case 'decimal':
      return stored === null || stored === undefined ? '' : String(stored);
    default:
      return typeof stored === 'string' ? stored : '';
  }
}

function relationItem(target: Readonly<Record<string, unknown>>, mainField: string): RelationItem {
  const label = target[mainField] ?? target.label ?? target.documentId;
  return {
    documentId: String(target.documentId),
    locale: typeof target.locale === 'string' ? target.locale : null,
    label: label === null || label === undefined || label === '' ? String(target.documentId) : String(label),
    status: typeof target.status === 'string' ? target.status : null,
  };
}

export function relationItemOf(target: RelationTarget, mainField: string): RelationItem {
  return relationItem(target, mainField);
}

function buildField(name: string, attribute: Attribute, stored: unknown, context: BuildContext): FieldNode {
  switch (attribute.type) {
    case 'component': {
      const uid = attribute.component ?? '';
      if (attribute.repeatable === true) {
        const items = Array.isArray(stored) ? stored.map((item) => buildGroup(uid, item as Record<string, unknown>, context)) : [];
        return { kind: 'repeatable', attribute, items: signal(items) };
      }
      const value = stored !== null && typeof stored === 'object' ? buildGroup(uid, stored as Record<string, unknown>, context) : null;
      return { kind: 'component', attribute, value: signal(value) };
    }
    case 'dynamiczone': {
      const items = Array.isArray(stored) ? stored.map((item) => buildGroup(String((item as Record<string, unknown>).__component), item as Record<string, unknown>, context)) : [];
      return { kind: 'dynamiczone', attribute, items: signal(items) };
    }
    case 'relation': {
      // findOne gives {count}; get-fill-from-locale gives {connect:[…]}: those are the links to set.
      const connect = stored !== null && typeof stored === 'object' && Array.isArray((stored as { connect?: unknown }).connect) ? ((stored as { connect: Record<string, unknown>[] }).connect) : null;
      const target = attribute.targetModel ?? attribute.target ?? '';
      const items = connect ? connect.map((item) => relationItem(item, context.mainField(target))) : [];
      // Nothing stored (a new document or component): no links to read, the list starts empty.
      return { kind: 'relation', attribute, items: signal(items), initial: signal(connect ? [] : items), loaded: signal(connect !== null || stored === undefined) };
    }
    case 'media': {
      const files = Array.isArray(stored) ? (stored as MediaFile[]) : stored !== null && typeof stored === 'object' ? [stored as MediaFile] : [];
      return { kind: 'media', attribute, files: signal(files) };
    }
    default:
      return { kind: 'scalar', attribute, value: signal(editValue(attribute, stored === undefined && name !== '' ? attribute.default : stored)) };
  }
}

export function buildGroup(component: string, stored: Readonly<Record<string, unknown>>, context: BuildContext): GroupNode {
  const attributes = context.components.get(component) ?? {};
  return {
    key: context.nextKey(),
    component,
    id: typeof stored.id === 'number' ? stored.id : null,
    fields: buildFields(attributes, stored, context),
    collapsed: signal(false),
  };
}

/** The form of a document's (or a component's) attributes; an empty document gives the defaults. */
export function buildFields(attributes: Attributes, stored: Readonly<Record<string, unknown>>, context: BuildContext): FormFields {
  const fields: Record<string, FieldNode> = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    if (!isEditable(name, attribute)) continue;
    fields[name] = buildField(name, attribute, stored[name], context);
  }
  return fields;
}

/** The stored value of a scalar field's editing form; `undefined` for text that is not a valid value (the validation says so). */
export function storedValue(attribute: Attribute, value: unknown): unknown {
  switch (attribute.type) {
    case 'boolean':
      return value;
    case 'blocks':
      return value;
    case 'json': {
      if (typeof value !== 'string' || value.trim() === '') return null;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return undefined;
      }
    }
    case 'integer':
    case 'float': {
      if (value === '') return null;
      const number = Number(value);
      return Number.isFinite(number) ? number : undefined;
    }
    case 'biginteger':
    case 'decimal':
      // Strapi keeps bigintegers as strings (beyond 2^53) and accepts decimals as numbers.
      if (value === '') return null;
      return attribute.type === 'decimal' ? Number(value) : String(value);
    case 'datetime': {
      if (value === '') return null;
      const date = new Date(String(value));
      return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
    }
    case 'date':
      return value === '' ? null : value;
    case 'time':
      if (value === '') return null;
      return String(value).length === 5 ? `${String(value)}:00.000` : String(value).length === 8 ? `${String(value)}.000` : value;
    case 'enumeration':
      return value === '' ? null : value;
    default:
      // An empty optional string is stored as null, as Strapi's editor does; an empty uid too.
      return value === '' && attribute.type !== 'string' && attribute.type !== 'text' && attribute.type !== 'richtext' ? null : value;
  }
}

/**
 * Where each item goes: the items whose relative order changed (or that are new) are connected
 * with a `position` after the item before them (or at the start), in list order; the others
 * stay where they are. Removed items are disconnected. Unchanged: undefined (nothing sent).
 */
export function relationBody(initial: readonly RelationItem[], current: readonly RelationItem[]): Record<string, unknown> | undefined {
  const id = (item: RelationItem): string => `${item.documentId}|${item.locale ?? ''}`;
  const before = new Map(initial.map((item, index) => [id(item), index]));
  const keep = new Set(stableItems(current.map((item) => before.get(id(item)) ?? -1)));
  const connect: Record<string, unknown>[] = [];
  current.forEach((item, index) => {
    if (keep.has(index)) return;
    const previous = current[index - 1];
    connect.push({
      documentId: item.documentId,
      ...(item.locale === null ? {} : { locale: item.locale }),
      position: previous === undefined ? { start: true } : { after: previous.documentId, ...(previous.locale === null ? {} : { locale: previous.locale }) },
    });
  });
  const now = new Set(current.map(id));
  const disconnect = initial.filter((item) => !now.has(id(item))).map((item) => ({ documentId: item.documentId, ...(item.locale === null ? {} : { locale: item.locale }) }));
  if (connect.length === 0 && disconnect.length === 0) return undefined;
  return { connect, disconnect };
}

/** The indexes (into `order`) of a longest increasing run of old positions (-1: new, never kept). */
function stableItems(order: readonly number[]): number[] {
  const lengths: number[] = [];
  const previous: number[] = [];
  let best = -1;
  order.forEach((value, index) => {
    lengths[index] = value < 0 ? 0 : 1;
    previous[index] = -1;
    if (value < 0) return;
    for (let j = 0; j < index; j += 1) {
      const earlier = order[j] ?? -1;
      if (earlier >= 0 && earlier < value && (lengths[j] ?? 0) + 1 > (lengths[index] ?? 0)) {
        lengths[index] = (lengths[j] ?? 0) + 1;
        previous[index] = j;
      }
    }
    if (best < 0 || (lengths[index] ?? 0) > (lengths[best] ?? 0)) best = index;
  });
  const kept: number[] = [];
  for (let index = best; index >= 0 && (lengths[index] ?? 0) > 0; index = previous[index] ?? -1) kept.push(index);
  return kept;
}

function groupBody(group: GroupNode): Record<string, unknown> {
  return { ...(group.id === null ? {} : { id: group.id }), ...fieldsBody(group.fields) };
}

/**
 * The body of a save: every field's stored value; relations as connect/disconnect (only when
 * they changed), components with their row ids (Strapi updates those rows in place).
 */
export function fieldsBody(fields: FormFields): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, node] of Object.entries(fields)) {
    switch (node.kind) {
      case 'scalar': {
        const value = storedValue(node.attribute, node.value.value);
        if (value !== undefined) body[name] = value;
        break;
      }
      case 'component': {
        const group = node.value.value;
        body[name] = group === null ? null : groupBody(group);
        break;
      }
      case 'repeatable':
        body[name] = node.items.value.map(groupBody);
        break;
      case 'dynamiczone':
        body[name] = node.items.value.map((group) => ({ __component: group.component, ...groupBody(group) }));
        break;
      case 'relation': {
        if (!node.loaded.value) break;
        const relation = relationBody(node.initial.value, node.items.value);
        if (relation !== undefined) body[name] = relation;
        break;
      }
      case 'media': {
        const ids = node.files.value.map((file) => file.id);
        body[name] = node.attribute.multiple === true ? ids : (ids[0] ?? null);
        break;
      }
    }
  }
  return body;
}

/** Every relation node of the form, with the model and row that own it (for reading its links). */
export function relationNodes(fields: FormFields, model: string, id: string | number | null): { readonly node: RelationNode; readonly model: string; readonly id: string | number | null; readonly field: string }[] {
  const found: { node: RelationNode; model: string; id: string | number | null; field: string }[] = [];
  const visitGroup = (group: GroupNode): void => {
    found.push(...relationNodes(group.fields, group.component, group.id));
  };
  for (const [field, node] of Object.entries(fields)) {
    if (node.kind === 'relation') found.push({ node, model, id, field });
    else if (node.kind === 'component' && node.value.value !== null) visitGroup(node.value.value);
    else if (node.kind === 'repeatable' || node.kind === 'dynamiczone') node.items.value.forEach(visitGroup);
  }
  return found;
}
