import { ValidationError } from '../../core/shared/errors.js';
import { unstorableTextProblem } from '../../core/shared/storable-text.js';
import { sanitizeFileName } from './file-kind.js';

/** What a client may say about a file: `fileInfo` of an upload. */
export interface FileInfo {
  readonly name?: string;
  readonly alternativeText?: string | null;
  readonly caption?: string | null;
  readonly focalPoint?: { readonly x: number; readonly y: number } | null;
}

const TEXT_LIMIT = 10_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function checkOne(raw: unknown, index: number | null): FileInfo {
  const where = index === null ? 'fileInfo' : `fileInfo[${index}]`;
  if (!isRecord(raw)) throw new ValidationError(`${where} must be an object`);
  const info: { -readonly [K in keyof FileInfo]: FileInfo[K] } = {};
  for (const [key, value] of Object.entries(raw)) {
    // Stored in text columns: refused as every other stored string is (shared/storable-text).
    const unstorable = typeof value === 'string' ? unstorableTextProblem(value) : null;
    if (unstorable !== null) throw new ValidationError(`${where}.${key} ${unstorable}`);
    switch (key) {
      case 'name':
        if (typeof value !== 'string' || value.trim() === '') throw new ValidationError(`${where}.name must be a non-empty string`);
        info.name = sanitizeFileName(value);
        break;
      case 'alternativeText':
      case 'caption':
        if (value !== null && typeof value !== 'string') throw new ValidationError(`${where}.${key} must be a string or null`);
        if (typeof value === 'string' && value.length > TEXT_LIMIT) throw new ValidationError(`${where}.${key} is too long`);
        info[key] = value;
        break;
      case 'focalPoint':
        if (value !== null && !(isRecord(value) && typeof value.x === 'number' && typeof value.y === 'number' && Object.keys(value).length === 2)) {
          throw new ValidationError(`${where}.focalPoint must be { x, y } with numbers, or null`);
        }
        info.focalPoint = value === null ? null : { x: value.x as number, y: value.y as number };
        break;
      case 'folder':
        // Strapi's admin sends the folder; REST uploads have none here, so it is ignored.
        break;
      default:
        throw new ValidationError(`Invalid key ${key} in ${where}`, { key, path: where, source: 'body' });
    }
  }
  return info;
}

/**
 * The `fileInfo` fields of a request → one FileInfo per file position: a single field holds an
 * object (for the first file) or an array aligned with the files; several fields are taken in order.
 */
export function parseFileInfo(fields: readonly unknown[]): FileInfo[] {
  if (fields.length === 1 && Array.isArray(fields[0])) return fields[0].map((item, index) => checkOne(item, index));
  return fields.map((item, index) => checkOne(item, fields.length === 1 ? null : index));
}
