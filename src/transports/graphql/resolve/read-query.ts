import type { GraphQLResolveInfo } from 'graphql';
import type { Principal } from '../../../core/auth/principal.js';
import type { RestConfig } from '../../../core/config/app-config.js';
import { authorizeRead } from '../../../core/auth/authorize-read.js';
import type { DocumentQuery } from '../../../core/query/document-query.js';
import type { ContentType } from '../../../core/schema/content-type.js';
import type { GraphqlServices } from '../graphql-context.js';
import type { OutputTypes } from '../types/output-types.js';
import { filtersToParams } from './filters-to-params.js';
import { modelSelections, populateOf } from './plan-selection.js';

/** What the root resolvers share: the services, this build's output types and the query settings. */
export interface RootContext {
  readonly services: GraphqlServices;
  readonly output: OutputTypes;
  /** The REST parser's settings with GraphQL's page sizes (default 10, capped at amountLimit). */
  readonly rest: RestConfig;
}

export function graphqlRestConfig(services: GraphqlServices): RestConfig {
  const { defaultLimit, amountLimit } = services.config;
  return { ...services.rest, defaultLimit, maxLimit: amountLimit, withCount: true, strictParams: false };
}

/** `status` (PublicationStatus) or `publicationState` (PublicationState): both enums carry `draft`/`published`. */
function statusOf(args: Readonly<Record<string, unknown>>): string | undefined {
  const status = args.status ?? args.publicationState;
  return typeof status === 'string' ? status : undefined;
}

export interface ReadOptions {
  /** Read the list's count (only when the selection shows the numbers). */
  readonly withCount?: boolean;
  /** Leave filters, sort and pagination out (single-document reads and writes). */
  readonly one?: boolean;
  /** Filters in the REST parameter's form, instead of the `filters` argument. */
  readonly restFilters?: Readonly<Record<string, unknown>>;
}

/**
 * The DocumentQuery of a root field: its arguments as REST parameters (one parser, one set of
 * checks and messages for both APIs) and its selection as the populate tree; relations the
 * caller may not `find` are pruned and filters through them refused, exactly as REST does.
 */
export function readQuery(contentType: ContentType, args: Readonly<Record<string, unknown>>, info: GraphQLResolveInfo, principal: Principal, context: RootContext, options: ReadOptions = {}): DocumentQuery {
  const { services, output } = context;
  const { registry, locales, auth } = services;
  const plan = { info, output, registry };
  const populate = populateOf(contentType, modelSelections(info.fieldNodes, info.returnType, plan), plan);
  const raw: Record<string, unknown> = { status: statusOf(args), locale: args.locale ?? undefined, populate };
  if (!options.one) {
    if (options.restFilters) raw.filters = options.restFilters;
    else if (args.filters && typeof args.filters === 'object') raw.filters = filtersToParams(args.filters as Record<string, unknown>, contentType, registry);
    if (Array.isArray(args.sort) && args.sort.length > 0) raw.sort = args.sort;
    const pagination = Object.fromEntries(Object.entries((args.pagination ?? {}) as Record<string, unknown>).filter(([, value]) => value !== null && value !== undefined));
    raw.pagination = { ...pagination, withCount: options.withCount === true };
  }
  // The root field's own permission is its resolver scope, checked before (and changeable by project code).
  return authorizeRead({ can: (permission) => auth.can(principal, permission), permission: 'checked-by-transport', contentType, query: raw, parse: { rest: context.rest, registry, locales } });
}
