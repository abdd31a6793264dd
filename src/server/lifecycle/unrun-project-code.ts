import { readdirSync } from 'node:fs';
import path from 'node:path';
import { importProjectModule } from '../../core/config/import-project-module.js';
import type { StrapiFactoryResult } from '../../core/config/strapi-module.js';

/** The folders of an API (`src/api/<name>/…`) whose code Strapi runs and Tessera does not yet. */
const CODE_FOLDERS = ['controllers', 'routes', 'services', 'policies', 'middlewares'];
const CODE_FILE = /^[^.].*(?<!\.d)\.(?:[cm]?[jt]s)$/;

function list(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/** Project files (relative to the project folder) of Strapi's per-API custom code: controllers, routes, services, policies, middlewares (content-type lifecycles run: src/compat/documents). */
export function unrunProjectCode(projectDir: string): string[] {
  const apiDir = path.join(projectDir, 'src', 'api');
  const files: string[] = [];
  for (const api of list(apiDir)) {
    for (const folder of CODE_FOLDERS) {
      for (const entry of list(path.join(apiDir, api, folder))) if (CODE_FILE.test(entry)) files.push(path.join('src', 'api', api, folder, entry));
    }
  }
  return files;
}

/** A file that only exports `factories.createCore*(uid)` without customisation: what Tessera serves anyway. */
async function isCoreDefault(projectDir: string, file: string): Promise<boolean> {
  try {
    const module = await importProjectModule(projectDir, path.join(projectDir, file));
    const exported = module.default as Partial<StrapiFactoryResult> | undefined;
    return typeof exported?.kind === 'string' && typeof exported.uid === 'string' && exported.customisation === undefined;
  } catch {
    return false;
  }
}

/**
 * Said once at start, so that a migrated project does not believe its custom code runs. Files
 * made only of Strapi's defaults (`factories.createCore*('api::x.x')`) are not named: Tessera's
 * content API is that default. Anything else in these files is not applied.
 */
export async function unrunProjectCodeMessage(projectDir: string): Promise<string | null> {
  const files: string[] = [];
  for (const file of unrunProjectCode(projectDir)) if (!(await isCoreDefault(projectDir, file))) files.push(file);
  if (files.length === 0) return null;
  return (
    `Not run: ${files.length} file${files.length === 1 ? '' : 's'} of Strapi custom code (${files.join(', ')}). ` +
    "Tessera serves every content-type as Strapi's default controllers, routes and services (factories.createCore*) do; " +
    'what these files change is not applied.'
  );
}
