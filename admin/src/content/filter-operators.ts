import type { AttributeDto } from '../api/content-manager-types';
import type { MessageKey } from '../i18n/en';

/** What a filter compares, after the attribute's type: it decides the operators and the value's input. */
export type FilterKind = 'text' | 'number' | 'date' | 'datetime' | 'time' | 'boolean' | 'enumeration';

export interface FilterOperator {
  readonly operator: string;
  readonly label: MessageKey;
  /** `$null` and `$notNull` take no value (the request sends `true`). */
  readonly needsValue: boolean;
}

const op = (operator: string, label: MessageKey, needsValue = true): FilterOperator => ({ operator, label, needsValue });
const NULLS = [op('$null', 'list.filter.op.null', false), op('$notNull', 'list.filter.op.notNull', false)];
const EQUALITY = [op('$eq', 'list.filter.op.eq'), op('$ne', 'list.filter.op.ne')];
const ORDER = [op('$gt', 'list.filter.op.gt'), op('$gte', 'list.filter.op.gte'), op('$lt', 'list.filter.op.lt'), op('$lte', 'list.filter.op.lte')];

/** The operators Strapi's list view offers for each kind of attribute. */
export const OPERATORS: Readonly<Record<FilterKind, readonly FilterOperator[]>> = {
  text: [...EQUALITY, op('$containsi', 'list.filter.op.contains'), op('$notContainsi', 'list.filter.op.notContains'), op('$startsWith', 'list.filter.op.startsWith'), op('$endsWith', 'list.filter.op.endsWith'), ...NULLS],
  number: [...EQUALITY, ...ORDER, ...NULLS],
  date: [...EQUALITY, ...ORDER, ...NULLS],
  datetime: [...EQUALITY, ...ORDER, ...NULLS],
  time: [...EQUALITY, ...ORDER, ...NULLS],
  boolean: [op('$eq', 'list.filter.op.eq'), ...NULLS],
  enumeration: [...EQUALITY, ...NULLS],
};

const KINDS: Readonly<Record<string, FilterKind>> = {
  string: 'text',
  text: 'text',
  email: 'text',
  uid: 'text',
  richtext: 'text',
  integer: 'number',
  biginteger: 'number',
  float: 'number',
  decimal: 'number',
  date: 'date',
  datetime: 'datetime',
  timestamp: 'datetime',
  time: 'time',
  boolean: 'boolean',
  enumeration: 'enumeration',
};

/**
 * How an attribute is filtered, or null when it is not (json, blocks, components, dynamic zones,
 * media, passwords, to-many relations). A to-one relation is filtered on its target's main field,
 * as text.
 */
export function filterKindOf(attribute: AttributeDto): FilterKind | null {
  if (attribute.type === 'relation') return isToOne(attribute) ? 'text' : null;
  if (attribute.private === true && attribute.type !== 'relation') return null;
  return KINDS[attribute.type] ?? null;
}

export function isToOne(attribute: AttributeDto): boolean {
  return attribute.type === 'relation' && attribute.relation !== undefined && /^(oneToOne|manyToOne|oneWay)$/.test(attribute.relation);
}

/** Whether an attribute can be a column of the list (what the configuration's `layouts.list` accepts). */
export function isListable(name: string, attribute: AttributeDto): boolean {
  if (name === 'id') return true;
  if (attribute.type === 'relation') return attribute.targetModel !== 'plugin::upload.file';
  return !['json', 'component', 'dynamiczone', 'richtext', 'blocks', 'password', 'media'].includes(attribute.type);
}
