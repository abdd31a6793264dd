import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { importProjectModule } from '../../../core/config/import-project-module.js';
import { DefinitionError } from '../../../core/shared/errors.js';
import { BUILT_IN_POLICIES } from './built-in-policies.js';
import type { MiddlewareFactory, PolicyFunction } from './extension-types.js';

const EXTENSIONS = ['.ts', '.mjs', '.js'];

/** `src/<folder>/<name>.{ts,mjs,js}` → name → file; hidden files (the loader's own temporary copies), tests and declarations are not modules. */
async function moduleFiles(folder: string): Promise<Map<string, string>> {
  let entries: string[];
  try {
    entries = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
  const files = new Map<string, string>();
  for (const extension of EXTENSIONS) {
    for (const entry of entries.sort()) {
      if (!entry.endsWith(extension) || entry.startsWith('.') || entry.endsWith('.d.ts') || /\.test\.[cm]?[jt]s$/.test(entry)) continue;
      const name = entry.slice(0, -extension.length);
      if (files.has(name)) throw new DefinitionError(path.join(folder, entry), `another file already defines "${name}" (${path.basename(files.get(name) ?? '')})`);
      files.set(name, path.join(folder, entry));
    }
  }
  return files;
}

/** The default export (or the module's own value), or an object's `handler` (the reference's `{ handler }` form). */
async function loadFunctions(projectDir: string, folder: string): Promise<Map<string, (...args: never[]) => unknown>> {
  const found = new Map<string, (...args: never[]) => unknown>();
  for (const [name, file] of await moduleFiles(path.join(projectDir, 'src', folder))) {
    let module: Record<string, unknown>;
    try {
      module = await importProjectModule(projectDir, file);
    } catch (error) {
      throw new DefinitionError(file, `could not be loaded: ${(error as Error).message}`);
    }
    const exported = module.default ?? module;
    const handler = typeof exported === 'function' ? exported : (exported as { handler?: unknown } | null)?.handler;
    if (typeof handler !== 'function') throw new DefinitionError(file, 'must export a function (default export)');
    found.set(`global::${name}`, handler as (...args: never[]) => unknown);
  }
  return found;
}

/** The project's `src/policies` as `global::<file name>`, plus the built-in policies. */
export async function loadProjectPolicies(projectDir: string): Promise<ReadonlyMap<string, PolicyFunction>> {
  const project = (await loadFunctions(projectDir, 'policies')) as Map<string, PolicyFunction>;
  return new Map([...BUILT_IN_POLICIES, ...project]);
}

/** The project's `src/middlewares` as `global::<file name>`: factories `(options, { strapi }) => middleware`. */
export async function loadProjectMiddlewares(projectDir: string): Promise<ReadonlyMap<string, MiddlewareFactory>> {
  return (await loadFunctions(projectDir, 'middlewares')) as Map<string, MiddlewareFactory>;
}
