import { readdirSync } from 'node:fs';
import path from 'node:path';
import { importProjectModule } from '../../core/config/import-project-module.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import { DefinitionError } from '../../core/shared/errors.js';
import { LIFECYCLE_ACTIONS, type LifecycleAction, type LifecycleHook, type LifecycleSubscriber } from './lifecycle-event.js';

const LIFECYCLE_FILE = /^lifecycles\.(?:[cm]?js|[cm]?ts)$/;
const ACTIONS: ReadonlySet<string> = new Set(LIFECYCLE_ACTIONS);

function list(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/** A content-type's lifecycles file, with the uid of its content-type. */
export interface LifecyclesFile {
  readonly uid: string;
  readonly file: string;
}

/** `src/api/<api>/content-types/<type>/lifecycles.{js,ts,…}` of a project: one per content-type at most. */
export function findLifecycleFiles(projectDir: string): LifecyclesFile[] {
  const apiDir = path.join(projectDir, 'src', 'api');
  const files: LifecyclesFile[] = [];
  for (const api of list(apiDir)) {
    for (const type of list(path.join(apiDir, api, 'content-types'))) {
      const found = list(path.join(apiDir, api, 'content-types', type)).filter((entry) => LIFECYCLE_FILE.test(entry));
      if (found.length > 1) throw new DefinitionError(path.join(apiDir, api, 'content-types', type), `has ${found.length} lifecycles files (${found.join(', ')}): keep one`);
      if (found[0]) files.push({ uid: `api::${api}.${type}`, file: path.join(apiDir, api, 'content-types', type, found[0]) });
    }
  }
  return files;
}

/**
 * The hooks a lifecycles file exports, as Strapi reads them: `module.exports = { beforeCreate… }`
 * (CommonJS), `export default { … }` (ES modules, TypeScript), or named exports.
 */
function hooksOf(module: Record<string, unknown>, file: string, warn: (message: string) => void): Partial<Record<LifecycleAction, LifecycleHook>> {
  const exported = module.default ?? module;
  if (exported === null || typeof exported !== 'object') throw new DefinitionError(file, 'must export an object of lifecycle hooks (beforeCreate, afterUpdate, …)');
  const hooks: Partial<Record<LifecycleAction, LifecycleHook>> = {};
  for (const [name, value] of Object.entries(exported)) {
    if (name === '__esModule') continue;
    if (!ACTIONS.has(name)) {
      // Strapi never calls such a hook either; said so that a misspelt name does not go unnoticed.
      warn(`${file}: "${name}" is not a lifecycle hook Strapi or Tessera calls (${LIFECYCLE_ACTIONS.join(', ')}); it is never called.`);
      continue;
    }
    if (typeof value !== 'function') throw new DefinitionError(file, `"${name}" must be a function`);
    hooks[name as LifecycleAction] = value as LifecycleHook;
  }
  return hooks;
}

/**
 * The lifecycles files of a project's content-types, as subscribers of their own model (what
 * Strapi registers before `register` runs). A file of a content-type the project does not
 * define, or one that cannot be loaded, stops the start naming the file.
 */
export async function loadContentTypeLifecycles(projectDir: string, registry: SchemaRegistry, warn: (message: string) => void): Promise<LifecycleSubscriber[]> {
  const subscribers: LifecycleSubscriber[] = [];
  for (const { uid, file } of findLifecycleFiles(projectDir)) {
    if (!registry.get(uid)) throw new DefinitionError(file, `is the lifecycles file of ${uid}, which has no schema.json`);
    let module: Record<string, unknown>;
    try {
      module = await importProjectModule(projectDir, file);
    } catch (error) {
      throw new DefinitionError(file, `could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    }
    const hooks = hooksOf(module, file, warn);
    if (Object.keys(hooks).length > 0) subscribers.push({ models: [uid], ...hooks });
  }
  return subscribers;
}
