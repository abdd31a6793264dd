import type { Clock } from '../../src/core/shared/clock.js';
import { readPluginConfigs } from '../../src/core/config/read-plugin-configs.js';
import { createKeyValueStore } from '../../src/core/store/key-value-store.js';
import type { App } from '../../src/server/app.js';
import { configReaders, pluginActions } from '../../src/server/features.js';
import { builtIns } from '../../src/server/system-tables.js';
import type { HttpPluginContext } from '../../src/transports/plugin-http.js';
import { createVersionHistorySlot } from '../../src/core/documents/version-history.js';

/**
 * What the plugins registered with, rebuilt from a started app for the compatibility layer's
 * factories (the server hands them its own: src/server/app.ts `features`).
 */
export function compatContextOf(app: App, { clock, log = () => undefined }: { readonly clock: Clock; readonly log?: (message: string) => void }): HttpPluginContext {
  return {
    config: app.config,
    configs: readPluginConfigs(configReaders(), app.config),
    registry: app.registry,
    database: app.database,
    documents: app.model.documents,
    auth: app.auth,
    store: createKeyValueStore(app.database),
    locales: app.locales,
    feed: app.feed,
    pluginActions: pluginActions(),
    builtIns: builtIns(),
    modelRuntime: app.modelRuntime,
    log,
    clock,
    changeListeners: app.changeListeners,
    // The app's own slot is not exposed: plugins registered here keep no history the app's writes see.
    versionHistory: createVersionHistorySlot(),
    routeNames: () => new Set(),
  };
}
