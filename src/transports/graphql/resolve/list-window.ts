import { GraphQLInputObjectType, GraphQLInt, GraphQLList, GraphQLString, type GraphQLFieldConfigArgumentMap } from 'graphql';
import { PaginationError } from '../../../core/shared/errors.js';

/** `{ total, page, pageSize, pageCount }`, as the reference computes it for every list. */
export interface PaginationInfo {
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  readonly pageCount: number;
}

/** A list as list types resolve it: its items, and its numbers when a client asks for them. */
export interface GraphqlList {
  readonly documents: readonly unknown[];
  pagination(): PaginationInfo;
}

export interface ListLimits {
  readonly defaultLimit: number;
  readonly amountLimit: number;
}

export const PaginationArgType = new GraphQLInputObjectType({
  name: 'PaginationArg',
  fields: { page: { type: GraphQLInt }, pageSize: { type: GraphQLInt }, start: { type: GraphQLInt }, limit: { type: GraphQLInt } },
});

/** `filters`, `pagination` and `sort`, the arguments of every list field. */
export function listArgs(filters: GraphQLInputObjectType): GraphQLFieldConfigArgumentMap {
  return {
    filters: { type: filters },
    pagination: { type: PaginationArgType, defaultValue: {} },
    sort: { type: new GraphQLList(GraphQLString), defaultValue: [] },
  };
}

/** Rows to skip and take: page or offset mode (not both), sizes capped at `amountLimit` silently, as the reference caps at maxLimit. */
export function windowOf(raw: unknown, limits: ListLimits): { readonly offset: number; readonly limit: number } {
  const given = (raw ?? {}) as { page?: number | null; pageSize?: number | null; start?: number | null; limit?: number | null };
  const pageMode = given.page != null || given.pageSize != null;
  const offsetMode = given.start != null || given.limit != null;
  if (pageMode && offsetMode) throw new PaginationError('Cannot use both page & offset pagination in the same query');
  const cap = (size: number) => (size < 0 ? limits.amountLimit : Math.min(size, limits.amountLimit));
  if (pageMode) {
    const pageSize = cap(Math.max(given.pageSize ?? limits.defaultLimit, 1));
    const page = Math.max(given.page ?? 1, 1);
    return { offset: (page - 1) * pageSize, limit: pageSize };
  }
  return { offset: Math.max(given.start ?? 0, 0), limit: cap(given.limit ?? limits.defaultLimit) };
}

export function paginationInfo(offset: number, limit: number, total: number): PaginationInfo {
  const pageSize = Math.max(limit, 1);
  return { total, page: Math.floor(offset / pageSize) + 1, pageSize: limit, pageCount: Math.ceil(total / pageSize) };
}

/**
 * A populated list (relation, media, repeatable component) windowed by the field's pagination.
 * Filters and sort were applied by the query; the window is cut here, per parent, because one
 * statement loads the items of every parent at once.
 */
export function resolveList(value: unknown, args: Readonly<Record<string, unknown>>, limits: ListLimits): GraphqlList {
  const items = Array.isArray(value) ? value : [];
  const { offset, limit } = windowOf(args.pagination, limits);
  const documents = items.slice(offset, offset + limit);
  return { documents, pagination: () => paginationInfo(offset, limit, items.length) };
}

/** A dynamic zone's items (an unpopulated or empty zone is an empty list). */
export function resolveZone(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}
