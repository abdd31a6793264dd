import type { SourcedComponentDefinition, SourcedDefinition } from '../core/schema/definition.js';
import { PLUGINS } from './features.js';

/**
 * Content-types and components the plugins define (`plugin::users-permissions.user`, …), added
 * to every project's model. Plugin types get no generic `/api/<plural>` routes: their plugin
 * serves them.
 */
export const BUILT_IN_TYPES: readonly SourcedDefinition[] = PLUGINS.flatMap((plugin) => plugin.contentTypes ?? []);
export const BUILT_IN_COMPONENTS: readonly SourcedComponentDefinition[] = PLUGINS.flatMap((plugin) => plugin.components ?? []);
