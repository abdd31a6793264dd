import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createApp, type App } from '../app.js';
import type { EnvMap } from '../../core/config/env.js';
import { DefinitionError } from '../../core/shared/errors.js';
import { isPluginType } from '../../core/schema/content-type.js';
import { CliError } from './cli-error.js';
import { assertProjectFolder } from './project-folder.js';
import { watchProject } from './watch-project.js';

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

/** Why a server could not listen, in one line naming what to change (no stack). */
function listenFailure(error: unknown, app: App): Error {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const { host, port } = app.config.server;
  if (code === 'EADDRINUSE') return new CliError(`port ${port} on ${host} is in use: stop what uses it, or choose another port with the PORT environment variable (HOST chooses the address; config/server sets both)`);
  if (code === 'EACCES') return new CliError(`port ${port} on ${host} needs privileges this process does not have: choose a port above 1023 with the PORT environment variable (or config/server)`);
  if (code === 'EADDRNOTAVAIL') return new CliError(`${host} is not an address of this machine: change the HOST environment variable (or config/server host)`);
  return error instanceof Error ? error : new Error(String(error));
}

/** Starts listening and prints the banner; an app that cannot listen is closed (its database too). */
async function listen(app: App, options: ServeOptions, started: number): Promise<void> {
  let address: string;
  try {
    address = await app.listen();
  } catch (error) {
    await app.close();
    throw listenFailure(error, app);
  }
  const types = app.registry.contentTypes.filter((type) => !isPluginType(type)).length;
  options.log(`Tessera serves ${options.projectDir} at ${address}${app.config.rest.prefix} (${types} content-type${types === 1 ? '' : 's'}, ready in ${Math.round(performance.now() - started)} ms)`);
}

function loadApp(options: ServeOptions): Promise<App> {
  return createApp({ projectDir: options.projectDir, env: options.env, log: options.log });
}

function describeFailure(error: unknown): string {
  return error instanceof DefinitionError || error instanceof CliError ? error.message : ((error as Error).stack ?? String(error));
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
  assertProjectFolder(options.projectDir);
  const started = performance.now();
  let app: App | null = await loadApp(options);
  await listen(app, options, started);
  const shutdownTimeout = (): number => app?.config.server.shutdownTimeout ?? 0;
  if (!options.watch) return { stop: async () => app?.close(), shutdownTimeout };

  let timer: NodeJS.Timeout | undefined;
  let reloading = Promise.resolve();
  const reload = async (): Promise<void> => {
    options.log('Project changed: reloading…');
    const began = performance.now();
    let next: App;
    try {
      // Loaded while the previous version still serves: an edit that does not load leaves it serving.
      next = await loadApp(options);
    } catch (error) {
      options.log(`Not reloaded: ${describeFailure(error)}`);
      if (app) options.log('The previous version is still served; it is replaced when the files load again.');
      return;
    }
    await app?.close();
    app = null;
    try {
      await listen(next, options, began);
      app = next;
    } catch (error) {
      // Only the address can fail here (e.g. PORT changed to one in use): nothing serves until the next change.
      options.log(`Not reloaded: ${describeFailure(error)}`);
    }
  };
  const watcher = watchProject(options.projectDir, (file) => {
    // What the content-type builder just wrote is already served: no reload for it.
    if (app && servedAlready(app, options.projectDir, file)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      // A failure to close the previous version must not stop later reloads.
      reloading = reloading.then(reload).catch((error: unknown) => options.log(`Not reloaded: ${describeFailure(error)}`));
    }, 150);
  });
  return {
    async stop() {
      watcher.close();
      clearTimeout(timer);
      await reloading;
      await app?.close();
    },
    shutdownTimeout,
  };
}
