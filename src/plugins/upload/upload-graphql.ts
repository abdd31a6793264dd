import { GraphQLID, GraphQLInputObjectType, GraphQLNonNull, GraphQLString, type GraphQLFieldConfigMap } from 'graphql';
import { pluginPermission } from '../../core/auth/permission-names.js';
import { isDocumentId } from '../../core/documents/document-id.js';
import type { Document } from '../../core/documents/document.js';
import { parseDocumentQuery } from '../../core/query/parse/parse-document-query.js';
import { NotFoundError } from '../../core/shared/errors.js';
import { FILE_UID } from './file-type.js';
import type { UploadService } from './upload-service.js';
import type { PluginSchema } from '../../transports/graphql/build-schema.js';
import type { GraphqlRequestContext } from '../../transports/graphql/graphql-context.js';
import type { RootContext } from '../../transports/graphql/resolve/read-query.js';

type Fields = GraphQLFieldConfigMap<unknown, GraphqlRequestContext>;
type Args = Readonly<Record<string, unknown>>;

const MAX_ID = 2_147_483_647;

/**
 * The file with this numeric id (reference §1 Media), or the REST route's 404. A documentId is
 * taken too: the entity shape's `UploadFileEntity.id` is the documentId (DECISIONS), so it is
 * the only id a client of that shape reads.
 */
async function fileById(rawId: unknown, context: RootContext): Promise<Document> {
  const { registry, locales, documents } = context.services;
  const contentType = registry.get(FILE_UID);
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : '';
  const numeric = /^[1-9][0-9]{0,9}$/.test(id) && Number(id) <= MAX_ID;
  if (!contentType || !(numeric || isDocumentId(id))) throw new NotFoundError('file.notFound');
  const filters = numeric ? { id: { $eq: id } } : { documentId: { $eq: id } };
  const query = parseDocumentQuery({ filters }, { contentType, rest: context.rest, registry, locales });
  const page = await documents.findMany({ query: { ...query, pagination: { mode: 'offset', start: 0, limit: 1, withCount: false } } });
  const file = page.documents[0];
  if (!file) throw new NotFoundError('file.notFound');
  return file;
}

/** FileInfoInput → the `fileInfo` of a REST update: unset keys left out; a file keeps its name when `name` is null. */
function fileInfoOf(info: unknown): Record<string, unknown> {
  const given = (info ?? {}) as Args;
  return Object.fromEntries(Object.entries(given).filter(([key, value]) => value !== undefined && !(key === 'name' && value === null)));
}

/**
 * The upload plugin's GraphQL mutations (reference §1 Media): `updateUploadFile` and
 * `deleteUploadFile`, on the upload service the REST routes use, with their permissions
 * (`POST /upload?id=` needs `upload`, `DELETE /upload/files/:id` needs `destroy`). Reads are
 * shadow CRUD's. Both schema shapes answer the bare `UploadFile` (the entity shape has no
 * `UploadFileEntityResponse` here).
 */
export function uploadSchema(uploads: UploadService): PluginSchema {
  return (types, context) => {
    const fileType = types.registry.get(FILE_UID);
    if (!fileType || !types.isExposed(fileType)) return {};
    const file = context.output.objectOf(fileType);
    const fileInfoInput = new GraphQLInputObjectType({
      name: 'FileInfoInput',
      fields: { name: { type: GraphQLString }, alternativeText: { type: GraphQLString }, caption: { type: GraphQLString } },
    });
    const id = { type: new GraphQLNonNull(GraphQLID) };

    const mutations: Fields = {
      updateUploadFile: {
        type: new GraphQLNonNull(file),
        args: { id, info: { type: fileInfoInput } },
        resolve: async (_parent, args: Args) => {
          const existing = await fileById(args.id, context);
          return uploads.updateInfo(existing, { files: [], fileInfo: [fileInfoOf(args.info)] });
        },
      },
      deleteUploadFile: {
        type: file,
        args: { id },
        resolve: async (_parent, args: Args) => {
          const existing = await fileById(args.id, context);
          await uploads.remove(existing);
          return existing;
        },
      },
    };
    return {
      mutations,
      scopes: new Map([
        ['Mutation.updateUploadFile', [pluginPermission('plugin::upload.content-api', 'upload')]],
        ['Mutation.deleteUploadFile', [pluginPermission('plugin::upload.content-api', 'destroy')]],
      ]),
    };
  };
}
