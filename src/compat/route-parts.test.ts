import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DefinitionError } from '../core/shared/errors.js';
import type { ProjectFile } from './project-files.js';
import { fullAction, lookupNamed, readyMiddleware, readyPolicy } from './route-parts.js';
import { createStrapi } from './strapi-object.js';

test('handler strings as full action names', () => {
  assert.equal(fullAction('article.featured', 'article'), 'api::article.article.featured');
  assert.equal(fullAction('blog.post.publish', 'article'), 'api::blog.post.publish');
  assert.equal(fullAction('api::article.article.find', null), 'api::article.article.find');
  assert.equal(fullAction('article.featured', null), null, 'a short handler needs the route\'s API');
  assert.equal(fullAction('featured', 'article'), null);
  assert.equal(fullAction('api::article.find', 'article'), null);
  assert.equal(fullAction('article..find', 'article'), null);
  assert.equal(fullAction(() => undefined, 'article'), null);
});

const file = (uid: string, exported: unknown): [string, ProjectFile] => [uid, { kind: 'policies', uid, apiName: null, file: `/p/${uid}.js`, exported }];

test('a bare name is the route API\'s, then a global one', () => {
  const table = new Map([file('api::article.is-owner', 1), file('global::is-owner', 2), file('global::is-admin', 3)]);
  assert.equal(lookupNamed(table, 'is-owner', 'article')?.exported, 1);
  assert.equal(lookupNamed(table, 'is-owner', 'blog')?.exported, 2);
  assert.equal(lookupNamed(table, 'is-admin', 'article')?.exported, 3);
  assert.equal(lookupNamed(table, 'global::is-owner', 'article')?.exported, 2);
  assert.equal(lookupNamed(table, 'api::blog.is-owner', 'article'), undefined);
});

test('policies: by name with their config, { handler } modules, inline; unknown ones name the route file', async () => {
  const strapi = createStrapi({});
  const seen: unknown[] = [];
  const policies = new Map([file('global::limit', (_ctx: unknown, config: unknown) => (seen.push(config), true)), file('global::object', { handler: () => false })]);
  const site = { apiName: null, file: '/p/routes/r.js', strapi };
  const ctx = {} as never;
  assert.equal(await readyPolicy({ name: 'global::limit', config: { max: 3 } }, policies, site).run(ctx), true);
  assert.deepEqual(seen, [{ max: 3 }]);
  assert.equal(await readyPolicy('global::object', policies, site).run(ctx), false);
  assert.equal(await readyPolicy(() => 'inline', policies, site).run(ctx), 'inline');
  assert.throws(() => readyPolicy('global::nope', policies, site), (error: unknown) => error instanceof DefinitionError && error.file === '/p/routes/r.js' && /no such policy/.test(error.message));
  assert.throws(() => readyPolicy('admin::isAuthenticatedAdmin', policies, site), /not supported by Tessera/);
  assert.throws(() => readyPolicy(42, policies, site), /must be a name, a function or \{ name, config \}/);
});

test('middlewares are created once with their config and strapi; a bad module names its own file', () => {
  const strapi = createStrapi({ EE: false });
  const made: unknown[] = [];
  const middlewares = new Map([
    file('global::tag', (config: unknown, deps: { strapi: unknown }) => {
      made.push([config, deps.strapi === strapi]);
      return async () => undefined;
    }),
    file('global::broken', () => 'not a function'),
  ]);
  const site = { apiName: null, file: '/p/routes/r.js', strapi };
  assert.equal(typeof readyMiddleware({ name: 'global::tag', config: { tag: 'x' } }, middlewares, site), 'function');
  assert.deepEqual(made, [[{ tag: 'x' }, true]]);
  assert.throws(() => readyMiddleware('global::broken', middlewares, site), (error: unknown) => error instanceof DefinitionError && error.file === '/p/global::broken.js');
  assert.throws(() => readyMiddleware('plugin::users-permissions.rateLimit', middlewares, site), /not supported on routes by Tessera/);
});
