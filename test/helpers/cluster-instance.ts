import { spawn, type ChildProcess } from 'node:child_process';
import { CLI_ENTRY } from './cli-entry.js';
import { ROOT } from './test-app.js';



export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** One `tessera start` process, serving on 127.0.0.1 on a port of its own choosing. */
export interface Instance {
  readonly name: string;
  readonly pid: number;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Resolves when the process has ended. */
  readonly exited: Promise<Exit>;
  /** Sends the signal and waits for the end (SIGKILL after 5 s if it lingers). */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

export interface StartInstanceOptions {
  readonly name: string;
  readonly projectDir: string;
  /** Added to a clean environment (no outer HOST, PORT, NODE_OPTIONS or test-runner context). */
  readonly env: Record<string, string>;
  /** How long the start may take before the process is killed and the start fails. */
  readonly readyTimeoutMs?: number;
}

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['HOST', 'PORT', 'NODE_OPTIONS', 'NODE_TEST_CONTEXT', 'TESSERA_TEST_DB']) delete env[key];
  return { ...env, HOST: '127.0.0.1', PORT: '0', ...extra };
}

/** The address the start line announces: `Tessera serves <dir> at http://127.0.0.1:<port>/api (…)`. */
const ADDRESS = /\bat (http:\/\/127\.0\.0\.1:\d+)/;

function waitForEnd(child: ChildProcess): Promise<Exit> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

/** Starts `tessera start <projectDir>` and resolves once it serves (its start line names the address). */
export function startInstance({ name, projectDir, env, readyTimeoutMs = 20_000 }: StartInstanceOptions): Promise<Instance> {
  const child = spawn(process.execPath, [...[...CLI_ENTRY], 'start', projectDir], { cwd: ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = waitForEnd(child);
  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<Exit> => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };
  return new Promise((resolve, reject) => {
    const fail = (why: string): void => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      void stop('SIGKILL').then(() => reject(new Error(`instance ${name} ${why}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`)));
    };
    const timer = setTimeout(() => fail(`did not serve within ${readyTimeoutMs} ms`), readyTimeoutMs);
    const onData = (): void => {
      const match = ADDRESS.exec(stdout);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve({ name, pid: child.pid ?? -1, origin: match[1], stdout: () => stdout, stderr: () => stderr, exited, stop });
    };
    child.stdout?.on('data', onData);
    void exited.then((exit) => {
      if (!ADDRESS.test(stdout)) fail(`ended before serving (code ${exit.code}, signal ${exit.signal})`);
    });
  });
}

/**
 * Starts several instances at the same moment (the spawns are issued back to back). When one
 * fails, the others are stopped before the error is thrown.
 */
export async function startTogether(options: readonly StartInstanceOptions[]): Promise<Instance[]> {
  const settled = await Promise.allSettled(options.map((option) => startInstance(option)));
  const failed = settled.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed.length === 0) return settled.map((result) => (result as PromiseFulfilledResult<Instance>).value);
  await Promise.all(settled.map((result) => (result.status === 'fulfilled' ? result.value.stop('SIGKILL') : undefined)));
  throw failed[0]?.reason;
}
