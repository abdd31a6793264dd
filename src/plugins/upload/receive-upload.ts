import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart'; // its request decorators (isMultipart, parts)
import { PayloadTooLargeError, ValidationError } from '../../core/shared/errors.js';
import { sanitizeFileName } from './file-kind.js';

/** A file part written to a temporary file as it arrived. */
export interface ReceivedFile {
  /** The client's file name, made safe (file-kind.ts). */
  readonly name: string;
  readonly tempPath: string;
  readonly bytes: number;
}

export interface ReceivedUpload {
  readonly files: readonly ReceivedFile[];
  /** Each `fileInfo` field, parsed as JSON, in order. */
  readonly fileInfo: readonly unknown[];
}

/** `fileInfo` is metadata: anything bigger is not an honest request. */
export const FILE_INFO_LIMIT = 100 * 1024;
/** Parts of one request: files and fields together. */
export const PARTS_LIMIT = 200;

/**
 * Counts the bytes going through, and fails the stream as soon as they pass the file's limit or
 * what is left of the request's (`remaining`: the request limit less the files before it).
 */
class SizeMeter extends Transform {
  bytes = 0;
  constructor(
    private readonly name: string,
    private readonly limit: number,
    private readonly remaining: number,
    private readonly requestLimit: number,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) done(new PayloadTooLargeError(`${this.name} exceeds size limit of ${this.limit}`));
    else if (this.bytes > this.remaining) done(new PayloadTooLargeError(`The upload exceeds the request size limit of ${this.requestLimit} bytes`));
    else done(null, chunk);
  }
}

/** Multipart framing around the files: boundaries and part headers, for the early content-length check. */
const FRAMING_ALLOWANCE = 1024 * 1024;

/** @fastify/multipart's and busboy's errors about the request's shape → 4xx in the envelope. */
function clientErrorOf(error: unknown): Error {
  if (error instanceof ValidationError || error instanceof PayloadTooLargeError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') return new PayloadTooLargeError(`Too many parts in the upload (at most ${PARTS_LIMIT})`);
  if (typeof code === 'string' && code.startsWith('FST_')) return new ValidationError(`Malformed multipart body: ${message}`);
  if (/multipart|boundary|part terminated|unexpected end/i.test(message)) return new ValidationError(`Malformed multipart body: ${message}`);
  return error instanceof Error ? error : new Error(message);
}

function parseFileInfo(raw: string, truncated: boolean): unknown {
  if (truncated) throw new PayloadTooLargeError(`fileInfo is too large (at most ${FILE_INFO_LIMIT} bytes)`);
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new ValidationError('fileInfo must be a JSON string');
  }
}

/**
 * Reads a multipart request: each part of the field `files` is streamed to a file in `tempDir`
 * (never held in memory) while its bytes are counted against `sizeLimit`; `fileInfo` fields are
 * parsed. Any other field is refused. The caller removes `tempDir`, whatever happens.
 */
export async function receiveUpload(request: FastifyRequest, { sizeLimit, requestSizeLimit, tempDir }: { sizeLimit: number; requestSizeLimit: number; tempDir: string }): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw new ValidationError('The upload must be a multipart/form-data body with the field "files" (and optionally "fileInfo")');
  }
  // A body announced larger than the request may ever be is refused before a byte is read.
  const announced = Number(request.headers['content-length']);
  if (Number.isFinite(announced) && announced > requestSizeLimit + FRAMING_ALLOWANCE) {
    throw new PayloadTooLargeError(`The upload exceeds the request size limit of ${requestSizeLimit} bytes`);
  }
  let received = 0;
  const files: ReceivedFile[] = [];
  const fileInfo: unknown[] = [];
  try {
    const parts = request.parts({
      // One byte over the limit reaches the meter, which names the file in its 413.
      limits: { fileSize: sizeLimit + 1, fieldSize: FILE_INFO_LIMIT, parts: PARTS_LIMIT, fieldNameSize: 100, headerPairs: 100 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files') {
          part.file.resume();
          throw new ValidationError(`Unknown multipart field "${part.fieldname}": files go in the field "files"`);
        }
        const name = sanitizeFileName(part.filename);
        const tempPath = path.join(tempDir, `${files.length}-${randomBytes(4).toString('hex')}`);
        const meter = new SizeMeter(name, sizeLimit, requestSizeLimit - received, requestSizeLimit);
        await pipeline(part.file, meter, createWriteStream(tempPath, { flags: 'wx' }));
        received += meter.bytes;
        files.push({ name, tempPath, bytes: meter.bytes });
      } else if (part.fieldname === 'files') {
        throw new ValidationError('The field "files" must hold file parts (with a file name), not a value');
      } else if (part.fieldname === 'fileInfo') {
        fileInfo.push(parseFileInfo(String(part.value), part.valueTruncated));
      } else {
        throw new ValidationError(`Unknown multipart field "${part.fieldname}": only "files" and "fileInfo" are accepted`);
      }
    }
  } catch (error) {
    throw clientErrorOf(error);
  }
  return { files, fileInfo };
}
