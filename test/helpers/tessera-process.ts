import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { DatabaseConfig } from '../../src/core/config/app-config.js';
import { CLI_ENTRY } from './cli-entry.js';
import { ROOT } from './test-app.js';
import { HANG_BOUND_MILLIS } from './wait-until.js';


export const ENTRY: readonly string[] = CLI_ENTRY;

/** Environment for a child: no HOST/PORT from the outer shell, and what the test adds. */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const key of ['HOST', 'PORT', 'NODE_OPTIONS', 'NODE_TEST_CONTEXT']) if (!(key in extra)) delete env[key];
  return env;
}

export interface Run {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `tessera <args>` to its end (bounded: a run that does not end in 120 s is killed and fails).
 * Generous: on a loaded 2-core machine a command that needs 1.5 s of CPU took 20 s to end.
 */
export function runTessera(args: readonly string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...ENTRY, ...args], { cwd: ROOT, env: childEnv(extraEnv) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`tessera ${args.join(' ')} did not exit in 120 s\n${stdout}\n${stderr}`));
    }, 120_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

export interface ServingProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Resolves when the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout has a line matching `pattern` (bounded: 10 s). */
  waitForOutput(pattern: RegExp): Promise<void>;
}

/** Starts `tessera start <dir>` on 127.0.0.1 and a free port, and waits for its banner (bounded: 20 s). */
export async function startTessera(dir: string, extraEnv: Record<string, string> = {}): Promise<ServingProcess> {
  const child = spawn(process.execPath, [...ENTRY, 'start', dir], { cwd: ROOT, env: childEnv({ HOST: '127.0.0.1', PORT: '0', ...extraEnv }) });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  let stdout = '';
  let stderr = '';
  const watchers = new Set<() => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const watcher of watchers) watcher();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const waitForOutput = (pattern: RegExp, millis = 10_000): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        if (!pattern.test(stdout)) return;
        watchers.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        watchers.delete(check);
        reject(new Error(`no output ${pattern} in ${millis} ms:\n${stdout}\n${stderr}`));
      }, millis);
      watchers.add(check);
      void exited.then(() => {
        if (watchers.has(check)) {
          watchers.delete(check);
          clearTimeout(timer);
          reject(new Error(`exited before printing ${pattern}:\n${stdout}\n${stderr}`));
        }
      });
      check();
    });
  try {
    // A hang bound, not a speed check: a start on MariaDB at load 13 took more than 20 s.
    await waitForOutput(/^Tessera serves .+ at http:\/\/127\.0\.0\.1:\d+/m, HANG_BOUND_MILLIS);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const url = /at (http:\/\/127\.0\.0\.1:(\d+))/.exec(stdout);
  return { child, url: url?.[1] ?? '', port: Number(url?.[2]), exited, stdout: () => stdout, stderr: () => stderr, waitForOutput };
}

/** A `config/database.json` (Strapi's format) for a resolved database config. */
export function databaseConfigFile(config: DatabaseConfig): unknown {
  if (config.client === 'sqlite') return { connection: { client: 'sqlite', connection: { filename: config.filename } } };
  return {
    connection: {
      client: config.client,
      connection: { ...config.connection },
      pool: { min: config.pool.min, max: config.pool.max },
      acquireConnectionTimeout: config.pool.acquireTimeoutMillis,
    },
  };
}
