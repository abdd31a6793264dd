import { existsSync, readFileSync, statSync, watch } from 'node:fs';
import path from 'node:path';
import { createApp, type App } from '../app.js';
import type { EnvMap } from '../../core/config/env.js';
import { DefinitionError } from '../../core/shared/errors.js';
import { isPluginType } from '../../core/schema/content-type.js';

export interface ServeOptions {
  readonly projectDir: string;
  readonly env: EnvMap;
  /** Restart on changes to the project's src/ and config/ (tessera develop). */
  readonly watch: boolean;
  readonly log: (message: string) => void;
}

export interface Server {
  /** Graceful: in-flight requests finish (see App.close), then the database closes. */
  stop(): Promise<void>;
  /** The served app's grace period for requests in flight at shutdown (ms). */
  shutdownTimeout(): number;
}

async function startApp(options: ServeOptions): Promise<App> {
  const started = performance.now();
  const app = await createApp({ projectDir: options.projectDir, env: options.env, log: options.log });
  let address: string;
  try {
    address = await app.listen();
  } catch (error) {
    // e.g. EADDRINUSE: without this a failed develop reload left the database open.
    await app.close();
    throw error;
  }
  const types = app.registry.contentTypes.filter((type) => !isPluginType(type)).length;
  options.log(`Tessera serves ${options.projectDir} at ${address}${app.config.rest.prefix} (${types} content-type${types === 1 ? '' : 's'}, ready in ${Math.round(performance.now() - started)} ms)`);
  return app;
}

/**
 * Whether a change under src/ is one the served model already has, as the content-type
 * builder leaves them: a definition file holding exactly the served definition, or a removed
 * definition file or folder that no served definition lives in.
 */
export function servedAlready(app: Pick<App, 'modelRuntime'>, projectDir: string, file: string): boolean {
  const relative = path.relative(path.join(projectDir, 'src'), file);
  if (!/^(api|components)(\/|$)/.test(relative)) return false;
  const source = app.modelRuntime.source();
  const definitions = [...source.types, ...source.components];
  if (!existsSync(file)) return !definitions.some((each) => each.file === file || each.file.startsWith(file + path.sep));
  const definition = definitions.find((each) => each.file === file)?.definition;
  if (definition === undefined) return false;
  try {
    return JSON.stringify(JSON.parse(readFileSync(file, 'utf8'))) === JSON.stringify(definition);
  } catch {
    return false;
  }
}

/** `tessera start` and `tessera develop`: load a project folder and serve it. */
export async function serve(options: ServeOptions): Promise<Server> {
  // Without this a mistyped folder was created (for its .tmp/data.db) and served with no content-types.
  if (!statSync(options.projectDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new DefinitionError(options.projectDir, 'no such project folder');
  }
  let app: App | null = await startApp(options);
  const shutdownTimeout = (): number => app?.config.server.shutdownTimeout ?? 0;
  if (!options.watch) return { stop: async () => app?.close(), shutdownTimeout };

  let timer: NodeJS.Timeout | undefined;
  let restarting = Promise.resolve();
  const restart = (): void => {
    restarting = restarting.then(async () => {
      options.log('Project changed: reloading…');
      await app?.close();
      app = null;
      try {
        app = await startApp(options);
      } catch (error) {
        options.log(error instanceof DefinitionError ? `Not reloaded: ${error.message}` : `Not reloaded: ${(error as Error).stack}`);
      }
    });
  };
  const watchers = ['src', 'config'].map((folder) =>
    watch(path.join(options.projectDir, folder), { recursive: true }, (_event, file) => {
      if (file && /(^|\/)\.|\.tessera-/.test(String(file))) return;
      // What the content-type builder just wrote is already served: no reload for it.
      if (file && app && servedAlready(app, options.projectDir, path.join(options.projectDir, folder, String(file)))) return;
      clearTimeout(timer);
      timer = setTimeout(restart, 150);
    }),
  );
  return {
    async stop() {
      for (const watcher of watchers) watcher.close();
      clearTimeout(timer);
      await restarting;
      await app?.close();
    },
    shutdownTimeout,
  };
}
