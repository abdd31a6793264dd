import { existsSync } from 'node:fs';
import path from 'node:path';
import { importProjectModule } from '../../core/config/import-project-module.js';
import type { DocumentApi } from '../../core/documents/document-api.js';
import { DefinitionError } from '../../core/shared/errors.js';
import type { DocumentMiddleware } from '../../compat/documents/document-middlewares.js';
import type { LifecycleProvider } from '../../compat/documents/lifecycle-provider.js';
import type { EventHub } from '../../compat/events/event-hub.js';

/** What a project's `register` and `bootstrap` functions receive. */
export interface LifecycleContext {
  /** `documents('api::article.article').create({ data })`: the document API of a content-type. */
  readonly documents: ((uid: string) => DocumentApi) & { readonly use?: (middleware: DocumentMiddleware) => void };
  /** `db.lifecycles.subscribe(…)`: Strapi's database lifecycle events (the rest of `strapi.db` comes with the `strapi` object). */
  readonly db?: { readonly lifecycles: LifecycleProvider };
  readonly log: { info(message: string): void; warn(message: string): void };
  /** `plugin('graphql').service('extension')`, for code written for the reference. */
  readonly plugin?: (name: string) => { service(name: string): unknown };
  /** `strapi.customFields.register(…)`: in `register()` only, before the content model is built. */
  readonly customFields?: { register(fields: unknown): void };
  /** The `strapi` object (src/compat/strapi-object.ts) the functions receive as `{ strapi }`; this context itself when not given. */
  readonly strapi?: object;
  /** `strapi.eventHub`: content events after commit (docs/webhooks.md), and the project's own. */
  readonly eventHub?: EventHub;
}

/** A project's `src/index.{ts,mjs,js,cjs}` exports; `{ strapi }` is passed too, for code written for the reference. */
export interface Lifecycle {
  /** The project's `src/index.{ts,mjs,js,cjs}`, null when it has none. */
  readonly file: string | null;
  /** Runs before the GraphQL schema is built: the place for extension-service calls. */
  register(context: LifecycleContext): Promise<void>;
  bootstrap(context: LifecycleContext): Promise<void>;
  /** Runs when the server closes (Strapi's `destroy`). */
  destroy(context: LifecycleContext): Promise<void>;
}

type LifecycleFunction = (argument: LifecycleContext & { readonly tessera: LifecycleContext; readonly strapi: object }) => unknown;

const FILES = ['index.ts', 'index.mjs', 'index.js', 'index.cjs'];
const NAMES = ['register', 'bootstrap', 'destroy'] as const;

function noPlugins(name: string): never {
  throw new Error(`Plugin "${name}" is not available here`);
}

/** After `register()` the content model is built: a custom field registered later could not be used. */
const LATE_CUSTOM_FIELDS = {
  register(): never {
    throw new Error('strapi.customFields.register() must be called in register(), before the content model is loaded');
  },
};

/** Loads the project's lifecycle functions; a project without `src/index` has none. */
export async function loadLifecycle(projectDir: string): Promise<Lifecycle> {
  const file = FILES.map((name) => path.join(projectDir, 'src', name)).find((candidate) => existsSync(candidate));
  if (!file) return { file: null, register: async () => undefined, bootstrap: async () => undefined, destroy: async () => undefined };
  let exported: Record<string, unknown>;
  try {
    const module = await importProjectModule(projectDir, file);
    exported = (module.default ?? module) as Record<string, unknown>;
  } catch (error) {
    throw new DefinitionError(file, `could not be loaded: ${(error as Error).message}`);
  }
  for (const name of NAMES) {
    if (exported[name] !== undefined && typeof exported[name] !== 'function') throw new DefinitionError(file, `"${name}" must be a function`);
  }
  const run = (name: (typeof NAMES)[number]) => async (given: LifecycleContext) => {
    const fn = exported[name];
    if (typeof fn !== 'function') return;
    // `strapi.plugin(…)` must be callable even when the caller hands no plugins (a clear error, not "not a function").
    const context: LifecycleContext = { ...given, plugin: given.plugin ?? noPlugins, customFields: given.customFields ?? LATE_CUSTOM_FIELDS };
    await (fn as LifecycleFunction)({ ...context, tessera: context, strapi: given.strapi ?? context });
  };
  return { file, register: run('register'), bootstrap: run('bootstrap'), destroy: run('destroy') };
}
