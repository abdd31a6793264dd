import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../../core/db/database.js';
import { BodyChecker } from '../../core/shared/body-checker.js';
import { NotFoundError, ValidationError } from '../../core/shared/errors.js';
import type { AdminGuard } from '../../transports/admin/admin-guard.js';
import { ADMIN_ACTIONS } from '../../transports/admin/admin-roles.js';
import { routeId } from '../../transports/admin/route-id.js';
import type { WebhooksConfig } from './webhook-config.js';
import { maskHeaders, mergeMaskedHeaders } from './webhook-headers.js';
import { parseWebhookCreate, parseWebhookUpdate } from './webhook-input.js';
import type { Sender } from './webhook-sender.js';
import type { Webhook, WebhookStore } from './webhook-store.js';

export interface WebhookRoutesOptions {
  readonly store: WebhookStore;
  readonly guard: AdminGuard;
  readonly config: WebhooksConfig;
  readonly send: Sender;
  readonly now: () => number;
  /** Runs in the transaction of every change (the change feed's record): every instance recounts its enabled webhooks. */
  readonly changed: (trx: Executor) => Promise<void>;
  /** After a change committed: this instance recounts at once. */
  readonly committed: () => Promise<void>;
}

/** Strapi's shape: string ids; secret header values masked (webhook-headers.ts). */
function shown(webhook: Webhook): Record<string, unknown> {
  return { id: String(webhook.id), name: webhook.name, url: webhook.url, headers: maskHeaders(webhook.headers), events: webhook.events, isEnabled: webhook.isEnabled };
}

/** Strapi's 404 message for webhooks. */
const notFound = (): NotFoundError => new NotFoundError('webhook.notFound');

function idOf(request: FastifyRequest): number {
  const id = routeId((request.params as { id: string }).id);
  if (id === null) throw notFound();
  return id;
}

/** Strapi 5's webhook routes (`/admin/webhooks…`) with its shapes, plus a delivery log per webhook. */
export async function webhookAdminRoutes(fastify: FastifyInstance, { store, guard, config, send, now, changed, committed }: WebhookRoutesOptions): Promise<void> {
  fastify.get('/webhooks', async (request) => {
    await guard.require(request, ADMIN_ACTIONS.readWebhooks);
    return { data: (await store.list()).map(shown) };
  });

  fastify.post('/webhooks', async (request, reply) => {
    await guard.require(request, ADMIN_ACTIONS.createWebhooks);
    const created = await store.create(parseWebhookCreate(request.body, config.allowPrivateUrls), changed);
    await committed();
    return reply.code(201).send({ data: shown(created) });
  });

  fastify.get('/webhooks/:id', async (request) => {
    await guard.require(request, ADMIN_ACTIONS.readWebhooks);
    const webhook = await store.get(idOf(request));
    if (!webhook) throw notFound();
    return { data: shown(webhook) };
  });

  fastify.put('/webhooks/:id', async (request) => {
    await guard.require(request, ADMIN_ACTIONS.updateWebhooks);
    const id = idOf(request);
    const input = parseWebhookUpdate(request.body, config.allowPrivateUrls);
    const stored = await store.get(id);
    if (!stored) throw notFound();
    const updated = await store.update(id, { ...input, headers: mergeMaskedHeaders(input.headers, stored.headers) }, changed);
    if (!updated) throw notFound();
    await committed();
    return { data: shown(updated) };
  });

  fastify.delete('/webhooks/:id', async (request) => {
    await guard.require(request, ADMIN_ACTIONS.deleteWebhooks);
    const removed = await store.remove(idOf(request), changed);
    if (!removed) throw notFound();
    await committed();
    return { data: shown(removed) };
  });

  fastify.post('/webhooks/batch-delete', async (request) => {
    await guard.require(request, ADMIN_ACTIONS.deleteWebhooks);
    const check = BodyChecker.of(request.body);
    check.onlyKeys(['ids']);
    const ids = check.stringList('ids', { wording: 'must be a list of webhook ids' });
    if (ids === undefined) throw ValidationError.atField('ids', 'ids is a required field', undefined);
    const removed: string[] = [];
    for (const raw of ids) {
      const id = routeId(raw);
      if (id !== null && (await store.remove(id, changed))) removed.push(raw);
    }
    await committed();
    return { data: removed };
  });

  /** Sends `trigger-test` now and answers with what the receiver said (unknown id: 404, where Strapi answers 500). */
  fastify.post('/webhooks/:id/trigger', async (request) => {
    await guard.require(request, ADMIN_ACTIONS.updateWebhooks);
    const webhook = await store.get(idOf(request));
    if (!webhook) throw notFound();
    const body = JSON.stringify({ event: 'trigger-test', createdAt: new Date(now()).toISOString() });
    const result = await send({ url: webhook.url, headers: { ...config.defaultHeaders, ...webhook.headers, 'Content-Type': 'application/json', 'X-Strapi-Event': 'trigger-test' }, body });
    // Strapi 5's answers (recorded): `{ statusCode }` for a 2xx, the receiver's answer as `message` otherwise, 500 and the error when it could not be reached.
    if (result.status === null) return { data: { statusCode: 500, message: result.error ?? '' } };
    return { data: result.status >= 200 && result.status < 300 ? { statusCode: result.status } : { statusCode: result.status, message: result.answer ?? '' } };
  });

  /** Tessera's: the webhook's latest deliveries (status, attempts, last answer, last error), newest first. */
  fastify.get('/webhooks/:id/deliveries', async (request) => {
    await guard.require(request, ADMIN_ACTIONS.readWebhooks);
    const id = idOf(request);
    if (!(await store.get(id))) throw notFound();
    return { data: await store.deliveries(id, 100) };
  });
}
