import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeMethods } from '../../transports/plugin-http.js';
import { NotFoundError } from '../../core/shared/errors.js';
import { extensionOf } from './file-kind.js';
import { localUploadDir } from './local-provider.js';
import { mimeOfExtension } from './mime-table.js';
import { isSafeKey } from './safe-key.js';

/** Types a browser may render inline; anything else (HTML, scripts…) is sent as a download. */
const INLINE = /^(image\/(?!svg)|video\/|audio\/|application\/pdf$|text\/plain$|text\/csv$|application\/json$)/;

/**
 * `GET /uploads/<key>`: the local provider's files. Every stored name carries a random suffix
 * and is never rewritten (a replace stores a new name), so they are cached for a year as immutable. Only plain file names
 * are served: anything with a separator (encoded or not), `..` or a leading dot is a 404.
 */
export function serveUploads(fastify: FastifyInstance, projectDir: string): void {
  const dir = localUploadDir(projectDir);
  const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const rawPath = request.url.split('?')[0] ?? '';
    const rawKey = rawPath.slice('/uploads/'.length);
    if (/%2f|%5c|%00/i.test(rawKey)) throw new NotFoundError();
    const key = (request.params as { '*'?: string })['*'] ?? '';
    if (!isSafeKey(key)) throw new NotFoundError();
    const file = path.join(dir, key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new NotFoundError();

    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const mime = mimeOfExtension(extensionOf(key)) ?? 'application/octet-stream';
    reply
      .header('content-type', mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('last-modified', info.mtime.toUTCString())
      .header('x-content-type-options', 'nosniff')
      // A stored HTML or SVG file must not run scripts with this site's origin.
      .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox");
    if (!INLINE.test(mime)) reply.header('content-disposition', 'attachment');

    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = request.headers['if-modified-since'];
    const notModified = ifNoneMatch !== undefined
      ? ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')
      : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= Math.floor(info.mtimeMs / 1000) * 1000;
    if (notModified) return reply.code(304).send();
    reply.header('content-length', info.size);
    if (request.method === 'HEAD') return reply.send();
    return reply.send(createReadStream(file));
  };
  routeMethods(fastify, '/uploads/*', { GET: handler });
}
