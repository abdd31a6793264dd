import { DefinitionError } from '../core/shared/errors.js';
import type { KoaContext } from './koa-context.js';
import type { ProjectFile } from './project-files.js';
import type { KoaMiddleware, ReadyPolicy } from './route-pipeline.js';
import type { Strapi } from './strapi-object.js';

/**
 * What a route names — its handler, its policies, its middlewares — resolved as Strapi resolves
 * them; what cannot be resolved stops the start naming the route's file.
 */

type PolicyFunction = (ctx: KoaContext, config: unknown, deps: { strapi: Strapi }) => unknown;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A handler string as its full action name: `api::<api>.<controller>.<action>` as written,
 * `<controller>.<action>` of the route's API, or `<api>.<controller>.<action>`; null for what is
 * none of these (a function handler included).
 */
export function fullAction(handler: unknown, apiName: string | null): string | null {
  if (typeof handler !== 'string') return null;
  if (handler.includes('::')) return /^[a-z]+::[^.]+\.[^.]+\.[^.]+$/.test(handler) ? handler : null;
  const parts = handler.split('.');
  if (parts.some((part) => part.length === 0)) return null;
  if (parts.length === 2 && apiName !== null) return `api::${apiName}.${parts[0]}.${parts[1]}`;
  if (parts.length === 3) return `api::${parts[0]}.${parts[1]}.${parts[2]}`;
  return null;
}

/** A policy or middleware as a route names it: `global::x`, `api::a.x`, or a bare name of the route's API, then a global one. */
export function lookupNamed<T>(table: ReadonlyMap<string, T>, name: string, apiName: string | null): T | undefined {
  if (name.includes('::')) return table.get(name);
  return (apiName !== null ? table.get(`api::${apiName}.${name}`) : undefined) ?? table.get(`global::${name}`);
}

/** Where an entry of a route's `policies` or `middlewares` is resolved. */
export interface RouteSite {
  readonly apiName: string | null;
  /** The route's file, named by the start-up errors. */
  readonly file: string;
  readonly strapi: Strapi;
}

function named(entry: unknown): { name: string; config: unknown } | null {
  if (typeof entry === 'string') return { name: entry, config: {} };
  if (isRecord(entry) && typeof entry.name === 'string') return { name: entry.name, config: entry.config ?? {} };
  return null;
}

/** A route's policy entry — a name, `{ name, config }` or an inline function — ready to run. */
export function readyPolicy(entry: unknown, policies: ReadonlyMap<string, ProjectFile>, site: RouteSite): ReadyPolicy {
  const { strapi } = site;
  if (typeof entry === 'function') return { name: 'inline', run: (ctx) => (entry as PolicyFunction)(ctx, {}, { strapi }) };
  const given = named(entry);
  if (given === null) throw new DefinitionError(site.file, 'a policy must be a name, a function or { name, config }');
  const found = lookupNamed(policies, given.name, site.apiName);
  if (!found) {
    const why = given.name.startsWith('plugin::') || given.name.startsWith('admin::') ? 'policies of plugins and of the admin panel are not supported by Tessera' : 'no such policy in src/policies or the policies of an API';
    throw new DefinitionError(site.file, `policy "${given.name}": ${why}`);
  }
  const exported = found.exported;
  const run = typeof exported === 'function' ? (exported as PolicyFunction) : isRecord(exported) && typeof exported.handler === 'function' ? (exported.handler as PolicyFunction) : null;
  if (!run) throw new DefinitionError(found.file, 'a policy must export a function (policyContext, config, { strapi }) or { handler }');
  return { name: given.name, run: (ctx) => run(ctx, given.config, { strapi }) };
}

/** A route's (or `config/middlewares`') middleware entry — a name, `{ name, config }` or an inline `(ctx, next)` — created with its config, as Strapi creates them at start. */
export function readyMiddleware(entry: unknown, middlewares: ReadonlyMap<string, ProjectFile>, site: RouteSite): KoaMiddleware {
  if (typeof entry === 'function') return entry as KoaMiddleware;
  const given = named(entry);
  if (given === null) throw new DefinitionError(site.file, 'a middleware must be a name, a function or { name, config }');
  const found = lookupNamed(middlewares, given.name, site.apiName);
  if (!found) {
    const why = given.name.startsWith('plugin::') || given.name.startsWith('strapi::') ? "middlewares of plugins and Strapi's own are not supported on routes by Tessera" : 'no such middleware in src/middlewares or the middlewares of an API';
    throw new DefinitionError(site.file, `middleware "${given.name}": ${why}`);
  }
  if (typeof found.exported !== 'function') throw new DefinitionError(found.file, 'a middleware must export a function (config, { strapi }) => (ctx, next) => …');
  const made = (found.exported as (config: unknown, deps: { strapi: Strapi }) => unknown)(given.config, { strapi: site.strapi });
  if (typeof made !== 'function') throw new DefinitionError(found.file, 'the middleware factory must return a function (ctx, next) => …');
  return made as KoaMiddleware;
}
