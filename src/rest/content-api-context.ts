import type { AuthService } from '../auth/auth-service.js';
import type { RestConfig } from '../config/app-config.js';
import type { DocumentService } from '../documents/document-service.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { LocaleCatalog } from '../query/locale-catalog.js';

/** What the content API's handlers need, handed over by the composition root. */
export interface ContentApiContext {
  readonly registry: SchemaRegistry;
  readonly documents: DocumentService;
  readonly auth: AuthService;
  readonly rest: RestConfig;
  readonly locales: LocaleCatalog;
}
