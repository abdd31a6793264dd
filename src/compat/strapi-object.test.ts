import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createStrapi, extendStrapi, StrapiNotSupportedError, strictMembers } from './strapi-object.js';

test('the parts given are members; false and empty values count as given', () => {
  const service = (uid: string) => ({ uid });
  const strapi = createStrapi({ service, EE: false, contentTypes: {} });
  assert.equal(strapi.service, service);
  assert.equal(strapi.EE, false);
  assert.deepEqual(strapi.contentTypes, {});
  assert.equal('service' in strapi, true);
  assert.equal('cron' in strapi, false);
});

test('a member Tessera lacks throws an error naming it, never undefined', () => {
  const strapi = createStrapi({});
  assert.throws(() => strapi.cron, (error: unknown) => error instanceof StrapiNotSupportedError && error.message.startsWith('not supported by Tessera: strapi.cron'));
  assert.throws(() => (strapi.db as { query: unknown }).query, /not supported by Tessera: strapi\.db/);
  assert.throws(() => strapi.telemetry, /strapi\.telemetry/);
});

test('what generic code probes stays undefined: await, JSON, inspect', async () => {
  const strapi = createStrapi({ EE: false });
  assert.equal(await Promise.resolve(strapi), strapi);
  assert.equal(JSON.stringify(strapi), '{"EE":false}');
  assert.equal(strapi[Symbol.toStringTag as unknown as string], undefined);
});

test('parts added later, and values a project hangs on strapi', () => {
  const strapi = createStrapi({});
  extendStrapi(strapi, { store: { get: () => 1 } });
  assert.equal(typeof strapi.store, 'object');
  (strapi as Record<string, unknown>).myCache = new Map();
  assert.ok(strapi.myCache instanceof Map);
});

test('parts Strapi gives more members than Tessera answer the same error for those', () => {
  const server = strictMembers('server', { routes: () => undefined });
  const strapi = createStrapi({ server });
  assert.equal(typeof strapi.server?.routes, 'function');
  assert.throws(() => (strapi.server as unknown as { use: unknown }).use, /not supported by Tessera: strapi\.server\.use/);
});
