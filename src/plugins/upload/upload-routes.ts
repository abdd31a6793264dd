import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from '../../core/auth/auth-service.js';
import { authorizeRead } from '../../core/auth/authorize-read.js';
import { pluginPermission, type PermissionCheck, type PluginAction } from '../../core/auth/permission-names.js';
import type { RestConfig } from '../../core/config/app-config.js';
import type { Document } from '../../core/documents/document.js';
import type { DocumentService } from '../../core/documents/document-service.js';
import type { LocaleCatalog } from '../../core/query/locale-catalog.js';
import { readQuery, routeMethods } from '../../transports/plugin-http.js';
import type { DocumentQuery } from '../../core/query/document-query.js';
import type { ContentType } from '../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import { parseRowId } from '../../core/schema/scalar-values.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../core/shared/errors.js';
import { receiveUpload, type ReceivedUpload } from './receive-upload.js';
import type { UploadConfig } from './upload-config.js';
import type { UploadService } from './upload-service.js';

export interface UploadRoutesContext {
  readonly prefix: string;
  readonly config: UploadConfig;
  readonly auth: AuthService;
  readonly documents: DocumentService;
  readonly registry: SchemaRegistry;
  readonly rest: RestConfig;
  readonly locales: LocaleCatalog;
  readonly contentType: ContentType;
  readonly uploads: UploadService;
  /** The folder new files go to: Strapi's "API Uploads". */
  readonly apiFolder: () => Promise<number>;
}

type UploadAction = PluginAction<'plugin::upload.content-api'>;

/** The attributes of a file object, in the reference's order (folderPath is private). */
const FILE_FIELDS = [
  'id', 'documentId', 'name', 'alternativeText', 'caption', 'focalPoint', 'width', 'height', 'formats', 'hash', 'ext', 'mime',
  'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt', 'publishedAt',
] as const;

/** A file row → the bare object the upload API answers with (only the fields read). */
export function toFileObject(document: Document): Record<string, unknown> {
  const file: Record<string, unknown> = {};
  for (const field of FILE_FIELDS) if (field in document) file[field] = document[field];
  return file;
}

/**
 * The upload plugin's content API (reference §14): bare bodies, numeric ids, permissions
 * `plugin::upload.content-api.<upload|find|findOne|destroy>`.
 */
export function uploadRoutes(fastify: FastifyInstance, context: UploadRoutesContext): void {
  const { prefix, auth, documents, contentType, uploads } = context;
  /** Who calls, and may they do this (403 otherwise): their permissions, for the reads that follow. */
  async function allow(request: FastifyRequest, action: UploadAction): Promise<PermissionCheck> {
    const principal = await auth.authenticate(request.headers.authorization);
    const can: PermissionCheck = (permission) => auth.can(principal, permission);
    if (!can(pluginPermission('plugin::upload.content-api', action))) throw new ForbiddenError();
    return can;
  }

  /** A query on files through the read stage, under the route's own permission (already allowed). */
  function read(can: PermissionCheck, action: UploadAction, raw: Readonly<Record<string, unknown>>): DocumentQuery {
    const parse = { rest: context.rest, registry: context.registry, locales: context.locales };
    return authorizeRead({ can, permission: pluginPermission('plugin::upload.content-api', action), contentType, query: raw, parse });
  }

  function fileNotFound(): never {
    throw new NotFoundError('file.notFound');
  }

  /** The file with this numeric id (query: its fields and populate), or a 404; the caller was allowed `action`. */
  async function fileById(rawId: unknown, can: PermissionCheck, action: UploadAction, raw: Readonly<Record<string, unknown>> = {}): Promise<Document> {
    if (parseRowId(rawId) === undefined) fileNotFound();
    const query = read(can, action, { ...raw, filters: { id: { $eq: rawId } } });
    const page = await documents.findMany({ query: { ...query, pagination: { mode: 'offset', start: 0, limit: 1, withCount: false } } });
    return page.documents[0] ?? fileNotFound();
  }

  /** Receives the multipart body into a temp folder that is removed whatever happens. */
  async function withUpload<T>(request: FastifyRequest, work: (received: ReceivedUpload) => Promise<T>): Promise<T> {
    const tempDir = await mkdtemp(path.join(tmpdir(), 'tessera-upload-'));
    try {
      return await work(await receiveUpload(request, { sizeLimit: context.config.sizeLimit, requestSizeLimit: context.config.requestSizeLimit, tempDir }));
    } finally {
      await rm(tempDir, { recursive: true, force: true });
    }
  }

  routeMethods(fastify, `${prefix}/upload`, {
    async POST(request, reply) {
      const can = await allow(request, 'upload');
      const { id, ...others } = readQuery(request.query);
      const unknown = Object.keys(others)[0];
      if (unknown !== undefined) throw ValidationError.invalidKey(unknown, { source: 'query', param: unknown });
      if (id === undefined) {
        const created = await withUpload(request, (received) => uploads.upload(received, { into: context.apiFolder }));
        return reply.code(201).send(created.map(toFileObject));
      }
      const existing = await fileById(id, can, 'upload');
      const updated = await withUpload(request, (received) => (received.files.length > 0 ? uploads.replace(existing, received) : uploads.updateInfo(existing, received)));
      return toFileObject(updated);
    },
  });

  routeMethods(fastify, `${prefix}/upload/files`, {
    async GET(request) {
      const can = await allow(request, 'find');
      const page = await documents.findMany({ query: read(can, 'find', readQuery(request.query)) });
      return page.documents.map(toFileObject);
    },
  });

  routeMethods(fastify, `${prefix}/upload/files/:id`, {
    async GET(request) {
      const can = await allow(request, 'findOne');
      const { filters: _ignored, ...raw } = readQuery(request.query);
      return toFileObject(await fileById((request.params as { id: string }).id, can, 'findOne', raw));
    },
    async DELETE(request) {
      const can = await allow(request, 'destroy');
      const existing = await fileById((request.params as { id: string }).id, can, 'destroy');
      await uploads.remove(existing);
      return toFileObject(existing);
    },
  });
}
