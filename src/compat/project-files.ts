import { readdirSync } from 'node:fs';
import path from 'node:path';
import { importProjectModule } from '../core/config/import-project-module.js';
import { DefinitionError } from '../core/shared/errors.js';

/** The kinds of project code files Strapi loads from `src/api/<api>/<folder>/` (and `src/<folder>/` for policies and middlewares). */
export type CodeKind = 'controllers' | 'services' | 'routes' | 'policies' | 'middlewares';

/** One loaded project file: its export, the name Strapi gives it (`api::blog.article`, `global::is-owner`) and where it lies. */
export interface ProjectFile {
  readonly kind: CodeKind;
  /** `api::<api>.<file name>` or, for `src/policies` and `src/middlewares`, `global::<file name>`. */
  readonly uid: string;
  /** The API folder, null for global files. */
  readonly apiName: string | null;
  readonly file: string;
  readonly exported: unknown;
}

const KINDS: readonly CodeKind[] = ['controllers', 'services', 'routes', 'policies', 'middlewares'];
const CODE_FILE = /^[^.].*(?<!\.d)\.(?:[cm]?[jt]s)$/;

function list(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/** Where the project's code files are: nothing is read yet. */
export function projectCodeFiles(projectDir: string): Array<Omit<ProjectFile, 'exported'>> {
  const found: Array<Omit<ProjectFile, 'exported'>> = [];
  const add = (kind: CodeKind, dir: string, prefix: string, apiName: string | null) => {
    const seen = new Map<string, string>();
    for (const entry of list(dir)) {
      if (!CODE_FILE.test(entry)) continue;
      const name = entry.replace(/\.[cm]?[jt]s$/, '');
      const file = path.join(dir, entry);
      const earlier = seen.get(name);
      // index.ts next to index.js (a compiled copy): Strapi would load one; Tessera says which it refuses.
      if (earlier !== undefined) throw new DefinitionError(file, `defines "${prefix}${name}" a second time (also ${earlier}); keep one file per name`);
      seen.set(name, file);
      found.push({ kind, uid: `${prefix}${name}`, apiName, file });
    }
  };
  const apiDir = path.join(projectDir, 'src', 'api');
  for (const api of list(apiDir)) for (const kind of KINDS) add(kind, path.join(apiDir, api, kind), `api::${api}.`, api);
  add('policies', path.join(projectDir, 'src', 'policies'), 'global::', null);
  add('middlewares', path.join(projectDir, 'src', 'middlewares'), 'global::', null);
  return found;
}

/** The value a file exports (`module.exports` or `export default`). */
export async function importProjectFile(projectDir: string, file: string, modules: Readonly<Record<string, unknown>>): Promise<unknown> {
  try {
    const module = await importProjectModule(projectDir, file, modules);
    return 'default' in module && module.default !== undefined ? module.default : module;
  } catch (error) {
    throw new DefinitionError(file, `could not be loaded: ${(error as Error).message}`);
  }
}
