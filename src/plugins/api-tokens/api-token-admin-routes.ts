import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiTokenService } from './api-token-service.js';
import { NotFoundError } from '../../core/shared/errors.js';
import type { AdminGuard } from '../../transports/admin/admin-guard.js';
import { ADMIN_ACTIONS } from '../../transports/admin/admin-roles.js';
import { routeId } from '../../transports/admin/route-id.js';

export interface AdminTokenRoutesOptions {
  readonly tokens: ApiTokenService;
  readonly guard: AdminGuard;
  /** Tells the content API's auth that tokens changed (revoked, regenerated, retyped), so no cached state outlives them. */
  readonly tokensChanged: () => Promise<void>;
}

function idOf(request: FastifyRequest): number {
  const id = routeId((request.params as { id: string }).id);
  if (id === null) throw new NotFoundError('API token not found');
  return id;
}

/**
 * API tokens: the value is in the response of POST (create) and POST …/regenerate only; every
 * other answer shows the token without it.
 */
export async function adminTokenRoutes(fastify: FastifyInstance, { tokens, guard, tokensChanged }: AdminTokenRoutesOptions): Promise<void> {
  fastify.get('/api-tokens', async (request) => {
    await guard.require(request, ADMIN_ACTIONS.readApiTokens);
    return { data: await tokens.list() };
  });

  fastify.post('/api-tokens', async (request, reply) => {
    await guard.require(request, ADMIN_ACTIONS.createApiTokens);
    return reply.code(201).send({ data: await tokens.create(request.body) });
  });

  fastify.get('/api-tokens/:id', async (request) => {
    await guard.require(request, ADMIN_ACTIONS.readApiTokens);
    const token = await tokens.get(idOf(request));
    if (!token) throw new NotFoundError('API token not found');
    return { data: token };
  });

  fastify.put('/api-tokens/:id', async (request) => {
    await guard.require(request, ADMIN_ACTIONS.updateApiTokens);
    const updated = await tokens.update(idOf(request), request.body ?? {});
    await tokensChanged();
    return { data: updated };
  });

  fastify.delete('/api-tokens/:id', async (request) => {
    await guard.require(request, ADMIN_ACTIONS.deleteApiTokens);
    const revoked = await tokens.revoke(idOf(request));
    await tokensChanged();
    return { data: revoked };
  });

  fastify.post('/api-tokens/:id/regenerate', async (request, reply) => {
    await guard.require(request, ADMIN_ACTIONS.regenerateApiTokens);
    const regenerated = await tokens.regenerate(idOf(request));
    await tokensChanged();
    return reply.code(201).send({ data: regenerated });
  });
}
