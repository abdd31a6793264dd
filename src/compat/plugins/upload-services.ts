import { stat } from 'node:fs/promises';
import path from 'node:path';
import { createDocumentApi, type FindParams } from '../../core/documents/document-api.js';
import { parseDocumentQuery } from '../../core/query/parse/parse-document-query.js';
import { lazy } from '../../core/shared/lazy.js';
import { NotFoundError, ValidationError } from '../../core/shared/errors.js';
import type { HttpPluginContext } from '../../transports/plugin-http.js';
import { sanitizeFileName } from '../../plugins/upload/file-kind.js';
import { FILE_UID } from '../../plugins/upload/file-type.js';
import { loadProvider } from '../../plugins/upload/load-provider.js';
import type { ReceivedFile } from '../../plugins/upload/receive-upload.js';
import { UPLOAD_CONFIG } from '../../plugins/upload/upload-config.js';
import type { UploadProvider } from '../../plugins/upload/upload-provider.js';
import { createUploadService, type UploadService } from '../../plugins/upload/upload-service.js';
import { createFolderStore } from '../../plugins/upload/folder-store.js';
import { createMediaSettingsStore } from '../../plugins/upload/media-settings.js';

type Row = Readonly<Record<string, unknown>>;

/** A file as Strapi 5's upload service takes it (formidable's names; the older `path`/`name`/`type` too). */
export interface StrapiFileInput {
  readonly filepath?: string;
  readonly path?: string;
  readonly originalFilename?: string;
  readonly name?: string;
  readonly mimetype?: string;
  readonly type?: string;
  readonly size?: number;
}

/** Strapi's `upload` service of the upload plugin. */
export interface UploadServices {
  readonly upload: {
    upload(params: { readonly data?: Row; readonly files: StrapiFileInput | readonly StrapiFileInput[] }): Promise<Row[]>;
    remove(file: Row): Promise<Row>;
    findOne(id: number | string, populate?: unknown): Promise<Row | null>;
    findMany(params?: FindParams): Promise<Row[]>;
    updateFileInfo(id: number | string, info: Row): Promise<Row>;
  };
  /** Releases the provider this adapter opened (none when it was handed the plugin's service). */
  close(): Promise<void>;
}

export interface UploadServicesOptions {
  readonly context: HttpPluginContext;
  /** The upload plugin's own service when the server hands it; else one is built on first use, on the same config and document service. */
  readonly uploads?: UploadService;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

async function received(file: StrapiFileInput): Promise<ReceivedFile> {
  const tempPath = file.filepath ?? file.path;
  if (typeof tempPath !== 'string' || tempPath === '') throw new ValidationError('upload.upload: each file needs a filepath (the file on disk to upload)');
  const bytes = typeof file.size === 'number' ? file.size : (await stat(tempPath)).size;
  return { name: sanitizeFileName(file.originalFilename ?? file.name ?? path.basename(tempPath)), tempPath, bytes };
}

/**
 * The upload service as project code calls it: `upload({ data: { fileInfo }, files })` stores
 * files through the plugin's pipeline (checks, formats, provider, rows through the document
 * service) as the `/api/upload` route does; linking to an entry at upload time (`refId`, `ref`,
 * `field`) is not supported: set the media attribute on the entry instead.
 */
export function createUploadServices({ context, uploads: given }: UploadServicesOptions): UploadServices {
  const { registry, documents, locales, config: appConfig } = context;
  const files = createDocumentApi(registry, documents, locales)(FILE_UID);
  let opened: UploadProvider | undefined;
  const service = lazy(async (): Promise<UploadService> => {
    if (given) return given;
    const contentType = registry.get(FILE_UID);
    if (!contentType) throw new Error('The upload plugin is not part of this model');
    const config = context.configs.of(UPLOAD_CONFIG);
    opened = await loadProvider(config, appConfig.projectDir);
    const baseQuery = () => parseDocumentQuery({}, { contentType, rest: appConfig.rest, registry, locales });
    const settings = createMediaSettingsStore(context.store);
    const folders = createFolderStore(context.database, () => new Date(context.clock.now()));
    return createUploadService({ config, provider: opened, documents, registry, contentType, baseQuery, settings: () => settings.settings(), folders });
  });
  const existing = async (id: unknown, what: string) => {
    const numeric = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
    const file = typeof numeric === 'number' ? await files.findFirst({ filters: { id: numeric } }) : typeof id === 'string' ? await files.findOne({ documentId: id }) : null;
    if (!file) throw new NotFoundError(`${what}: file not found`);
    return file;
  };
  return {
    upload: {
      async upload({ data = {}, files: input }) {
        for (const key of ['refId', 'ref', 'field', 'path', 'folder']) {
          if (data[key] !== undefined) throw new ValidationError(`upload.upload: data.${key} is not supported by Tessera (set the media attribute of the entry after the upload)`);
        }
        const list = Array.isArray(input) ? (input as readonly StrapiFileInput[]) : [input as StrapiFileInput];
        const fileInfo = data.fileInfo === undefined ? [] : Array.isArray(data.fileInfo) ? data.fileInfo : [data.fileInfo];
        return (await service()).upload({ files: await Promise.all(list.map(received)), fileInfo: fileInfo.map((info: unknown) => (typeof info === 'string' ? (JSON.parse(info) as unknown) : info)) });
      },
      async remove(file) {
        const found = await existing(isRecord(file) ? (file.id ?? file.documentId) : file, 'upload.remove');
        await (await service()).remove(found);
        return found;
      },
      async findOne(id, populate) {
        const numeric = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
        const filters = typeof numeric === 'number' ? { id: numeric } : { documentId: numeric };
        return files.findFirst({ filters, ...(populate === undefined ? {} : { populate }) });
      },
      findMany: async (params) => [...(await files.findMany(params))],
      async updateFileInfo(id, info) {
        const found = await existing(id, 'upload.updateFileInfo');
        return (await service()).updateInfo(found, { files: [], fileInfo: [info] });
      },
    },
    async close() {
      await opened?.close?.();
    },
  };
}
