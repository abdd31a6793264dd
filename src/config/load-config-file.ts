import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DefinitionError } from '../shared/errors.js';
import type { EnvHelper } from './env.js';
import { importProjectModule } from './import-project-module.js';

const EXTENSIONS = ['.ts', '.mjs', '.js', '.cjs', '.json'] as const;

type ConfigValue = Readonly<Record<string, unknown>>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Loads `config/<name>.{ts,mjs,js,cjs,json}` of a project: an object, or a function
 * `({ env }) => object` (also as `default` export). Absent → an empty object.
 */
export async function loadConfigFile(projectDir: string, name: string, env: EnvHelper): Promise<ConfigValue> {
  const base = path.join(projectDir, 'config', name);
  const file = EXTENSIONS.map((extension) => base + extension).find((candidate) => existsSync(candidate));
  if (!file) return {};
  let exported: unknown;
  try {
    if (file.endsWith('.json')) {
      exported = JSON.parse(await readFile(file, 'utf8'));
    } else {
      const module = (await importProjectModule(file)) as { default?: unknown };
      // `in`, not `??`: `export default null` must be refused, not read as the namespace object.
      exported = 'default' in module ? module.default : module;
    }
    if (typeof exported === 'function') exported = await (exported as (arg: { env: EnvHelper }) => unknown)({ env });
  } catch (error) {
    if (error instanceof DefinitionError) throw error;
    throw new DefinitionError(file, `could not be loaded: ${(error as Error).message}`);
  }
  if (!isPlainObject(exported)) throw new DefinitionError(file, 'must export an object or a function returning one');
  return exported;
}
