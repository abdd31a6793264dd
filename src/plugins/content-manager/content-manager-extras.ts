import type { PluginContext } from '../../core/plugin/plugin-context.js';
import type { ContentType } from '../../core/schema/content-type.js';
import { createLazyAdminGuard } from '../../transports/admin/lazy-admin-guard.js';
import { createAdminUserService } from '../../transports/admin/admin-user-service.js';
import type { HttpHost } from '../../transports/plugin-http.js';
import type { AbilityOf } from './cm-access.js';
import { defaultMainField } from './cm-reads.js';
import { draftCountRoutes } from './draft-count-routes.js';
import { readHistoryConfig } from './history/history-config.js';
import { createHistoryPruner } from './history/history-pruner.js';
import { historyRoutes } from './history/history-routes.js';
import { createHistoryStore } from './history/history-store.js';
import { relationRoutes } from './relation-routes.js';
import { uidRoutes } from './uid-routes.js';

export interface ContentManagerExtrasOptions {
  /** The ability of a request's admin user; by default the admin guard's. */
  readonly ability?: AbilityOf;
  /** A type's list title (its configured `mainField`); by default its first string attribute. */
  readonly mainFieldOf?: (contentType: ContentType) => Promise<string>;
}

/**
 * The content manager's relation pickers, uid fields, draft relation counts and history, under
 * `/content-manager`. Fills the document service's history slot: from then on every write made
 * with an admin actor keeps a version in its transaction; old versions are pruned on the clock.
 */
export async function registerContentManagerExtras(fastify: HttpHost, context: PluginContext, options: ContentManagerExtrasOptions = {}): Promise<void> {
  const { database, clock, log } = context;
  const guard = createLazyAdminGuard(context.config, database, context.store, clock, context);
  const ability: AbilityOf = options.ability ?? ((request) => guard.ability(request));
  const mainFieldOf = options.mainFieldOf ?? ((contentType) => Promise.resolve(defaultMainField(contentType)));
  const { retentionDays } = readHistoryConfig(context.config.files.admin);
  const store = createHistoryStore({ database, registry: () => context.registry, locales: context.locales, now: () => clock.now(), retentionDays });
  context.versionHistory.set(store);
  const pruner = createHistoryPruner(clock, () => database.counter.background(() => store.prune()), log);
  const reads = { registry: context.registry, documents: context.documents, locales: context.locales };
  await fastify.register(
    async (cm) => {
      await relationRoutes(cm, { ...reads, database, ability, mainFieldOf });
      await uidRoutes(cm, { database, registry: context.registry, locales: context.locales, ability });
      await draftCountRoutes(cm, { ...reads, database, ability });
      await historyRoutes(cm, { store, database, registry: () => context.registry, documents: () => context.documents, locales: context.locales, users: createAdminUserService(database), ability });
    },
    { prefix: '/content-manager' },
  );
  fastify.addHook('onClose', () => pruner.close());
  pruner.start();
}

