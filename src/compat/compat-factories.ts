import { STRAPI_MODULES } from '../core/config/strapi-module.js';
import type { StrapiFactoryResult } from '../core/config/strapi-module.js';
import { CORE_ACTIONS, coreRoutes, type StrapiRoute } from './core-routes.js';
import type { Strapi } from './strapi-object.js';
import type { ContentType } from '../core/schema/content-type.js';

/** Marks what a factory made, so that the loader knows a core controller, service or router from a plain one. */
export const FACTORY_MARK = Symbol.for('tessera.strapi-factory');

export type FactoryKind = StrapiFactoryResult['kind'];
export interface FactoryMark {
  readonly kind: FactoryKind;
  readonly uid: string;
  readonly customisation: unknown;
}

/** What the factories need from the layer that runs them: the core controller and service of a content-type. */
export interface FactoryHost {
  contentType(uid: string): ContentType | undefined;
  coreController(uid: string, strapi: Strapi): object;
  coreService(uid: string, strapi: Strapi): object;
}

/** A Strapi router: what `createCoreRouter` returns and what project router files may wrap (`inner.routes`, `inner.prefix`). */
export interface StrapiRouter {
  readonly type: string;
  readonly prefix: string | undefined;
  readonly routes: readonly StrapiRoute[];
}

export function factoryMark(value: unknown): FactoryMark | undefined {
  return (value !== null && (typeof value === 'object' || typeof value === 'function') ? (value as { [FACTORY_MARK]?: FactoryMark })[FACTORY_MARK] : undefined);
}

type Customisation = ((deps: { strapi: Strapi }) => unknown) | Record<string, unknown> | undefined;

/**
 * `createCoreController(uid, cfg)` as Strapi builds it: the project's methods in an object whose
 * prototype is the core controller, so that `super.find(ctx)` in a method of the object literal
 * reaches the core action, and `this.sanitizeOutput` the core helpers.
 */
function extend(base: object, customisation: Customisation, strapi: Strapi): object {
  const own = typeof customisation === 'function' ? customisation({ strapi }) : (customisation ?? {});
  if (own === null || typeof own !== 'object') return base;
  Object.setPrototypeOf(own, base);
  return own;
}

function routerOf(host: FactoryHost, uid: string, config: Record<string, unknown>): StrapiRouter {
  let routes: StrapiRoute[] | undefined;
  const only = Array.isArray(config.only) ? (config.only as unknown[]) : undefined;
  const except = Array.isArray(config.except) ? (config.except as unknown[]) : [];
  const actions = (config.config ?? {}) as Record<string, unknown>;
  return {
    type: typeof config.type === 'string' ? config.type : 'content-api',
    prefix: typeof config.prefix === 'string' ? config.prefix : undefined,
    get routes() {
      if (!routes) {
        const contentType = host.contentType(uid);
        if (!contentType) throw new Error(`createCoreRouter('${uid}'): no content-type has this uid`);
        routes = coreRoutes(contentType)
          .filter((route) => (only === undefined || only.includes(route.action)) && !except.includes(route.action))
          .map(({ action, ...route }) => ({ ...route, config: actions[action] ?? {} }));
      }
      return routes;
    },
  };
}

/**
 * The `@strapi/strapi` project code gets from this layer: factories that build running parts.
 * A core controller or service is a function of `{ strapi }` (as Strapi's are), marked so that
 * the loader recognises it; a core router is Strapi's router object.
 */
export function compatStrapiModules(host: FactoryHost): Readonly<Record<string, unknown>> {
  const base = STRAPI_MODULES['@strapi/strapi']!;
  const baseFactories = (base.factories ?? {}) as Record<string, unknown>;
  const made = (kind: 'controller' | 'service') => (uid: string, customisation?: Customisation) => {
    const build = ({ strapi }: { strapi: Strapi }) => extend(kind === 'controller' ? host.coreController(uid, strapi) : host.coreService(uid, strapi), customisation, strapi);
    Object.defineProperty(build, FACTORY_MARK, { value: Object.freeze({ kind, uid, customisation }) });
    return build;
  };
  const createCoreRouter = (uid: string, config?: Record<string, unknown>) => {
    const router = routerOf(host, uid, config ?? {});
    Object.defineProperty(router, FACTORY_MARK, { value: Object.freeze({ kind: 'router', uid, customisation: config }) });
    return router;
  };
  const factories = Object.freeze({ ...baseFactories, createCoreController: made('controller'), createCoreService: made('service'), createCoreRouter });
  return Object.freeze({ '@strapi/strapi': Object.freeze({ ...base, factories, default: Object.freeze({ factories }) }) });
}

export { CORE_ACTIONS };
