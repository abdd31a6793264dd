import { BodyChecker } from '../../core/shared/body-checker.js';
import { ValidationError } from '../../core/shared/errors.js';
import { sanitizeFileName } from './file-kind.js';

/** What a client may say about a file: `fileInfo` of an upload. */
export interface FileInfo {
  readonly name?: string;
  readonly alternativeText?: string | null;
  readonly caption?: string | null;
  readonly focalPoint?: { readonly x: number; readonly y: number } | null;
  /** The folder's id (null: the root); only the admin API uses it. */
  readonly folder?: number | null;
}

/** Strapi's `strapiID`: a whole number, or its digits as a string; undefined for anything else. */
export function parseFolderId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  return undefined;
}

const TEXT_LIMIT = 10_000;
const NON_EMPTY = 'must be a non-empty string';

/** One `fileInfo` object; `where` names it in messages (`fileInfo`, `fileInfo[1]`). The first problem is the 400. */
function checkOne(raw: unknown, where: string): FileInfo {
  const check = BodyChecker.of(raw, {
    notAnObject: () => new ValidationError(`${where} must be an object`),
    toError: ([problem]) => new ValidationError(`${where}.${problem?.message ?? 'is invalid'}`),
  });
  const info: { -readonly [K in keyof FileInfo]: FileInfo[K] } = {};
  // Key by key in the order sent, so that the first problem reported is the first in the body.
  for (const [key, value] of Object.entries(check.body)) {
    // Stored in text columns: refused as every other stored string is, whatever the key.
    check.storable(key);
    switch (key) {
      case 'name':
        // Trimming first changes nothing: sanitizeFileName trims what it keeps.
        info.name = sanitizeFileName(check.string('name', { required: true, trim: true, storable: false, words: { notAString: NON_EMPTY, empty: NON_EMPTY } }));
        break;
      case 'alternativeText':
      case 'caption':
        info[key] = check.string(key, { nullable: true, max: TEXT_LIMIT, storable: false, words: { notAString: 'must be a string or null', tooLong: () => 'is too long' } });
        break;
      case 'focalPoint':
        if (value === null) info.focalPoint = null;
        else if (BodyChecker.isObject(value) && typeof value.x === 'number' && typeof value.y === 'number' && Object.keys(value).length === 2) {
          // Percentages of the image, as Strapi's admin validation bounds them.
          for (const axis of ['x', 'y'] as const) {
            const at = value[axis] as number;
            if (at < 0) throw ValidationError.fromFieldErrors([{ path: [where, 'focalPoint', axis], message: `${where}.focalPoint.${axis} must be greater than or equal to 0`, name: 'ValidationError', value: at }]);
            if (at > 100) throw ValidationError.fromFieldErrors([{ path: [where, 'focalPoint', axis], message: `${where}.focalPoint.${axis} must be less than or equal to 100`, name: 'ValidationError', value: at }]);
          }
          info.focalPoint = { x: value.x, y: value.y };
        } else check.problem(['focalPoint'], 'focalPoint must be { x, y } with numbers, or null');
        break;
      case 'folder': {
        // Strapi's admin sends the folder (the content API's routes drop it: upload-service.ts).
        const folder = value === null ? null : parseFolderId(value);
        if (folder === undefined) throw ValidationError.fromFieldErrors([{ path: [where, 'folder'], message: `${where}.folder must be a folder id or null`, name: 'ValidationError', value }]);
        info.folder = folder;
        break;
      }
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
  if (fields.length === 1 && Array.isArray(fields[0])) return fields[0].map((item, index) => checkOne(item, `fileInfo[${index}]`));
  return fields.map((item, index) => checkOne(item, fields.length === 1 ? 'fileInfo' : `fileInfo[${index}]`));
}
