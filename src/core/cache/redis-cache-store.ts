import type { Redis } from 'ioredis';
import { importOptional } from '../shared/optional-package.js';
import type { ResponseCacheStore, StoredAnswer } from './cache-store.js';

/** How long a request waits for Redis before it is served uncached. */
const COMMAND_TIMEOUT_MILLIS = 500;
const FIRST_CONNECT_MILLIS = 2000;

// KEYS: the answer; ARGV[1]: the generation keys' prefix, ARGV[2]: the marks' prefix.
// Returns the answer's body and metadata only if every generation is current and no mark is set:
// one round trip, and atomic (no write can slip between the check and the read).
const GET_SCRIPT = `
local meta = redis.call('HGET', KEYS[1], 'meta')
if not meta then return nil end
local m = cjson.decode(meta)
for i, dep in ipairs(m.d) do
  local g = redis.call('GET', ARGV[1] .. dep) or '0'
  if g ~= m.g[i] then return nil end
  local p = tonumber(redis.call('GET', ARGV[2] .. dep) or '0')
  if p > 0 then return nil end
end
return {meta, redis.call('HGET', KEYS[1], 'body')}
`;

// ARGV[1], ARGV[2]: prefixes; ARGV[3..]: types. Null while a write is under way.
const GENERATIONS_SCRIPT = `
local out = {}
for i = 3, #ARGV do
  local p = tonumber(redis.call('GET', ARGV[2] .. ARGV[i]) or '0')
  if p > 0 then return nil end
  out[#out + 1] = redis.call('GET', ARGV[1] .. ARGV[i]) or '0'
end
return out
`;

// ARGV[1]: marks' prefix, ARGV[2]: window ms, ARGV[3]: generations' prefix, ARGV[4..]: types.
// The generation moves here too: should the writer die after its commit and before END, its
// mark expires, and no answer read before the write may then be served again.
const BEGIN_SCRIPT = `
for i = 4, #ARGV do
  redis.call('INCR', ARGV[3] .. ARGV[i])
  redis.call('INCR', ARGV[1] .. ARGV[i])
  redis.call('PEXPIRE', ARGV[1] .. ARGV[i], ARGV[2])
end
return 1
`;

// ARGV[1]: generations' prefix, ARGV[2]: marks' prefix, ARGV[3..]: types. A mark that expired is not taken below zero.
const END_SCRIPT = `
for i = 3, #ARGV do
  redis.call('INCR', ARGV[1] .. ARGV[i])
  local p = tonumber(redis.call('GET', ARGV[2] .. ARGV[i]) or '0')
  if p <= 1 then redis.call('DEL', ARGV[2] .. ARGV[i]) else redis.call('DECR', ARGV[2] .. ARGV[i]) end
end
return 1
`;

// ARGV[1]: generations' prefix, ARGV[2..]: types.
const MOVE_SCRIPT = `
for i = 2, #ARGV do
  redis.call('INCR', ARGV[1] .. ARGV[i])
end
return 1
`;

export interface RedisStoreOptions {
  readonly url: string;
  /** Every key the cache writes starts with it. */
  readonly prefix: string;
  readonly ttlMs: number;
  readonly writeWindowMs: number;
  readonly log: (message: string) => void;
}

interface Meta {
  readonly s: number;
  readonly h: Readonly<Record<string, string>>;
  readonly d: readonly string[];
  readonly g: readonly string[];
}

/**
 * Answers and generations in Redis, shared by every instance: a write on any instance moves the
 * generations every instance checks, in the same Redis, before its response is sent. Keys:
 * `<prefix>g:<type>` (generation), `<prefix>w:<type>` (writes under way, expiring after the
 * write window should an instance die mid-write), `<prefix>a:<hash>` (an answer, expiring after
 * the ttl). Redis unreachable: reads are served uncached and nothing is stored.
 */
export async function createRedisCacheStore({ url, prefix, ttlMs, writeWindowMs, log }: RedisStoreOptions): Promise<ResponseCacheStore & { readonly client: Redis }> {
  const { Redis: RedisClient } = await importOptional('ioredis', { file: 'config/api', feature: 'rest.cache.store "redis"' }, () => import('ioredis'));
  const client = new RedisClient(url, { enableOfflineQueue: false, commandTimeout: COMMAND_TIMEOUT_MILLIS, maxRetriesPerRequest: 0, connectTimeout: FIRST_CONNECT_MILLIS, retryStrategy: (attempt) => Math.min(attempt * 200, 2000) });
  let warned = 0;
  const warn = (error: unknown): void => {
    const now = Date.now();
    if (now - warned < 30_000) return;
    warned = now;
    log(`Response cache: Redis failed (${error instanceof Error ? error.message : String(error)}); answers are served uncached meanwhile.`);
  };
  client.on('error', warn);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, FIRST_CONNECT_MILLIS);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  const generationKeys = `${prefix}g:`;
  const marks = `${prefix}w:`;
  const answerKey = (key: string): string => `${prefix}a:${key}`;
  return {
    client,
    async generations(types) {
      try {
        const result = (await client.eval(GENERATIONS_SCRIPT, 0, generationKeys, marks, ...types)) as string[] | null;
        return result;
      } catch (error) {
        warn(error);
        return null;
      }
    },
    async get(key) {
      try {
        const found = (await client.eval(GET_SCRIPT, 1, answerKey(key), generationKeys, marks)) as [string, string] | null;
        if (!found) return null;
        const meta = JSON.parse(found[0]) as Meta;
        return { status: meta.s, headers: meta.h, body: found[1], dependencies: meta.d, generations: meta.g } satisfies StoredAnswer;
      } catch (error) {
        warn(error);
        return null;
      }
    },
    async set(key, answer) {
      const meta: Meta = { s: answer.status, h: answer.headers, d: answer.dependencies, g: answer.generations };
      try {
        await client.multi().hset(answerKey(key), 'meta', JSON.stringify(meta), 'body', answer.body).pexpire(answerKey(key), ttlMs).exec();
      } catch (error) {
        warn(error);
      }
    },
    async beginWrite(types) {
      // Not caught here: the cache remembers a write it could not mark and drops every answer once Redis answers (see response-cache.ts).
      await client.eval(BEGIN_SCRIPT, 0, marks, String(writeWindowMs), generationKeys, ...types);
    },
    async endWrite(types) {
      await client.eval(END_SCRIPT, 0, generationKeys, marks, ...types);
    },
    async move(types) {
      await client.eval(MOVE_SCRIPT, 0, generationKeys, ...types);
    },
    async suspend(type, ms) {
      await client.set(`${marks}${type}`, '1', 'PX', ms);
    },
    async close() {
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}
