import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createStrapiPluginServices, type StrapiPluginServices } from '../../src/compat/plugins/strapi-plugin-services.js';
import { createStrapiStore, type StrapiStore } from '../../src/compat/store/strapi-store.js';
import { usersPermissionsStoreAliases } from '../../src/compat/store/users-permissions-store-aliases.js';
import { createKeyValueStore } from '../../src/core/store/key-value-store.js';
import { createEmailService } from '../../src/plugins/email/create-email-service.js';
import { EMAIL_CONFIG } from '../../src/plugins/email/email-config.js';
import type { EmailMessage } from '../../src/plugins/email/email-provider.js';
import { compatContextOf } from '../helpers/compat-context.js';
import { manualClock } from '../helpers/manual-clock.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * `strapi.plugin(name).service(name)` and `strapi.store` used the way public Strapi 5 projects
 * use them in bootstrap, controllers and scripts: what they write is what the HTTP API then
 * serves, and the other way round.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- project code calls these untyped, as JavaScript does
type Service = any;

let t: TestApp;
let services: StrapiPluginServices;
let store: StrapiStore;
const logged: string[] = [];
const mails: EmailMessage[] = [];
const dir = mkdtempSync(path.join(tmpdir(), 'tessera-compat-services-'));

before(async () => {
  const clock = manualClock();
  t = await startTestApp({ fixture: 'compat-services-app', clock, env: { CRON_ENABLED: 'false' } });
  const context = compatContextOf(t.app, { clock, log: (message) => void logged.push(message) });
  // The app's email service, recording: the log provider writes the text part only.
  const email = createEmailService(t.app.config, context.configs.of(EMAIL_CONFIG), (message) => void logged.push(message));
  services = await createStrapiPluginServices({ context, serverUrl: () => t.baseUrl, email: { send: async (message) => void (mails.push(message), await email.send(message)) } });
  store = createStrapiStore(createKeyValueStore(t.app.database), usersPermissionsStoreAliases());
});

after(async () => {
  await services.close();
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const plugin = (name: string, service: string): Service => services.plugin(name).service(service);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("users-permissions services, as projects' bootstrap and controllers call them", () => {
  it('user.add makes a user who logs in over HTTP; jwt.issue gives a token /users/me accepts', async () => {
    const authenticated = (await plugin('users-permissions', 'role').find()).find((role: { type: string }) => role.type === 'authenticated');
    assert.ok(authenticated, 'the authenticated role is listed');
    const user = await plugin('users-permissions', 'user').add({ username: 'ada', email: 'ada@example.com', password: 'Secret-pass-1', provider: 'local', confirmed: true, blocked: false, role: authenticated.id });
    assert.equal(user.username, 'ada');
    assert.equal(user.role.type, 'authenticated');
    assert.match(user.password, /^\$2[aby]\$10\$/, 'the stored hash, as the query engine returns it');

    const login = await t.post('/api/auth/local', { identifier: 'ada@example.com', password: 'Secret-pass-1' });
    assert.equal(login.status, 200, login.text);
    assert.equal(login.body.user.id, user.id);

    const token = plugin('users-permissions', 'jwt').issue({ id: user.id });
    const me = await t.get('/api/users/me', bearer(token));
    assert.equal(me.status, 200, me.text);
    assert.equal(me.body.username, 'ada');
    assert.equal((await plugin('users-permissions', 'jwt').verify(token)).id, user.id);
    await assert.rejects(plugin('users-permissions', 'jwt').verify(`${token}x`), /^Error: Invalid token\.$/);
    assert.equal(plugin('users-permissions', 'jwt').getToken({ request: { header: { authorization: `Bearer ${token}` } } }), token);
  });

  it('fetch, validatePassword, edit, fetchAll, count and remove', async () => {
    const users = plugin('users-permissions', 'user');
    const created = await users.add({ username: 'grace', email: 'grace@example.com', password: 'Hopper-pass-1', provider: 'local', confirmed: true });
    const fetched = await users.fetch(created.id, { populate: ['role'] });
    assert.equal(fetched.email, 'grace@example.com');
    assert.equal(await users.validatePassword('Hopper-pass-1', fetched.password), true);
    assert.equal(await users.validatePassword('wrong', fetched.password), false);

    const edited = await users.edit(created.id, { username: 'grace.h', password: 'New-pass-22' });
    assert.equal(edited.username, 'grace.h');
    assert.equal((await t.post('/api/auth/local', { identifier: 'grace@example.com', password: 'New-pass-22' })).status, 200);
    assert.equal(await users.edit(999_999, { username: 'nobody' }), null);

    assert.deepEqual((await users.fetchAll({ filters: { username: 'grace.h' } })).map((user: { id: number }) => user.id), [created.id]);
    assert.equal(await users.count({ filters: { email: { $endsWith: '@example.com' } } }), 2);
    assert.equal((await users.fetchAuthenticatedUser(created.id)).username, 'grace.h');

    const token = plugin('users-permissions', 'jwt').issue({ id: created.id });
    const removed = await users.remove({ id: created.id });
    assert.equal(removed.id, created.id);
    assert.equal(await users.fetch(created.id), null);
    assert.equal((await t.get('/api/users/me', bearer(token))).status, 401);
  });

  it("refuses what the user type refuses, in Strapi's error classes", async () => {
    await assert.rejects(plugin('users-permissions', 'user').add({ username: 'ab', email: 'short@example.com', password: 'Secret-pass-1' }), { name: 'ValidationError' });
  });

  it('role: createRole with nested permissions, findOne, updateRole, deleteRole; the permissions apply to HTTP at once', async () => {
    const roles = plugin('users-permissions', 'role');
    await roles.createRole({ name: 'Media Readers', description: 'reads media', permissions: { 'plugin::upload': { controllers: { 'content-api': { find: { enabled: true }, destroy: { enabled: false } } } } } });
    const created = (await roles.find()).find((role: { name: string }) => role.name === 'Media Readers');
    assert.equal(created.type, 'media_readers');
    assert.equal(created.nb_users, 0);
    const one = await roles.findOne(created.id);
    // Strapi's full tree: every known action, the granted ones enabled.
    assert.deepEqual(one.permissions['plugin::upload'].controllers['content-api'].find, { enabled: true, policy: '' });
    assert.deepEqual(one.permissions['plugin::upload'].controllers['content-api'].destroy, { enabled: false, policy: '' });
    const granted = Object.entries(one.permissions as Record<string, { controllers: Record<string, Record<string, { enabled: boolean }>> }>).flatMap(([namespace, { controllers }]) =>
      Object.entries(controllers).flatMap(([controller, actions]) => Object.entries(actions).filter(([, setting]) => setting.enabled).map(([action]) => `${namespace}.${controller}.${action}`)),
    );
    assert.deepEqual(granted, ['plugin::upload.content-api.find']);
    await roles.updateRole(created.id, { description: 'changed' });
    assert.equal((await roles.findOne(created.id)).description, 'changed');
    await roles.deleteRole(created.id);
    await assert.rejects(roles.findOne(created.id), { name: 'NotFoundError', message: 'Role not found' });
  });

  it('user.sendConfirmationEmail mails the confirmation link, whose code confirms the user over HTTP', async () => {
    const users = plugin('users-permissions', 'user');
    const user = await users.add({ username: 'linus', email: 'linus@example.com', password: 'Linus-pass-1', provider: 'local', confirmed: false });
    mails.length = 0;
    await users.sendConfirmationEmail(user);
    assert.deepEqual(mails.map((mail) => mail.to), ['linus@example.com']);
    const html = mails[0]?.html ?? '';
    const code = /confirmation=([0-9a-f]{40})/.exec(html)?.[1];
    assert.ok(code, html);
    assert.ok(html.includes(`${t.baseUrl}/api/auth/email-confirmation`), html);
    const confirm = await fetch(`${t.baseUrl}/api/auth/email-confirmation?confirmation=${code}`, { redirect: 'manual' });
    assert.equal(confirm.status, 302);
    assert.equal((await users.fetch(user.id)).confirmed, true);
  });
});

describe('email, i18n and upload services', () => {
  it('email.send and sendTemplatedEmail go through the configured provider, with its default sender', async () => {
    logged.length = 0;
    await plugin('email', 'email').send({ to: 'someone@example.com', subject: 'Hello', text: 'Plain body' });
    await plugin('email', 'email').sendTemplatedEmail({ to: ['a@example.com', 'b@example.com'] }, { subject: 'Hi <%= user.name %>', text: 'Welcome, <%= user.name %>!' }, { user: { name: 'Ada' } });
    const mail = logged.join('\n');
    for (const expected of ['someone@example.com', 'Hello', 'Plain body', 'no-reply@tessera.test', 'a@example.com, b@example.com', 'Hi Ada', 'Welcome, Ada!']) assert.ok(mail.includes(expected), `${expected} in ${mail}`);
    await assert.rejects(plugin('email', 'email').send({ to: 'x@example.com', subject: 's', bcc: 'y@example.com' }), /email.send: bcc is not supported by Tessera's email plugin/);
  });

  it('locales: getDefaultLocale, findByCode, create and setDefaultLocale, seen by the HTTP API', async () => {
    const locales = plugin('i18n', 'locales');
    assert.equal(await locales.getDefaultLocale(), 'en');
    assert.equal((await locales.findByCode('en')).isDefault, true);
    await locales.create({ code: 'fr', name: 'French (fr)' });
    await locales.setDefaultLocale({ code: 'fr' });
    assert.equal(await locales.getDefaultLocale(), 'fr');
    assert.equal(await locales.count(), 2);
    await locales.setDefaultLocale({ code: 'en' });
    await locales.delete({ code: 'fr' });
    assert.equal(await locales.findByCode('fr'), null);
  });

  it('upload.upload stores a file from disk that /api/upload/files serves; remove deletes it', async () => {
    const file = path.join(dir, 'hello.txt');
    writeFileSync(file, 'hello from a script\n');
    const [uploaded] = await plugin('upload', 'upload').upload({ data: { fileInfo: { alternativeText: 'a greeting' } }, files: { filepath: file, originalFilename: 'hello.txt', mimetype: 'text/plain', size: 20 } });
    assert.equal(uploaded.name, 'hello.txt');
    assert.equal(uploaded.alternativeText, 'a greeting');
    const served = await t.get(`/api/upload/files/${uploaded.id}`);
    assert.equal(served.status, 200, served.text);
    assert.equal(served.body.url, uploaded.url);
    assert.equal((await fetch(`${t.baseUrl}${uploaded.url}`).then((reply) => reply.text())), 'hello from a script\n');
    assert.equal((await plugin('upload', 'upload').findOne(uploaded.id)).hash, uploaded.hash);
    await plugin('upload', 'upload').remove(uploaded);
    assert.equal((await t.get(`/api/upload/files/${uploaded.id}`)).status, 404);
    await assert.rejects(plugin('upload', 'upload').upload({ data: { refId: 1, ref: 'api::tick.tick', field: 'image' }, files: { filepath: file } }), /data.refId is not supported by Tessera/);
  });
});

describe('strapi.plugin: what Tessera does not have is named', () => {
  it('an unknown plugin, service or method is an error naming it and what exists', () => {
    assert.throws(() => services.plugin('documentation'), /^TypeError: strapi.plugin\('documentation'\): Tessera has no plugin "documentation" \(its plugins: users-permissions, upload, email, i18n\)$/);
    assert.throws(() => services.plugin('users-permissions').service('providers'), /the plugin users-permissions has no service "providers" in Tessera \(its services: user, role, jwt\)/);
    assert.throws(() => plugin('users-permissions', 'user').ensureHashedPasswords({}), /strapi.plugin\('users-permissions'\).service\('user'\).ensureHashedPasswords is not supported by Tessera \(supported: add, count, edit, /);
  });
});

describe('strapi.store', () => {
  it('keeps a plugin-style setting in the database, read back by a new store on the same database', async () => {
    const pluginStore = store({ type: 'plugin', name: 'my-feature' });
    assert.equal(await pluginStore.get({ key: 'settings' }), null);
    await pluginStore.set({ key: 'settings', value: { enabled: true, apiKey: 'k' } });
    const again = createStrapiStore(createKeyValueStore(t.app.database));
    assert.deepEqual(await again.get({ type: 'plugin', name: 'my-feature', key: 'settings' }), { enabled: true, apiKey: 'k' });
    await again.delete({ type: 'plugin', name: 'my-feature', key: 'settings' });
    assert.equal(await pluginStore.get({ key: 'settings' }), null);
  });

  it("turning email confirmation on through the users-permissions store changes what registration does", async () => {
    const pluginStore = store({ type: 'plugin', name: 'users-permissions' });
    const advanced = (await pluginStore.get({ key: 'advanced' })) as Record<string, unknown>;
    assert.equal(advanced.email_confirmation, false);
    const before = await t.post('/api/auth/local/register', { username: 'first', email: 'first@example.com', password: 'First-pass-1' });
    assert.equal(typeof before.body.jwt, 'string', before.text);
    await pluginStore.set({ key: 'advanced', value: { ...advanced, email_confirmation: true } });
    const afterChange = await t.post('/api/auth/local/register', { username: 'second', email: 'second@example.com', password: 'Second-pass-1' });
    assert.equal(afterChange.status, 200, afterChange.text);
    assert.equal(afterChange.body.jwt, undefined, 'no token before the email is confirmed');
    await pluginStore.set({ key: 'advanced', value: advanced });
  });
});
