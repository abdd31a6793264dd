import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import path from 'node:path';
import slugify from '@sindresorhus/slugify';
import type { Document } from '../../core/documents/document.js';
import type { DocumentService } from '../../core/documents/document-service.js';
import { validateData } from '../../core/documents/validate-data.js';
import type { DocumentQuery } from '../../core/query/document-query.js';
import type { ContentType } from '../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import { ValidationError } from '../../core/shared/errors.js';
import { parseFileInfo, type FileInfo } from './file-info.js';
import { extensionOf, resolveFileKind, type FileKind } from './file-kind.js';
import { CorruptImageError, generateFormats, readImageInfo, type GeneratedFormat } from './image-formats.js';
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
  /** New files, one per received file (fileInfo aligned by position). */
  upload(received: ReceivedUpload): Promise<Document[]>;
  /** A new content for an existing file: same id, new hash and url; the old objects go once the row is updated. */
  replace(existing: Document, received: ReceivedUpload): Promise<Document>;
  /** Changes name, alternativeText, caption or focalPoint. */
  updateInfo(existing: Document, received: ReceivedUpload): Promise<Document>;
  /** Removes the row (and media links to it), then its stored objects. */
  remove(existing: Document): Promise<void>;
}

export interface UploadServiceOptions {
  readonly config: UploadConfig;
  readonly provider: UploadProvider;
  readonly documents: DocumentService;
  readonly registry: SchemaRegistry;
  readonly contentType: ContentType;
  /** A query reading every attribute of a file (no filters, no populate). */
  readonly baseQuery: () => DocumentQuery;
}

/** A received file, checked and measured, with its formats on disk. */
interface Prepared {
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

export function createUploadService({ config, provider, documents, registry, contentType, baseQuery }: UploadServiceOptions): UploadService {
  async function prepare(file: ReceivedFile, info: FileInfo): Promise<Prepared> {
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
      if (dimensions && config.formats) formats = await generateFormats(file.tempPath, { breakpoints: config.breakpoints, mime: kind.mime });
    }
    return { file, info, kind, hash: hashFor(name, file.name), dimensions, formats };
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
    for (const [index, file] of received.files.entries()) into.push(await prepare(file, infos[index] ?? {}));
  }

  return {
    async upload(received) {
      const infos = parseFileInfo(received.fileInfo);
      if (received.files.length === 0) throw new ValidationError('Files are empty');
      if (infos.length > received.files.length) throw new ValidationError(`fileInfo describes ${infos.length} files but ${received.files.length} were sent`);
      const prepared: Prepared[] = [];
      return guarded(prepared, async (stored) => {
        await prepareAll(received, infos, prepared);
        const writes = [];
        for (const item of prepared) writes.push(validateData(await store(item, stored, false), contentType, 'create', registry));
        // One transaction for the request's rows: all are recorded, or none.
        return documents.createMany({ writes, query: baseQuery() });
      });
    },

    async replace(existing, received) {
      const infos = parseFileInfo(received.fileInfo);
      if (received.files.length !== 1) throw new ValidationError('A file is replaced by exactly one file');
      if (infos.length > 1) throw new ValidationError('fileInfo must describe one file when replacing');
      const prepared: Prepared[] = [];
      const updated = await guarded(prepared, async (stored) => {
        await prepareAll(received, infos, prepared);
        const [item] = prepared;
        if (!item) throw new ValidationError('Files are empty');
        const write = validateData(await store(item, stored, true), contentType, 'update', registry);
        const document = await documents.update({ documentId: existing.documentId, write, query: baseQuery() });
        if (!document) throw new Error(`The file ${existing.id} disappeared while it was replaced`);
        return document;
      });
      // Only now: had the update failed, the old objects would still be what the row points to.
      if (existing.provider === provider.name) await removeObjects(storedKeysOf(existing));
      return updated;
    },

    async updateInfo(existing, received) {
      const infos = parseFileInfo(received.fileInfo);
      if (infos.length > 1) throw new ValidationError('fileInfo must describe one file when updating');
      const info = infos[0] ?? {};
      const data: Record<string, unknown> = { ...info };
      const write = validateData(data, contentType, 'update', registry);
      const document = await documents.update({ documentId: existing.documentId, write, query: baseQuery() });
      if (!document) throw new Error(`The file ${existing.id} disappeared while it was updated`);
      return document;
    },

    async remove(existing) {
      await documents.delete({ contentType, documentId: existing.documentId, locale: baseQuery().locale });
      if (existing.provider === provider.name) await removeObjects(storedKeysOf(existing));
    },
  };
}
