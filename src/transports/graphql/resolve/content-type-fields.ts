import { GraphQLEnumType, GraphQLID, GraphQLList, GraphQLNonNull, type GraphQLFieldConfigArgumentMap, type GraphQLFieldConfigMap, type GraphQLResolveInfo } from 'graphql';
import { contentPermission, readPermission, type PermissionName } from '../../../core/auth/permission-names.js';
import { isDocumentId } from '../../../core/documents/document-id.js';
import type { Document } from '../../../core/documents/document.js';
import { validateData } from '../../../core/documents/validate-data.js';
import { toOffsetLimit, type DocumentQuery } from '../../../core/query/document-query.js';
import type { ContentType } from '../../../core/schema/content-type.js';
import { NotFoundError } from '../../../core/shared/errors.js';
import type { ShadowAction } from '../extension/extension-types.js';
import type { GraphqlRequestContext } from '../graphql-context.js';
import { LocaleCodeScalar } from '../scalars.js';
import { pluralFieldOf, singularFieldOf, typeNameOf } from '../type-names.js';
import type { SchemaTypes } from '../types/schema-types.js';
import { inputToData } from './input-to-data.js';
import { listArgs, paginationInfo, type GraphqlList } from './list-window.js';
import { selectsPagination } from './plan-selection.js';
import { readQuery, type RootContext } from './read-query.js';

type Args = Readonly<Record<string, unknown>>;
type Fields = GraphQLFieldConfigMap<unknown, GraphqlRequestContext>;

export const PublicationStatusType = new GraphQLEnumType({ name: 'PublicationStatus', values: { DRAFT: { value: 'draft' }, PUBLISHED: { value: 'published' } } });
export const PublicationStateType = new GraphQLEnumType({ name: 'PublicationState', values: { LIVE: { value: 'published' }, PREVIEW: { value: 'draft' } } });

/** Root fields of one content-type and the permission each needs. */
export interface RootFields {
  readonly queries: Fields;
  readonly mutations: Fields;
  /** `Query.articles` → `api::article.article.find`. */
  readonly scopes: ReadonlyMap<string, PermissionName>;
}

/** Permission names of the root fields; reads of the upload plugin's files use its content-api actions. */
function permissionOf(contentType: ContentType, action: ShadowAction): PermissionName {
  return action === 'find' || action === 'findOne' ? readPermission(contentType.uid, action) : contentPermission(contentType.uid, action);
}

function list(page: { documents: readonly Document[]; total: number | null }, query: DocumentQuery): GraphqlList {
  const { offset, limit } = toOffsetLimit(query.pagination);
  const total = page.total ?? page.documents.length;
  return { documents: page.documents, pagination: () => paginationInfo(offset, limit ?? Math.max(total - offset, 0), total) };
}

export function contentTypeFields(contentType: ContentType, types: SchemaTypes, context: RootContext): RootFields {
  const { services, output } = context;
  const { documents, registry } = services;
  const flat = types.shape === 'flat';
  const enabled = (action: ShadowAction) => types.shadow.isActionEnabled(contentType.uid, action);
  const queries: Fields = {};
  const mutations: Fields = {};
  const scopes = new Map<string, PermissionName>();
  const singular = singularFieldOf(contentType);
  const plural = pluralFieldOf(contentType);
  const typeName = typeNameOf(contentType);
  const single = contentType.kind === 'singleType';
  // Plugin types have their own mutations (users-permissions, upload).
  const plugin = contentType.uid.startsWith('plugin::');

  const versionArgs: GraphQLFieldConfigArgumentMap = {
    status: { type: PublicationStatusType },
    ...(contentType.localized ? { locale: { type: LocaleCodeScalar } } : {}),
  };
  const readArgs: GraphQLFieldConfigArgumentMap = flat ? versionArgs : { publicationState: { type: PublicationStateType, defaultValue: 'published' }, ...versionArgs };
  const idArg = flat ? 'documentId' : 'id';
  const one = (document: Document | null) => (flat ? document : { data: document });

  /** A documentId, or a row id (entity shape, DECISIONS), as the document's documentId; null when none matches. */
  async function documentIdOf(value: unknown, args: Args, info: GraphQLResolveInfo, principal: GraphqlRequestContext['principal']): Promise<string | null> {
    const text = String(value ?? '');
    // Digits only: a row id (a generated documentId is never all digits), in the entity shape.
    if (flat || !/^\d{1,15}$/.test(text)) return isDocumentId(text) ? text : null;
    const query = readQuery(contentType, args, info, principal, context, { restFilters: { id: { $eq: text } } });
    const page = await documents.findMany({ query: { ...query, populate: [], pagination: { mode: 'offset', start: 0, limit: 1, withCount: false } } });
    return page.documents[0]?.documentId ?? null;
  }

  const output1 = output.oneOf(contentType);
  if (single) {
    if (enabled('find')) {
      queries[singular] = {
        type: output1,
        args: readArgs,
        resolve: async (_parent, args: Args, ctx, info) => one(await documents.findFirst({ query: readQuery(contentType, args, info, ctx.principal, context, { one: true }) })),
      };
      scopes.set(`Query.${singular}`, permissionOf(contentType, 'find'));
    }
  } else {
    if (enabled('findOne')) {
      queries[singular] = {
        type: output1,
        args: { [idArg]: { type: flat ? new GraphQLNonNull(GraphQLID) : GraphQLID }, ...readArgs },
        resolve: async (_parent, args: Args, ctx, info) => {
          const documentId = await documentIdOf(args[idArg], args, info, ctx.principal);
          const query = readQuery(contentType, args, info, ctx.principal, context, { one: true });
          return one(documentId === null ? null : await documents.findOne({ query, documentId }));
        },
      };
      scopes.set(`Query.${singular}`, permissionOf(contentType, 'findOne'));
    }
    if (enabled('find')) {
      const args = { ...listArgs(types.filtersOf(contentType)), ...readArgs };
      const collection = output.collectionOf(contentType);
      const resolveList = async (args: Args, ctx: GraphqlRequestContext, info: GraphQLResolveInfo) => {
        const query = readQuery(contentType, args, info, ctx.principal, context, { withCount: selectsPagination(info, collection.name) });
        return list(await documents.findMany({ query }), query);
      };
      if (flat) {
        queries[plural] = {
          type: new GraphQLNonNull(new GraphQLList(output.objectOf(contentType))),
          args,
          resolve: async (_parent, given: Args, ctx, info) => (await resolveList(given, ctx, info)).documents,
        };
        queries[`${plural}_connection`] = { type: collection, args, resolve: (_parent, given: Args, ctx, info) => resolveList(given, ctx, info) };
        scopes.set(`Query.${plural}_connection`, permissionOf(contentType, 'find'));
      } else {
        queries[plural] = { type: collection, args, resolve: (_parent, given: Args, ctx, info) => resolveList(given, ctx, info) };
      }
      scopes.set(`Query.${plural}`, permissionOf(contentType, 'find'));
    }
  }
  if (plugin) return { queries, mutations, scopes };
  // A type with nothing writable has no input type (an empty one is invalid): no create nor update.
  const writable = Object.keys(types.inputOf(contentType).getFields()).length > 0;

  const data = { data: { type: new GraphQLNonNull(types.inputOf(contentType)) } };
  const writeArgs: GraphQLFieldConfigArgumentMap = { ...versionArgs };
  const bodyOf = (args: Args) => inputToData((args.data ?? {}) as Record<string, unknown>, contentType, registry);

  if (writable && !single && enabled('create')) {
    mutations[`create${typeName}`] = {
      type: output1,
      args: { ...data, ...writeArgs },
      resolve: async (_parent, args: Args, ctx, info) => {
        const query = readQuery(contentType, args, info, ctx.principal, context, { one: true });
        return one(await documents.create({ write: validateData(bodyOf(args), contentType, 'create', registry), query }));
      },
    };
    scopes.set(`Mutation.create${typeName}`, permissionOf(contentType, 'create'));
  }
  if (writable && enabled('update')) {
    mutations[`update${typeName}`] = {
      type: output1,
      args: single ? { ...data, ...writeArgs } : { [idArg]: { type: new GraphQLNonNull(GraphQLID) }, ...data, ...writeArgs },
      resolve: async (_parent, args: Args, ctx, info) => {
        const query = readQuery(contentType, args, info, ctx.principal, context, { one: true });
        const body = bodyOf(args);
        if (single) return one(await documents.putSingle({ contentType, writeFor: (mode, base, joining) => validateData({ ...base, ...body }, contentType, mode, registry, { joining }), query }));
        const documentId = await documentIdOf(args[idArg], args, info, ctx.principal);
        if (documentId === null) throw new NotFoundError();
        const write = validateData(body, contentType, 'update', registry);
        const localize = (base: Readonly<Record<string, unknown>>) => validateData({ ...base, ...body }, contentType, 'create', registry, { joining: true });
        const document = await documents.update({ documentId, write, query, localize });
        if (!document) throw new NotFoundError();
        return one(document);
      },
    };
    scopes.set(`Mutation.update${typeName}`, permissionOf(contentType, 'update'));
  }
  if (enabled('delete')) {
    mutations[`delete${typeName}`] = {
      type: flat ? output.deleteResponse : output1,
      args: single ? { ...(contentType.localized ? { locale: { type: LocaleCodeScalar } } : {}) } : { [idArg]: { type: new GraphQLNonNull(GraphQLID) }, ...(contentType.localized ? { locale: { type: LocaleCodeScalar } } : {}) },
      resolve: async (_parent, args: Args, ctx, info) => {
        const documentId = single ? await documents.singleDocumentId({ contentType }) : await documentIdOf(args[idArg], args, info, ctx.principal);
        if (documentId === null) throw new NotFoundError('Document not found');
        // The entity shape returns what was deleted: read it (as the selection asks) before
        // deleting: its published version, or the draft of a never-published document.
        const query = readQuery(contentType, args, info, ctx.principal, context, { one: true });
        const before = flat ? null : ((await documents.findOne({ query, documentId })) ?? (contentType.draftAndPublish ? await documents.findOne({ query: { ...query, status: 'draft' }, documentId }) : null));
        if (!(await documents.delete({ contentType, documentId, locale: query.locale }))) throw new NotFoundError('Document not found');
        return flat ? { documentId } : { data: before };
      },
    };
    scopes.set(`Mutation.delete${typeName}`, permissionOf(contentType, 'delete'));
  }
  return { queries, mutations, scopes };
}
