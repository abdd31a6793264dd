/**
 * What project hooks (src/compat/documents) cost the document service: findOne and findMany of
 * examples/blog's articles, in-process on SQLite (no network: the differences measured are the
 * service's own), through four services on one database, measured in alternating rounds:
 *
 *   none      no interceptor (the service as before hooks existed)
 *   inactive  the interceptor of a project with no lifecycles and no document middlewares
 *   other     one lifecycle subscriber, on another model (the call is intercepted, nothing fires)
 *   listening a beforeFindOne/afterFindOne/beforeFindMany hook on the article (the cost when used)
 *
 * Run: `npx tsx bench/document-hooks-overhead.ts [calls per round] [rounds]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDocumentHooks } from '../src/compat/documents/document-hooks.js';
import { createDocumentService, type DocumentService } from '../src/core/documents/document-service.js';
import { parseDocumentQuery } from '../src/core/query/parse/parse-document-query.js';
import { createApp } from '../src/server/app.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = here.includes(`${path.sep}dist${path.sep}`) ? path.resolve(here, '..', '..') : path.resolve(here, '..');
const CALLS = Number(process.argv[2] ?? 4000);
const ROUNDS = Number(process.argv[3] ?? 6);

const work = mkdtempSync(path.join(tmpdir(), 'tessera-hooks-bench-'));
const app = await createApp({ projectDir: path.join(root, 'examples', 'blog'), env: { DATABASE_FILENAME: path.join(work, 'data.db'), HOST: '127.0.0.1', PORT: '0' } });
try {
  const { database, registry, locales, config } = app;
  const article = registry.get('api::article.article');
  if (!article) throw new Error('examples/blog has no article');
  const parse = () => ({ registry, locales, rest: config.rest });
  const none = createDocumentService({ database, registry });
  const services: Record<string, DocumentService> = { none };
  services.inactive = createDocumentService({ database, registry, interceptor: createDocumentHooks({ parse }).interceptor });
  const other = createDocumentHooks({ parse });
  other.lifecycles.subscribe({ models: ['api::author.author'], beforeFindOne: () => undefined });
  services.other = createDocumentService({ database, registry, interceptor: other.interceptor });
  const listening = createDocumentHooks({ parse });
  let fired = 0;
  listening.lifecycles.subscribe({ models: [article.uid], beforeFindOne: () => void (fired += 1), afterFindOne: () => undefined, beforeFindMany: () => void (fired += 1) });
  services.listening = createDocumentService({ database, registry, interceptor: listening.interceptor });

  const query = parseDocumentQuery({}, { contentType: article, rest: config.rest, registry, locales });
  const list = parseDocumentQuery({ pagination: { pageSize: 10 } }, { contentType: article, rest: config.rest, registry, locales });
  const { documents } = await none.findMany({ query: list });
  const documentId = String(documents[0]?.documentId);

  const operations = {
    findOne: (service: DocumentService) => service.findOne({ query, documentId }),
    findMany: (service: DocumentService) => service.findMany({ query: list }),
  };
  const samples: Record<string, number[]> = {};
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [operation, run] of Object.entries(operations)) {
      for (const [name, service] of Object.entries(services)) {
        const start = process.hrtime.bigint();
        for (let call = 0; call < CALLS; call += 1) await run(service);
        const perCall = Number(process.hrtime.bigint() - start) / CALLS / 1000;
        // The first round warms up every path: discarded.
        if (round > 0) (samples[`${operation} ${name}`] ??= []).push(perCall);
      }
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  console.log(`${CALLS} calls × ${ROUNDS - 1} measured rounds, median µs per call (min–max); hooks fired ${fired} times`);
  for (const [key, values] of Object.entries(samples)) {
    console.log(`${key.padEnd(20)} ${median(values).toFixed(2).padStart(8)}  (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`);
  }
} finally {
  await app.close();
  rmSync(work, { recursive: true, force: true });
}
