import { AsyncLocalStorage } from 'node:async_hooks';
import type { DocumentAction, DocumentInterceptor } from '../documents/document-interceptor.js';
import type { DocumentQuery } from '../query/document-query.js';
import { EVERYTHING, SUSPENDED, queryDependencies } from './cache-dependencies.js';
import type { ResponseCacheStore, StoredAnswer } from './cache-store.js';
import { cacheKey, type CacheKeyParts } from './cache-key.js';
import type { ResponseCacheConfig } from '../config/response-cache-config.js';

/** How many times a write tries to move its generations (endWrite, then move) before it is answered. */
const END_ATTEMPTS = 3;

const READS: ReadonlySet<DocumentAction> = new Set(['findMany', 'findOne', 'findFirst', 'count']);

/** What one cacheable request read: each type it depends on, with its generation before the first read of it. */
export class CacheScope {
  readonly generations = new Map<string, string>();
  /** A write was under way (or Redis failed, or the request wrote): its answer is not stored. */
  spoiled = false;
  /** Document-service reads seen: an answer made without any is not stored (what it read is unknown). */
  reads = 0;
}

export interface CacheStats {
  hits: number;
  misses: number;
  stores: number;
}

export interface ResponseCache {
  readonly config: ResponseCacheConfig;
  /** Around every document-service call: reads record their dependencies, writes move their type's generation. */
  readonly interceptor: DocumentInterceptor;
  readonly stats: CacheStats;
  /** The key of a request: its parts and what this instance serves with (see CacheKeyParts.served). */
  keyOf(parts: CacheKeyParts): string;
  /** Sets what this instance serves with (at start, and after each model change). */
  serving(fingerprint: string): void;
  lookup(key: string): Promise<StoredAnswer | null>;
  /** Makes `scope` the current request's (everything that runs after it in this async context). */
  enter(scope: CacheScope): void;
  /** Keeps an answer made under `scope`, unless it cannot be known fresh. */
  keep(key: string, scope: CacheScope, answer: Omit<StoredAnswer, 'dependencies' | 'generations'>): Promise<void>;
  /**
   * Drops every answer: model, permission or locale changes. `here`: the change was made (and
   * applied) by this instance, so others are still to follow it: nothing is kept or served
   * anywhere for `suspendMs` (their follow delay, twice).
   */
  invalidateAll(here?: boolean): Promise<void>;
  close(): Promise<void>;
}

export interface ResponseCacheOptions {
  readonly config: ResponseCacheConfig;
  readonly store: ResponseCacheStore;
  readonly log: (message: string) => void;
  /** How long a change made here suspends the shared cache (Redis: two follow delays); 0: no other instance shares it. */
  readonly suspendMs?: number;
  /** Called after each invalidation with the surrogate keys it dropped (the purge hook). */
  readonly purged?: (keys: readonly string[]) => void;
}

function queryOf(request: unknown): DocumentQuery | undefined {
  return (request as { query?: DocumentQuery } | null)?.query;
}

/**
 * The response cache's core: which answers may be kept and when they stop being valid. The
 * transports ask `lookup` before running a public read and `keep` after; between the two, every
 * read of the document service made for the request (REST, GraphQL resolvers, project code called
 * by them) records, BEFORE it runs, the generations of the types it depends on. Every write of
 * the document service — whoever calls it — marks its type under way before its transaction and
 * moves its generation after it committed, before the writer gets its answer. So an answer is
 * served only if no write to any type it depends on committed since it was read (see
 * cache-store.ts for the rule, docs/operations.md for the reasoning).
 */
export function createResponseCache({ config, store, log, purged, suspendMs = 0 }: ResponseCacheOptions): ResponseCache {
  const scopes = new AsyncLocalStorage<CacheScope>();
  const stats: CacheStats = { hits: 0, misses: 0, stores: 0 };
  let served = '';
  // A mark or a generation Redis did not take: everything is dropped before the next use of the store.
  let unsure = false;
  const settle = async (): Promise<boolean> => {
    if (!unsure) return true;
    try {
      await store.endWrite([EVERYTHING]);
      unsure = false;
      return true;
    } catch {
      return false;
    }
  };
  const record = async (scope: CacheScope, query: DocumentQuery): Promise<void> => {
    scope.reads += 1;
    const wanted = [...queryDependencies(query)].filter((type) => !scope.generations.has(type));
    if (!scope.generations.has(EVERYTHING)) wanted.push(EVERYTHING, SUSPENDED);
    if (wanted.length === 0 || scope.spoiled) return;
    const generations = (await settle()) ? await store.generations(wanted) : null;
    if (!generations) {
      scope.spoiled = true;
      return;
    }
    // The first generation taken is kept: two reads of one request may ask at once, and a later
    // (higher) one would vouch for what the earlier read already read before a write committed.
    wanted.forEach((type, index) => {
      if (!scope.generations.has(type)) scope.generations.set(type, generations[index] ?? '0');
    });
  };
  /**
   * Whether `types`' generations surely moved. An `endWrite` that failed (a Redis timeout: it may
   * have run or not) is followed by `move`s of the generations alone, before the writer is
   * answered: an acknowledged write must have moved them, or another instance could serve an
   * answer read before it (a mark that `endWrite` never lifted expires after the write window).
   */
  const ended = async (types: readonly string[]): Promise<boolean> => {
    try {
      await store.endWrite(types);
      return true;
    } catch {
      for (let attempt = 1; attempt < END_ATTEMPTS; attempt += 1) {
        try {
          await store.move(types);
          return true;
        } catch {
          // Tried again, up to END_ATTEMPTS in all.
        }
      }
      return false;
    }
  };
  const write = async <T>(types: readonly string[], run: () => Promise<T>): Promise<T> => {
    try {
      await store.beginWrite(types);
    } catch (error) {
      unsure = true;
      log(`Response cache: a write could not be marked (${error instanceof Error ? error.message : String(error)}); every answer is dropped once the store answers again.`);
    }
    try {
      return await run();
    } finally {
      if (await ended(types)) purged?.(types);
      else unsure = true;
    }
  };
  const interceptor: DocumentInterceptor = {
    active: true,
    async intercept(call, run) {
      const scope = scopes.getStore();
      if (READS.has(call.action)) {
        const query = queryOf(call.request);
        if (scope) {
          if (query) await record(scope, query);
          else scope.spoiled = true;
        }
        return run(call.request);
      }
      // A write made while answering a read (project code): that answer is not kept.
      if (scope) scope.spoiled = true;
      return write([call.contentType.uid], () => run(call.request));
    },
  };
  return {
    config,
    interceptor,
    stats,
    keyOf: (parts) => cacheKey({ ...parts, served }),
    serving(fingerprint) {
      served = fingerprint;
    },
    async lookup(key) {
      if (!(await settle())) return null;
      const found = await store.get(key);
      if (found) stats.hits += 1;
      else stats.misses += 1;
      return found;
    },
    enter(scope) {
      scopes.enterWith(scope);
    },
    async keep(key, scope, answer) {
      if (scope.spoiled || scope.reads === 0) return;
      const dependencies = [...scope.generations.keys()];
      stats.stores += 1;
      await store.set(key, { ...answer, dependencies, generations: dependencies.map((type) => scope.generations.get(type) ?? '0') });
    },
    async invalidateAll(here = false) {
      if (here && suspendMs > 0) {
        try {
          await store.suspend(SUSPENDED, suspendMs);
        } catch {
          unsure = true;
        }
      }
      await write([EVERYTHING], () => Promise.resolve());
    },
    close: () => store.close(),
  };
}
