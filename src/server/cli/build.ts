import type { EnvMap } from '../../core/config/env.js';
import { loadAppConfig } from '../../core/config/load-app-config.js';
import { isPluginType } from '../../core/schema/content-type.js';
import { loadRegistry } from '../../core/schema/load-definitions.js';
import { BUILT_IN_COMPONENTS, BUILT_IN_TYPES } from '../built-in-types.js';
import { loadLifecycle } from '../lifecycle/load-lifecycle.js';
import { assertProjectFolder } from './project-folder.js';

export interface BuildCommandOptions {
  readonly projectDir: string;
  readonly env: EnvMap;
  readonly log: (message: string) => void;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * `tessera build`, where a Strapi project's `build` script (`strapi build`) leads once it says
 * tessera: there is nothing to compile (no admin panel bundle; TypeScript files are evaluated
 * as they are), so it checks that the project loads as a start would load it — config, .env,
 * content-types, components, src/index — without opening the database or serving, and fails
 * (exit 1) naming the file otherwise. A deploy pipeline's build step thus still catches a
 * broken project before the start.
 */
export async function buildCommand({ projectDir, env, log }: BuildCommandOptions): Promise<void> {
  assertProjectFolder(projectDir);
  const config = await loadAppConfig({ projectDir, env });
  const registry = await loadRegistry(projectDir, { types: BUILT_IN_TYPES, components: BUILT_IN_COMPONENTS });
  const lifecycle = await loadLifecycle(projectDir);
  const types = registry.contentTypes.filter((type) => !isPluginType(type)).length;
  const components = registry.components.length - BUILT_IN_COMPONENTS.length;
  log(
    `${projectDir} loads (${config.production ? 'production' : 'development'} settings): ${plural(types, 'content-type')}, ${plural(components, 'component')}${lifecycle.file ? `, ${lifecycle.file}` : ''}.`,
  );
  log('Nothing to build: Tessera runs the project files as they are (no admin panel bundle, no TypeScript compilation).');
}
