import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdminPanelFiles } from './admin-panel-files.js';
import { wantsAppPage } from './wants-app-page.js';

export const ADMIN_PANEL_PATH = '/admin';
const ASSETS_PREFIX = `${ADMIN_PANEL_PATH}/assets/`;

export interface AdminPanelRoutesOptions {
  readonly files: AdminPanelFiles;
  /** The server's own 404 (the error envelope), for what is not a page of the app. */
  readonly notFound: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

/**
 * The editor app at /admin, beside the admin API under the same prefix and never over it:
 *
 * - its hashed files under /admin/assets/, one route per file found at start (no wildcard, so
 *   no other path of /admin is taken), cached for a year as immutable (a new build has new
 *   names), brotli or gzip as the build compressed them when the browser accepts it;
 * - its page (index.html, `no-cache`: always revalidated, so a new build is seen at once) as the
 *   404 handler of /admin: any GET of a browser (text/html) that no API route matched — /admin
 *   itself and the app's own addresses (/admin/auth/login, /admin/content-manager/…). Every
 *   other unmatched request, API calls included, gets the server's JSON 404 as before.
 */
export async function registerAdminPanelRoutes(fastify: FastifyInstance, { files, notFound }: AdminPanelRoutesOptions): Promise<void> {
  await fastify.register(fastifyStatic, {
    root: files.assetsDir,
    prefix: ASSETS_PREFIX,
    wildcard: false,
    decorateReply: false,
    index: false,
    dotfiles: 'ignore',
    immutable: true,
    maxAge: '365d',
    cacheControl: true,
    etag: true,
    lastModified: false,
    // The build wrote each asset's .br and .gz: sent to browsers that accept them (Vary: Accept-Encoding).
    preCompressed: true,
  });
  await fastify.register(
    async (panel) => {
      panel.setNotFoundHandler((request, reply) => {
        if (!wantsAppPage(request.method, request.headers.accept)) return notFound(request, reply);
        return reply.code(200).headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }).send(files.index);
      });
    },
    { prefix: ADMIN_PANEL_PATH },
  );
}
