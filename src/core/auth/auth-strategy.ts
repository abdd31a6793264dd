import type { AppConfig } from '../config/app-config.js';
import type { Database } from '../db/database.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { KeyValueStore } from '../store/key-value-store.js';
import type { Principal } from './principal.js';

/** What a plugin's auth strategy is built from (before any route exists). */
export interface AuthStrategyContext {
  readonly config: AppConfig;
  readonly registry: SchemaRegistry;
  readonly database: Database;
  readonly store: KeyValueStore;
}

/**
 * One way of reading a bearer token, contributed by a plugin (API tokens, users-permissions'
 * user JWTs). The auth service asks each strategy in turn; the first principal wins.
 */
export interface AuthStrategy {
  /** Resolves what the strategy cannot work without; in production a missing secret stops the start here. */
  checkAtStart?(): Promise<void>;
  /**
   * The principal the token names; null when the token is not of this strategy's kind (the next
   * strategy is tried). A token of its kind that is bad, expired or names a blocked user → 401.
   */
  authenticate(token: string): Promise<Principal | null>;
}
