import type { Options as SlugifyOptions } from '@sindresorhus/slugify';

/**
 * Normalized attribute models. A definition from schema.json becomes one of these once, at
 * start; every later stage works from them (never from the raw JSON).
 */

import type { AttributePattern } from './attribute-pattern.js';

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

/** The `options` of a uid attribute that shape its generated value (Strapi's `UIDOptions`, plus what slugify v3 adds). */
export type UidOptions = Pick<
  SlugifyOptions,
  'separator' | 'lowercase' | 'decamelize' | 'customReplacements' | 'preserveLeadingUnderscore' | 'preserveTrailingDash' | 'preserveCharacters' | 'transliterate' | 'locale'
>;

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
  readonly regex?: AttributePattern;
  /** Allowed values of an enumeration. */
  readonly enum?: readonly string[];
  /** The attribute a uid is generated from. */
  readonly targetField?: string;
  /** How a uid is generated from its targetField: the attribute's `options`, passed to `@sindresorhus/slugify` as Strapi does. */
  readonly uidOptions?: UidOptions;
  /** On a localized content-type: not localized (one value for every locale of a document). */
  readonly shared?: boolean;
}

export const RELATION_KINDS = ['oneToOne', 'oneToMany', 'manyToOne', 'manyToMany', 'oneWay', 'manyWay'] as const;

export type RelationKind = (typeof RELATION_KINDS)[number];

/** Kinds whose owning side holds many targets. */
export const TO_MANY_KINDS: ReadonlySet<RelationKind> = new Set(['oneToMany', 'manyToMany', 'manyWay']);

/**
 * A relation to documents of a content-type. The side with `mappedBy` is the inverse side: it
 * owns no link table and reads and writes the links of the attribute it names on the target.
 * Every other relation owns a link table (schema/relation-link.ts).
 */
export interface RelationAttribute {
  readonly kind: 'relation';
  readonly name: string;
  readonly type: 'relation';
  readonly relation: RelationKind;
  /** uid of the target content-type. */
  readonly target: string;
  readonly inversedBy?: string;
  readonly mappedBy?: string;
  /** Whether this side holds a list (false: at most one document). */
  readonly many: boolean;
  /**
   * Set on media attributes (`type: "media"`), which are one-way relations to the upload
   * plugin's files: set by file id only (no connect), never filtered on, populated as whole
   * file objects; `allowedTypes` null: any file.
   */
  readonly media?: { readonly allowedTypes: readonly MediaType[] | null };
  readonly required: boolean;
  readonly private: boolean;
  readonly writable: boolean;
  /** A media attribute of a localized content-type with `localized: false`: one value per document and status (never set on other relations). */
  readonly shared?: boolean;
}

/** The kinds of file a media attribute may accept (`allowedTypes`). */
export const MEDIA_TYPES = ['images', 'files', 'videos', 'audios'] as const;

export type MediaType = (typeof MEDIA_TYPES)[number];

/** A single or repeatable component: rows of the component's table owned by the parent row. */
export interface ComponentAttribute {
  readonly kind: 'component';
  readonly name: string;
  readonly type: 'component';
  /** uid of the component (`<category>.<name>`). */
  readonly component: string;
  readonly repeatable: boolean;
  readonly required: boolean;
  readonly private: boolean;
  readonly writable: boolean;
  /** Bounds on the number of items of a repeatable component. */
  readonly min?: number;
  readonly max?: number;
  /** On a localized content-type, `localized: false`: one value per document and status. */
  readonly shared?: boolean;
}

/** An ordered list of components of the listed kinds, each item tagged with `__component`. */
export interface DynamicZoneAttribute {
  readonly kind: 'dynamiczone';
  readonly name: string;
  readonly type: 'dynamiczone';
  /** uids of the components allowed, in definition order. */
  readonly components: readonly string[];
  readonly required: boolean;
  readonly private: boolean;
  readonly writable: boolean;
  readonly min?: number;
  readonly max?: number;
  /** On a localized content-type, `localized: false`: one value per document and status. */
  readonly shared?: boolean;
}

/** Attributes stored outside the row, which responses show only when populated. */
export type LinkedAttribute = RelationAttribute | ComponentAttribute | DynamicZoneAttribute;

export type Attribute = ScalarAttribute | LinkedAttribute;

/** Whether the content API may read, filter and sort on an attribute. */
export function isPublicAttribute(attribute: Attribute): boolean {
  return !attribute.private && attribute.type !== 'password';
}

/** The attribute as a public scalar, or undefined (relations, components, private fields). */
export function asPublicScalar(attribute: Attribute | undefined): ScalarAttribute | undefined {
  return attribute && attribute.kind === 'scalar' && isPublicAttribute(attribute) ? attribute : undefined;
}
