import type { AuthService } from '../auth/auth-service.js';
import type { AppConfig } from '../config/app-config.js';
import type { ChangeFeed } from '../db/change-feed.js';
import type { Database } from '../db/database.js';
import type { DocumentService } from '../documents/document-service.js';
import type { LocaleService } from '../locales/locale-service.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { Clock } from '../shared/clock.js';
import type { KeyValueStore } from '../store/key-value-store.js';

/** The core services a plugin receives from the composition root when it registers. */
export interface PluginContext {
  readonly config: AppConfig;
  /** The content model being served (live: the content-type builder may replace it). */
  readonly registry: SchemaRegistry;
  readonly database: Database;
  readonly documents: DocumentService;
  readonly auth: AuthService;
  readonly store: KeyValueStore;
  readonly locales: LocaleService;
  /** Changes other instances must follow are announced here (db/change-feed.ts). */
  readonly feed: ChangeFeed;
  /** Every plugin's actions (`plugin::upload.content-api.find`, …): what roles and custom API tokens may be granted besides the content-types'. */
  readonly pluginActions: readonly string[];
  readonly log: (message: string) => void;
  /** The time of rate-limit windows, token lifetimes and document timestamps (tests move it by hand). */
  readonly clock: Clock;
}
