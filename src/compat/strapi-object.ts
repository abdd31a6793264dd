/**
 * The `strapi` object a Strapi project's code receives: in `register`/`bootstrap`/`destroy`, in
 * the factories' `({ strapi }) => …`, in policies and middlewares, and as the global `strapi`.
 * It is assembled from parts, each built by the module that owns it (this layer's services and
 * controllers, the document service, the query engine, cron, the store…), so that a part can be
 * added without this file knowing how it works. A member Strapi has and Tessera does not answers
 * a clear error naming it — never `undefined`, which would fail later and far from the cause.
 */

import { DefinitionError } from '../core/shared/errors.js';

/** Thrown when project code uses a member of `strapi` that Tessera does not provide. */
export class StrapiNotSupportedError extends Error {
  override name = 'StrapiNotSupportedError';
  constructor(member: string) {
    super(`not supported by Tessera: strapi.${member} (see docs/custom-code.md)`);
  }
}

/** What a lifecycle function threw, for the start to stop with: a member Tessera lacks names the file (never a stack trace); anything else as it is. */
export function asStartError(error: unknown, file: string): unknown {
  return error instanceof StrapiNotSupportedError ? new DefinitionError(file, error.message) : error;
}

/** `strapi.log`: Strapi's logger levels. */
export interface StrapiLog {
  error(message: unknown, ...rest: unknown[]): void;
  warn(message: unknown, ...rest: unknown[]): void;
  info(message: unknown, ...rest: unknown[]): void;
  debug(message: unknown, ...rest: unknown[]): void;
  http(message: unknown, ...rest: unknown[]): void;
  verbose(message: unknown, ...rest: unknown[]): void;
}

/** `strapi.config`: `get('server.host', fallback)`, `has`, `set` over every config file. */
export interface StrapiConfig {
  get<T = unknown>(path: string, fallback?: T): T;
  has(path: string): boolean;
  set(path: string, value: unknown): void;
}

/** `strapi.dirs`, as Strapi 5 names them. */
export interface StrapiDirs {
  readonly app: { readonly root: string; readonly src: string; readonly api: string; readonly components: string; readonly extensions: string; readonly policies: string; readonly middlewares: string; readonly config: string };
  readonly dist: { readonly root: string; readonly src: string; readonly api: string; readonly components: string; readonly extensions: string; readonly policies: string; readonly middlewares: string; readonly config: string };
  readonly static: { readonly public: string };
}

/** A route as `strapi.server.routes()` takes it: Strapi's route object. */
export interface StrapiRouteInput {
  readonly method: string;
  readonly path: string;
  readonly handler: unknown;
  readonly config?: unknown;
}

/**
 * The parts of `strapi`, each optional: a missing one answers StrapiNotSupportedError. Members
 * built outside this module are typed loosely here (`unknown`-returning functions) so that their
 * owners type them precisely without this interface changing.
 */
export interface StrapiParts {
  readonly service?: (uid: string) => unknown;
  readonly controller?: (uid: string) => unknown;
  readonly policy?: (name: string) => unknown;
  readonly middleware?: (name: string) => unknown;
  readonly config?: StrapiConfig;
  readonly contentTypes?: Readonly<Record<string, unknown>>;
  readonly components?: Readonly<Record<string, unknown>>;
  readonly getModel?: (uid: string) => unknown;
  readonly log?: StrapiLog;
  readonly server?: { routes(routes: readonly StrapiRouteInput[] | { readonly type?: string; readonly routes: readonly StrapiRouteInput[] }): void };
  readonly dirs?: StrapiDirs;
  readonly EE?: boolean;
  // Parts of other modules (issue 18b–d, 17): given by the composition root when it has them.
  readonly documents?: unknown;
  readonly db?: unknown;
  readonly plugin?: (name: string) => unknown;
  readonly store?: unknown;
  readonly cron?: unknown;
  readonly customFields?: unknown;
  readonly [member: string]: unknown;
}

/** The `strapi` object: every part given, and an error for any other member. */
export type Strapi = StrapiParts & Readonly<Record<string, unknown>>;

/**
 * Names that generic code (await, JSON, util.inspect, test frameworks) probes on any object:
 * they answer undefined as on a plain object, so that `await strapi` or logging it works.
 */
const PROBED = new Set(['then', 'toJSON', 'constructor', 'inspect', 'asymmetricMatch', 'nodeType', '$$typeof', '__esModule', 'toString', 'valueOf', 'length']);

/**
 * An object whose missing members throw StrapiNotSupportedError named `<path>.<member>`: the
 * `strapi` object itself (path ''), and its parts that Strapi gives more members than Tessera
 * (`strapi.server.use`, `strapi.server.app`, …).
 */
export function strictMembers<T extends object>(path: string, members: T): T {
  return new Proxy(members, {
    get(object, member) {
      if (typeof member === 'symbol') return Reflect.get(object, member);
      const value = (object as Record<string, unknown>)[member];
      if (Object.hasOwn(object, member) && value !== undefined) return value;
      if (PROBED.has(member)) return Reflect.get(object, member);
      throw new StrapiNotSupportedError(path === '' ? member : `${path}.${member}`);
    },
  });
}

/** The `strapi` object over its parts; `extend` adds or replaces parts later (the server adds what it builds after start). */
export function createStrapi(parts: StrapiParts): Strapi {
  const target: Record<string, unknown> = { ...parts };
  const strict = strictMembers('', target);
  return new Proxy(target, {
    get(object, member) {
      return Reflect.get(strict, member);
    },
    has(object, member) {
      return typeof member === 'string' && Object.hasOwn(object, member) && object[member] !== undefined;
    },
    set(object, member, value) {
      // Strapi projects hang their own values on strapi (strapi.myCache = …); allowed as on Strapi.
      return Reflect.set(object, member, value);
    },
  }) as Strapi;
}

/** Adds or replaces parts of a `strapi` made by createStrapi (for parts built after it, e.g. after the routes). */
export function extendStrapi(strapi: Strapi, parts: StrapiParts): void {
  for (const [member, value] of Object.entries(parts)) if (value !== undefined) (strapi as Record<string, unknown>)[member] = value;
}
