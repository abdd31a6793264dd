import { readdirSync } from 'node:fs';
import path from 'node:path';

function list(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/**
 * Project files (relative to the project folder) of Strapi custom code that Tessera does not
 * run yet: content-type lifecycles. Controllers, routes, services, policies and middlewares run
 * (src/compat).
 */
export function unrunProjectCode(projectDir: string): string[] {
  const apiDir = path.join(projectDir, 'src', 'api');
  const files: string[] = [];
  for (const api of list(apiDir)) {
    for (const type of list(path.join(apiDir, api, 'content-types'))) {
      for (const entry of list(path.join(apiDir, api, 'content-types', type))) {
        if (/^lifecycles\.[cm]?[jt]s$/.test(entry)) files.push(path.join('src', 'api', api, 'content-types', type, entry));
      }
    }
  }
  return files;
}

/** Said once at start, so that a migrated project does not believe its lifecycles run. */
export async function unrunProjectCodeMessage(projectDir: string): Promise<string | null> {
  const files = unrunProjectCode(projectDir);
  if (files.length === 0) return null;
  return `Not run: ${files.length} file${files.length === 1 ? '' : 's'} of Strapi custom code (${files.join(', ')}). Content-type lifecycles are not run yet; what these files change is not applied.`;
}
