import type { ContentType } from '../core/schema/content-type.js';

/** One route of a router, as Strapi writes them (`{ method, path, handler, config }`). */
export interface StrapiRoute {
  readonly method: string | readonly string[];
  readonly path: string;
  readonly handler: unknown;
  readonly config?: unknown;
  readonly info?: unknown;
}

/** The actions of a content-type's core router. */
export const CORE_ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'] as const;
export type CoreAction = (typeof CORE_ACTIONS)[number];

/** Strapi's default routes of a content-type (before `only`/`except`): what `createCoreRouter(uid)` lists. */
export function coreRoutes(contentType: ContentType): ReadonlyArray<StrapiRoute & { readonly action: CoreAction }> {
  const handler = (action: CoreAction) => `${contentType.uid}.${action}`;
  if (contentType.kind === 'singleType') {
    const path = `/${contentType.singularName}`;
    return [
      { action: 'find', method: 'GET', path, handler: handler('find') },
      { action: 'update', method: 'PUT', path, handler: handler('update') },
      { action: 'delete', method: 'DELETE', path, handler: handler('delete') },
    ];
  }
  const base = `/${contentType.pluralName}`;
  return [
    { action: 'find', method: 'GET', path: base, handler: handler('find') },
    { action: 'findOne', method: 'GET', path: `${base}/:id`, handler: handler('findOne') },
    { action: 'create', method: 'POST', path: base, handler: handler('create') },
    { action: 'update', method: 'PUT', path: `${base}/:id`, handler: handler('update') },
    { action: 'delete', method: 'DELETE', path: `${base}/:id`, handler: handler('delete') },
  ];
}
