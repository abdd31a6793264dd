import type { KeyValueStore } from '../../core/store/key-value-store.js';

/** What `strapi.store` calls take: Strapi's core-store parameters. */
export interface StrapiStoreParams {
  readonly key?: string;
  /** `core` when left out; `plugin` for a plugin's settings. */
  readonly type?: string;
  readonly name?: string;
  readonly environment?: string;
  readonly tag?: string;
  readonly value?: unknown;
}

/** `strapi.store({ type, name })`: the same three calls with those parameters filled in. */
export interface StrapiStoreScope {
  get(params?: StrapiStoreParams): Promise<unknown>;
  set(params?: StrapiStoreParams): Promise<void>;
  delete(params?: StrapiStoreParams): Promise<void>;
}

/** `strapi.store`: callable for a scope, with `get`/`set`/`delete` of its own. */
export interface StrapiStore extends StrapiStoreScope {
  (defaults?: StrapiStoreParams): StrapiStoreScope;
}

/**
 * A Strapi store entry that is a Tessera setting under another key and shape (the
 * users-permissions `advanced` settings): project code reads and changes the setting itself.
 */
export interface StoreAlias {
  /** Tessera's key in the key-value store. */
  readonly key: string;
  /** Tessera's stored value → what Strapi stores under its key. */
  read(stored: unknown): unknown;
  /** A value project code sets → what Tessera stores (throws a clear error for what the setting cannot hold). */
  write(value: unknown): unknown;
}

/** Strapi's key: `<type>_<name>_<key>` (`plugin_users-permissions_advanced`). */
export function strapiStoreKey(params: StrapiStoreParams): string {
  const { key, type = 'core', name } = params;
  if (typeof key !== 'string' || key === '') throw new TypeError(`strapi.store: "key" is required (got ${JSON.stringify(key)})`);
  return `${type}${name ? `_${name}` : ''}_${key}`;
}

/** What Strapi's store gives back for a value it was given: its JSON round trip; null for what JSON cannot hold. */
function storable(value: unknown): unknown {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return null;
  if (typeof value === 'bigint') throw new TypeError('strapi.store: a BigInt cannot be stored (Strapi stores values as JSON)');
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/**
 * `strapi.store` over Tessera's key-value store (the table every instance shares). Keys live
 * under `strapi:` so that project code never reads or overwrites Tessera's own entries, except
 * those `aliases` expose under Strapi's names.
 */
export function createStrapiStore(store: KeyValueStore, aliases: ReadonlyMap<string, StoreAlias> = new Map()): StrapiStore {
  // environment and tag are part of Strapi's row identity: here, of the key.
  const locate = (params: StrapiStoreParams): { key: string; alias: StoreAlias | undefined } => {
    const strapiKey = strapiStoreKey(params);
    const qualified = params.environment || params.tag;
    const alias = qualified ? undefined : aliases.get(strapiKey);
    if (alias) return { key: alias.key, alias };
    const suffix = `${params.environment ? `|environment=${params.environment}` : ''}${params.tag ? `|tag=${params.tag}` : ''}`;
    return { key: `strapi:${strapiKey}${suffix}`, alias: undefined };
  };
  const get = async (params: StrapiStoreParams = {}): Promise<unknown> => {
    const { key, alias } = locate(params);
    const stored = await store.get(key);
    if (stored === undefined || stored === null) return null;
    return alias ? alias.read(stored) : stored;
  };
  const set = async (params: StrapiStoreParams = {}): Promise<void> => {
    const { key, alias } = locate(params);
    const value = storable(params.value);
    await store.set(key, alias ? alias.write(value) : value);
  };
  const remove = async (params: StrapiStoreParams = {}): Promise<void> => {
    const { key, alias } = locate(params);
    if (alias) throw new TypeError(`strapi.store: ${strapiStoreKey(params)} is a setting of Tessera's; it can be changed, not deleted`);
    await store.delete(key);
  };
  const scoped = (defaults: StrapiStoreParams = {}): StrapiStoreScope => ({
    get: (params) => get({ ...defaults, ...params }),
    set: (params) => set({ ...defaults, ...params }),
    delete: (params) => remove({ ...defaults, ...params }),
  });
  return Object.assign(scoped, { get, set, delete: remove });
}
