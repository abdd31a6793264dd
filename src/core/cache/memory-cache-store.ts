import type { ResponseCacheStore, StoredAnswer } from './cache-store.js';

export interface MemoryStoreOptions {
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly ttlMs: number;
  readonly now: () => number;
}

interface Kept {
  readonly answer: StoredAnswer;
  readonly expires: number;
  readonly bytes: number;
}

/**
 * Answers and generations in this process: for a single instance (several instances each with
 * their own memory store would not see each other's writes; use Redis there). A Map keeps
 * insertion order, so re-inserting on each hit makes its first key the least recently used.
 */
export function createMemoryCacheStore({ maxEntries, maxBytes, ttlMs, now }: MemoryStoreOptions): ResponseCacheStore & { readonly size: number; readonly bytes: number } {
  const entries = new Map<string, Kept>();
  const generation = new Map<string, number>();
  const underWay = new Map<string, number>();
  let bytes = 0;
  const current = (type: string): string => String(generation.get(type) ?? 0);
  const remove = (key: string): void => {
    const kept = entries.get(key);
    if (!kept) return;
    entries.delete(key);
    bytes -= kept.bytes;
  };
  const valid = (answer: StoredAnswer): boolean => answer.dependencies.every((type, index) => !underWay.has(type) && current(type) === answer.generations[index]);
  return {
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
    generations(types) {
      if (types.some((type) => underWay.has(type))) return Promise.resolve(null);
      return Promise.resolve(types.map(current));
    },
    get(key) {
      const kept = entries.get(key);
      if (!kept) return Promise.resolve(null);
      if (kept.expires <= now() || !valid(kept.answer)) {
        remove(key);
        return Promise.resolve(null);
      }
      entries.delete(key);
      entries.set(key, kept);
      return Promise.resolve(kept.answer);
    },
    set(key, answer) {
      // Dead on arrival (a write moved a generation meanwhile): not kept at all.
      if (!valid(answer)) return Promise.resolve();
      const size = answer.body.length * 2 + 256;
      if (size > maxBytes) return Promise.resolve();
      remove(key);
      entries.set(key, { answer, expires: now() + ttlMs, bytes: size });
      bytes += size;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        remove(oldest);
      }
      return Promise.resolve();
    },
    beginWrite(types) {
      // The generation moves at the start too (as Redis's, where a writer may die before its end).
      for (const type of types) {
        generation.set(type, (generation.get(type) ?? 0) + 1);
        underWay.set(type, (underWay.get(type) ?? 0) + 1);
      }
      return Promise.resolve();
    },
    endWrite(types) {
      for (const type of types) {
        generation.set(type, (generation.get(type) ?? 0) + 1);
        const left = (underWay.get(type) ?? 1) - 1;
        if (left > 0) underWay.set(type, left);
        else underWay.delete(type);
      }
      return Promise.resolve();
    },
    move(types) {
      for (const type of types) generation.set(type, (generation.get(type) ?? 0) + 1);
      return Promise.resolve();
    },
    // One process: the instance that changed its state drops every answer itself; nothing else to wait for.
    suspend() {
      return Promise.resolve();
    },
    close() {
      entries.clear();
      bytes = 0;
      return Promise.resolve();
    },
  };
}
