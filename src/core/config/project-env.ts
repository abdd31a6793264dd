import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'dotenv';
import { DefinitionError } from '../shared/errors.js';
import type { EnvMap } from './env.js';

/** The project's env file: `ENV_PATH` (relative to the project folder) or `<project>/.env`; null when there is none. */
export function envFile(projectDir: string, env: EnvMap): string | null {
  const chosen = env.ENV_PATH;
  if (chosen !== undefined && chosen !== '') {
    const file = path.resolve(projectDir, chosen);
    // Strapi ignores a missing ENV_PATH file; a start on settings the operator did not mean is worse.
    if (!existsSync(file)) throw new DefinitionError(file, 'ENV_PATH names this file, which does not exist');
    return file;
  }
  const file = path.join(projectDir, '.env');
  return existsSync(file) ? file : null;
}

/**
 * The variables a project's config sees, as Strapi's start gives them: the env file's, under the
 * real environment's (a variable set in the environment wins, dotenv's rule). Computed per app,
 * from the map it is given: nothing is written to process.env here, so apps started in one
 * process never see each other's files (the CLI copies the result into process.env for project
 * code that reads it directly, see main.ts).
 */
export function readProjectEnv(projectDir: string, env: EnvMap): EnvMap {
  const file = envFile(projectDir, env);
  if (file === null) return env;
  let parsed: Record<string, string>;
  try {
    parsed = parse(readFileSync(file));
  } catch (error) {
    throw new DefinitionError(file, `could not be read: ${(error as Error).message}`);
  }
  const merged: Record<string, string | undefined> = { ...parsed };
  for (const [key, value] of Object.entries(env)) if (value !== undefined) merged[key] = value;
  return Object.freeze(merged);
}
