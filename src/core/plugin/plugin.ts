import type { AuthStrategy, AuthStrategyContext } from '../auth/auth-strategy.js';
import type { PermissionName } from '../auth/permission-names.js';
import type { PluginConfigReader } from '../config/plugin-config.js';
import type { FeedTopic } from '../db/change-feed.js';
import type { TableModel } from '../db/table-model.js';
import type { SourcedComponentDefinition, SourcedDefinition } from '../schema/definition.js';
import type { PluginContext } from './plugin-context.js';

/**
 * What a feature (users-permissions, upload, i18n, API tokens, the content-type builder, …)
 * contributes to Tessera. The composition root holds the list of plugins; core and the
 * transports iterate over what the plugins contribute and never import a plugin.
 *
 * Core parts are typed here. What a transport takes is typed by the transport and named by the
 * composition root, which instantiates `Plugin` with them: `Host`, what `register` adds routes
 * to (the HTTP transport's server), `Context`, the services it registers with, and `Outputs`,
 * what it hands to the transports registered after it (GraphQL: `GraphqlContribution`). Core
 * never learns their types, nor which HTTP framework serves.
 */
export interface Plugin<Host, Context extends PluginContext = PluginContext, Outputs extends object = object> {
  /** The name Strapi gives the plugin (`users-permissions`): its actions are `plugin::<name>.…`. */
  readonly name: string;
  /** Content-types and components added to every project's model (served by the plugin's own routes, not `/api/<plural>`). */
  readonly contentTypes?: readonly SourcedDefinition[];
  readonly components?: readonly SourcedComponentDefinition[];
  /** Tables of the plugin's own (not of a content-type), created and kept by schema sync. */
  readonly tables?: readonly TableModel[];
  /** The permission actions the plugin's routes check, grantable to roles and custom API tokens (auth/permission-names.ts spells them). */
  readonly actions?: readonly PermissionName[];
  /**
   * Its section of `config/plugins`, read and checked at start, before the database is opened;
   * the plugin (and any other part given the reader) finds the result in `context.configs`.
   */
  readonly config?: PluginConfigReader<unknown>;
  /**
   * The change-feed topics it records or follows through `context.feed` (core's, such as
   * `permissions`, or its own: the feed creates their rows). The feed it is given refuses any other.
   */
  readonly topics?: readonly FeedTopic[];
  /** Its way of reading a bearer token (API tokens, user JWTs), asked by the auth service in plugin order. */
  authStrategy?(context: AuthStrategyContext): AuthStrategy;
  /** Its routes and hooks, registered once core is up; returns what the transports registered after it take. */
  register?(host: Host, context: Context): Promise<Outputs | null>;
}
