import { DefinitionError } from '../shared/errors.js';
import { isPluginType, type ContentType } from './content-type.js';

/**
 * First segments Strapi's plugins route under the REST prefix that a type may not take even
 * where Tessera does not serve them: users-permissions' `/connect/:provider` (OAuth providers,
 * not served) and `/users-permissions/roles|permissions` (served). Kept free, so that a project
 * never depends on a name the reference's routes take.
 */
const STRAPI_ONLY_ROUTES: readonly string[] = ['connect', 'users-permissions'];

/**
 * A content-type's singular and plural names are REST path segments (`/api/<name>`) and GraphQL
 * fields. The routes the features register under the REST prefix (`/api/upload`, `/api/auth/…`,
 * `/api/users`, …) come first, so a type named like one would never be served: refused.
 * `taken`: the fixed first segments of those routes (rest/known-paths `segmentsUnder`).
 */
export function checkRouteNames(types: readonly ContentType[], taken: ReadonlySet<string>, prefix: string): void {
  for (const type of types) {
    if (isPluginType(type)) continue;
    for (const [key, name] of [['singularName', type.singularName], ['pluralName', type.pluralName]] as const) {
      if (taken.has(name) || STRAPI_ONLY_ROUTES.includes(name)) {
        throw new DefinitionError(type.source, `${key} "${name}" is taken by a route Tessera serves (${prefix.replace(/\/+$/, '')}/${name}…); choose another name`);
      }
    }
  }
}
