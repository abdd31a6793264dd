/**
 * What plugins' routes may use of the transports: the REST helpers they share with the content
 * API (the checked query string, the per-path route table: a method a path lacks answers 405
 * with Allow, rest/known-paths.ts) and the context they are registered with. Their route
 * modules are transports themselves; this is the one place where they reach into rest/
 * (eslint.config.js allows this file, and only it).
 */
import type { FastifyInstance } from 'fastify';
import type { PluginContext } from '../core/plugin/plugin-context.js';
import type { Plugin } from '../core/plugin/plugin.js';
import type { AuthRateLimit } from './security/rate-limit-plugin.js';

export { readQuery } from './rest/parse-query-string.js';
export { routeMethods, type Handler } from './rest/route-methods.js';
export { trackKnownPaths, type KnownPaths } from './rest/known-paths.js';

/** What a plugin's `register` adds its routes and hooks to: the HTTP transport's server. */
export type HttpHost = FastifyInstance;

/** What plugins' routes receive: core's services, and what the HTTP hooks registered before them provide. */
export interface HttpPluginContext extends PluginContext {
  /** Counts auth attempts that no limited path covers (GraphQL's auth mutations). */
  readonly authRateLimit?: AuthRateLimit;
  /** The fixed first segments of the routes registered under the REST prefix (complete once the app has started: read it in handlers). */
  readonly routeNames: () => ReadonlySet<string>;
}

/** A plugin served over HTTP: registered on the Fastify server, with `Context` (core's services by default). */
export type HttpPlugin<Context extends PluginContext = PluginContext, Outputs extends object = object> = Plugin<HttpHost, Context, Outputs>;
