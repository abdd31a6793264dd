import type { AuthService } from '../../core/auth/auth-service.js';
import type { RestConfig } from '../../core/config/app-config.js';
import type { DocumentService } from '../../core/documents/document-service.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import type { LocaleCatalog } from '../../core/query/locale-catalog.js';

/** What the content API's handlers need, handed over by the composition root. */
export interface ContentApiContext {
  readonly registry: SchemaRegistry;
  readonly documents: DocumentService;
  readonly auth: AuthService;
  readonly rest: RestConfig;
  readonly locales: LocaleCatalog;
}
