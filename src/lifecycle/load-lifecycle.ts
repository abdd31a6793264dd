import { existsSync } from 'node:fs';
import path from 'node:path';
import { importProjectModule } from '../config/import-project-module.js';
import type { DocumentApi } from '../documents/document-api.js';
import { DefinitionError } from '../shared/errors.js';

/** What a project's `register` and `bootstrap` functions receive. */
export interface LifecycleContext {
  /** `documents('api::article.article').create({ data })`: the document API of a content-type. */
  readonly documents: (uid: string) => DocumentApi;
  readonly log: { info(message: string): void; warn(message: string): void };
}

/** A project's `src/index.{ts,mjs,js}` exports; `{ strapi }` is passed too, for code written for the reference. */
export interface Lifecycle {
  bootstrap(context: LifecycleContext): Promise<void>;
}

type LifecycleFunction = (argument: LifecycleContext & { readonly tessera: LifecycleContext; readonly strapi: LifecycleContext }) => unknown;

const FILES = ['index.ts', 'index.mjs', 'index.js'];

/** Loads the project's lifecycle functions; a project without `src/index` has none. */
export async function loadLifecycle(projectDir: string): Promise<Lifecycle> {
  const file = FILES.map((name) => path.join(projectDir, 'src', name)).find((candidate) => existsSync(candidate));
  if (!file) return { bootstrap: async () => undefined };
  let exported: Record<string, unknown>;
  try {
    const module = await importProjectModule(file);
    exported = (module.default ?? module) as Record<string, unknown>;
  } catch (error) {
    throw new DefinitionError(file, `could not be loaded: ${(error as Error).message}`);
  }
  const bootstrap = exported.bootstrap;
  if (bootstrap !== undefined && typeof bootstrap !== 'function') throw new DefinitionError(file, '"bootstrap" must be a function');
  return {
    async bootstrap(context) {
      if (typeof bootstrap === 'function') await (bootstrap as LifecycleFunction)({ ...context, tessera: context, strapi: context });
    },
  };
}
