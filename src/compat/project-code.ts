import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import path from 'node:path';
import type { AuthService } from '../core/auth/auth-service.js';
import type { PermissionName } from '../core/auth/permission-names.js';
import type { DocumentApi } from '../core/documents/document-api.js';
import type { ContentType } from '../core/schema/content-type.js';
import type { SchemaRegistry } from '../core/schema/registry.js';
import { DefinitionError, ForbiddenError } from '../core/shared/errors.js';
import type { ContentApiContext } from '../transports/content-actions.js';
import { compatStrapiModules, factoryMark, type FactoryHost } from './compat-factories.js';
import { createCoreController } from './core-controller.js';
import { coreRoutes, type StrapiRoute } from './core-routes.js';
import { createCoreService } from './core-service.js';
import { HttpStatusError } from './http-status-error.js';
import { authenticated, createKoaContext, type KoaContext } from './koa-context.js';
import { importProjectFile, projectCodeFiles, type ProjectFile } from './project-files.js';
import { RequestPrincipals } from './request-auth.js';
import { answerOf, asEnvelopeError, compose, runPolicies } from './route-pipeline.js';
import { fullAction, lookupNamed, readyMiddleware, readyPolicy } from './route-parts.js';
import { pathShape, RoutePathError, toFastifyPath } from './route-path.js';
import { strictMembers, type Strapi, type StrapiParts, type StrapiRouteInput } from './strapi-object.js';

/** What running project code needs once the server's services exist. */
export interface ProjectCodeEnv {
  /** The content API's context for the model served now. */
  readonly current: () => ContentApiContext;
  readonly auth: AuthService;
  readonly strapi: Strapi;
  /** `strapi.documents(uid)`: what core services read and write through. */
  readonly documents: (uid: string) => DocumentApi;
  readonly log: (message: string) => void;
}

/** The parts of `strapi` this module provides (createStrapi / extendStrapi). */
export type ProjectCodeParts = Required<Pick<StrapiParts, 'service' | 'controller' | 'policy' | 'middleware' | 'server'>>;

export interface ProjectRuntime {
  readonly parts: ProjectCodeParts;
  /**
   * Registers the project's routes (custom routers first, then the core routers of the
   * content-types whose router or controller the project changes) and the global middlewares
   * of `config/middlewares`. Does nothing for a project without such code: its requests take
   * the content API's own routes, with no work added.
   */
  registerRoutes(fastify: FastifyInstance, options: { readonly restPrefix: string; readonly globalMiddlewares: readonly GlobalMiddlewareEntry[]; readonly middlewaresFile: string }): Promise<void>;
}

/** A `config/middlewares` entry this layer runs (`global::name`, `api::x.name`, or `{ name, config }` of those). */
export interface GlobalMiddlewareEntry {
  readonly name: string;
  readonly config: unknown;
}

export interface ProjectCode {
  /** No controllers, services, routes, policies nor middlewares: nothing is registered. */
  readonly empty: boolean;
  /** The files loaded, relative to the project. */
  readonly files: readonly string[];
  /** Permission names of the custom routes' actions (`api::restaurant.restaurant.exampleAction`): grantable like content-type actions. */
  readonly actions: readonly string[];
  start(env: ProjectCodeEnv): ProjectRuntime;
}

interface RouteConfig {
  readonly auth?: false | { readonly scope?: readonly string[] };
  readonly policies?: readonly unknown[];
  readonly middlewares?: readonly unknown[];
}

/** A route to register: where it came from, its Fastify path and what it runs. */
interface RouteEntry {
  readonly route: StrapiRoute;
  readonly prefix: string;
  readonly apiName: string | null;
  readonly file: string;
  /** The content-type whose core router listed it. */
  readonly coreOf: ContentType | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/** A router's customisations: anything that makes its routes differ from the content API's own. */
function customisedRouter(customisation: unknown): boolean {
  if (!isRecord(customisation)) return false;
  if (typeof customisation.prefix === 'string' && customisation.prefix !== '') return true;
  if (Array.isArray(customisation.only) || (Array.isArray(customisation.except) && customisation.except.length > 0)) return true;
  const config = customisation.config;
  if (!isRecord(config)) return false;
  return Object.values(config).some((entry) => isRecord(entry) && ((Array.isArray(entry.policies) && entry.policies.length > 0) || (Array.isArray(entry.middlewares) && entry.middlewares.length > 0) || entry.auth !== undefined));
}

/**
 * Loads a project's controllers, services, routes, policies and middlewares (`src/api/*`,
 * `src/policies`, `src/middlewares`) with `@strapi/strapi` factories that build running parts.
 * Files are evaluated now (a broken one stops the start, naming it); what they define is
 * created with `strapi` when `start` is called, as Strapi does after loading.
 */
export async function loadProjectCode(projectDir: string, registry: SchemaRegistry): Promise<ProjectCode> {
  let running: ProjectCodeEnv | undefined;
  const envNow = (): ProjectCodeEnv => {
    if (!running) throw new Error('strapi is not ready yet: core controllers and services exist from register() on');
    return running;
  };
  const principals = new RequestPrincipals();
  const host: FactoryHost = {
    contentType: (uid) => registry.get(uid),
    coreController: (uid) => {
      if (!registry.get(uid)) throw new Error(`createCoreController('${uid}'): no content-type has this uid`);
      const env = envNow();
      return createCoreController(uid, { current: env.current, auth: env.auth, principals });
    },
    coreService: (uid) => {
      const contentType = registry.get(uid);
      if (!contentType) throw new Error(`createCoreService('${uid}'): no content-type has this uid`);
      return createCoreService(contentType, () => envNow().documents(uid));
    },
  };
  const modules = compatStrapiModules(host);
  const files: ProjectFile[] = [];
  for (const found of projectCodeFiles(projectDir)) files.push({ ...found, exported: await importProjectFile(projectDir, found.file, modules) });
  const byKind = (kind: ProjectFile['kind']) => new Map(files.filter((file) => file.kind === kind).map((file) => [file.uid, file]));
  const controllers = byKind('controllers');
  const services = byKind('services');
  const policies = byKind('policies');
  const middlewares = byKind('middlewares');
  const relative = (file: string) => path.relative(projectDir, file);

  // Routes, in Strapi's order of precedence: custom routers first (a `/articles/:slug` of the
  // project before the core `/articles/:id`), then the core routers.
  const custom: RouteEntry[] = [];
  const core: RouteEntry[] = [];
  const customisedTypes = new Set<string>();
  for (const file of files.filter((entry) => entry.kind === 'routes')) {
    const mark = factoryMark(file.exported);
    const router = file.exported;
    if (mark?.kind === 'router') {
      const contentType = registry.get(mark.uid);
      if (!contentType) throw new DefinitionError(file.file, `createCoreRouter('${mark.uid}'): no content-type has this uid`);
      if (customisedRouter(mark.customisation)) customisedTypes.add(mark.uid);
      const { prefix, routes } = router as { prefix?: string; routes: readonly StrapiRoute[] };
      for (const route of routes) core.push({ route, prefix: prefix ?? '', apiName: file.apiName, file: file.file, coreOf: contentType });
      continue;
    }
    const routes = Array.isArray(router) ? router : isRecord(router) ? router.routes : undefined;
    if (!Array.isArray(routes)) throw new DefinitionError(file.file, 'must export a router: factories.createCoreRouter(uid, …) or { routes: [{ method, path, handler, config }] }');
    const prefix = isRecord(router) && typeof router.prefix === 'string' ? router.prefix : '';
    for (const route of routes as unknown[]) {
      if (!isRecord(route)) throw new DefinitionError(file.file, 'each route must be an object { method, path, handler, config }');
      custom.push({ route: route as unknown as StrapiRoute, prefix, apiName: file.apiName, file: file.file, coreOf: null });
    }
  }
  for (const [uid, file] of controllers) {
    const mark = factoryMark(file.exported);
    if (!(mark?.kind === 'controller' && mark.customisation === undefined) && registry.get(uid)) customisedTypes.add(uid);
  }

  const actions = [...new Set(custom.map((entry) => fullAction(entry.route.handler, entry.apiName)).filter((action): action is string => action !== null))];

  return {
    empty: files.length === 0,
    files: files.map((file) => relative(file.file)),
    actions,
    start(env) {
      running = env;
      const { strapi } = env;
      const controllerCache = new Map<string, Record<string, unknown>>();
      const serviceCache = new Map<string, Record<string, unknown>>();
      const middlewareCache = new Map<string, unknown>();
      const serverRoutes: RouteEntry[] = [];
      let routesRegistered = false;
      const instantiate = (exported: unknown): Record<string, unknown> => {
        const value = typeof exported === 'function' ? (exported as (deps: { strapi: Strapi }) => unknown)({ strapi }) : exported;
        if (!isRecord(value)) throw new Error('must export an object, or a function of { strapi } returning one');
        return value;
      };
      const controller = (uid: string): Record<string, unknown> => {
        let made = controllerCache.get(uid);
        if (made) return made;
        const file = controllers.get(uid);
        if (file) {
          try {
            made = instantiate(file.exported);
          } catch (error) {
            throw new DefinitionError(file.file, (error as Error).message);
          }
        } else if (registry.get(uid)) made = host.coreController(uid, strapi) as unknown as Record<string, unknown>;
        else throw new Error(`strapi.controller('${uid}'): no controller has this uid (src/api/<api>/controllers/<name>)`);
        controllerCache.set(uid, made);
        return made;
      };
      const service = (uid: string): Record<string, unknown> => {
        let made = serviceCache.get(uid);
        if (made) return made;
        const file = services.get(uid);
        if (file) {
          try {
            made = instantiate(file.exported);
          } catch (error) {
            throw new DefinitionError(file.file, (error as Error).message);
          }
        } else if (registry.get(uid)) made = host.coreService(uid, strapi) as unknown as Record<string, unknown>;
        else throw new Error(`strapi.service('${uid}'): no service has this uid (src/api/<api>/services/<name>)`);
        serviceCache.set(uid, made);
        return made;
      };
      const policy = (entry: unknown, apiName: string | null, file: string) => readyPolicy(entry, policies, { apiName, file, strapi });
      const middleware = (entry: unknown, apiName: string | null, file: string) => readyMiddleware(entry, middlewares, { apiName, file, strapi });
      const handlerOf = (entry: RouteEntry): ((ctx: KoaContext, next: () => Promise<unknown>) => Promise<unknown>) => {
        const { handler } = entry.route;
        if (typeof handler === 'function') return async (ctx, next) => (handler as (ctx: KoaContext, next: () => Promise<unknown>) => unknown)(ctx, next);
        const action = fullAction(handler, entry.apiName);
        if (action === null) throw new DefinitionError(entry.file, `handler ${JSON.stringify(handler)} must be "<controller>.<action>", "<api>.<controller>.<action>" or "api::<api>.<controller>.<action>"`);
        const dot = action.lastIndexOf('.');
        const uid = action.slice(0, dot);
        const name = action.slice(dot + 1);
        let instance: Record<string, unknown>;
        try {
          instance = controller(uid);
        } catch (error) {
          throw error instanceof DefinitionError ? error : new DefinitionError(entry.file, `handler "${String(handler)}": ${(error as Error).message}`);
        }
        const method = instance[name];
        if (typeof method !== 'function') throw new DefinitionError(entry.file, `handler "${String(handler)}": controller ${uid} has no action "${name}"`);
        return async (ctx, next) => (method as (ctx: KoaContext, next: () => Promise<unknown>) => unknown).call(instance, ctx, next);
      };
      const permissionsOf = (entry: RouteEntry, config: RouteConfig): readonly PermissionName[] => {
        if (isRecord(config.auth) && Array.isArray(config.auth.scope)) return config.auth.scope as PermissionName[];
        const action = fullAction(entry.route.handler, entry.apiName);
        if (action === null) throw new DefinitionError(entry.file, `route ${entry.route.path}: a function handler needs config.auth false or config.auth.scope (the actions that may call it)`);
        return [action as PermissionName];
      };

      /**
       * Strapi's core actions call the service (`strapi.service(uid).find`); Tessera's run its
       * own pipeline (authorization included), so an override of a core service method changes
       * what project code calling it gets, not the REST answer: said at start, naming the file.
       */
      const warnServiceOverrides = (): void => {
        for (const [uid, file] of services) {
          if (!registry.get(uid)) continue;
          const own = Object.keys(service(uid)).filter((name) => CORE_SERVICE_METHODS.includes(name));
          if (own.length === 0) continue;
          env.log(
            `${relative(file.file)}: overrides ${own.join(', ')} of the core service of ${uid}. Tessera's core controller actions do not call the service (they run the content API's own pipeline); ` +
              'the override applies where project code calls strapi.service(), not to the REST routes — override the controller action to change them (docs/custom-code.md).',
          );
        }
      };
      const registerRoutes: ProjectRuntime['registerRoutes'] = async (fastify, { restPrefix, globalMiddlewares, middlewaresFile }) => {
        routesRegistered = true;
        const base = restPrefix.replace(/\/+$/, '');
        // A project middleware of config/middlewares runs on every route of the content API: each content-type is then served here.
        if (globalMiddlewares.length > 0) for (const contentType of registry.contentTypes) if (!contentType.uid.startsWith('plugin::')) customisedTypes.add(contentType.uid);
        // A custom route on a path of a content-type's core routes (`GET /articles` of its own) shares
        // that path with them: the type's core routes are then served here too, or the content
        // API's would be shadowed for the other methods (405).
        const coreShapes = new Map<string, string>();
        for (const contentType of registry.contentTypes) {
          if (!contentType.uid.startsWith('plugin::')) for (const { path: typePath } of coreRoutes(contentType)) coreShapes.set(pathShape(`${base}${typePath}`), contentType.uid);
        }
        for (const entry of [...custom, ...serverRoutes]) {
          let url: string | null;
          try {
            url = toFastifyPath(`${base}${entry.prefix}${entry.route.path}`);
          } catch {
            url = null; // reported with its file below
          }
          const uid = url === null ? undefined : coreShapes.get(pathShape(url));
          if (uid !== undefined) customisedTypes.add(uid);
        }
        const entries = [...custom, ...serverRoutes, ...core.filter((entry) => entry.coreOf !== null && customisedTypes.has(entry.coreOf.uid))];
        // Types whose controller the project changes but whose router it does not list: their core routes.
        const routed = new Set(core.map((entry) => entry.coreOf?.uid));
        for (const uid of customisedTypes) {
          const contentType = registry.get(uid);
          if (contentType && !routed.has(uid)) {
            for (const { action, ...route } of coreRoutes(contentType)) entries.push({ route: { ...route, handler: `${uid}.${action}` }, prefix: '', apiName: contentType.apiName, file: controllers.get(uid)?.file ?? uid, coreOf: contentType });
          }
        }
        warnServiceOverrides();
        if (entries.length === 0 && globalMiddlewares.length === 0) return;
        const globals = globalMiddlewares.map((entry) => middleware(entry.config === undefined ? entry.name : { name: entry.name, config: entry.config }, null, middlewaresFile));
        const taken = new Set<string>();
        const paths = new Set<string>();
        for (const entry of entries) {
          const config = (entry.route.config ?? {}) as RouteConfig;
          if (!isRecord(config)) throw new DefinitionError(entry.file, `route ${entry.route.path}: config must be an object`);
          const methods = [entry.route.method].flat().map((method) => String(method).toUpperCase());
          const bad = methods.find((method) => !HTTP_METHODS.has(method));
          if (bad !== undefined || methods.length === 0) throw new DefinitionError(entry.file, `route ${entry.route.path}: method ${JSON.stringify(entry.route.method)} is not one of ${[...HTTP_METHODS].join(', ')}`);
          let url: string;
          try {
            url = toFastifyPath(`${base}${entry.prefix}${entry.route.path}`);
          } catch (error) {
            if (error instanceof RoutePathError) throw new DefinitionError(entry.file, error.message);
            throw error;
          }
          // koa-router serves the first route that matches: a later one of the same shape is never reached.
          const free = methods.filter((method) => !(method === 'HEAD' && methods.includes('GET'))).filter((method) => {
            const key = `${method} ${pathShape(url)}`;
            if (taken.has(key)) return false;
            taken.add(key);
            return true;
          });
          if (free.length === 0) continue;
          paths.add(pathShape(url));
          const open = config.auth === false;
          const permissions = open ? [] : permissionsOf(entry, config);
          if (config.policies !== undefined && !Array.isArray(config.policies)) throw new DefinitionError(entry.file, `route ${entry.route.path}: config.policies must be an array`);
          if (config.middlewares !== undefined && !Array.isArray(config.middlewares)) throw new DefinitionError(entry.file, `route ${entry.route.path}: config.middlewares must be an array`);
          const ready = (config.policies ?? []).map((given) => policy(given, entry.apiName, entry.file));
          const routeMiddlewares = (config.middlewares ?? []).map((given) => middleware(given, entry.apiName, entry.file));
          const action = handlerOf(entry);
          const info = Object.freeze({ method: free[0], path: entry.route.path, handler: entry.route.handler, config, info: { apiName: entry.apiName, type: 'content-api' } });
          const inner = compose(routeMiddlewares, async (ctx) => {
            const value = await action(ctx, async () => undefined);
            if ((ctx.body === undefined || ctx.body === null) && value !== undefined && value !== null) ctx.body = value;
          });
          // Strapi's order: the global middlewares wrap the route; authentication, the permission
          // check and the policies come first inside it, then the route's middlewares and the action.
          const chain = compose(globals, async (ctx) => {
            const principal = open ? null : await env.auth.authenticate(ctx.request.headers.authorization as string | undefined);
            if (principal !== null && !permissions.some((permission) => env.auth.can(principal, permission))) throw new ForbiddenError();
            authenticated(ctx.state, principal);
            principals.set(ctx, principal);
            await runPolicies(ready, ctx);
            await inner(ctx);
          });
          const serve = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
            const ctx = createKoaContext(request, null);
            ctx.state.route = info;
            try {
              await chain(ctx);
            } catch (error) {
              throw asEnvelopeError(error);
            }
            const answer = answerOf(ctx);
            reply.code(answer.status).headers(answer.headers);
            if (answer.contentType !== undefined) reply.type(answer.contentType);
            return answer.body === undefined ? reply.send() : reply.send(answer.body);
          };
          try {
            fastify.route({ method: free, url, handler: serve });
          } catch (error) {
            throw new DefinitionError(entry.file, `route ${free.join(',')} ${entry.route.path}: ${(error as Error).message}`);
          }
        }
        // A changed content-type is served only as its router says: its default paths that no
        // route of the project keeps answer 404, not the content API's generic routes.
        for (const uid of customisedTypes) {
          const contentType = registry.get(uid);
          if (!contentType) continue;
          for (const { path: typePath } of coreRoutes(contentType)) {
            const url = `${base}${typePath}`;
            if (paths.has(pathShape(url))) continue;
            paths.add(pathShape(url));
            fastify.route({ method: fastify.supportedMethods, url, handler: async () => Promise.reject(new HttpStatusError(404)) });
          }
        }
      };

      return {
        parts: {
          service,
          controller,
          policy: (name: string) => lookupNamed(policies, name, null)?.exported ?? raise(`strapi.policy('${name}'): no such policy`),
          middleware: (name: string) => {
            if (middlewareCache.has(name)) return middlewareCache.get(name);
            const found = lookupNamed(middlewares, name, null)?.exported ?? raise(`strapi.middleware('${name}'): no such middleware`);
            middlewareCache.set(name, found);
            return found;
          },
          server: strictMembers('server', {
            routes(given: Parameters<NonNullable<StrapiParts['server']>['routes']>[0]) {
              if (routesRegistered) throw new Error('strapi.server.routes: routes are added in register() or bootstrap(), before the server starts serving');
              const list: readonly StrapiRouteInput[] = Array.isArray(given) ? given : (given as { routes: readonly StrapiRouteInput[] }).routes;
              const type = Array.isArray(given) ? 'content-api' : ((given as { type?: string }).type ?? 'content-api');
              if (type !== 'content-api') throw new Error(`strapi.server.routes: routes of type "${type}" are not supported by Tessera (only content-api)`);
              for (const route of list) serverRoutes.push({ route: route as StrapiRoute, prefix: '', apiName: null, file: 'strapi.server.routes()', coreOf: null });
            },
          }),
        },
        registerRoutes,
      };
    },
  };
}

const CORE_SERVICE_METHODS: readonly string[] = ['find', 'findOne', 'create', 'update', 'delete', 'createOrUpdate'];

function raise(message: string): never {
  throw new Error(message);
}
