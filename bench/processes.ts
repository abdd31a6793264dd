import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';

/** A server under test, in its own process so that its memory and CPU are its own. */
export interface ServerProcess {
  readonly name: string;
  readonly pid: number;
  readonly baseUrl: string;
  readonly port: number;
  /** Everything the process wrote, for error messages. */
  output(): string;
  /** SIGTERM, then SIGKILL after a grace period; resolves when the process has exited. */
  stop(): Promise<void>;
}

export interface SpawnOptions {
  readonly name: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly port: number;
  /** The path polled until it answers 200. */
  readonly readyPath: string;
  readonly timeoutMs?: number;
}

/** A port the kernel considers free right now on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address !== null && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The status of one GET, or null while nothing listens. A fresh socket per try: no keep-alive between polls. */
export function getStatus(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? null));
    });
    request.on('error', () => resolve(null));
    request.setTimeout(2000, () => request.destroy());
  });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts a server and resolves once `readyPath` answers 200, with the time that took measured
 * from just before the spawn (start-up time as a user sees it, process creation included).
 */
export async function startServer(options: SpawnOptions): Promise<{ server: ServerProcess; readyMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...options.args], {
    env: { PATH: process.env.PATH ?? '', ...options.env, HOST: '127.0.0.1', PORT: String(options.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${options.name} could not be spawned`);
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const server: ServerProcess = {
    name: options.name,
    pid,
    baseUrl,
    port: options.port,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    },
  };

  const deadline = started + (options.timeoutMs ?? 20_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${options.name} exited with code ${child.exitCode} before it was ready:\n${output}`);
    const status = await getStatus(baseUrl + options.readyPath);
    if (status === 200) return { server, readyMs: performance.now() - started };
    if (status !== null) {
      await server.stop();
      throw new Error(`${options.name} answered ${status} on ${options.readyPath} while starting:\n${output}`);
    }
    if (performance.now() > deadline) {
      await server.stop();
      throw new Error(`${options.name} was not ready within ${options.timeoutMs ?? 20_000} ms:\n${output}`);
    }
    await sleep(5);
  }
}

export interface MemoryReading {
  readonly rssMb: number;
  readonly peakRssMb: number;
  /** Heap, stacks and other private memory: what grows when the process allocates. */
  readonly anonMb: number;
  /** Mapped files (the node binary, shared libraries). */
  readonly fileMb: number;
}

/** Resident memory, its peak and its parts, in MB, from /proc (Linux only, as the targets are). */
export function memoryOf(pid: number): MemoryReading {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string): number => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match?.[1]) throw new Error(`/proc/${pid}/status has no ${field}`);
    return Number(match[1]);
  };
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024, anonMb: kb('RssAnon') / 1024, fileMb: kb('RssFile') / 1024 };
}

export { sleep };
