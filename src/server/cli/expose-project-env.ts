import type { EnvMap } from '../../core/config/env.js';
import { readProjectEnv } from '../../core/config/project-env.js';

/**
 * For project code that reads `process.env` itself (Strapi's start runs `dotenv.config()`, so such
 * code finds the `.env` values there): copies the project's `.env` variables that the environment
 * does not set into `target`, and NODE_ENV (`development`) when neither sets it. Only the CLI calls it, for the one project its process serves;
 * `createApp` never writes `process.env`, so apps started side by side in one process (tests,
 * embedding) each see their own `.env` through `env()` and `config.env` only.
 * Returns the environment as it was before, which is what the app must be given: `.env` is read
 * again at each (re)load, and a value copied here must not pass for a real variable then.
 */
export function exposeProjectEnv(projectDir: string, target: NodeJS.ProcessEnv): EnvMap {
  const real: EnvMap = Object.freeze({ ...target });
  for (const [key, value] of Object.entries(readProjectEnv(projectDir, real))) {
    if (target[key] === undefined && value !== undefined) target[key] = value;
  }
  // Strapi's start sets it too: project code testing `process.env.NODE_ENV === 'development'` works.
  target.NODE_ENV ??= 'development';
  return real;
}
