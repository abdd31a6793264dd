import type { FastifyInstance } from 'fastify';
import type { AuthStrategy, AuthStrategyContext } from '../auth/auth-strategy.js';
import type { PermissionName } from '../auth/permission-names.js';
import type { TableModel } from '../db/table-model.js';
import type { SourcedComponentDefinition, SourcedDefinition } from '../schema/definition.js';
import type { PluginContext } from './plugin-context.js';

/**
 * What a feature (users-permissions, upload, i18n, API tokens, …) contributes to Tessera. The
 * composition root holds the list of plugins; core and the transports iterate over what the
 * plugins contribute and never import a plugin.
 *
 * Core parts are typed here. A transport that takes contributions names its own part (GraphQL:
 * `GraphqlContribution`, the fields `register` returns), and the composition root instantiates
 * `Plugin` with the transports' context and outputs: core never learns their types.
 */
export interface Plugin<Context extends PluginContext = PluginContext, Outputs extends object = object> {
  /** The name Strapi gives the plugin (`users-permissions`): its actions are `plugin::<name>.…`. */
  readonly name: string;
  /** Content-types and components added to every project's model (served by the plugin's own routes, not `/api/<plural>`). */
  readonly contentTypes?: readonly SourcedDefinition[];
  readonly components?: readonly SourcedComponentDefinition[];
  /** Tables of the plugin's own (not of a content-type), created and kept by schema sync. */
  readonly tables?: readonly TableModel[];
  /** The permission actions the plugin's routes check, grantable to roles and custom API tokens (auth/permission-names.ts spells them). */
  readonly actions?: readonly PermissionName[];
  /** Its way of reading a bearer token (API tokens, user JWTs), asked by the auth service in plugin order. */
  authStrategy?(context: AuthStrategyContext): AuthStrategy;
  /** Its routes and hooks, registered once core is up; returns what the transports registered after it take. */
  register?(fastify: FastifyInstance, context: Context): Promise<Outputs | null>;
}
