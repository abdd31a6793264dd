/**
 * What the event outbox costs a write: create and update of examples/blog's articles through
 * `strapi.documents()`, in-process on SQLite, in alternating rounds:
 *
 *   0 webhooks   no enabled webhook: nothing is announced (the write as before webhooks existed)
 *   3 webhooks   three enabled webhooks: each write reads its version and inserts an outbox row in
 *                its transaction
 *
 * This is the write path alone: SQLite's driver is synchronous, so the loop never yields to the
 * worker's timer, which fans out and delivers (to a local receiver) only once the loop ends. The
 * write's cost does not grow with the number of webhooks (the fan-out is the worker's).
 * Run: `npx tsx bench/webhooks-overhead.ts [calls per round] [rounds]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDocumentApi } from '../src/core/documents/document-api.js';
import { createApp } from '../src/server/app.js';
import { WEBHOOKS_TABLE } from '../src/plugins/webhooks/webhook-tables.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = here.includes(`${path.sep}dist${path.sep}`) ? path.resolve(here, '..', '..') : path.resolve(here, '..');
const CALLS = Number(process.argv[2] ?? 1000);
const ROUNDS = Number(process.argv[3] ?? 6);

const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => response.end('ok'));
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const work = mkdtempSync(path.join(tmpdir(), 'tessera-webhooks-bench-'));
const app = await createApp({ projectDir: path.join(root, 'examples', 'blog'), env: { DATABASE_FILENAME: path.join(work, 'data.db'), HOST: '127.0.0.1', PORT: '0' } });
try {
  const now = Date.now();
  for (const name of ['one', 'two', 'three']) {
    await app.database.db
      .insertInto(WEBHOOKS_TABLE.name)
      .values({ name, url, headers: '{}', events: JSON.stringify(['entry.create', 'entry.update']), is_enabled: 1, created_at: now, updated_at: now })
      .execute();
  }
  const articles = createDocumentApi(app.registry, app.model.documents, app.locales)('api::article.article');
  const { documentId } = await articles.create({ data: { title: 'bench' } });
  let seq = 0;
  const operations = {
    create: () => articles.create({ data: { title: `bench ${(seq += 1)}` } }),
    update: () => articles.update({ documentId: String(documentId), data: { views: (seq += 1) } }),
  };
  const samples: Record<string, number[]> = {};
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [operation, run] of Object.entries(operations)) {
      for (const webhooks of [0, 3]) {
        // The switch the plugin turns on while an enabled webhook exists.
        app.changeListeners.set('webhooks', webhooks > 0);
        const start = process.hrtime.bigint();
        for (let call = 0; call < CALLS; call += 1) await run();
        const perCall = Number(process.hrtime.bigint() - start) / CALLS / 1000;
        if (round > 0) (samples[`${operation} ${webhooks} webhooks`] ??= []).push(perCall);
      }
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  console.log(`${CALLS} calls × ${ROUNDS - 1} measured rounds, median µs per write (min–max)`);
  for (const [key, values] of Object.entries(samples)) {
    console.log(`${key.padEnd(22)} ${median(values).toFixed(1).padStart(8)}  (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`);
  }
} finally {
  await app.close();
  receiver.close();
  rmSync(work, { recursive: true, force: true });
}
