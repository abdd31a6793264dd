import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DefinitionError } from '../shared/errors.js';
import type { EnvHelper } from './env.js';
import { importProjectModule } from './import-project-module.js';
import { mergeConfig } from './merge-config.js';

const EXTENSIONS = ['.ts', '.mjs', '.js', '.cjs', '.json'] as const;

type ConfigValue = Readonly<Record<string, unknown>>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** What a config file exports, after calling an exported function with `{ env }`. */
export interface ConfigExport {
  /** The file read, or the path without extension when there is none. */
  readonly file: string;
  /** Whether the file exists (its export may still be undefined). */
  readonly found: boolean;
  /** undefined when there is no file. */
  readonly value: unknown;
}

/** Where a config is read: the project, the `{ env }` handed to config functions, and NODE_ENV (default development). */
export interface ConfigSource {
  readonly projectDir: string;
  readonly env: EnvHelper;
  readonly environment: string;
}

/** `<dir>/<name>.{ts,mjs,js,cjs,json}`, evaluated; a function export is called with `{ env }` and awaited. */
async function loadOne(projectDir: string, dir: string, name: string, env: EnvHelper): Promise<ConfigExport> {
  const base = path.join(dir, name);
  const file = EXTENSIONS.map((extension) => base + extension).find((candidate) => existsSync(candidate));
  if (!file) return { file: base, found: false, value: undefined };
  let exported: unknown;
  try {
    if (file.endsWith('.json')) {
      exported = JSON.parse(await readFile(file, 'utf8'));
    } else {
      const module = (await importProjectModule(projectDir, file)) as { default?: unknown };
      // `in`, not `??`: `export default null` must be refused, not read as the namespace object.
      exported = 'default' in module ? module.default : module;
    }
    if (typeof exported === 'function') exported = await (exported as (arg: { env: EnvHelper }) => unknown)({ env });
  } catch (error) {
    if (error instanceof DefinitionError) throw error;
    throw new DefinitionError(file, `could not be loaded: ${(error as Error).message}`);
  }
  return { file, found: true, value: exported };
}

/** A NODE_ENV that names a folder under config/env (not a path out of it). */
function environmentFolder(environment: string): string | null {
  return /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/.test(environment) && environment !== '..' ? environment : null;
}

/**
 * Loads `config/<name>.{ts,mjs,js,cjs,json}` of a project whatever it exports (an object, or
 * an array as Strapi's `config/middlewares` does), or a function `({ env }) => value` (also as
 * `default` export), then `config/env/<NODE_ENV>/<name>` merged over it as Strapi merges them
 * (merge-config.ts). `file` names the base file, or the environment's when only it exists.
 */
export async function loadConfigExport({ projectDir, env, environment }: ConfigSource, name: string): Promise<ConfigExport> {
  const base = await loadOne(projectDir, path.join(projectDir, 'config'), name, env);
  const folder = environmentFolder(environment);
  if (folder === null) return base;
  const override = await loadOne(projectDir, path.join(projectDir, 'config', 'env', folder), name, env);
  if (!override.found) return base;
  if (!base.found) return override;
  return { file: base.file, found: true, value: mergeConfig(base.value, override.value) };
}

/** Loads `config/<name>` as {@link loadConfigExport}, which must give an object. Absent → an empty object. */
export async function loadConfigFile(source: ConfigSource, name: string): Promise<ConfigValue> {
  const { file, found, value } = await loadConfigExport(source, name);
  if (!found) return {};
  if (!isPlainObject(value)) throw new DefinitionError(file, 'must export an object or a function returning one');
  return value;
}
