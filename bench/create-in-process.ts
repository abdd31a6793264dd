import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

/**
 * The CPU one REST create of the bench's article costs Tessera in process (Fastify's inject, no
 * socket, no second process): the figure that tells a change of the write path from load noise on
 * a 2-core machine. `--tree <checkout>` measures another built checkout (its dist/) the same way,
 * so that two commits are compared in alternating runs:
 *
 *   node dist/bench/create-in-process.js --creates 3000 [--tree /path/to/other/checkout]
 */
const { values } = parseArgs({ options: { tree: { type: 'string' }, creates: { type: 'string', default: '3000' }, warmup: { type: 'string', default: '500' } } });
const tree = path.resolve(values.tree ?? path.join(path.dirname(new URL(import.meta.url).pathname), '..', '..'));
const creates = Number(values.creates);
const warmup = Number(values.warmup);

interface Injected {
  readonly statusCode: number;
  readonly body: string;
}
interface StartedApp {
  readonly app: { readonly fastify: { inject(options: { method: string; url: string; headers: Record<string, string>; payload: string }): Promise<Injected> } };
  close(): Promise<void>;
}

const { startTestApp } = (await import(pathToFileURL(path.join(tree, 'dist', 'test', 'helpers', 'test-app.js')).href)) as { startTestApp(options: { fixture: string }): Promise<StartedApp> };
const { createBody } = (await import(pathToFileURL(path.join(tree, 'dist', 'bench', 'dataset.js')).href)) as { createBody(sequence: number): string };
const started = await startTestApp({ fixture: path.join(tree, 'bench', 'project') });
try {
  const create = async (sequence: number): Promise<void> => {
    const reply = await started.app.fastify.inject({ method: 'POST', url: '/api/articles', headers: { 'content-type': 'application/json' }, payload: createBody(sequence) });
    if (reply.statusCode !== 201) throw new Error(`create ${sequence}: ${reply.statusCode} ${reply.body}`);
  };
  for (let sequence = 0; sequence < warmup; sequence += 1) await create(sequence);
  const before = process.cpuUsage();
  for (let sequence = warmup; sequence < warmup + creates; sequence += 1) await create(sequence);
  const used = process.cpuUsage(before);
  console.log(`${tree}: ${((used.user + used.system) / creates).toFixed(1)} µs CPU per create (${creates} creates after ${warmup} to warm up)`);
} finally {
  await started.close();
}
