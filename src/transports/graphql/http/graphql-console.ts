import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { RenderOptions } from 'altair-static';
import type { FastifyInstance } from 'fastify';

/**
 * The query console: Altair, bundled in the `altair-static` package (no CDN, works offline).
 * Its page is served at the endpoint itself (a browser's GET) and its files under
 * `<endpoint>/console/`. The package is loaded on the first console request: importing it costs
 * ~25 MB of memory, which an instance that never serves the console should not pay.
 */

const INITIAL_OPTIONS = 'initial_options.js';

/**
 * The console's own policy, replacing the API's strict one on its replies only: Altair's
 * bundle compiles code at run time and inlines styles; queries go to this origin (or, when a
 * user types another endpoint, anywhere).
 */
const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' http: https: ws: wss:",
  "worker-src 'self' blob:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

export function consolePath(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/console/`;
}

function renderOptions(endpoint: string): RenderOptions {
  // The options go in a separate script file so that the page has no inline script.
  return { baseURL: consolePath(endpoint), endpointURL: endpoint, serveInitialOptionsInSeperateRequest: INITIAL_OPTIONS, disableAccount: true };
}

/** The console of one endpoint: its page and files, made on first use. */
export interface GraphqlConsole {
  page(): Promise<string>;
  /** The options script, the package's build folder, and its sandbox policy. */
  assets(): Promise<{ readonly options: string; readonly root: string; isSandboxFrame(file: string): boolean; readonly sandboxPolicy: string }>;
}

const loadAltair = () => import('altair-static');

export function createConsole(endpoint: string): GraphqlConsole {
  type Altair = Awaited<ReturnType<typeof loadAltair>>;
  let loaded: Promise<Altair> | undefined;
  const altair = () => (loaded ??= loadAltair());
  return {
    page: async () => (await altair()).renderAltair(renderOptions(endpoint)),
    assets: async () => {
      const { getDistDirectory, renderInitSnippet, isSandboxFrame, SANDBOX_FRAME_CSP } = await altair();
      return { options: renderInitSnippet(renderOptions(endpoint)), root: path.resolve(getDistDirectory()), isSandboxFrame, sandboxPolicy: SANDBOX_FRAME_CSP };
    },
  };
}

/** Whether a GET comes from a browser that wants a page: `text/html` accepted before (or without) JSON. */
export function wantsHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '');
  const html = types.indexOf('text/html');
  if (html === -1) return false;
  const json = types.findIndex((type) => type === 'application/json' || type === 'application/graphql-response+json');
  return json === -1 || html < json;
}

export const CONSOLE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': CONSOLE_CSP,
  'cache-control': 'no-store',
});

/**
 * The console's files under `<endpoint>/console/`: the options script, then the package's
 * build folder, served by `@fastify/static` (which keeps requests inside that folder and
 * answers ranges, ETags and 304s). No authentication: these are static files.
 */
export async function registerConsoleAssets(fastify: FastifyInstance, endpoint: string, graphqlConsole: GraphqlConsole): Promise<void> {
  const prefix = consolePath(endpoint);
  // Only the reply decorator: the folder is known once the package is loaded, on the first request.
  await fastify.register(fastifyStatic, { serve: false });
  fastify.get(`${prefix}${INITIAL_OPTIONS}`, async (_request, reply) => {
    const { options } = await graphqlConsole.assets();
    return reply.headers({ 'content-type': 'text/javascript; charset=utf-8', 'content-security-policy': CONSOLE_CSP, 'cache-control': 'no-store' }).send(options);
  });
  fastify.get(`${prefix}*`, async (request, reply) => {
    const relative = (request.params as { '*'?: string })['*'] ?? '';
    if (relative === '' || relative === 'index.html') return reply.headers(CONSOLE_HEADERS).send(await graphqlConsole.page());
    const { root, isSandboxFrame, sandboxPolicy } = await graphqlConsole.assets();
    reply.header('content-security-policy', isSandboxFrame(relative) ? sandboxPolicy : CONSOLE_CSP);
    return reply.sendFile(relative, root, { maxAge: '1d', dotfiles: 'ignore' });
  });
}
