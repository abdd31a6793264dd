import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { KeyValueStore } from '../../core/store/key-value-store.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../plugins/users-permissions/email-templates.js';
import { createStrapiStore } from './strapi-store.js';
import { usersPermissionsStoreAliases } from './users-permissions-store-aliases.js';

/** The key-value store's contract in memory (values kept as JSON text, as the table keeps them). */
function memoryStore(): KeyValueStore & { readonly rows: Map<string, string> } {
  const rows = new Map<string, string>();
  return {
    rows,
    get: async (key) => (rows.has(key) ? JSON.parse(rows.get(key) as string) : undefined),
    set: async (key, value) => void rows.set(key, JSON.stringify(value)),
    getOrInit: async (key, value) => {
      if (!rows.has(key)) rows.set(key, JSON.stringify(value));
      return JSON.parse(rows.get(key) as string);
    },
    delete: async (key) => void rows.delete(key),
  };
}

describe('createStrapiStore', () => {
  it('gets, sets and deletes under Strapi keys, scoped or not; a missing key reads null', async () => {
    const kv = memoryStore();
    const store = createStrapiStore(kv);
    const plugin = store({ type: 'plugin', name: 'my-plugin' });
    assert.equal(await plugin.get({ key: 'settings' }), null);
    await plugin.set({ key: 'settings', value: { enabled: true, count: 2 } });
    assert.deepEqual(await plugin.get({ key: 'settings' }), { enabled: true, count: 2 });
    assert.deepEqual(await store.get({ type: 'plugin', name: 'my-plugin', key: 'settings' }), { enabled: true, count: 2 });
    assert.deepEqual([...kv.rows.keys()], ['strapi:plugin_my-plugin_settings']);
    await store.delete({ type: 'plugin', name: 'my-plugin', key: 'settings' });
    assert.equal(await plugin.get({ key: 'settings' }), null);
  });

  it("round-trips values as Strapi's JSON does, type core by default, environment and tag apart", async () => {
    const store = createStrapiStore(memoryStore());
    await store.set({ key: 'n', value: 42 });
    await store.set({ key: 'd', value: new Date('2030-01-01T00:00:00Z') });
    await store.set({ key: 'u', value: undefined });
    await store.set({ key: 'n', environment: 'production', value: 7 });
    assert.equal(await store.get({ key: 'n' }), 42);
    assert.equal(await store.get({ type: 'core', key: 'n' }), 42);
    assert.equal(await store.get({ key: 'n', environment: 'production' }), 7);
    assert.equal(await store.get({ key: 'd' }), '2030-01-01T00:00:00.000Z');
    assert.equal(await store.get({ key: 'u' }), null);
    await assert.rejects(store.get({}), /strapi.store: "key" is required/);
  });

  it('never reaches Tessera keys, but exposes the users-permissions settings under their Strapi names', async () => {
    const kv = memoryStore();
    await kv.set('users-permissions.advanced', { unique_email: true, allow_register: true, email_confirmation: false, email_reset_password: null, email_confirmation_redirection: null, default_role: 'authenticated' });
    await kv.set('users-permissions.email', DEFAULT_EMAIL_TEMPLATES);
    await kv.set('users-permissions.jwtSecret', 'secret');
    const store = createStrapiStore(kv, usersPermissionsStoreAliases());
    assert.equal(await store.get({ key: 'users-permissions.jwtSecret' }), null);
    const pluginStore = store({ type: 'plugin', name: 'users-permissions' });
    const advanced = (await pluginStore.get({ key: 'advanced' })) as Record<string, unknown>;
    assert.equal(advanced.email_confirmation, false);
    await pluginStore.set({ key: 'advanced', value: { ...advanced, email_confirmation: true } });
    assert.equal((await kv.get('users-permissions.advanced') as Record<string, unknown>).email_confirmation, true);
    await assert.rejects(pluginStore.set({ key: 'advanced', value: { ...advanced, allow_register: 'yes' } }), /advanced: allow_register must be true or false/);
    await assert.rejects(pluginStore.delete({ key: 'advanced' }), /can be changed, not deleted/);

    const email = (await pluginStore.get({ key: 'email' })) as Record<string, { options: Record<string, unknown> }>;
    assert.equal(typeof email.email_confirmation?.options.message, 'string');
    await pluginStore.set({ key: 'email', value: { ...email, email_confirmation: { ...email.email_confirmation, options: { ...email.email_confirmation?.options, object: 'Welcome!' } } } });
    assert.equal((await kv.get('users-permissions.email') as Record<string, Record<string, unknown>>).email_confirmation?.object, 'Welcome!');
  });
});
