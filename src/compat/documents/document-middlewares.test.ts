import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDocumentMiddlewares, type DocumentMiddlewareContext } from './document-middlewares.js';

const context = (): DocumentMiddlewareContext => ({
  uid: 'api::a.a',
  action: 'findMany',
  params: {},
  contentType: { uid: 'api::a.a', modelType: 'contentType', kind: 'collectionType', modelName: 'a', collectionName: 'as', info: { singularName: 'a', pluralName: 'as', displayName: 'A' }, options: { draftAndPublish: false }, pluginOptions: { i18n: { localized: false } }, attributes: {} },
});

describe('createDocumentMiddlewares (strapi.documents.use)', () => {
  it('runs the first added outermost; each may change params before next() and the result after', async () => {
    const middlewares = createDocumentMiddlewares();
    const order: string[] = [];
    middlewares.use(async (ctx, next) => {
      order.push('outer in');
      ctx.params.sort = 'title';
      const result = (await next()) as string[];
      order.push('outer out');
      return [...result, 'outer'];
    });
    middlewares.use(async (ctx, next) => {
      order.push(`inner in ${String(ctx.params.sort)}`);
      return next();
    });
    const result = await middlewares.run(context(), async () => {
      order.push('operation');
      return ['row'];
    });
    assert.deepEqual(result, ['row', 'outer']);
    assert.deepEqual(order, ['outer in', 'inner in title', 'operation', 'outer out']);
  });

  it('refuses a second next() (it would run the operation twice) and a middleware that is not a function', async () => {
    const middlewares = createDocumentMiddlewares();
    let runs = 0;
    middlewares.use(async (_ctx, next) => {
      await next();
      return next();
    });
    await assert.rejects(
      middlewares.run(context(), async () => (runs += 1)),
      /called next\(\) more than once/,
    );
    assert.equal(runs, 1);
    assert.throws(() => middlewares.use('nope' as never), /takes a function/);
  });
});
