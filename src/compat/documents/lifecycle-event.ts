/** Strapi 5's database lifecycle actions (`strapi.db.lifecycles`), in its order. */
export const LIFECYCLE_ACTIONS = [
  'beforeCreate',
  'afterCreate',
  'beforeFindOne',
  'afterFindOne',
  'beforeFindMany',
  'afterFindMany',
  'beforeCount',
  'afterCount',
  'beforeCreateMany',
  'afterCreateMany',
  'beforeUpdate',
  'afterUpdate',
  'beforeUpdateMany',
  'afterUpdateMany',
  'beforeDelete',
  'afterDelete',
  'beforeDeleteMany',
  'afterDeleteMany',
] as const;

export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

/** What an operation does to rows, as Strapi names it: `before<Kind>` and `after<Kind>` fire around it. */
export type LifecycleKind = 'Create' | 'FindOne' | 'FindMany' | 'Count' | 'Update' | 'Delete';

/**
 * `event.params`, with Strapi's query-engine names: `where` (the caller's filters), `select`
 * (fields), `orderBy` (sort), `populate`, `limit`, `offset`, and `data` for writes. A before-hook
 * may change them in place or replace them; the operation runs with what they hold then.
 */
export interface LifecycleParams {
  where?: unknown;
  select?: unknown;
  orderBy?: unknown;
  populate?: unknown;
  limit?: unknown;
  offset?: unknown;
  data?: Record<string, unknown>;
  [key: string]: unknown;
}

/** `event.model`: the model's metadata, as Strapi's database layer describes it. */
export interface LifecycleModel {
  readonly uid: string;
  readonly singularName: string;
  readonly tableName: string;
  readonly attributes: Readonly<Record<string, unknown>>;
}

export interface LifecycleEvent {
  readonly action: LifecycleAction;
  readonly model: LifecycleModel;
  params: LifecycleParams;
  /** Shared by the before- and the after-hook of one operation, per subscriber (Strapi's `event.state`). */
  state: Record<string, unknown>;
  /** After-hooks only: what the operation returned. */
  result?: unknown;
}

export type LifecycleHook = (event: LifecycleEvent) => unknown;

/**
 * What `strapi.db.lifecycles.subscribe` takes: hooks by action, for `models` (every model when
 * absent), or one function called with every event.
 */
export type LifecycleSubscriber = LifecycleHook | ({ readonly models?: readonly string[] } & { readonly [A in LifecycleAction]?: LifecycleHook });
