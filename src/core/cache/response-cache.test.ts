import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DocumentAction, DocumentCall, DocumentReads, RunOperation } from '../documents/document-interceptor.js';
import type { DocumentQuery } from '../query/document-query.js';
import type { ContentType } from '../schema/content-type.js';
import { readResponseCacheConfig, type ResponseCacheConfig } from '../config/response-cache-config.js';
import { createMemoryCacheStore } from './memory-cache-store.js';
import type { ResponseCacheStore } from './cache-store.js';
import { CacheScope, createResponseCache, type ResponseCache } from './response-cache.js';

const TYPE = 'api::article.article';
const contentType = { uid: TYPE } as unknown as ContentType;
const query = { contentType, filters: null, sort: [], populate: [] } as unknown as DocumentQuery;
const reads = {} as DocumentReads;
const CONFIG = readResponseCacheConfig({}, 'config/api') as ResponseCacheConfig;
const KEY = 'the-list';

/** A barrier: `wait()` resolves once `open()` was called. */
function gate(): { wait: () => Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait: () => opened, open };
}

function sharedStore(): ResponseCacheStore {
  return createMemoryCacheStore({ maxEntries: 100, maxBytes: 1_000_000, ttlMs: 3_600_000, now: () => 0 });
}

/** One read of TYPE through `cache`'s interceptor, in a scope of its own; `body` is what the database answered. */
function readCall(cache: ResponseCache, scope: CacheScope, body: () => string): Promise<string> {
  const call = { action: 'findMany', contentType, request: { query } } as unknown as DocumentCall;
  return cache.interceptor.intercept(call, (() => Promise.resolve(body())) as unknown as RunOperation<DocumentAction>, reads) as unknown as Promise<string>;
}

function writeCall(cache: ResponseCache, commit: () => void): Promise<unknown> {
  const call = { action: 'update', contentType, request: { query } } as unknown as DocumentCall;
  return cache.interceptor.intercept(call, (() => Promise.resolve(commit())) as unknown as RunOperation<DocumentAction>, reads);
}

/**
 * The write/read interleavings of the response cache's protocol, replayed step by step with
 * barriers in a fake shared store (two caches over one store stand for two instances over one
 * Redis): no timing, each step happens exactly where the test puts it.
 */
describe('response cache: the protocol under injected interleavings', () => {
  it('a write whose mark and generation move both failed (Redis timeouts) moves the generation before it is answered', async () => {
    const shared = sharedStore();
    let failing = true;
    // Instance A's view of Redis: its beginWrite and endWrite time out without having run (a stalled or dropped connection).
    const flaky: ResponseCacheStore = {
      ...shared,
      beginWrite: (types) => (failing ? Promise.reject(new Error('Command timed out')) : shared.beginWrite(types)),
      endWrite: (types) => (failing ? Promise.reject(new Error('Command timed out')) : shared.endWrite(types)),
      move: (types) => shared.move(types),
    };
    const a = createResponseCache({ config: CONFIG, store: flaky, log: () => undefined });
    const b = createResponseCache({ config: CONFIG, store: shared, log: () => undefined });
    let row = 'old';
    // B keeps the list as it is.
    await Promise.resolve().then(async () => {
      const scope = new CacheScope();
      b.enter(scope);
      const body = await readCall(b, scope, () => row);
      await b.keep(KEY, scope, { status: 200, headers: {}, body });
    });
    assert.equal((await b.lookup(KEY))?.body, 'old');
    // A writes; once A answered its writer, B must not serve the list as it was.
    await writeCall(a, () => {
      row = 'new';
    });
    failing = false;
    assert.equal(await b.lookup(KEY), null, 'instance B served an answer older than a write instance A acknowledged');
  });

  it('two reads of one request asking for generations at once: the first one taken is kept', async () => {
    const shared = sharedStore();
    const first = gate();
    const second = gate();
    let calls = 0;
    // B's view of Redis: its first generations call runs at once and is answered at `first`; the second runs and is answered at `second`.
    const gated: ResponseCacheStore = {
      ...shared,
      async generations(types) {
        calls += 1;
        if (calls === 1) {
          const taken = await shared.generations(types);
          await first.wait();
          return taken;
        }
        await second.wait();
        return shared.generations(types);
      },
    };
    const a = createResponseCache({ config: CONFIG, store: shared, log: () => undefined });
    const b = createResponseCache({ config: CONFIG, store: gated, log: () => undefined });
    let row = 'old';
    const scope = new CacheScope();
    let readFirst: Promise<string> = Promise.resolve('');
    let readSecond: Promise<string> = Promise.resolve('');
    await Promise.resolve().then(() => {
      b.enter(scope);
      readFirst = readCall(b, scope, () => row);
      readSecond = readCall(b, scope, () => row);
    });
    // The first read takes its generation and reads the row before the write.
    first.open();
    assert.equal(await readFirst, 'old');
    await writeCall(a, () => {
      row = 'new';
    });
    // The second read takes its generation after the write committed and moved it.
    second.open();
    assert.equal(await readSecond, 'new');
    await b.keep(KEY, scope, { status: 200, headers: {}, body: `${await readFirst}+${await readSecond}` });
    assert.equal(await b.lookup(KEY), null, 'an answer holding a row read before a committed write was served');
  });
});
