import type { ComponentAttribute, DynamicZoneAttribute, RelationAttribute, ScalarAttribute } from '../schema/attribute.js';
import type { ComponentModel } from '../schema/component-model.js';
import type { ContentType, Model } from '../schema/content-type.js';
import type { RelationSide } from '../schema/relation-link.js';

/**
 * The typed tree every transport builds and the document service reads: what the client
 * asked, in content-type terms. Built once per request, never mutated.
 */

/** A filter value after casting to the attribute's type. */
export type ScalarValue = string | number | bigint | boolean | null;

export const COMPARISON_OPERATORS = [
  '$eq', '$eqi', '$ne', '$nei', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn',
  '$contains', '$notContains', '$containsi', '$notContainsi', '$null', '$notNull',
  '$between', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi',
] as const;

export type ComparisonOperator = (typeof COMPARISON_OPERATORS)[number];

export type FilterNode =
  | { readonly kind: 'and'; readonly children: readonly FilterNode[] }
  | { readonly kind: 'or'; readonly children: readonly FilterNode[] }
  | { readonly kind: 'not'; readonly child: FilterNode }
  | ConditionNode
  | RelationFilterNode
  | ComponentFilterNode;

/** "Some document linked through `attribute` matches `child`" (`child` is over the other side's model). */
export interface RelationFilterNode {
  readonly kind: 'relation';
  readonly attribute: RelationAttribute;
  readonly side: RelationSide;
  readonly child: FilterNode;
}

/** "Some item of the component `attribute` matches `child`" (`child` is over the component's model). */
export interface ComponentFilterNode {
  readonly kind: 'component';
  readonly attribute: ComponentAttribute;
  readonly component: ComponentModel;
  /** uid of the model holding `attribute`: the items' parent_type. */
  readonly owner: string;
  readonly child: FilterNode;
}

/** One attribute compared with one operator. `value` is an array for $in, $notIn and $between. */
export interface ConditionNode {
  readonly kind: 'condition';
  readonly attribute: ScalarAttribute;
  readonly operator: ComparisonOperator;
  readonly value: ScalarValue | readonly ScalarValue[];
}

export interface SortKey {
  /** An attribute of the last model of `path` (of the sorted model when the path is empty). */
  readonly attribute: ScalarAttribute;
  readonly direction: 'asc' | 'desc';
  /** Relations and components walked to reach `attribute` (`sort=author.name`); empty for the model's own. */
  readonly path: readonly SortStep[];
}

export type SortStep =
  | { readonly kind: 'relation'; readonly attribute: RelationAttribute; readonly side: RelationSide }
  | { readonly kind: 'component'; readonly attribute: ComponentAttribute; readonly component: ComponentModel };

/**
 * One populated attribute. `populate` lists what to populate inside each populated item,
 * to any depth.
 */
export type PopulateNode = RelationPopulate | ComponentPopulate | DynamicZonePopulate | LocalizationsPopulate;

/** What to read of the items of one model (a relation's targets, a component, one kind in a zone). */
export interface PopulateSelection {
  readonly model: Model;
  /** Attributes to output besides id (and documentId for documents), in output order. */
  readonly fields: readonly ScalarAttribute[];
  readonly populate: readonly PopulateNode[];
}

export interface RelationPopulate extends PopulateSelection {
  readonly kind: 'relation';
  readonly attribute: RelationAttribute;
  readonly side: RelationSide;
  readonly model: ContentType;
  readonly filters: FilterNode | null;
  /** Empty: the order stored with the links. */
  readonly sort: readonly SortKey[];
  /** Output `{ count: n }` instead of the items. */
  readonly count: boolean;
}

/** `localizations` of a localized type: the document's versions in the other locales, with the read's status. */
export interface LocalizationsPopulate extends PopulateSelection {
  readonly kind: 'localizations';
  readonly model: ContentType;
}

export interface ComponentPopulate extends PopulateSelection {
  readonly kind: 'component';
  readonly attribute: ComponentAttribute;
  readonly model: ComponentModel;
}

export interface DynamicZonePopulate {
  readonly kind: 'dynamiczone';
  readonly attribute: DynamicZoneAttribute;
  /**
   * What to read per component kind: every kind the zone allows, or with `on` fragments only
   * the kinds they name (items of the other kinds are not output, as in the reference).
   */
  readonly components: ReadonlyMap<string, PopulateSelection>;
  readonly count: boolean;
}

/** Pagination as the client expressed it; `limit` null means no limit. */
export type Pagination =
  | { readonly mode: 'page'; readonly page: number; readonly pageSize: number; readonly withCount: boolean }
  | { readonly mode: 'offset'; readonly start: number; readonly limit: number | null; readonly withCount: boolean };

export type Status = 'published' | 'draft';

export interface DocumentQuery {
  readonly contentType: ContentType;
  /** Attributes to output besides id and documentId, in output order. */
  readonly fields: readonly ScalarAttribute[];
  readonly filters: FilterNode | null;
  /** Always ends with a unique key (id) so pages are stable. */
  readonly sort: readonly SortKey[];
  readonly pagination: Pagination;
  /** Which versions: drafts or published ones (types without Draft & Publish have only published ones). */
  readonly status: Status;
  /**
   * A locale code (the default one when the request named none), or '*' for every locale
   * (lists only). Restricts localized types; on others it only picks the locale of populated
   * localized relations.
   */
  readonly locale: string;
  /** Relations, components and dynamic zones to output; nothing linked is output unless listed. */
  readonly populate: readonly PopulateNode[];
  /**
   * The parameters it was parsed from (parseDocumentQuery), as the caller sent them: what
   * project hooks see as `filters`, `populate`…; a changed one is parsed again (src/compat).
   */
  readonly raw?: Readonly<Record<string, unknown>>;
}

/**
 * Beyond this no table has rows, so a larger offset selects the same empty page. Bounding it
 * keeps `(page - 1) * pageSize` an exact integer the database accepts as an OFFSET, whatever
 * page a client asks for (a far page is 200 with [], as in the reference, not an error).
 */
export const MAX_OFFSET = 2 ** 31;

/** Rows to skip and take for a pagination. */
export function toOffsetLimit(pagination: Pagination): { offset: number; limit: number | null } {
  return pagination.mode === 'page'
    ? { offset: Math.min((pagination.page - 1) * pagination.pageSize, MAX_OFFSET), limit: pagination.pageSize }
    : { offset: Math.min(pagination.start, MAX_OFFSET), limit: pagination.limit };
}
