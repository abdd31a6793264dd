import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DefinitionError } from '../shared/errors.js';
import type { ContentTypeDefinition } from './definition.js';

/** `src/extensions/<plugin>/content-types/<name>/schema.json`: a project's schema for a plugin's content-type. */
export interface ExtensionSchema {
  readonly plugin: string;
  /** The content-type's folder name (its model name in the plugin: `user`). */
  readonly name: string;
  readonly file: string;
  readonly definition: ContentTypeDefinition;
}

export interface ProjectExtensions {
  readonly schemas: readonly ExtensionSchema[];
  /** `src/extensions/<plugin>/strapi-server.{js,ts,…}`: code that changes a plugin, which Tessera does not run. */
  readonly serverFiles: readonly string[];
}

const SERVER_FILES = ['strapi-server.js', 'strapi-server.ts', 'strapi-server.mjs', 'strapi-server.cjs'];

async function directories(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Reads a project's `src/extensions` folder (Strapi's place for changes to installed plugins). */
export async function loadExtensions(projectDir: string): Promise<ProjectExtensions> {
  const root = path.join(projectDir, 'src', 'extensions');
  const schemas: ExtensionSchema[] = [];
  const serverFiles: string[] = [];
  for (const plugin of await directories(root)) {
    for (const name of SERVER_FILES) {
      const file = path.join(root, plugin, name);
      if (existsSync(file)) serverFiles.push(file);
    }
    const typesDir = path.join(root, plugin, 'content-types');
    for (const name of await directories(typesDir)) {
      const file = path.join(typesDir, name, 'schema.json');
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      let definition: unknown;
      try {
        definition = JSON.parse(text);
      } catch (error) {
        throw new DefinitionError(file, `not valid JSON: ${(error as Error).message}`);
      }
      if (definition === null || typeof definition !== 'object' || Array.isArray(definition)) throw new DefinitionError(file, 'a content-type schema must be a JSON object');
      schemas.push({ plugin, name, file, definition: definition as ContentTypeDefinition });
    }
  }
  return { schemas, serverFiles };
}
