import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PUBLIC_PRINCIPAL } from '../core/auth/principal.js';
import { HttpStatusError } from './http-status-error.js';
import { createKoaContext, type ContextSource } from './koa-context.js';

const source = (overrides: Partial<ContextSource> = {}): ContextSource => ({
  method: 'GET',
  url: '/api/articles?sort=title',
  headers: { 'x-editor': 'yes', authorization: 'Bearer t' },
  query: { sort: 'title' },
  params: { id: 'abc' },
  body: { data: { title: 'T' } },
  ip: '127.0.0.1',
  ...overrides,
});

test('ctx.query is mutable and replaceable, and ctx.request.query is the same object', () => {
  const ctx = createKoaContext(source(), PUBLIC_PRINCIPAL);
  ctx.query.populate = { author: true };
  assert.deepEqual(ctx.request.query, { sort: 'title', populate: { author: true } });
  ctx.query = { ...ctx.query, filters: { slug: 'x' } };
  assert.equal(ctx.request.query, ctx.query);
  ctx.request.query = { fields: ['title'] };
  assert.deepEqual(ctx.query, { fields: ['title'] });
});

test('the query given is copied: a middleware changes the ctx, not the request', () => {
  const query = { sort: 'title' };
  const ctx = createKoaContext(source({ query }), PUBLIC_PRINCIPAL);
  ctx.query.sort = 'id';
  assert.equal(query.sort, 'title');
});

test('params, body, headers, path as Koa shows them', () => {
  const ctx = createKoaContext(source(), PUBLIC_PRINCIPAL);
  assert.equal(ctx.params.id, 'abc');
  assert.deepEqual(ctx.request.body, { data: { title: 'T' } });
  assert.equal(ctx.request.header['x-editor'], 'yes');
  assert.equal(ctx.get('X-Editor'), 'yes');
  assert.equal(ctx.path, '/api/articles');
  assert.deepEqual(ctx.request.files, {});
});

test('status follows Koa: 404 until a body is set (then 200), an explicit status stays', () => {
  const ctx = createKoaContext(source(), PUBLIC_PRINCIPAL);
  assert.equal(ctx.status, 404);
  assert.equal(ctx.statusSet, false);
  ctx.body = { ok: true };
  assert.equal(ctx.status, 200);
  ctx.status = 201;
  ctx.body = { again: true };
  assert.equal(ctx.status, 201);
  assert.equal(ctx.statusSet, true);
});

test('send, created and deleted', () => {
  const ctx = createKoaContext(source(), PUBLIC_PRINCIPAL);
  ctx.send({ a: 1 }, 202);
  assert.deepEqual([ctx.status, ctx.body], [202, { a: 1 }]);
  ctx.created({ b: 2 });
  assert.deepEqual([ctx.status, ctx.body], [201, { b: 2 }]);
  ctx.deleted();
  assert.equal(ctx.status, 204);
});

test('ctx.set and ctx.response.set lower-case the header names', () => {
  const ctx = createKoaContext(source(), PUBLIC_PRINCIPAL);
  ctx.set('X-Tag', 'a');
  ctx.response.set({ 'Cache-Control': 'no-store' });
  assert.deepEqual(ctx.responseHeaders, { 'x-tag': 'a', 'cache-control': 'no-store' });
});

test('the status helpers throw http-errors named errors: reason phrase by default, details {}', () => {
  const ctx = createKoaContext(source(), PUBLIC_PRINCIPAL);
  const thrown = (run: () => unknown): HttpStatusError => {
    try {
      run();
    } catch (error) {
      assert.ok(error instanceof HttpStatusError);
      return error;
    }
    throw new Error('did not throw');
  };
  const bad = thrown(() => (ctx.badRequest as (message: string, details: object) => never)('Bad name', { field: 'name' }));
  assert.deepEqual([bad.status, bad.name, bad.message, bad.details], [400, 'BadRequestError', 'Bad name', { field: 'name' }]);
  const missing = thrown(() => (ctx.notFound as () => never)());
  assert.deepEqual([missing.status, missing.name, missing.message, missing.details], [404, 'NotFoundError', 'Not Found', {}]);
  const teapot = thrown(() => ctx.throw(409));
  assert.deepEqual([teapot.status, teapot.name, teapot.message], [409, 'ConflictError', 'Conflict']);
  const server = thrown(() => ctx.throw(503, 'secret detail'));
  assert.deepEqual([server.status, server.name, server.message], [503, 'InternalServerError', 'Internal Server Error'], 'a 5xx message is not exposed');
  for (const helper of ['unauthorized', 'forbidden', 'payloadTooLarge', 'tooManyRequests', 'methodNotAllowed']) assert.equal(typeof ctx[helper], 'function', helper);
});

test('state.user and state.auth from the principal; nothing on an auth: false route', () => {
  const user = createKoaContext(source(), { kind: 'user', userId: 7, documentId: 'u'.repeat(24), roleId: 2, roleType: 'authenticated' });
  assert.deepEqual(user.state.user, { id: 7, documentId: 'u'.repeat(24), role: { id: 2, type: 'authenticated' } });
  assert.equal(user.state.auth?.strategy.name, 'users-permissions');
  const token = createKoaContext(source(), { kind: 'api-token', tokenId: 3, tokenType: 'read-only', actions: [] });
  assert.equal(token.state.user, undefined);
  assert.equal(token.state.auth?.strategy.name, 'api-token');
  assert.deepEqual(createKoaContext(source(), null).state, {});
});
