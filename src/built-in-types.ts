import type { SourcedComponentDefinition, SourcedDefinition } from './schema/definition.js';
import { USERS_PERMISSIONS_TYPES } from './users-permissions/content-types.js';
import { UPLOAD_TYPES } from './upload/file-type.js';

/**
 * Content-types and components Tessera itself defines (plugin types such as
 * `plugin::users-permissions.user`), added to every project's model. Plugin types get no
 * generic `/api/<plural>` routes: their plugin serves them.
 */
export const BUILT_IN_TYPES: readonly SourcedDefinition[] = [...USERS_PERMISSIONS_TYPES, ...UPLOAD_TYPES];
export const BUILT_IN_COMPONENTS: readonly SourcedComponentDefinition[] = [];
