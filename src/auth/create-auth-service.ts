import type { AppConfig } from '../config/app-config.js';
import type { Database } from '../db/database.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { KeyValueStore } from '../store/key-value-store.js';
import type { AuthService } from './auth-service.js';
import { createConfigAuthService } from './config-auth-service.js';

export interface AuthServiceOptions {
  readonly config: AppConfig;
  readonly registry: SchemaRegistry;
  readonly database: Database;
  readonly store: KeyValueStore;
  readonly log: (message: string) => void;
}

/** The app's auth service (being built: today the config's Public grants, no credentials). */
export async function createAuthService(options: AuthServiceOptions): Promise<AuthService> {
  return createConfigAuthService(options.config.permissions);
}
