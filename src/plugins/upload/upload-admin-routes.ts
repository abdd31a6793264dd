import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../core/db/database.js';
import type { Document } from '../../core/documents/document.js';
import type { DocumentService, WriteActor } from '../../core/documents/document-service.js';
import type { DocumentQuery } from '../../core/query/document-query.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import { parseRowId } from '../../core/schema/scalar-values.js';
import { ApplicationError, ForbiddenError, NotFoundError, ValidationError } from '../../core/shared/errors.js';
import type { AdminAbility, ContentGrant } from '../../transports/admin/admin-ability.js';
import { PolicyError } from '../../transports/admin/admin-errors.js';
import { adminUsersOf } from '../../transports/admin/admin-user-refs.js';
import { creatorFilter, creatorsReached } from '../../transports/admin/creators-reached.js';
import { readQuery, routeMethods } from '../../transports/plugin-http.js';
import { parseAdminFileQuery } from './admin-file-query.js';
import { parseFolderId } from './file-info.js';
import { type Folder, type FolderCounts, type FolderStore, type PlacedFolder } from './folder-store.js';
import { checkMediaSettings, checkViewConfiguration, type MediaSettingsStore } from './media-settings.js';
import { receiveUpload, type ReceivedUpload } from './receive-upload.js';
import type { UploadConfig } from './upload-config.js';
import { toFileObject } from './upload-routes.js';
import type { UploadService } from './upload-service.js';

/** Strapi's media library actions (`packages/core/upload/server/src/constants.ts`). */
export const UPLOAD_ADMIN_ACTIONS = {
  read: 'plugin::upload.read',
  create: 'plugin::upload.assets.create',
  update: 'plugin::upload.assets.update',
  download: 'plugin::upload.assets.download',
  copyLink: 'plugin::upload.assets.copy-link',
  readSettings: 'plugin::upload.settings.read',
  configureView: 'plugin::upload.configure-view',
} as const;

type UploadAdminAction = (typeof UPLOAD_ADMIN_ACTIONS)[keyof typeof UPLOAD_ADMIN_ACTIONS];

/** The admin user's ability for the request (the admin guard's `ability`); 401 without a valid admin token. */
export type AbilityOf = (request: FastifyRequest) => Promise<AdminAbility>;

export interface UploadAdminRoutesContext {
  readonly abilityOf: AbilityOf;
  /** Where files' creators and the admin users shown as `createdBy` are read. */
  readonly database: Database;
  readonly config: UploadConfig;
  readonly documents: DocumentService;
  readonly registry: SchemaRegistry;
  readonly uploads: UploadService;
  readonly folders: FolderStore;
  readonly settings: MediaSettingsStore;
  /** A query reading every attribute of a file. */
  readonly baseQuery: () => DocumentQuery;
}

/** A folder as the admin API shows it (its parent left out, as Strapi's sanitizer does). */
function folderObject(folder: Folder | PlacedFolder, counts?: FolderCounts): Record<string, unknown> {
  const { id, documentId, name, pathId, path: folderPath, createdAt, updatedAt, publishedAt, locale } = folder;
  return {
    id, documentId, name, pathId, path: folderPath, createdAt, updatedAt, publishedAt, locale,
    ...(counts ? { children: { count: counts.children }, files: { count: counts.files } } : {}),
  };
}

/** A file as the admin API shows it: the content API's object with folderPath and locale, `folder` when read with it, `isUrlSigned`. */
function adminFile(document: Document, folder?: Folder | null): Record<string, unknown> {
  const { createdAt, updatedAt, publishedAt, ...own } = toFileObject(document);
  return {
    ...own,
    folderPath: document.folderPath ?? '/',
    createdAt,
    updatedAt,
    publishedAt,
    locale: null,
    ...(folder !== undefined ? { folder: folder === null ? null : folderObject(folder) } : {}),
    // Tessera's providers serve public URLs; private (signed) ones are not supported.
    isUrlSigned: false,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** yup's noUnknown message, recorded from Strapi. */
function refuseUnknown(body: Record<string, unknown>, known: readonly string[]): void {
  const unknown = Object.keys(body).filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    const message = `this field has unspecified keys: ${unknown.join(', ')}`;
    throw ValidationError.fromFieldErrors([{ path: [], message, name: 'ValidationError', value: body }]);
  }
}

function objectBody(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) throw ValidationError.fromFieldErrors([{ path: [], message: 'this must be a `object` type', name: 'ValidationError', value: body ?? null }]);
  return body;
}

/** A `strapiID` field: a whole number or its digits, null when `nullable`. */
function idField(body: Record<string, unknown>, key: string, nullable: boolean): number | null | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (value === null && nullable) return null;
  const id = parseFolderId(value);
  if (id === undefined) throw ValidationError.atField(key, `${key} must be a valid ID`, value);
  return id;
}

/** `fileIds` / `folderIds`: a list of ids (absent: none). */
function idList(body: Record<string, unknown>, key: string): number[] {
  const value = body[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw ValidationError.atField(key, `${key} must be a \`array\` type`, value);
  if (value.length > 1000) throw ValidationError.atField(key, `${key} must have at most 1000 ids`, value.length);
  return value.map((item, index) => {
    const id = parseFolderId(item);
    if (id === undefined) throw ValidationError.fromFieldErrors([{ path: [key, String(index)], message: `${key}[${index}] must be a valid ID`, name: 'ValidationError', value: item }]);
    return id;
  });
}

const NAME_SLASH = /^[^/]+$/;
const NAME_SPACES = /^(?! ).+(?<! )$/;

/** A folder's name, with Strapi's rules and messages. */
function folderName(value: unknown, required: boolean): string | undefined {
  if (value === undefined || value === null) {
    if (required) throw ValidationError.fromFieldErrors([{ path: ['name'], message: 'name is a required field', name: 'ValidationError' }]);
    return undefined;
  }
  if (typeof value !== 'string') throw ValidationError.atField('name', `name must be a \`string\` type, but the final value was: \`${JSON.stringify(value)}\`.`, value);
  if (value.length === 0) throw ValidationError.atField('name', required ? 'name is a required field' : 'name must be at least 1 characters', value);
  if (!NAME_SLASH.test(value)) throw ValidationError.atField('name', 'name cannot contain slashes', value);
  if (!NAME_SPACES.test(value)) throw ValidationError.atField('name', 'name cannot start or end with a whitespace', value);
  // Stored in a 255-character column on every database.
  if (value.length > 255) throw ValidationError.atField('name', 'name must be at most 255 characters', value);
  return value;
}

/**
 * The media library's admin API (Strapi 5.54's `/upload` admin routes, recorded in
 * test/fixtures/strapi-admin/upload/): folders, files with their folders, bulk delete and move,
 * settings and the list view's configuration. Admin tokens only; permissions are Strapi's
 * `plugin::upload.*` actions, read from the admin user's ability.
 */
export function uploadAdminRoutes(fastify: FastifyInstance, context: UploadAdminRoutesContext): void {
  const { abilityOf, database, documents, registry, uploads, folders, settings, baseQuery } = context;

  /**
   * The grant of the action, or 403: Strapi's routes that check it in their policy answer
   * `PolicyError` ("Policy Failed"), the ones whose controller checks it `ForbiddenError`.
   */
  async function allow(request: FastifyRequest, action: UploadAdminAction, checkedBy: 'policy' | 'controller' = 'policy'): Promise<ContentGrant> {
    const ability = await abilityOf(request);
    const grant = ability.grant(action, null);
    if (!grant) throw checkedBy === 'policy' ? new PolicyError() : new ForbiddenError();
    return grant;
  }

  /** The admin user as the write's actor: files record who uploaded them (`createdBy`) and who changed them last. */
  async function actorOf(request: FastifyRequest): Promise<WriteActor> {
    return { adminUserId: (await abilityOf(request)).user.id, origin: 'media-library' };
  }

  /** Whose files a grant reaches (creators-reached.ts): null, every file; else those these admin users created. */
  async function creatorsOf(request: FastifyRequest, grant: ContentGrant): Promise<ReadonlySet<number> | null> {
    return grant.conditions.length === 0 ? null : creatorsReached(database, await abilityOf(request), grant);
  }

  /** The creator (an admin user id) of each of these files that has one: the version's created_by_id. */
  async function creatorIds(ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await database.db.selectFrom(baseQuery().contentType.collectionName).select(['id', 'created_by_id']).where('id', 'in', [...ids]).execute();
    return new Map(rows.flatMap((row) => (row.created_by_id === null || row.created_by_id === undefined ? [] : [[Number(row.id), Number(row.created_by_id)] as const])));
  }

  /** 403 unless the grant reaches every one of these files (a conditional grant: files its creators uploaded). */
  async function checkFiles(request: FastifyRequest, grant: ContentGrant, ids: readonly number[]): Promise<void> {
    const creators = await creatorsOf(request, grant);
    if (creators === null) return;
    const byFile = await creatorIds(ids);
    for (const id of ids) {
      const creator = byFile.get(id);
      if (creator === undefined || !creators.has(creator)) throw new ForbiddenError();
    }
  }

  /** One file's answer with `createdBy`, as Strapi's findOne and delete answer (its lists do not). */
  async function withCreator(file: Record<string, unknown>, id: number): Promise<Record<string, unknown>> {
    const creator = (await creatorIds([id])).get(id);
    const users = await adminUsersOf(database, creator === undefined ? [] : [creator]);
    const { folder, isUrlSigned, ...own } = file;
    return { ...own, createdBy: creator === undefined ? null : (users.get(creator) ?? null), ...(folder !== undefined ? { folder } : {}), isUrlSigned };
  }

  async function fileById(rawId: unknown): Promise<Document> {
    const id = typeof rawId === 'string' ? parseRowId(rawId) : undefined;
    const notFound = (): never => {
      throw new NotFoundError('Entity not found');
    };
    if (id === undefined) return notFound();
    const page = await documents.findMany({ query: withFolderPath({ ...baseQuery(), filters: idFilter([id]), pagination: { mode: 'offset', start: 0, limit: 1, withCount: false } }) });
    return page.documents[0] ?? notFound();
  }

  function withFolderPath(query: DocumentQuery): DocumentQuery {
    const folderPath = query.contentType.attributes.get('folderPath');
    if (!folderPath || folderPath.kind !== 'scalar' || query.fields.includes(folderPath)) return query;
    return { ...query, fields: [...query.fields, folderPath] };
  }

  function idFilter(ids: readonly number[]): DocumentQuery['filters'] {
    const idAttribute = baseQuery().contentType.attributes.get('id');
    if (!idAttribute || idAttribute.kind !== 'scalar') throw new Error('The file type has no id');
    return { kind: 'condition', attribute: idAttribute, operator: '$in', value: [...ids] };
  }

  /** The files of these ids, read again after a write (their folderPath is written beside the row), in the ids' order. */
  async function filesByIds(ids: readonly number[]): Promise<Document[]> {
    if (ids.length === 0) return [];
    const page = await documents.findMany({ query: withFolderPath({ ...baseQuery(), filters: idFilter(ids), pagination: { mode: 'offset', start: 0, limit: ids.length, withCount: false } }) });
    const byId = new Map(page.documents.map((document) => [Number(document.id), document]));
    return ids.map((id) => byId.get(id)).filter((document): document is Document => document !== undefined);
  }

  async function withUpload<T>(request: FastifyRequest, work: (received: ReceivedUpload) => Promise<T>): Promise<T> {
    const tempDir = await mkdtemp(path.join(tmpdir(), 'tessera-upload-'));
    try {
      return await work(await receiveUpload(request, { sizeLimit: context.config.sizeLimit, requestSizeLimit: context.config.requestSizeLimit, tempDir }));
    } finally {
      await rm(tempDir, { recursive: true, force: true });
    }
  }

  /** PUT /upload/files/:id (JSON or multipart) and POST /upload?id= without files: the file's info. */
  async function updateInfo(request: FastifyRequest, rawId: unknown, received?: ReceivedUpload): Promise<Record<string, unknown>> {
    const grant = await allow(request, UPLOAD_ADMIN_ACTIONS.update, 'controller');
    const existing = await fileById(rawId);
    await checkFiles(request, grant, [Number(existing.id)]);
    let upload = received;
    if (!upload) {
      if (request.isMultipart()) return withUpload(request, async (multipart) => updateInfo(request, rawId, multipart));
      const body = objectBody(request.body ?? {});
      refuseUnknown(body, ['fileInfo']);
      upload = { files: [], fileInfo: body.fileInfo === undefined ? [] : [body.fileInfo] };
    }
    if (upload.files.length > 0) throw new ValidationError('A file info update takes no file: replace it through POST /upload/files/:id/replace');
    const updated = await uploads.updateInfo(existing, upload, { folders: true, actor: await actorOf(request) });
    const [fresh] = await filesByIds([Number(updated.id)]);
    return adminFile(fresh ?? updated);
  }

  async function replace(request: FastifyRequest, rawId: unknown, received: ReceivedUpload): Promise<Record<string, unknown>> {
    const grant = await allow(request, UPLOAD_ADMIN_ACTIONS.update, 'controller');
    const existing = await fileById(rawId);
    await checkFiles(request, grant, [Number(existing.id)]);
    if (received.files.length > 1) throw new ApplicationError('Cannot replace a file with multiple ones');
    const updated = await uploads.replace(existing, received, { folders: true, actor: await actorOf(request) });
    const [fresh] = await filesByIds([Number(updated.id)]);
    return adminFile(fresh ?? updated);
  }

  async function create(request: FastifyRequest, received: ReceivedUpload): Promise<Record<string, unknown>[]> {
    if (received.files.length === 0) throw new ApplicationError('Files are empty');
    const created = await uploads.upload(received, { folders: true, actor: await actorOf(request) });
    return (await filesByIds(created.map((document) => Number(document.id)))).map((document) => adminFile(document));
  }

  // --- files -------------------------------------------------------------------------------

  routeMethods(fastify, '/upload', {
    async POST(request, reply) {
      const { id, ...others } = readQuery(request.query);
      const unknown = Object.keys(others)[0];
      if (unknown !== undefined) throw ValidationError.invalidKey(unknown, { source: 'query', param: unknown });
      if (id === undefined) {
        await allow(request, UPLOAD_ADMIN_ACTIONS.create, 'controller');
        return reply.code(201).send(await withUpload(request, (received) => create(request, received)));
      }
      // Strapi's multiplexer: with files, a replace; without, an info update. Refused before the body is read.
      await allow(request, UPLOAD_ADMIN_ACTIONS.update, 'controller');
      return withUpload(request, (received) => (received.files.length > 0 ? replace(request, id, received) : updateInfo(request, id, received)));
    },
  });

  routeMethods(fastify, '/upload/files', {
    async GET(request) {
      const grant = await allow(request, UPLOAD_ADMIN_ACTIONS.read);
      const parsed = await parseAdminFileQuery(readQuery(request.query), baseQuery(), registry, async (folder) => (await folders.get(folder))?.path ?? null);
      const { pagination } = parsed.query;
      const page = pagination.mode === 'page' ? pagination.page : 1;
      const pageSize = pagination.mode === 'page' ? pagination.pageSize : 10;
      // A conditional grant (the Author's admin::is-creator) lists the files its creators uploaded.
      const own = creatorFilter(await creatorsOf(request, grant));
      const query = own === null ? parsed.query : { ...parsed.query, filters: parsed.query.filters ? { kind: 'and' as const, children: [parsed.query.filters, own] } : own };
      const found = await documents.findMany({ query });
      const folderOf = await folders.foldersOfFiles(found.documents.map((document) => Number(document.id)));
      const total = found.total ?? found.documents.length;
      return {
        results: found.documents.map((document) => adminFile(document, folderOf.get(Number(document.id)) ?? null)),
        pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total },
      };
    },
    async POST(request, reply) {
      await allow(request, UPLOAD_ADMIN_ACTIONS.create, 'controller');
      const [file] = await withUpload(request, async (received) => {
        if (received.files.length > 1) throw new ValidationError('POST /upload/files takes one file; send several to POST /upload');
        return create(request, received);
      });
      return reply.code(201).send(file);
    },
  });

  routeMethods(fastify, '/upload/files/:id', {
    async GET(request) {
      const grant = await allow(request, UPLOAD_ADMIN_ACTIONS.read);
      const file = await fileById((request.params as { id: string }).id);
      await checkFiles(request, grant, [Number(file.id)]);
      const folderOf = await folders.foldersOfFiles([Number(file.id)]);
      return withCreator(adminFile(file, folderOf.get(Number(file.id)) ?? null), Number(file.id));
    },
    async PUT(request) {
      return updateInfo(request, (request.params as { id: string }).id);
    },
    async DELETE(request) {
      const grant = await allow(request, UPLOAD_ADMIN_ACTIONS.update);
      const file = await fileById((request.params as { id: string }).id);
      await checkFiles(request, grant, [Number(file.id)]);
      const folderOf = await folders.foldersOfFiles([Number(file.id)]);
      const answer = await withCreator(adminFile(file, folderOf.get(Number(file.id)) ?? null), Number(file.id));
      await uploads.remove(file);
      return answer;
    },
  });

  routeMethods(fastify, '/upload/files/:id/replace', {
    async POST(request) {
      const { id } = request.params as { id: string };
      await allow(request, UPLOAD_ADMIN_ACTIONS.update, 'controller');
      return withUpload(request, async (received) => {
        if (received.files.length === 0) throw new ValidationError('Files are empty');
        return replace(request, id, received);
      });
    },
  });

  // --- folders -----------------------------------------------------------------------------

  /** `filters` of a folder list: the admin's parent forms only. */
  function parentFilter(filters: unknown): number | null | undefined {
    if (filters === undefined) return undefined;
    const items = isRecord(filters) && Object.keys(filters).length === 1 && '$and' in filters ? (Array.isArray(filters.$and) ? filters.$and : isRecord(filters.$and) ? Object.values(filters.$and) : [filters.$and]) : [filters];
    let parent: number | null | undefined;
    for (const item of items) {
      const condition = isRecord(item) && Object.keys(item).length === 1 && 'parent' in item ? item.parent : undefined;
      const id = isRecord(condition) && Object.keys(condition).length === 1 && 'id' in condition ? condition.id : condition;
      if (isRecord(id) && Object.keys(id).length === 1 && (id.$null === true || id.$null === 'true')) parent = null;
      else if (isRecord(id) && Object.keys(id).length === 1 && parseFolderId(id.$eq) !== undefined) parent = parseFolderId(id.$eq);
      else if (parseFolderId(id) !== undefined) parent = parseFolderId(id);
      else throw ValidationError.atField('filters', 'Folders are filtered by parent.id = <id> or parent.id.$null = true', filters);
    }
    return parent;
  }

  function folderSort(raw: unknown): { key: 'name' | 'createdAt' | 'updatedAt' | 'id'; direction: 'asc' | 'desc' } | undefined {
    if (raw === undefined) return undefined;
    const text = Array.isArray(raw) && raw.length === 1 ? raw[0] : raw;
    const match = typeof text === 'string' ? /^(name|createdAt|updatedAt|id)(?::(asc|desc))?$/i.exec(text) : null;
    if (!match) throw ValidationError.atField('sort', 'Folders sort by name, createdAt, updatedAt or id, :ASC or :DESC', raw);
    return { key: match[1] as 'name' | 'createdAt' | 'updatedAt' | 'id', direction: (match[2]?.toLowerCase() ?? 'asc') as 'asc' | 'desc' };
  }

  routeMethods(fastify, '/upload/folders', {
    async GET(request) {
      await allow(request, UPLOAD_ADMIN_ACTIONS.read);
      const raw = readQuery(request.query);
      // populate (the counts) and pagination (the admin sends pageSize -1: all) change nothing: counts are always there, as Strapi's default.
      for (const key of Object.keys(raw)) if (!['filters', 'populate', 'pagination', 'sort', '_q'].includes(key)) throw ValidationError.invalidKey(key, { source: 'query', param: key });
      if (raw._q !== undefined && typeof raw._q !== 'string') throw ValidationError.atField('_q', '_q must be a string', raw._q);
      const parent = parentFilter(raw.filters);
      const sort = folderSort(raw.sort);
      const list = await folders.list({ ...(parent !== undefined ? { parent } : {}), ...(typeof raw._q === 'string' ? { q: raw._q } : {}), ...(sort ? { sort } : {}) });
      const counts = await folders.counts(list.map((folder) => folder.id));
      return { data: list.map((folder) => folderObject(folder, counts.get(folder.id))) };
    },
    async POST(request, reply) {
      await allow(request, UPLOAD_ADMIN_ACTIONS.create);
      const body = objectBody(request.body);
      refuseUnknown(body, ['name', 'parent']);
      const name = folderName(body.name, true) as string;
      const parent = idField(body, 'parent', true) ?? null;
      return reply.code(201).send({ data: folderObject(await folders.create({ name, parent })) });
    },
  });

  routeMethods(fastify, '/upload/folders/:id', {
    async GET(request) {
      await allow(request, UPLOAD_ADMIN_ACTIONS.read);
      const id = parseRowId((request.params as { id: string }).id);
      const folder = id === undefined ? null : await folders.get(id);
      if (!folder) throw new NotFoundError('folder not found');
      const counts = await folders.counts([folder.id]);
      return { data: folderObject(folder, counts.get(folder.id)) };
    },
    async PUT(request) {
      await allow(request, UPLOAD_ADMIN_ACTIONS.update);
      const id = parseRowId((request.params as { id: string }).id);
      const body = objectBody(request.body);
      refuseUnknown(body, ['name', 'parent']);
      const name = folderName(body.name, false);
      const parent = idField(body, 'parent', true);
      if (id === undefined) throw new NotFoundError('folder not found');
      const folder = await folders.update(id, { ...(name !== undefined ? { name } : {}), ...(parent !== undefined ? { parent } : {}) });
      return { data: folderObject(folder) };
    },
  });

  routeMethods(fastify, '/upload/folder-structure', {
    async GET(request) {
      await allow(request, UPLOAD_ADMIN_ACTIONS.read);
      return { data: await folders.structure() };
    },
  });

  // --- bulk actions ------------------------------------------------------------------------

  routeMethods(fastify, '/upload/actions/bulk-delete', {
    async POST(request) {
      const grant = await allow(request, UPLOAD_ADMIN_ACTIONS.update);
      const body = objectBody(request.body);
      refuseUnknown(body, ['fileIds', 'folderIds']);
      const fileIds = idList(body, 'fileIds');
      const folderIds = idList(body, 'folderIds');
      // A conditional grant removes the files it reaches; folders (whose files may be others') are refused.
      if (grant.conditions.length > 0 && folderIds.length > 0) throw new ForbiddenError();
      const files = await filesByIds([...new Set(fileIds)]);
      const { roots, fileIds: inside } = await folders.trees([...new Set(folderIds)]);
      const named = new Set(files.map((file) => Number(file.id)));
      const contained = await filesByIds(inside.filter((id) => !named.has(id)));
      await checkFiles(request, grant, files.map((file) => Number(file.id)));
      // One transaction: every file (its row, media links and media.delete event), then the
      // folders with every folder below them; the files' stored objects go once it committed.
      await uploads.removeMany([...files, ...contained], roots.length > 0 ? (trx) => folders.removeTrees(roots, trx) : undefined);
      return {
        data: {
          files: files.map((file) => adminFile(file)),
          folders: roots.map((folder) => folderObject(folder)),
        },
      };
    },
  });

  routeMethods(fastify, '/upload/actions/bulk-update', {
    async POST(request) {
      const grant = await allow(request, UPLOAD_ADMIN_ACTIONS.update);
      const body = objectBody(request.body);
      refuseUnknown(body, ['updates']);
      const { updates } = body;
      if (!Array.isArray(updates)) throw ValidationError.fromFieldErrors([{ path: ['updates'], message: 'updates is a required field', name: 'ValidationError' }]);
      if (updates.length === 0) throw ValidationError.atField('updates', 'updates field must have at least 1 items', updates);
      if (updates.length > 1000) throw ValidationError.atField('updates', 'updates field must have at most 1000 items', updates.length);
      const planned = updates.map((update, index) => {
        if (!isRecord(update)) throw ValidationError.fromFieldErrors([{ path: ['updates', String(index)], message: `updates[${index}] must be a \`object\` type`, name: 'ValidationError', value: update }]);
        refuseUnknown(update, ['id', 'fileInfo']);
        const id = typeof update.id === 'number' && Number.isSafeInteger(update.id) && update.id > 0 ? update.id : undefined;
        if (id === undefined) throw ValidationError.fromFieldErrors([{ path: ['updates', String(index), 'id'], message: `updates[${index}].id must be a \`number\` type`, name: 'ValidationError', value: update.id }]);
        if (!isRecord(update.fileInfo)) throw ValidationError.fromFieldErrors([{ path: ['updates', String(index), 'fileInfo'], message: `updates[${index}].fileInfo is a required field`, name: 'ValidationError' }]);
        return { id, received: { files: [], fileInfo: [update.fileInfo] } satisfies ReceivedUpload };
      });
      // Every file found, reached and its fileInfo checked before the first write; then one
      // transaction for all (each file its own update and media.update event, announced once it
      // committed): one refused item writes nothing. (Strapi writes each file on its own.)
      const existing = await filesByIds(planned.map((item) => item.id));
      const byId = new Map(existing.map((file) => [Number(file.id), file]));
      const items = planned.map((item) => {
        const file = byId.get(item.id);
        if (!file) throw new NotFoundError('Entity not found');
        return { existing: file, received: item.received };
      });
      await checkFiles(request, grant, planned.map((item) => item.id));
      const actor = await actorOf(request);
      const updated = (await uploads.updateInfoMany(items, { folders: true, actor })).map((document) => Number(document.id));
      return (await filesByIds(updated)).map((file) => adminFile(file));
    },
  });

  routeMethods(fastify, '/upload/actions/bulk-move', {
    async POST(request) {
      const grant = await allow(request, UPLOAD_ADMIN_ACTIONS.update);
      const body = objectBody(request.body);
      refuseUnknown(body, ['destinationFolderId', 'fileIds', 'folderIds']);
      const destination = idField(body, 'destinationFolderId', true);
      if (destination === undefined) throw ValidationError.fromFieldErrors([{ path: ['destinationFolderId'], message: 'destinationFolderId must be defined', name: 'ValidationError' }]);
      const fileIds = [...new Set(idList(body, 'fileIds'))];
      const folderIds = [...new Set(idList(body, 'folderIds'))];
      // A conditional grant moves the files it reaches; folders (whose files may be others') are refused.
      if (grant.conditions.length > 0 && folderIds.length > 0) throw new ForbiddenError();
      await checkFiles(request, grant, fileIds);
      const { folders: moved } = await folders.moveMany(destination, folderIds, fileIds);
      const files = await filesByIds(fileIds);
      return { data: { files: files.map((file) => adminFile(file)), folders: moved.map((folder) => folderObject(folder)) } };
    },
  });

  // --- settings and view configuration -----------------------------------------------------

  routeMethods(fastify, '/upload/settings', {
    async GET(request) {
      await allow(request, UPLOAD_ADMIN_ACTIONS.readSettings);
      // concurrentUploadRequests: how many uploads the admin may send at once (Strapi's default echo).
      return { data: { ...(await settings.settings()), concurrentUploadRequests: 1 } };
    },
    async PUT(request) {
      await allow(request, UPLOAD_ADMIN_ACTIONS.readSettings);
      const data = checkMediaSettings(request.body, await settings.settings());
      await settings.setSettings(data);
      return { data };
    },
  });

  routeMethods(fastify, '/upload/configuration', {
    async GET(request) {
      await abilityOf(request);
      return { data: await settings.view() };
    },
    async PUT(request) {
      await allow(request, UPLOAD_ADMIN_ACTIONS.configureView);
      const data = checkViewConfiguration(request.body, await settings.view());
      await settings.setView(data);
      return { data };
    },
  });
}
