import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService } from '../../core/auth/auth-service.js';
import type { Principal } from '../../core/auth/principal.js';
import type { AppConfig, RestConfig } from '../../core/config/app-config.js';
import type { DocumentService } from '../../core/documents/document-service.js';
import type { LocaleCatalog } from '../../core/query/locale-catalog.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';
import type { GraphqlConfig } from './graphql-config.js';

/** What the GraphQL schema's resolvers use: the same stages as REST, handed over by the composition root. */
export interface GraphqlServices {
  readonly config: GraphqlConfig;
  readonly app: AppConfig;
  readonly registry: SchemaRegistry;
  readonly documents: DocumentService;
  readonly auth: AuthService;
  /** REST settings: the query parser reads them (strict params are not used for GraphQL). */
  readonly rest: RestConfig;
  readonly locales: LocaleCatalog;
  readonly log: (message: string) => void;
}

/**
 * The context of one GraphQL request, as every resolver, policy and middleware receives it.
 * The principal is settled before GraphQL runs (a bad token is a 401 REST envelope, as the reference).
 */
export interface GraphqlRequestContext {
  readonly principal: Principal;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  /** Free for policies and middlewares to share values within the request (`policyContext.state`). */
  readonly state: Record<string, unknown>;
}
