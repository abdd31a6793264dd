/**
 * Normalized attribute models. A definition from schema.json becomes one of these once, at
 * start; every later stage works from them (never from the raw JSON).
 */

/** Scalar attribute types: stored in a column of the content-type's own table. */
export const SCALAR_TYPES = [
  'string',
  'text',
  'richtext',
  'blocks',
  'enumeration',
  'email',
  'password',
  'uid',
  'date',
  'time',
  'datetime',
  'timestamp',
  'integer',
  'biginteger',
  'float',
  'decimal',
  'boolean',
  'json',
  'array',
] as const;

export type ScalarType = (typeof SCALAR_TYPES)[number];

/** Attribute kinds that live outside the row (relations, components, media, dynamic zones). */
export const LINKED_TYPES = ['relation', 'component', 'dynamiczone', 'media'] as const;

export function isScalarType(type: string): type is ScalarType {
  return (SCALAR_TYPES as readonly string[]).includes(type);
}

/** Types whose values are strings in the API and can be matched with LIKE operators. */
export const TEXT_TYPES: ReadonlySet<ScalarType> = new Set(['string', 'text', 'richtext', 'enumeration', 'email', 'uid', 'password']);

/** Types stored as JSON documents. */
export const JSON_TYPES: ReadonlySet<ScalarType> = new Set(['json', 'blocks', 'array']);

export interface ScalarAttribute {
  readonly kind: 'scalar';
  /** Attribute name as the API spells it. */
  readonly name: string;
  readonly type: ScalarType;
  /** Column name in the content-type's table. */
  readonly column: string;
  readonly required: boolean;
  readonly unique: boolean;
  /** Never output, never filterable or sortable over the content API. */
  readonly private: boolean;
  /** False for system attributes such as createdAt: rejected in bodies. */
  readonly writable: boolean;
  readonly default?: unknown;
  readonly min?: number | string;
  readonly max?: number | string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly regex?: RegExp;
  /** Allowed values of an enumeration. */
  readonly enum?: readonly string[];
  /** The attribute a uid is generated from. */
  readonly targetField?: string;
}

export type Attribute = ScalarAttribute;

/** Whether the content API may read, filter and sort on an attribute. */
export function isPublicAttribute(attribute: Attribute): boolean {
  return !attribute.private && attribute.type !== 'password';
}
