import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PUBLIC_PRINCIPAL } from '../core/auth/principal.js';
import { StrapiPolicyError, StrapiValidationError } from '../core/config/strapi-utils-errors.js';
import { CmsError } from '../core/shared/errors.js';
import { HttpStatusError } from './http-status-error.js';
import { createKoaContext } from './koa-context.js';
import { answerOf, asEnvelopeError, compose, runPolicies } from './route-pipeline.js';

const ctx = () => createKoaContext({ method: 'GET', url: '/api/x', headers: {}, query: {}, params: {}, body: undefined, ip: '::1' }, PUBLIC_PRINCIPAL);

test('policies: true and undefined pass, anything else is 403 PolicyError "Policy Failed"', async () => {
  await runPolicies([{ name: 'a', run: () => true }, { name: 'b', run: async () => undefined }], ctx());
  for (const result of [false, null, 0, 'no']) {
    await assert.rejects(
      runPolicies([{ name: 'c', run: () => result }], ctx()),
      (error: unknown) => error instanceof StrapiPolicyError && error.status === 403 && error.message === 'Policy Failed',
    );
  }
});

test('a policy that fails stops the ones after it', async () => {
  const ran: string[] = [];
  await assert.rejects(runPolicies([{ name: 'a', run: () => (ran.push('a'), false) }, { name: 'b', run: () => (ran.push('b'), true) }], ctx()));
  assert.deepEqual(ran, ['a']);
});

test('compose runs middlewares around the action in order, as Koa', async () => {
  const order: string[] = [];
  const run = compose(
    [
      async (_ctx, next) => {
        order.push('a in');
        await next();
        order.push('a out');
      },
      async (_ctx, next) => {
        order.push('b in');
        await next();
        order.push('b out');
      },
    ],
    async () => {
      order.push('action');
    },
  );
  await run(ctx());
  assert.deepEqual(order, ['a in', 'b in', 'action', 'b out', 'a out']);
});

test('a middleware that does not call next stops the chain; calling it twice is refused', async () => {
  let reached = false;
  await compose([async () => undefined], async () => {
    reached = true;
  })(ctx());
  assert.equal(reached, false);
  await assert.rejects(
    compose([async (_ctx, next) => {
      await next();
      await next();
    }], async () => undefined)(ctx()),
    /next\(\) called multiple times/,
  );
});

test('errors: ours stay, a 4xx status is kept, a foreign @strapi/utils error gets its status, others stay 500', () => {
  const ours = new StrapiValidationError('x');
  assert.equal(asEnvelopeError(ours), ours);
  const withStatus = Object.assign(new Error('Gone away'), { status: 410 });
  const mapped = asEnvelopeError(withStatus);
  assert.ok(mapped instanceof HttpStatusError);
  assert.deepEqual([mapped.status, mapped.name, mapped.message], [410, 'GoneError', 'Gone away']);
  const foreign = Object.assign(new Error('Nope'), { name: 'NotFoundError', details: { a: 1 } });
  const converted = asEnvelopeError(foreign);
  assert.ok(converted instanceof CmsError);
  assert.deepEqual([converted.status, converted.name, converted.message, converted.details], [404, 'NotFoundError', 'Nope', { a: 1 }]);
  const bug = new TypeError('x is undefined');
  assert.equal(asEnvelopeError(bug), bug);
  assert.equal(asEnvelopeError(Object.assign(new Error('server'), { status: 502 })) instanceof CmsError, false);
});

test('the answer: 404 without body nor status, no body for 204, JSON, text and HTML', () => {
  assert.throws(() => answerOf(ctx()), (error: unknown) => error instanceof HttpStatusError && error.status === 404 && error.message === 'Not Found');
  const empty = ctx();
  empty.status = 204;
  assert.deepEqual(answerOf(empty), { status: 204, headers: {}, body: undefined, contentType: undefined });
  const json = ctx();
  json.body = { data: [] };
  assert.equal(answerOf(json).contentType, 'application/json; charset=utf-8');
  const text = ctx();
  text.body = 'pong';
  assert.equal(answerOf(text).contentType, 'text/plain; charset=utf-8');
  const html = ctx();
  html.body = '<p>hi</p>';
  assert.equal(answerOf(html).contentType, 'text/html; charset=utf-8');
});
