import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DefinitionError } from '../shared/errors.js';
import type { ComponentDefinition, ContentTypeDefinition, SourcedComponentDefinition, SourcedDefinition } from './definition.js';
import { isValidApiName } from './names.js';
import { buildRegistry, type SchemaRegistry } from './registry.js';

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

/** Reads every `src/components/<category>/<name>.json` of a project folder. */
export async function loadComponentDefinitions(projectDir: string): Promise<SourcedComponentDefinition[]> {
  const root = path.join(projectDir, 'src', 'components');
  const definitions: SourcedComponentDefinition[] = [];
  for (const category of await listDirectories(root)) {
    if (!isValidApiName(category)) throw new DefinitionError(path.join(root, category), 'a component category must be kebab-case (lowercase letters, digits and dashes, starting with a letter)');
    const entries = await readdir(path.join(root, category), { withFileTypes: true });
    for (const entry of entries.filter((candidate) => candidate.isFile() && candidate.name.endsWith('.json')).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(root, category, entry.name);
      const name = entry.name.slice(0, -'.json'.length);
      // The file name makes the uid (<category>.<name>) that attributes name.
      if (!isValidApiName(name)) throw new DefinitionError(file, 'a component file name must be kebab-case (lowercase letters, digits and dashes, starting with a letter)');
      definitions.push({ uid: `${category}.${name}`, category, name, file, definition: (await readJson(file)) as ComponentDefinition });
    }
  }
  return definitions;
}

/** The content model of a project folder: its content-types and components, checked. */
export async function loadRegistry(projectDir: string, builtIn: { types: readonly SourcedDefinition[]; components: readonly SourcedComponentDefinition[] } = { types: [], components: [] }): Promise<SchemaRegistry> {
  return buildRegistry([...builtIn.types, ...(await loadDefinitions(projectDir))], [...builtIn.components, ...(await loadComponentDefinitions(projectDir))]);
}
