import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import path from 'node:path';
import slugify from '@sindresorhus/slugify';
import type { Document } from '../../core/documents/document.js';
import type { DbTransaction } from '../../core/db/database.js';
import type { BatchOperation, DocumentService, WriteActor } from '../../core/documents/document-service.js';
import type { UpdateRequest } from '../../core/documents/document-requests.js';
import { validateData } from '../../core/documents/validate-data.js';
import type { DocumentQuery } from '../../core/query/document-query.js';
import type { ContentType } from '../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import { ValidationError } from '../../core/shared/errors.js';
import { parseFileInfo, type FileInfo } from './file-info.js';
import { extensionOf, resolveFileKind, type FileKind } from './file-kind.js';
import type { FolderStore } from './folder-store.js';
import { CorruptImageError, generateFormats, optimizeImage, readImageInfo, type GeneratedFormat } from './image-formats.js';
import type { MediaSettings } from './media-settings.js';
import type { ReceivedFile, ReceivedUpload } from './receive-upload.js';
import type { UploadConfig } from './upload-config.js';
import type { UploadProvider } from './upload-provider.js';

/**
 * The media library's writes: files received → checked, measured, formatted, stored by the
 * provider, then recorded as rows of `plugin::upload.file` through the document service, all
 * of a request's rows in one transaction. A failure at any step leaves nothing behind: objects
 * stored for the request are removed before the error reaches the client.
 */
export interface UploadService {
  /** New files, one per received file (fileInfo aligned by position); with `folders`, each goes to its fileInfo's folder. */
  upload(received: ReceivedUpload, options?: WriteOptions): Promise<Document[]>;
  /** A new content for an existing file: same id, new hash and url; the old objects go once the row is updated. */
  replace(existing: Document, received: ReceivedUpload, options?: WriteOptions): Promise<Document>;
  /** Changes name, alternativeText, caption or focalPoint (with `folders`, the folder too). */
  updateInfo(existing: Document, received: ReceivedUpload, options?: WriteOptions): Promise<Document>;
  /**
   * Updates several files' info in one transaction (each its own update and media.update event,
   * announced once it committed): every fileInfo is checked first, and one refused writes nothing.
   */
  updateInfoMany(items: readonly { readonly existing: Document; readonly received: ReceivedUpload }[], options?: WriteOptions): Promise<Document[]>;
  /** Removes the row (and media links to it), then its stored objects. */
  remove(existing: Document): Promise<void>;
  /**
   * Removes the files in one transaction (each its own delete and media.delete event), with
   * `alongside` in it too (a bulk delete's folders): all go, or none; then, once committed,
   * their stored objects.
   */
  removeMany(existing: readonly Document[], alongside?: (trx: DbTransaction) => Promise<void>): Promise<void>;
}

/**
 * `folders`: fileInfo's `folder` places the file (the admin API); the content API leaves it out,
 * and its uploads go to the root.
 */
export interface WriteOptions {
  readonly folders?: boolean;
  /** New files go to this folder whatever fileInfo says (the content API's "API Uploads" folder). */
  readonly into?: () => Promise<number>;
  /** The admin user who writes (the media library): recorded as the files' creator and last updater (`createdBy`). */
  readonly actor?: WriteActor;
}

export interface UploadServiceOptions {
  readonly config: UploadConfig;
  readonly provider: UploadProvider;
  readonly documents: DocumentService;
  readonly registry: SchemaRegistry;
  readonly contentType: ContentType;
  /** A query reading every attribute of a file (no filters, no populate). */
  readonly baseQuery: () => DocumentQuery;
  /** The media library's settings, read once per upload (another instance may have changed them). */
  readonly settings: () => Promise<MediaSettings>;
  readonly folders: FolderStore;
}

/** A received file, checked and measured, with its formats on disk. */
interface Prepared {
  /** The file as stored: the received one, or its optimized version (settings). */
  readonly file: ReceivedFile;
  readonly info: FileInfo;
  readonly kind: FileKind;
  readonly hash: string;
  readonly dimensions: { readonly width: number; readonly height: number } | null;
  readonly formats: readonly GeneratedFormat[];
}

interface StoredKey {
  readonly key: string;
  readonly providerMetadata: Readonly<Record<string, unknown>> | null;
}

const HEAD_BYTES = 4096;

/** Bytes → KB with two decimals, as the reference's `size`. */
function kilobytes(bytes: number): number {
  return Math.round(bytes / 10) / 100;
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * `My Photo.final.JPG` → `My_Photo_final_3f9a0c12d4`: Strapi's upload service (`generateFileName`:
 * `nameToSlug(basename, { separator: '_', lowercase: false })` and 10 random hex digits), with the
 * extension of the received file taken off the name used.
 */
function hashFor(usedName: string, receivedName: string): string {
  const base = slugify(path.basename(usedName, path.extname(receivedName)), { separator: '_', lowercase: false }).slice(0, 100) || 'file';
  return `${base}_${randomBytes(5).toString('hex')}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The objects a file row stands for: its own and its formats'. */
function storedKeysOf(document: Document): StoredKey[] {
  const metadata = isRecord(document.provider_metadata) ? document.provider_metadata : null;
  const keys: StoredKey[] = [];
  if (typeof document.hash === 'string') keys.push({ key: `${document.hash}${typeof document.ext === 'string' ? document.ext : ''}`, providerMetadata: metadata });
  if (isRecord(document.formats)) {
    for (const format of Object.values(document.formats)) {
      if (isRecord(format) && typeof format.hash === 'string') {
        keys.push({ key: `${format.hash}${typeof format.ext === 'string' ? format.ext : ''}`, providerMetadata: isRecord(format.provider_metadata) ? format.provider_metadata : null });
      }
    }
  }
  return keys;
}

/** The folders files go to, grouped (a folder's files are linked together); undefined folders stay out. */
function byFolder(created: readonly Document[], infos: readonly FileInfo[]): Map<number | null, number[]> {
  const groups = new Map<number | null, number[]>();
  for (const [index, document] of created.entries()) {
    const folder = infos[index]?.folder;
    if (folder === undefined) continue;
    groups.set(folder, [...(groups.get(folder) ?? []), Number(document.id)]);
  }
  return groups;
}

export function createUploadService({ config, provider, documents, registry, contentType, baseQuery, settings, folders }: UploadServiceOptions): UploadService {
  async function prepare(received: ReceivedFile, info: FileInfo, media: MediaSettings): Promise<Prepared> {
    let file = received;
    if (file.bytes === 0) throw new ValidationError('Files are empty');
    // Loaded on first use, like sharp: nothing of the upload path weighs on a start.
    const { fileTypeFromFile } = await import('file-type');
    const sniffed = await fileTypeFromFile(file.tempPath);
    const kind = resolveFileKind(file.name, extensionOf(file.name), sniffed, await readHead(file.tempPath));
    const name = info.name ?? file.name;
    let dimensions: Prepared['dimensions'] = null;
    let formats: GeneratedFormat[] = [];
    if (kind.mime.startsWith('image/') && kind.mime !== 'image/svg+xml') {
      try {
        dimensions = await readImageInfo(file.tempPath);
      } catch (error) {
        if (error instanceof CorruptImageError) throw new ValidationError(`${name} is a corrupt or truncated image`, { name });
        throw error;
      }
      const optimized = dimensions ? await optimizeImage(file.tempPath, `${file.tempPath}-optimized`, media, file.bytes) : null;
      if (optimized) {
        file = { ...file, tempPath: optimized.path, bytes: optimized.sizeInBytes };
        dimensions = { width: optimized.width, height: optimized.height };
      }
      // responsiveDimensions off: the thumbnail only, as Strapi (its breakpoint formats are the "responsive" ones).
      const breakpoints = media.responsiveDimensions ? config.breakpoints : {};
      if (dimensions && config.formats) formats = await generateFormats(file.tempPath, { breakpoints, mime: kind.mime });
    }
    return { file, info, kind, hash: hashFor(name, received.name), dimensions, formats };
  }

  /**
   * Stores the file and its formats, noting each key in `stored` at once (for the rollback); → the row's values.
   * `formats` is null when none was made, except for a replacement, where Strapi 5 sets `{}` before
   * making them (recorded: test/fixtures/strapi-webhooks/02-media-upload-small.json).
   */
  async function store(prepared: Prepared, stored: StoredKey[], replacing: boolean): Promise<Record<string, unknown>> {
    const { file, info, kind, hash, dimensions } = prepared;
    const key = `${hash}${kind.ext}`;
    const original = await provider.upload({ key, body: createReadStream(file.tempPath), mime: kind.mime, size: file.bytes });
    stored.push({ key, providerMetadata: original.providerMetadata });
    const formats: Record<string, unknown> = {};
    for (const format of prepared.formats) {
      const formatKey = `${format.name}_${hash}${format.ext}`;
      const object = await provider.upload({ key: formatKey, body: createReadStream(format.path), mime: format.mime, size: format.sizeInBytes });
      stored.push({ key: formatKey, providerMetadata: object.providerMetadata });
      formats[format.name] = {
        name: `${format.name}_${info.name ?? file.name}`,
        hash: `${format.name}_${hash}`,
        ext: format.ext,
        mime: format.mime,
        path: null,
        width: format.width,
        height: format.height,
        size: kilobytes(format.sizeInBytes),
        sizeInBytes: format.sizeInBytes,
        url: object.url,
        ...(object.providerMetadata ? { provider_metadata: object.providerMetadata } : {}),
      };
    }
    return {
      name: info.name ?? file.name,
      ...(info.alternativeText !== undefined ? { alternativeText: info.alternativeText } : {}),
      ...(info.caption !== undefined ? { caption: info.caption } : {}),
      ...(info.focalPoint !== undefined ? { focalPoint: info.focalPoint } : {}),
      width: dimensions?.width ?? null,
      height: dimensions?.height ?? null,
      formats: prepared.formats.length > 0 || replacing ? formats : null,
      hash,
      ext: kind.ext,
      mime: kind.mime,
      size: kilobytes(file.bytes),
      url: original.url,
      previewUrl: null,
      provider: provider.name,
      provider_metadata: original.providerMetadata,
    };
  }

  async function removeObjects(keys: readonly StoredKey[]): Promise<void> {
    for (const key of keys) await provider.delete(key).catch(() => undefined);
  }

  /** Runs `work` with the formats' temp files removed afterwards, and stored objects removed on failure. */
  async function guarded<T>(prepared: Prepared[], work: (stored: StoredKey[]) => Promise<T>): Promise<T> {
    const stored: StoredKey[] = [];
    try {
      return await work(stored);
    } catch (error) {
      await removeObjects(stored);
      throw error;
    } finally {
      for (const item of prepared) for (const format of item.formats) await unlink(format.path).catch(() => undefined);
    }
  }

  async function prepareAll(received: ReceivedUpload, infos: readonly FileInfo[], into: Prepared[]): Promise<void> {
    const media = await settings();
    for (const [index, file] of received.files.entries()) into.push(await prepare(file, infos[index] ?? {}, media));
  }

  /** fileInfo as the route allows it: without folders, `folder` is dropped. */
  function infosOf(received: ReceivedUpload, options: WriteOptions | undefined): FileInfo[] {
    const infos = parseFileInfo(received.fileInfo);
    return options?.folders ? infos : infos.map(({ folder: _dropped, ...info }) => info);
  }

  /** A 400 before anything is stored when a named folder does not exist (checked again in the write's transaction). */
  async function checkFolders(infos: readonly FileInfo[], message: string): Promise<void> {
    for (const info of infos) if (info.folder !== undefined) await folders.placement(info.folder, message, undefined, ['fileInfo', 'folder']);
  }

  /** The update of one file's info, checked (fields and folder) before anything is written. */
  async function infoUpdate(existing: Document, received: ReceivedUpload, options: WriteOptions | undefined): Promise<UpdateRequest> {
    const infos = infosOf(received, options);
    if (infos.length > 1) throw new ValidationError('fileInfo must describe one file when updating');
    const { folder, ...info } = infos[0] ?? {};
    if (folder !== undefined) await folders.placement(folder, 'the folder does not exist', undefined, ['fileInfo', 'folder']);
    const data: Record<string, unknown> = { ...info };
    const write = validateData(data, contentType, 'update', registry);
    const alongside = folder !== undefined ? async (trx: DbTransaction, updated: readonly Document[]) => folders.placeFiles(trx, updated.map((document) => Number(document.id)), folder) : undefined;
    return { documentId: existing.documentId, write, query: baseQuery(), ...(alongside ? { alongside } : {}), ...(options?.actor ? { actor: options.actor } : {}) };
  }

  return {
    async upload(received, options) {
      const infos = infosOf(received, options);
      if (received.files.length === 0) throw new ValidationError('Files are empty');
      if (infos.length > received.files.length) throw new ValidationError(`fileInfo describes ${infos.length} files but ${received.files.length} were sent`);
      await checkFolders(infos, 'the folder does not exist');
      const into = options?.into ? await options.into() : undefined;
      // Files with no folder named go to the root, with Strapi's folderPath '/'.
      const placed = into !== undefined ? received.files.map((_file, index) => ({ ...infos[index], folder: into })) : options?.folders ? received.files.map((_file, index) => ({ ...infos[index], folder: infos[index]?.folder ?? null })) : infos;
      const prepared: Prepared[] = [];
      return guarded(prepared, async (stored) => {
        await prepareAll(received, infos, prepared);
        const writes = [];
        for (const item of prepared) writes.push(validateData(await store(item, stored, false), contentType, 'create', registry));
        // One transaction for the request's rows and their folder links: all are recorded, or none.
        const alongside = options?.folders || into !== undefined
          ? async (trx: Parameters<FolderStore['placeFiles']>[0], created: readonly Document[]) => {
              for (const [folder, ids] of byFolder(created, placed)) await folders.placeFiles(trx, ids, folder);
            }
          : undefined;
        return documents.createMany({ writes, query: baseQuery(), ...(alongside ? { alongside } : {}), ...(options?.actor ? { actor: options.actor } : {}) });
      });
    },

    async replace(existing, received, options) {
      const infos = infosOf(received, options);
      await checkFolders(infos, 'the folder does not exist');
      if (received.files.length !== 1) throw new ValidationError('A file is replaced by exactly one file');
      if (infos.length > 1) throw new ValidationError('fileInfo must describe one file when replacing');
      const prepared: Prepared[] = [];
      const updated = await guarded(prepared, async (stored) => {
        await prepareAll(received, infos, prepared);
        const [item] = prepared;
        if (!item) throw new ValidationError('Files are empty');
        const write = validateData(await store(item, stored, true), contentType, 'update', registry);
        // The file stays in its folder unless fileInfo names another one.
        const folder = infos[0]?.folder;
        const alongside = folder !== undefined ? async (trx: Parameters<FolderStore['placeFiles']>[0], updated: readonly Document[]) => folders.placeFiles(trx, updated.map((document) => Number(document.id)), folder) : undefined;
        const document = await documents.update({ documentId: existing.documentId, write, query: baseQuery(), ...(alongside ? { alongside } : {}), ...(options?.actor ? { actor: options.actor } : {}) });
        if (!document) throw new Error(`The file ${existing.id} disappeared while it was replaced`);
        return document;
      });
      // Only now: had the update failed, the old objects would still be what the row points to.
      if (existing.provider === provider.name) await removeObjects(storedKeysOf(existing));
      return updated;
    },

    async updateInfo(existing, received, options) {
      const document = await documents.update(await infoUpdate(existing, received, options));
      if (!document) throw new Error(`The file ${existing.id} disappeared while it was updated`);
      return document;
    },

    async updateInfoMany(items, options) {
      const requests: UpdateRequest[] = [];
      for (const { existing, received } of items) requests.push(await infoUpdate(existing, received, options));
      const results = await documents.batch({ operations: requests.map((request) => ({ action: 'update', request })) });
      return results.map((result, index) => {
        if (result === null || typeof result !== 'object') throw new Error(`The file ${items[index]?.existing.id} disappeared while it was updated`);
        return result;
      });
    },

    async remove(existing) {
      await documents.delete({ contentType, documentId: existing.documentId, locale: baseQuery().locale });
      await folders.unlinkFiles([Number(existing.id)]);
      if (existing.provider === provider.name) await removeObjects(storedKeysOf(existing));
    },

    async removeMany(existing, alongside) {
      const { locale } = baseQuery();
      const operations: BatchOperation[] = existing.map((file) => ({ action: 'delete', request: { contentType, documentId: file.documentId, locale } }));
      await documents.batch({
        operations,
        alongside: async (trx) => {
          await folders.unlinkFiles(existing.map((file) => Number(file.id)), trx);
          if (alongside) await alongside(trx);
        },
      });
      // Only now: had the transaction failed, the rows would still point to them.
      for (const file of existing) if (file.provider === provider.name) await removeObjects(storedKeysOf(file));
    },
  };
}
