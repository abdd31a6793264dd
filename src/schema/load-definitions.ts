import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DefinitionError } from '../shared/errors.js';
import type { ContentTypeDefinition, SourcedDefinition } from './definition.js';
import { isValidApiName } from './names.js';

async function listDirectories(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function readJson(file: string): Promise<unknown> {
  const text = await readFile(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new DefinitionError(file, `not valid JSON: ${(error as Error).message}`);
  }
}

/** Reads every `src/api/<api>/content-types/<name>/schema.json` of a project folder. */
export async function loadDefinitions(projectDir: string): Promise<SourcedDefinition[]> {
  const apiRoot = path.join(projectDir, 'src', 'api');
  const definitions: SourcedDefinition[] = [];
  for (const apiName of await listDirectories(apiRoot)) {
    const typesDir = path.join(apiRoot, apiName, 'content-types');
    for (const modelName of await listDirectories(typesDir)) {
      const file = path.join(typesDir, modelName, 'schema.json');
      let definition: unknown;
      try {
        definition = await readJson(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      for (const [folder, name] of [[path.join(apiRoot, apiName), apiName], [path.join(typesDir, modelName), modelName]] as const) {
        // The folder names make the uid (api::<api>.<model>), which permissions and code name.
        if (!isValidApiName(name)) throw new DefinitionError(folder, 'a folder name must be kebab-case (lowercase letters, digits and dashes, starting with a letter)');
      }
      definitions.push({ uid: `api::${apiName}.${modelName}`, apiName, modelName, file, definition: definition as ContentTypeDefinition });
    }
  }
  return definitions;
}
