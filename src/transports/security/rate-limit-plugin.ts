import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PluginContext } from '../../core/plugin/plugin-context.js';
import type { Clock } from '../../core/shared/clock.js';
import { RateLimitError } from '../../core/shared/errors.js';
import { readRateLimitConfig } from './rate-limit-config.js';
import { RateLimitMemoryStore } from './rate-limit-memory-store.js';
import { authActionKey, mayBeLimited, rateLimitKey, type LimitedAuthAction } from './rate-limit-key.js';
import { connectRateLimitRedis, redactUrl, type RateLimitRedis } from './rate-limit-redis.js';

/**
 * Counters kept in memory: an LRU of this many keys. Large, because an evicted key starts a
 * fresh budget, and register/forgot-password keys vary with the email a client sends.
 */
const MEMORY_KEYS = 100_000;

/**
 * Counts one call of a limited auth action made other than through its REST route (the GraphQL
 * auth mutations) and throws a RateLimitError when its budget is spent. The call spends the
 * counter of the REST route (`authActionKey`): one budget per address and action, whatever the
 * transport.
 */
export type AuthRateLimit = (request: FastifyRequest, reply: FastifyReply, attempt: AuthAttempt) => Promise<void>;

export interface AuthAttempt {
  readonly action: LimitedAuthAction;
  /** The email the call names, for the actions keyed by it (register, forgot password). */
  readonly email?: unknown;
}

/** The plugin builds its store itself (`new store(options)`): a class bound to the app's clock. */
function memoryStore(clock: Clock): new () => RateLimitMemoryStore {
  return class extends RateLimitMemoryStore {
    constructor() {
      super(clock, MEMORY_KEYS);
    }
  };
}

/**
 * Rate limits the auth routes (reference §7): register, login, forgot/reset/change password,
 * send-email-confirmation and /connect/*, under the REST prefix. Matched by the request path,
 * whether or not a route is registered for it, so the limit does not depend on which auth
 * routes exist; a refused request never reaches a handler (nor the 404 handler).
 *
 * Runs in `preValidation`: after the body is parsed (the key includes `body.email`), before
 * any route validation or handler, so even malformed auth calls count. Returns the limit for
 * the same actions reached another way (GraphQL).
 */
export async function registerRateLimit(fastify: FastifyInstance, context: PluginContext): Promise<AuthRateLimit> {
  const settings = readRateLimitConfig(context.config);
  if (!settings.enabled) return async () => undefined;
  let redis: RateLimitRedis | null = null;
  if (settings.redis) {
    redis = await connectRateLimitRedis(settings.redis.url, context.log);
    context.log(`Rate limit: counters shared through Redis at ${redactUrl(settings.redis.url)}.`);
    const connection = redis;
    fastify.addHook('onClose', async () => connection.close());
  }
  await fastify.register(rateLimit, {
    // Only what the hook below asks for: no route gets the plugin's own hook.
    global: false,
    max: settings.max,
    timeWindow: settings.interval,
    skipOnError: false,
    ...(redis && settings.redis ? { redis: redis.client, nameSpace: settings.redis.prefix } : { store: memoryStore(context.clock) }),
    keyGenerator: (request) => request.tesseraRateLimitKey ?? request.ip,
  });
  const limit = fastify.createRateLimit();
  const restPrefix = context.config.rest.prefix;

  fastify.decorateRequest('tesseraRateLimitKey', null);
  const apply = async (request: FastifyRequest, reply: FastifyReply, key: string): Promise<void> => {
    request.tesseraRateLimitKey = key;
    let result: Awaited<ReturnType<typeof limit>>;
    try {
      result = await limit(request);
    } catch (error) {
      // Fail-open: an unreachable Redis must not lock every user out of logging in.
      redis?.warn((error as Error).message);
      return;
    }
    if (result.isAllowed) return;
    reply.header('X-RateLimit-Limit', result.max);
    reply.header('X-RateLimit-Remaining', result.remaining);
    reply.header('X-RateLimit-Reset', result.ttlInSeconds);
    if (result.isExceeded) {
      reply.header('Retry-After', result.ttlInSeconds);
      throw new RateLimitError();
    }
  };
  const check = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const key = rateLimitKey(restPrefix, request.url, request.body, request.ip);
    if (key !== null) await apply(request, reply, key);
  };
  // Most requests are not auth calls: they pass with a substring test and no promise.
  fastify.addHook('preValidation', (request, reply, done) => {
    // A CORS preflight is not an auth attempt.
    if (request.method === 'OPTIONS' || !mayBeLimited(request.url)) {
      done();
      return;
    }
    check(request, reply).then(() => done(), done);
  });
  return async (request, reply, { action, email }) => apply(request, reply, authActionKey(restPrefix, action, email, request.ip));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The rate-limit counter key of an auth request (see rate-limit-key.ts). */
    tesseraRateLimitKey: string | null;
  }
}
