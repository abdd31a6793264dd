import type { AuthService } from '../auth/auth-service.js';
import type { AppConfig } from '../config/app-config.js';
import type { PluginConfigs } from '../config/plugin-config.js';
import type { ChangeFeed } from '../db/change-feed.js';
import type { Database } from '../db/database.js';
import type { DocumentService } from '../documents/document-service.js';
import type { LocaleService } from '../locales/locale-service.js';
import type { BuiltIns } from '../model/built-ins.js';
import type { ModelRuntime } from '../model/model-change.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { Clock } from '../shared/clock.js';
import type { KeyValueStore } from '../store/key-value-store.js';
import type { ChangeListeners } from '../events/change-listeners.js';
import type { VersionHistorySlot } from '../documents/version-history.js';

/** The core services a plugin receives from the composition root when it registers. */
export interface PluginContext {
  readonly config: AppConfig;
  /** The sections of `config/plugins` the plugins' readers (`Plugin.config`) read at start: `configs.of(READER)`. */
  readonly configs: PluginConfigs;
  /** The content model being served (live: the content-type builder may replace it). */
  readonly registry: SchemaRegistry;
  readonly database: Database;
  readonly documents: DocumentService;
  readonly auth: AuthService;
  readonly store: KeyValueStore;
  readonly locales: LocaleService;
  /** Changes other instances must follow are announced here (db/change-feed.ts); a plugin's takes only the topics it declares. */
  readonly feed: ChangeFeed;
  /** Every plugin's actions (`plugin::upload.content-api.find`, …): what roles and custom API tokens may be granted besides the content-types'. */
  readonly pluginActions: readonly string[];
  /** What every model holds besides the project's definitions (the plugins' types, Tessera's tables). */
  readonly builtIns: BuiltIns;
  /**
   * Run-time changes of the content model (the content-type builder's service). It is created
   * once every plugin has registered and the route names are checked, so that a start refused
   * for them records no model: call it from handlers, never during `register`.
   */
  readonly modelRuntime: ModelRuntime;
  readonly log: (message: string) => void;
  /** The time of rate-limit windows, token lifetimes and document timestamps (tests move it by hand). */
  readonly clock: Clock;
  /** Turning a listener on makes the document services write each committed change to the event outbox (core/events). */
  readonly changeListeners: ChangeListeners;
  /** The history content-manager saves keep a version in, inside their transaction: the content manager fills it. */
  readonly versionHistory: VersionHistorySlot;
}
