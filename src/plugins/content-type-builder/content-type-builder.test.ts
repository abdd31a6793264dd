import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { BUILT_INS } from '../../../test/helpers/built-ins.js';
import { trackKnownPaths } from '../../transports/plugin-http.js';
import type { ApplyResult, DataImpact, ModelChange, ModelRuntime, ModelSource } from '../../core/model/model-change.js';
import type { SourcedComponentDefinition, SourcedDefinition } from '../../core/schema/definition.js';
import { CmsError, DefinitionError, ForbiddenError, UnauthorizedError, ValidationError } from '../../core/shared/errors.js';
import type { BuilderAccess } from './builder-access.js';
import { createComponentService } from './component-service.js';
import { contentTypeBuilderRoutes } from './content-type-builder-routes.js';
import { createContentTypeService } from './content-type-service.js';

/** A runtime that records what it is asked and applies puts and deletes to its source. */
class FakeRuntime implements ModelRuntime {
  types: SourcedDefinition[] = [];
  components: SourcedComponentDefinition[] = [];
  applied: { changes: readonly ModelChange[]; confirm: boolean }[] = [];
  planned: (readonly ModelChange[])[] = [];
  impacts: DataImpact[] = [];
  failure: Error | null = null;
  version = 0;

  source(): ModelSource {
    return { types: this.types, components: this.components };
  }
  async plan(changes: readonly ModelChange[]): Promise<readonly DataImpact[]> {
    this.planned.push(changes);
    return this.impacts;
  }
  async apply(changes: readonly ModelChange[], options: { confirm: boolean }): Promise<ApplyResult> {
    if (this.failure) throw this.failure;
    if (this.impacts.length > 0 && !options.confirm) throw new ValidationError('The change would affect data: confirm it', { impacts: this.impacts });
    this.applied.push({ changes, confirm: options.confirm });
    for (const change of changes) {
      if (change.kind === 'putType') {
        const [, apiName = '', modelName = ''] = /^api::([^.]+)\.(.+)$/.exec(change.uid) ?? [];
        this.types = [...this.types.filter((type) => type.uid !== change.uid), { uid: change.uid, apiName, modelName, file: `${change.uid}.json`, definition: change.definition }];
      } else if (change.kind === 'deleteType') this.types = this.types.filter((type) => type.uid !== change.uid);
      else if (change.kind === 'putComponent') {
        const [category = '', name = ''] = change.uid.split('.');
        this.components = [...this.components.filter((component) => component.uid !== change.uid), { uid: change.uid, category, name, file: `${change.uid}.json`, definition: change.definition }];
      } else if (change.kind === 'deleteComponent') this.components = this.components.filter((component) => component.uid !== change.uid);
    }
    this.version += 1;
    return { version: this.version, impacts: this.impacts, files: changes.map((change) => change.uid) };
  }
  async settled(): Promise<void> {}
  async close(): Promise<void> {}
}

const writer = { read: async () => undefined, write: async () => undefined } satisfies BuilderAccess;

async function builder(runtime: FakeRuntime, access: BuilderAccess = writer): Promise<FastifyInstance> {
  const fastify = Fastify();
  // As the app does: a method a path lacks answers 405.
  const knownPaths = trackKnownPaths(fastify);
  fastify.setErrorHandler((error, _request, reply) => {
    if (error instanceof CmsError) return reply.code(error.status).send({ data: null, error: { status: error.status, name: error.name, message: error.message, details: error.details } });
    return reply.code(500).send({ error: String(error) });
  });
  const context = { runtime, builtIns: () => ({ types: BUILT_INS.types, components: BUILT_INS.components, reserved: BUILT_INS.reserved, routeNames: new Set(['upload', 'auth']), restPrefix: '/api', customFields: BUILT_INS.customFields }) };
  await fastify.register((app) => contentTypeBuilderRoutes(app, { access, contentTypes: createContentTypeService(context), components: createComponentService(context) }), { prefix: '/content-type-builder' });
  knownPaths.complete();
  return fastify;
}

const article = (attributes: Record<string, unknown> = { title: { type: 'string' } }) => ({ contentType: { singularName: 'article', pluralName: 'articles', displayName: 'Article', attributes } });

describe('content-type builder routes (fake runtime)', () => {
  let runtime: FakeRuntime;
  let app: FastifyInstance;
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, payload?: unknown) => {
    const response = await app.inject({ method, url: `/content-type-builder${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.json() };
  };
  beforeEach(async () => {
    runtime = new FakeRuntime();
    app = await builder(runtime);
  });

  it('creates a content-type: one putType with the schema.json a hand-written project has', async () => {
    const created = await call('POST', '/content-types', { ...article({ title: { type: 'string', required: true } }), confirm: false });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual(created.body.data, { uid: 'api::article.article', version: 1, files: ['api::article.article'], impacts: [] });
    assert.deepEqual(runtime.applied, [
      {
        confirm: false,
        changes: [
          {
            kind: 'putType',
            uid: 'api::article.article',
            definition: {
              kind: 'collectionType',
              collectionName: 'articles',
              info: { singularName: 'article', pluralName: 'articles', displayName: 'Article', description: '' },
              options: { draftAndPublish: false },
              pluginOptions: {},
              attributes: { title: { type: 'string', required: true } },
            },
          },
        ],
      },
    ]);
    const list = await call('GET', '/content-types');
    const uids = list.body.data.map((type: { uid: string }) => type.uid);
    assert.ok(uids.includes('api::article.article') && uids.includes('plugin::users-permissions.user'));
    const user = list.body.data.find((type: { uid: string }) => type.uid === 'plugin::users-permissions.user');
    assert.equal(user.editable, false);
    assert.equal(user.plugin, 'users-permissions');
    const read = await call('GET', '/content-types/api::article.article');
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.data.schema, {
      kind: 'collectionType',
      collectionName: 'articles',
      singularName: 'article',
      pluralName: 'articles',
      displayName: 'Article',
      description: '',
      draftAndPublish: false,
      pluginOptions: {},
      attributes: { title: { type: 'string', required: true } },
    });
    assert.equal((await call('GET', '/content-types/api::nope.nope')).status, 404);
    const again = await call('POST', '/content-types', article());
    assert.equal(again.status, 400);
    assert.deepEqual(again.body.error.details.errors[0].path, ['contentType', 'singularName']);
  });

  it('collectionName defaults to the plural in snake_case; a body confirm or ?confirm=true is passed on', async () => {
    runtime.impacts = [];
    const created = await call('POST', '/content-types?confirm=true', { contentType: { singularName: 'blog-post', pluralName: 'blog-posts', displayName: 'Blog post', draftAndPublish: true, attributes: {} } });
    assert.equal(created.status, 201);
    const change = runtime.applied[0]?.changes[0];
    assert.ok(change?.kind === 'putType');
    assert.equal(change.definition.collectionName, 'blog_posts');
    assert.deepEqual(change.definition.options, { draftAndPublish: true });
    assert.equal(runtime.applied[0]?.confirm, true);
  });

  it('targetAttribute creates the inverse side on the target in the same apply', async () => {
    await call('POST', '/content-types', { contentType: { singularName: 'writer', pluralName: 'writers', displayName: 'Writer', attributes: { name: { type: 'string' } } } });
    const created = await call('POST', '/content-types', article({ author: { type: 'relation', relation: 'manyToOne', target: 'api::writer.writer', targetAttribute: 'articles' } }));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const changes = runtime.applied[1]?.changes ?? [];
    assert.equal(changes.length, 2);
    assert.deepEqual(changes.map((change) => change.uid), ['api::article.article', 'api::writer.writer']);
    const [own, other] = changes;
    assert.ok(own?.kind === 'putType' && other?.kind === 'putType');
    assert.deepEqual(own.definition.attributes?.author, { type: 'relation', relation: 'manyToOne', target: 'api::writer.writer', inversedBy: 'articles' });
    assert.deepEqual(other.definition.attributes, { name: { type: 'string' }, articles: { type: 'relation', relation: 'oneToMany', target: 'api::article.article', mappedBy: 'author' } });

    // Removing the relation removes its other side too.
    const updated = await call('PUT', '/content-types/api::article.article', article());
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    const writer = runtime.applied[2]?.changes.find((change) => change.uid === 'api::writer.writer');
    assert.ok(writer?.kind === 'putType');
    assert.deepEqual(writer.definition.attributes, { name: { type: 'string' } });
  });

  it('a self-relation with targetAttribute gets both sides in one definition', async () => {
    const created = await call('POST', '/content-types', article({ parent: { type: 'relation', relation: 'manyToOne', target: 'api::article.article', targetAttribute: 'children' } }));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const [own] = runtime.applied[0]?.changes ?? [];
    assert.ok(own?.kind === 'putType');
    assert.deepEqual(own.definition.attributes?.children, { type: 'relation', relation: 'oneToMany', target: 'api::article.article', mappedBy: 'parent' });
  });

  it('PUT with renames sends renameAttribute changes after the putType; bad renames → 400', async () => {
    await call('POST', '/content-types', article());
    const renamed = await call('PUT', '/content-types/api::article.article', { ...article({ headline: { type: 'string' } }), renames: { title: 'headline' }, confirm: true });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.deepEqual(runtime.applied[1]?.changes.map((change) => change.kind), ['putType', 'renameAttribute']);
    assert.deepEqual(runtime.applied[1]?.changes[1], { kind: 'renameAttribute', uid: 'api::article.article', from: 'title', to: 'headline' });
    for (const renames of [{ nope: 'headline2' }, { headline: 'other' }]) {
      const bad = await call('PUT', '/content-types/api::article.article', { ...article({ headline2: { type: 'string' } }), renames });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.error.details.errors[0].path[0], 'renames');
    }
    const changedName = await call('PUT', '/content-types/api::article.article', { contentType: { ...article().contentType, singularName: 'post' } });
    assert.equal(changedName.status, 400);
    assert.equal((await call('PUT', '/content-types/api::nope.nope', article())).status, 404);
    assert.equal((await call('PUT', '/content-types/plugin::users-permissions.user', article())).status, 400);
    assert.equal(runtime.applied.length, 2);
  });

  it('every invalid definition → 400 with the path in the body, and nothing is applied', async () => {
    await call('POST', '/content-types', { contentType: { singularName: 'writer', pluralName: 'writers', displayName: 'Writer', attributes: {} } });
    const cases: [unknown, string[]][] = [
      [[1], []],
      [{}, ['contentType']],
      [{ ...article(), extra: 1 }, ['extra']],
      [{ contentType: { ...article().contentType, colour: 'red' } }, ['contentType', 'colour']],
      [{ contentType: { ...article().contentType, draftAndPublish: 'yes' } }, ['contentType', 'draftAndPublish']],
      [{ contentType: { pluralName: 'articles', displayName: 'A', attributes: {} } }, ['contentType', 'singularName']],
      [article({ title: { type: 'strin' } }), ['contentType', 'attributes', 'title', 'type']],
      [article({ title: { required: true } }), ['contentType', 'attributes', 'title', 'type']],
      [article({ title: { type: 'string', minLength: -1 } }), ['contentType', 'attributes', 'title', 'minLength']],
      [article({ 'bad name': { type: 'string' } }), ['contentType', 'attributes', 'bad name']],
      [article({ locale: { type: 'string' } }), ['contentType', 'attributes', 'locale']],
      [article({ kind: { type: 'enumeration' } }), ['contentType', 'attributes', 'kind', 'enum']],
      [article({ writer: { type: 'relation', relation: 'oneToOne', target: 'api::nope.nope' } }), ['contentType', 'attributes', 'writer', 'target']],
      [article({ writer: { type: 'relation', relation: 'oneWay', target: 'api::writer.writer', targetAttribute: 'x' } }), ['contentType', 'attributes', 'writer', 'targetAttribute']],
      [article({ writer: { type: 'relation', relation: 'oneToOne', target: 'api::nope.nope', targetAttribute: 'x' } }), ['contentType', 'attributes', 'writer', 'target']],
      [article({ part: { type: 'component', component: 'shared.nope' } }), ['contentType', 'attributes', 'part', 'component']],
      [{ contentType: { singularName: 'Article', pluralName: 'articles', displayName: 'A', attributes: {} } }, ['contentType', 'singularName']],
      [{ contentType: { singularName: 'article', pluralName: 'article', displayName: 'A', attributes: {} } }, ['contentType', 'pluralName']],
      [{ contentType: { singularName: 'thing', pluralName: 'writers', collectionName: 'things', displayName: 'A', attributes: {} } }, ['contentType', 'pluralName']],
      [{ contentType: { singularName: 'user', pluralName: 'people', displayName: 'A', attributes: {} } }, ['contentType', 'singularName']],
      [{ contentType: { ...article().contentType, kind: 'oneType' } }, ['contentType', 'kind']],
      [{ contentType: { ...article().contentType, collectionName: 'sqlite_x' } }, ['contentType', 'collectionName']],
    ];
    for (const [body, path] of cases) {
      const response = await call('POST', '/content-types', body);
      assert.equal(response.status, 400, `${JSON.stringify(body)} → ${JSON.stringify(response.body)}`);
      assert.equal(response.body.error.name, 'ValidationError');
      assert.deepEqual(response.body.error.details.errors[0].path, path, `${JSON.stringify(body)} → ${JSON.stringify(response.body.error)}`);
    }
    assert.equal(runtime.applied.length, 1);
  });

  it('DELETE removes the relations that target the type in the same apply; dryRun and /plan only plan', async () => {
    await call('POST', '/content-types', { contentType: { singularName: 'writer', pluralName: 'writers', displayName: 'Writer', attributes: {} } });
    await call('POST', '/content-types', article({ author: { type: 'relation', relation: 'manyToOne', target: 'api::writer.writer', targetAttribute: 'articles' }, title: { type: 'string' } }));
    await call('POST', '/components', { component: { category: 'shared', displayName: 'Byline', attributes: { who: { type: 'relation', relation: 'oneWay', target: 'api::writer.writer' } } } });
    runtime.impacts = [{ model: 'api::writer.writer', attribute: null, change: 'delete-model', rows: 2, message: '2 rows deleted' }];
    const dry = await call('DELETE', '/content-types/api::writer.writer?dryRun=true');
    assert.equal(dry.status, 200);
    assert.deepEqual(dry.body, { data: { impacts: runtime.impacts } });
    assert.deepEqual(runtime.planned[0]?.map((change) => `${change.kind} ${change.uid}`), ['deleteType api::writer.writer', 'putType api::article.article', 'putComponent shared.byline']);
    const refused = await call('DELETE', '/content-types/api::writer.writer');
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body.error.details.impacts, runtime.impacts, "the runtime's refusal passes through");
    const deleted = await call('DELETE', '/content-types/api::writer.writer?confirm=true');
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    assert.deepEqual(deleted.body.data, { uid: 'api::writer.writer', version: 4, impacts: runtime.impacts });
    assert.deepEqual(Object.keys(runtime.types.find((type) => type.uid === 'api::article.article')?.definition.attributes ?? {}), ['title']);
    assert.deepEqual(runtime.components[0]?.definition.attributes, {});

    const planned = await call('POST', '/content-types/api::article.article/plan', article({}));
    assert.equal(planned.status, 200);
    assert.deepEqual(planned.body, { data: { impacts: runtime.impacts } });
    assert.equal(runtime.applied.length, 4);
    assert.equal((await call('DELETE', '/content-types/api::article.article?force=1')).status, 400);
    assert.equal((await call('DELETE', '/content-types/api::gone.gone?confirm=true')).status, 404);
  });

  it('components: uid from the kebab-cased display name; delete removes the attributes that use it', async () => {
    const created = await call('POST', '/components', { component: { category: 'shared', displayName: 'Hero Section', icon: 'star', attributes: { heading: { type: 'string' } } } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.data.uid, 'shared.hero-section');
    assert.deepEqual(runtime.applied[0]?.changes[0], {
      kind: 'putComponent',
      uid: 'shared.hero-section',
      definition: { collectionName: 'components_shared_hero_section', info: { displayName: 'Hero Section', icon: 'star' }, options: {}, attributes: { heading: { type: 'string' } } },
    });
    await call('POST', '/components', { component: { category: 'shared', displayName: 'Quote', attributes: { text: { type: 'text' } } } });
    assert.equal((await call('POST', '/components', { component: { category: 'shared', displayName: 'quote', attributes: {} } })).status, 400);
    assert.equal((await call('POST', '/components', { component: { category: 'Shared', displayName: 'X', attributes: {} } })).status, 400);
    await call('POST', '/content-types', article({ hero: { type: 'component', component: 'shared.hero-section' }, body: { type: 'dynamiczone', components: ['shared.hero-section', 'shared.quote'] } }));
    assert.deepEqual((await call('GET', '/component-categories')).body, { data: ['shared'] });
    assert.equal((await call('GET', '/components/shared.quote')).body.data.schema.displayName, 'Quote');

    const deleted = await call('DELETE', '/components/shared.hero-section?confirm=true');
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    assert.deepEqual(runtime.applied[3]?.changes.map((change) => `${change.kind} ${change.uid}`), ['deleteComponent shared.hero-section', 'putType api::article.article']);
    assert.deepEqual(runtime.types[0]?.definition.attributes, { body: { type: 'dynamiczone', components: ['shared.quote'] } });
  });

  it('a PUT keeps the keys of the file it does not edit (top level, info, options) and writes the attribute keys it is sent', async () => {
    runtime.types = [
      {
        uid: 'api::article.article',
        apiName: 'article',
        modelName: 'article',
        file: 'article.json',
        definition: {
          kind: 'collectionType',
          collectionName: 'articles',
          info: { singularName: 'article', pluralName: 'articles', displayName: 'Article', name: 'article' },
          options: { draftAndPublish: false, comment: '' },
          pluginOptions: { seo: { sitemap: true } },
          attributes: { title: { type: 'string', displayName: 'Title' } },
          config: { custom: 1 },
        },
      },
    ];
    runtime.components = [{ uid: 'shared.seo', category: 'shared', name: 'seo', file: 'seo.json', definition: { collectionName: 'components_shared_seos', info: { displayName: 'seo', icon: 'search', extra: 'x' }, options: { keep: true }, attributes: {}, uiOrder: 3 } }];
    const read = await call('GET', '/content-types/api::article.article');
    assert.deepEqual(read.body.data.schema.attributes, { title: { type: 'string', displayName: 'Title' } });
    const changed = await call('PUT', '/content-types/api::article.article', article({ title: { type: 'string', displayName: 'Title', conditions: { visible: true } }, body: { type: 'text' } }));
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.deepEqual(runtime.types[0]?.definition, {
      kind: 'collectionType',
      collectionName: 'articles',
      info: { singularName: 'article', pluralName: 'articles', displayName: 'Article', name: 'article', description: '' },
      options: { draftAndPublish: false, comment: '' },
      pluginOptions: { seo: { sitemap: true } },
      attributes: { title: { type: 'string', displayName: 'Title', conditions: { visible: true } }, body: { type: 'text' } },
      config: { custom: 1 },
    });
    const component = await call('PUT', '/components/shared.seo', { component: { category: 'shared', displayName: 'SEO', attributes: { metaTitle: { type: 'string' } } } });
    assert.equal(component.status, 200, JSON.stringify(component.body));
    assert.deepEqual(runtime.components[0]?.definition, {
      collectionName: 'components_shared_seos',
      info: { displayName: 'SEO', icon: 'search', extra: 'x' },
      options: { keep: true },
      attributes: { metaTitle: { type: 'string' } },
      uiOrder: 3,
    });
  });

  it('renaming a category: refused while its components are in use; otherwise moves them, keeping their tables, in one apply', async () => {
    await call('POST', '/components', { component: { category: 'blocks', displayName: 'Inner', attributes: { text: { type: 'text' } } } });
    await call('POST', '/components', { component: { category: 'blocks', displayName: 'Outer', attributes: { inner: { type: 'component', component: 'blocks.inner' } } } });
    await call('POST', '/content-types', article({ outer: { type: 'component', component: 'blocks.outer', repeatable: true }, zone: { type: 'dynamiczone', components: ['blocks.inner'] } }));
    const refused = await call('PUT', '/component-categories/blocks', { name: 'sections' });
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.match(refused.body.error.message, /blocks\.inner, blocks\.outer are used by attributes/);
    assert.equal(runtime.applied.length, 3, 'nothing applied');

    await call('POST', '/components', { component: { category: 'spare', displayName: 'Note', collectionName: 'components_spare_notes', attributes: { text: { type: 'text' } } } });
    const renamed = await call('PUT', '/component-categories/spare', { name: 'notes' });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.deepEqual(renamed.body.data.uids, { 'spare.note': 'notes.note' });
    assert.deepEqual(runtime.applied[4]?.changes.map((change) => `${change.kind} ${change.uid}`), ['deleteComponent spare.note', 'putComponent notes.note']);
    assert.equal(runtime.components.find((component) => component.uid === 'notes.note')?.definition.collectionName, 'components_spare_notes');
    assert.deepEqual((await call('GET', '/component-categories')).body, { data: ['blocks', 'notes'] });
    assert.equal((await call('PUT', '/component-categories/nope', { name: 'x' })).status, 404);
    assert.equal((await call('PUT', '/component-categories/notes', { name: 'Bad Name' })).status, 400);

    const deleted = await call('DELETE', '/component-categories/blocks?confirm=true');
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    assert.deepEqual(runtime.components.map((component) => component.uid), ['notes.note']);
    assert.deepEqual(runtime.types[0]?.definition.attributes, {});
  });

  it('access: reads and writes ask the access check first; runtime errors pass through, a DefinitionError is a 400', async () => {
    const readOnly = await builder(runtime, { read: async () => undefined, write: async () => Promise.reject(new ForbiddenError()) });
    const forbidden = await readOnly.inject({ method: 'POST', url: '/content-type-builder/content-types', payload: article() });
    assert.equal(forbidden.statusCode, 403);
    assert.equal((await readOnly.inject({ method: 'GET', url: '/content-type-builder/content-types' })).statusCode, 200);
    const nobody = await builder(runtime, { read: async () => Promise.reject(new UnauthorizedError()), write: async () => Promise.reject(new UnauthorizedError()) });
    assert.equal((await nobody.inject({ method: 'GET', url: '/content-type-builder/components' })).statusCode, 401);
    assert.equal(runtime.applied.length, 0);

    runtime.failure = new DefinitionError('src/api/x/schema.json', 'broken');
    const refused = await call('POST', '/content-types', article());
    assert.equal(refused.status, 400);
    assert.match(refused.body.error.message, /broken/);
    assert.equal((await call('PATCH', '/content-types')).status, 405);
  });
});
