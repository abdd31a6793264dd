import type { PluginContext } from '../../core/plugin/plugin-context.js';
import { createLazyAdminGuard } from '../../transports/admin/lazy-admin-guard.js';
import type { HttpHost, HttpPlugin } from '../../transports/plugin-http.js';
import { webhookAdminRoutes } from './webhook-admin-routes.js';
import { readWebhooksConfig } from './webhook-config.js';
import { createSender } from './webhook-sender.js';
import { createWebhookStore } from './webhook-store.js';
import { WEBHOOK_DELIVERIES_TABLE, WEBHOOKS_TABLE } from './webhook-tables.js';
import { createWebhookWorker } from './webhook-worker.js';

/** Webhooks created, changed or removed on any instance: each recounts its enabled ones. */
export const WEBHOOKS_TOPIC = 'webhooks';

/**
 * Webhooks: the admin API, and the worker that delivers the event outbox. While at least one
 * webhook is enabled (on any instance: the change feed tells the others), the document services
 * write each committed change to the outbox; with none, writes pay nothing.
 */
async function registerWebhooks(fastify: HttpHost, context: PluginContext): Promise<null> {
  const { database, clock, log } = context;
  const config = readWebhooksConfig(context.config.files.server, context.config.production);
  if (config.populateRelations) log('webhooks.populateRelations has no effect: as in Strapi 5, events carry relations one level deep (docs/webhooks.md).');
  const store = createWebhookStore(database, () => clock.now());
  const recount = async (db = database.db): Promise<void> => context.changeListeners.set('webhooks', (await store.countEnabled(db)) > 0);
  await recount();
  context.feed.subscribe(WEBHOOKS_TOPIC, recount);
  const send = createSender({ timeoutMs: config.timeoutMs, allowPrivateUrls: config.allowPrivateUrls });
  const worker = createWebhookWorker({ database, store, config, clock, send, log, publish: (event) => context.changeListeners.publish(event), active: () => context.changeListeners.any });
  const guard = createLazyAdminGuard(context.config, database, context.store, clock, context);
  await fastify.register(
    (admin) =>
      webhookAdminRoutes(admin, {
        store,
        guard,
        config,
        send,
        now: () => clock.now(),
        changed: (trx) => context.feed.record(trx, WEBHOOKS_TOPIC),
        committed: () => recount(),
      }),
    { prefix: '/admin' },
  );
  fastify.addHook('onClose', () => worker.close());
  worker.start();
  return null;
}

export const webhooksPlugin: HttpPlugin = {
  name: 'webhooks',
  tables: [WEBHOOKS_TABLE, WEBHOOK_DELIVERIES_TABLE],
  topics: [WEBHOOKS_TOPIC],
  register: registerWebhooks,
};
