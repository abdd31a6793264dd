import type { ScalarAttribute } from '../schema/attribute.js';
import type { ContentType } from '../schema/content-type.js';

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
  | ConditionNode;

/** One attribute compared with one operator. `value` is an array for $in, $notIn and $between. */
export interface ConditionNode {
  readonly kind: 'condition';
  readonly attribute: ScalarAttribute;
  readonly operator: ComparisonOperator;
  readonly value: ScalarValue | readonly ScalarValue[];
}

export interface SortKey {
  readonly attribute: ScalarAttribute;
  readonly direction: 'asc' | 'desc';
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
  readonly status: Status;
  /** null: the default locale; '*': every locale. */
  readonly locale: string | null;
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
