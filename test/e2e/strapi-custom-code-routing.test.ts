// @databases: sqlite — which routes exist and what stops the start are decided before any query; strapi-custom-code covers the storage side on every database
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createApiToken, bearer } from '../helpers/auth-fixtures.js';
import { createTempProjects, schemaPath } from '../helpers/temp-projects.js';
import { startTestApp } from '../helpers/test-app.js';

/**
 * Strapi router options (`only`, `except`, `prefix`), what a project without custom code keeps,
 * and the start-up errors of project code Tessera cannot run: each names the file and what is wrong.
 */
const article = { kind: 'collectionType', collectionName: 'articles', info: { singularName: 'article', pluralName: 'articles' }, options: { draftAndPublish: false }, attributes: { title: { type: 'string' } } };
const coreRouter = (options: string) => `const { factories } = require('@strapi/strapi');\nmodule.exports = factories.createCoreRouter('api::article.article'${options ? `, ${options}` : ''});\n`;

describe('Strapi routers: only, except, prefix', () => {
  const projects = createTempProjects('tessera-custom-routing-');
  after(() => projects.remove());

  it('only: the actions left out are not routes (404, or 405 on a path that has others)', async () => {
    const t = await startTestApp({ fixture: projects.write({ [schemaPath('article')]: article, 'src/api/article/routes/article.js': coreRouter("{ only: ['find'] }") }) });
    try {
      const { token } = await createApiToken(t.app, { type: 'full-access' });
      assert.equal((await t.get('/api/articles', bearer(token))).status, 200);
      const create = await t.request('POST', '/api/articles', { body: { data: { title: 'x' } }, headers: bearer(token) });
      assert.equal(create.status, 405, create.text);
      assert.equal(create.headers.get('allow'), 'GET, HEAD');
      const one = await t.get('/api/articles/abcdefghijklmnopqrstuvwx', bearer(token));
      assert.equal(one.status, 404, one.text);
      assert.equal(one.body.error.name, 'NotFoundError');
    } finally {
      await t.close();
    }
  });

  it('except and prefix: /api/v2/articles serves, /api/articles no longer does', async () => {
    const t = await startTestApp({ fixture: projects.write({ [schemaPath('article')]: article, 'src/api/article/routes/article.js': coreRouter("{ prefix: '/v2', except: ['delete'] }") }) });
    try {
      const { token } = await createApiToken(t.app, { type: 'full-access' });
      const created = await t.request('POST', '/api/v2/articles', { body: { data: { title: 'Prefixed' } }, headers: bearer(token) });
      assert.equal(created.status, 201, created.text);
      const one = await t.get(`/api/v2/articles/${created.body.data.documentId}`, bearer(token));
      assert.equal(one.body.data.title, 'Prefixed');
      assert.equal((await t.get('/api/articles', bearer(token))).status, 404);
      const removed = await t.request('DELETE', `/api/v2/articles/${created.body.data.documentId}`, { headers: bearer(token) });
      assert.equal(removed.status, 405, removed.text);
    } finally {
      await t.close();
    }
  });

  it('custom routes beside a core router the project leaves as it is: the core routes keep every method', async () => {
    const custom = `module.exports = { routes: [
      { method: 'GET', path: '/articles', handler: 'custom.list', config: { auth: false } },
      { method: 'GET', path: '/articles/:id/summary', handler: 'custom.summary', config: { auth: false } },
    ] };\n`;
    const controller = `module.exports = {
  async list(ctx) { return { custom: true }; },
  async summary(ctx) { ctx.body = { summaryOf: ctx.params.id }; },
};\n`;
    const t = await startTestApp({ fixture: projects.write({ [schemaPath('article')]: article, 'src/api/article/routes/01-custom.js': custom, 'src/api/article/routes/article.js': coreRouter(''), 'src/api/article/controllers/custom.js': controller }) });
    try {
      const { token } = await createApiToken(t.app, { type: 'full-access' });
      const created = await t.request('POST', '/api/articles', { body: { data: { title: 'Kept' } }, headers: bearer(token) });
      assert.equal(created.status, 201, created.text);
      const one = await t.get(`/api/articles/${created.body.data.documentId}`, bearer(token));
      assert.equal(one.body.data.title, 'Kept');
      assert.deepEqual((await t.get('/api/articles')).body, { custom: true }, 'the custom GET /articles came first');
      assert.deepEqual((await t.get(`/api/articles/${created.body.data.documentId}/summary`)).body, { summaryOf: created.body.data.documentId });
    } finally {
      await t.close();
    }
  });

  it('a router file that wraps the core router to add routes (a public Strapi 5 pattern)', async () => {
    const wrapped = `const { factories } = require('@strapi/strapi');
const defaultRouter = factories.createCoreRouter('api::article.article');
const customRouter = (innerRouter, extraRoutes = []) => {
  let routes;
  return {
    get prefix() { return innerRouter.prefix; },
    get routes() { if (!routes) routes = innerRouter.routes.concat(extraRoutes); return routes; },
  };
};
module.exports = customRouter(defaultRouter, [
  { method: 'GET', path: '/articles/latest/one', handler: 'article.latest', config: { auth: false } },
]);\n`;
    const controller = `module.exports = require('@strapi/strapi').factories.createCoreController('api::article.article', ({ strapi }) => ({
  async latest(ctx) {
    const [article] = await strapi.documents('api::article.article').findMany({ sort: 'id:desc', limit: 1 });
    return { data: article ?? null };
  },
}));\n`;
    const t = await startTestApp({ fixture: projects.write({ [schemaPath('article')]: article, 'src/api/article/routes/article.js': wrapped, 'src/api/article/controllers/article.js': controller }) });
    try {
      const { token } = await createApiToken(t.app, { type: 'full-access' });
      for (const title of ['First', 'Second']) assert.equal((await t.request('POST', '/api/articles', { body: { data: { title } }, headers: bearer(token) })).status, 201);
      const latest = await t.get('/api/articles/latest/one');
      assert.equal(latest.status, 200, latest.text);
      assert.equal(latest.body.data.title, 'Second');
      const list = await t.get('/api/articles', bearer(token));
      assert.equal(list.body.data.length, 2);
      assert.equal((await t.get('/api/articles')).status, 403, 'the wrapped core routes keep their permission check');
    } finally {
      await t.close();
    }
  });

  it('a core service override is said at start: the REST routes do not call it (a difference from Strapi)', async () => {
    const service = "module.exports = require('@strapi/strapi').factories.createCoreService('api::article.article', () => ({ async find(params) { return super.find(params); } }));\n";
    const logs: string[] = [];
    const t = await startTestApp({ fixture: projects.write({ [schemaPath('article')]: article, 'src/api/article/services/article.js': service }), log: (line) => logs.push(line) });
    try {
      const said = logs.filter((line) => line.includes('overrides find of the core service of api::article.article'));
      assert.equal(said.length, 1, logs.join('\n'));
      assert.match(said[0]!, /^src\/api\/article\/services\/article\.js: /);
    } finally {
      await t.close();
    }
  });

  it('a TypeScript project: ES module syntax, super in an override, @strapi/utils errors', async () => {
    const controller = `import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';

export default factories.createCoreController('api::article.article', ({ strapi }) => ({
  async find(ctx) {
    if (ctx.query.forbidden === 'yes') throw new errors.ForbiddenError('Not today');
    const { data, meta } = await super.find(ctx);
    return { data, meta: { ...meta, typed: true as boolean } };
  },
}));\n`;
    const t = await startTestApp({ fixture: projects.write({ 'tsconfig.json': '{ "compilerOptions": { "outDir": "dist" } }', [schemaPath('article')]: article, 'src/api/article/controllers/article.ts': controller, 'src/api/article/routes/article.ts': "import { factories } from '@strapi/strapi';\nexport default factories.createCoreRouter('api::article.article');\n" }) });
    try {
      const { token } = await createApiToken(t.app, { type: 'full-access' });
      const list = await t.get('/api/articles', bearer(token));
      assert.equal(list.status, 200, list.text);
      assert.equal(list.body.meta.typed, true);
      const refused = await t.get('/api/articles?forbidden=yes', bearer(token));
      assert.deepEqual(refused.body, { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Not today', details: {} } });
    } finally {
      await t.close();
    }
  });

  it('a router made only of createCoreRouter(uid) leaves the content API as it is', async () => {
    const t = await startTestApp({ fixture: projects.write({ [schemaPath('article')]: article, 'src/api/article/routes/article.js': coreRouter(''), 'src/api/article/controllers/article.js': "module.exports = require('@strapi/strapi').factories.createCoreController('api::article.article');\n" }) });
    try {
      const { token } = await createApiToken(t.app, { type: 'full-access' });
      const created = await t.request('POST', '/api/articles', { body: { data: { title: 'Plain' } }, headers: bearer(token) });
      assert.equal(created.status, 201, created.text);
      // The content API's own route answers: its route table has no static /api/articles of the project.
      assert.equal(t.app.fastify.hasRoute({ method: 'GET', url: '/api/articles' }), false);
    } finally {
      await t.close();
    }
  });
});

describe('project code Tessera cannot run stops the start, naming the file', () => {
  const projects = createTempProjects('tessera-custom-errors-');
  after(() => projects.remove());
  const start = (files: Record<string, string>) => startTestApp({ fixture: projects.write({ [schemaPath('article')]: article, ...files }) });
  const rejectsNaming = (file: string, pattern: RegExp) => (error: Error) => {
    assert.equal(error.name, 'DefinitionError', error.message);
    assert.ok(error.message.includes(file), `${error.message} names ${file}`);
    assert.match(error.message, pattern);
    return true;
  };
  const routes = (route: string) => ({ 'src/api/article/routes/custom.js': `module.exports = { routes: [${route}] };\n` });

  it('an unknown policy, a plugin policy, an unknown middleware', async () => {
    await assert.rejects(start(coreRouterFile("{ config: { find: { policies: ['global::nope'] } } }")), rejectsNaming('routes/article.js', /policy "global::nope": no such policy/));
    await assert.rejects(start(coreRouterFile("{ config: { find: { policies: ['admin::isAuthenticatedAdmin'] } } }")), rejectsNaming('routes/article.js', /not supported by Tessera/));
    await assert.rejects(start(coreRouterFile("{ config: { find: { middlewares: ['api::article.nope'] } } }")), rejectsNaming('routes/article.js', /middleware "api::article.nope": no such middleware/));
  });

  it('a handler naming no controller action, a path Fastify cannot route, a bad method', async () => {
    await assert.rejects(start(routes("{ method: 'GET', path: '/articles/x', handler: 'article.nothing' }")), rejectsNaming('routes/custom.js', /controller api::article\.article has no action "nothing"/));
    await assert.rejects(start(routes("{ method: 'GET', path: '/x', handler: 'nope.find' }")), rejectsNaming('routes/custom.js', /no controller has this uid/));
    await assert.rejects(start(routes("{ method: 'GET', path: '/files/(.*)', handler: 'article.find' }")), rejectsNaming('routes/custom.js', /outside a named parameter/));
    await assert.rejects(start(routes("{ method: 'FETCH', path: '/x', handler: 'article.find' }")), rejectsNaming('routes/custom.js', /method "FETCH"/));
  });

  it('bootstrap using a member of strapi Tessera lacks: the start stops naming src/index and the member', async () => {
    await assert.rejects(start({ 'src/index.js': 'module.exports = { bootstrap({ strapi }) { strapi.telemetry.send("didStart"); } };\n' }), rejectsNaming('src/index.js', /not supported by Tessera: strapi\.telemetry/));
    await assert.rejects(start({ 'src/index.js': 'module.exports = { register({ strapi }) { strapi.webhookRunner.enqueue(); } };\n' }), rejectsNaming('src/index.js', /not supported by Tessera: strapi\.webhookRunner/));
  });

  it('a file that does not load, a router file that exports no router', async () => {
    await assert.rejects(start({ 'src/api/article/services/article.js': "require('koa-nonexistent-package');\n" }), rejectsNaming('services/article.js', /could not be loaded/));
    await assert.rejects(start({ 'src/api/article/routes/article.js': 'module.exports = 42;\n' }), rejectsNaming('routes/article.js', /must export a router/));
  });
});

function coreRouterFile(options: string): Record<string, string> {
  return { 'src/api/article/routes/article.js': coreRouter(options) };
}
