import type { PolicyFunction } from './extension-types.js';

/** The policies every project has, under the reference's names. */
export const BUILT_IN_POLICIES: ReadonlyMap<string, PolicyFunction> = new Map<string, PolicyFunction>([
  ['plugin::users-permissions.isAuthenticated', (context) => context.context.principal.kind !== 'public'],
]);
