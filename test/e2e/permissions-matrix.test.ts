// @databases: sqlite — authorization decisions (roles and API tokens × actions); the populate it prunes is covered by the populate-* files
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bearer, createApiToken, createUser } from '../helpers/auth-fixtures.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The permission matrix: each role and API token type × each content-type action, on the
 * permissions-app fixture (config/permissions grants public, authenticated and a custom
 * `editor` role). Every cell's status is exactly what the grants say: allowed → the action's
 * success status, not allowed → 403 Forbidden, and a 403 writes nothing.
 */

type Action = 'find' | 'findOne' | 'create' | 'update' | 'delete';
const COLLECTION_ACTIONS: readonly Action[] = ['find', 'findOne', 'create', 'update', 'delete'];
const SINGLE_ACTIONS: readonly Action[] = ['find', 'update', 'delete'];
const SUCCESS: Record<Action, number> = { find: 200, findOne: 200, create: 201, update: 200, delete: 204 };
const TYPES = [
  { uid: 'api::article.article', plural: 'articles', field: 'title', actions: COLLECTION_ACTIONS },
  { uid: 'api::category.category', plural: 'categories', field: 'name', actions: COLLECTION_ACTIONS },
  { uid: 'api::homepage.homepage', plural: 'homepage', field: 'headline', actions: SINGLE_ACTIONS },
] as const;

const FORBIDDEN = { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } };

const CUSTOM_TOKEN_ACTIONS = ['api::category.category.create', 'api::article.article.findOne', 'api::article.article.delete', 'api::homepage.homepage.update'];

/** What each caller may do, written out from the fixture's config/permissions and the token types. */
const GRANTS: Record<string, (uid: string, action: Action) => boolean> = {
  public: (uid, action) => (uid === 'api::article.article' && ['find', 'findOne'].includes(action)) || (uid === 'api::homepage.homepage' && action === 'find'),
  authenticated: (uid, action) => uid === 'api::article.article' || (uid === 'api::category.category' && action === 'find'),
  editor: (uid, action) =>
    uid === 'api::category.category' || (uid === 'api::article.article' && ['find', 'findOne', 'update'].includes(action)) || (uid === 'api::homepage.homepage' && ['find', 'update'].includes(action)),
  'read-only token': (_uid, action) => action === 'find' || action === 'findOne',
  'full-access token': () => true,
  'custom token': (uid, action) => CUSTOM_TOKEN_ACTIONS.includes(`${uid}.${action}`),
};

describe('permission matrix: roles and API tokens × content-type actions', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const callers: Record<string, Record<string, string>> = {};

  before(async () => {
    t = await startTestApp({ fixture: 'permissions-app' });
    admin = bearer((await createApiToken(t.app, { type: 'full-access' })).token);
    callers.public = {};
    callers.authenticated = bearer((await createUser(t.app, 'authenticated')).jwt);
    callers.editor = bearer((await createUser(t.app, 'editor')).jwt);
    callers['read-only token'] = bearer((await createApiToken(t.app, { type: 'read-only' })).token);
    callers['full-access token'] = bearer((await createApiToken(t.app, { type: 'full-access' })).token);
    callers['custom token'] = bearer((await createApiToken(t.app, { type: 'custom', actions: CUSTOM_TOKEN_ACTIONS })).token);
  });
  after(() => t.close());

  /** A document to act on, made by the full-access token (a single type's document is put back). */
  async function target(type: (typeof TYPES)[number]): Promise<string> {
    if (type.plural === 'homepage') {
      const response = await t.request('PUT', '/api/homepage', { body: { data: { headline: 'Home' } }, headers: admin });
      assert.equal(response.status, 200);
      return '';
    }
    const response = await t.request('POST', `/api/${type.plural}`, { body: { data: { [type.field]: 'seed' } }, headers: admin });
    assert.equal(response.status, 201);
    return response.body.data.documentId as string;
  }

  async function count(type: (typeof TYPES)[number]): Promise<number> {
    const row = await t.app.database.db.selectFrom(type.plural === 'homepage' ? 'homepages' : type.plural).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  for (const caller of Object.keys(GRANTS)) {
    for (const type of TYPES) {
      for (const action of type.actions) {
        const allowed = GRANTS[caller]?.(type.uid, action) ?? false;
        it(`${caller} × ${type.uid}.${action} → ${allowed ? SUCCESS[action] : 403}`, async () => {
          const documentId = await target(type);
          const single = type.plural === 'homepage';
          const path = single ? '/api/homepage' : action === 'find' || action === 'create' ? `/api/${type.plural}` : `/api/${type.plural}/${documentId}`;
          const method = { find: 'GET', findOne: 'GET', create: 'POST', update: 'PUT', delete: 'DELETE' }[action];
          const body = action === 'create' || action === 'update' ? { data: { [type.field]: `by ${caller}` } } : undefined;
          const rows = await count(type);
          const response = await t.request(method, path, { headers: callers[caller] ?? {}, ...(body ? { body } : {}) });
          if (allowed) {
            assert.equal(response.status, SUCCESS[action], JSON.stringify(response.body));
            if (action === 'create') assert.equal(await count(type), rows + 1);
            if (action === 'delete') assert.equal(await count(type), rows - 1);
          } else {
            assert.deepEqual({ status: response.status, body: response.body }, { status: 403, body: FORBIDDEN });
            assert.equal(await count(type), rows, 'a forbidden call wrote nothing');
            if (action === 'update') {
              const stored = await t.request('GET', path, { headers: admin });
              assert.notEqual(stored.body.data?.[type.field], `by ${caller}`);
            }
          }
        });
      }
    }
  }

  describe('populate pruning', () => {
    let categoryId: string;
    let articleId: string;
    before(async () => {
      const category = await t.request('POST', '/api/categories', { body: { data: { name: 'News' } }, headers: admin });
      categoryId = category.body.data.documentId;
      const article = await t.request('POST', '/api/articles', { body: { data: { title: 'Linked', category: categoryId } }, headers: admin });
      articleId = article.body.data.documentId;
    });

    async function linked(query: string, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
      const response = await t.get(`/api/articles/${articleId}?${query}`, headers);
      assert.equal(response.status, 200, `${query}: ${JSON.stringify(response.body)}`);
      return response.body.data;
    }

    it('a role without find on the target: the relation is left out, no error', async () => {
      for (const populate of ['populate=category', 'populate=*', 'populate[category][fields][0]=name', 'populate[category][populate][articles]=true']) {
        assert.equal('category' in (await linked(populate)), false, populate);
      }
      // The list route prunes the same way.
      const list = await t.get('/api/articles?filters[title]=Linked&populate=category');
      assert.equal(list.status, 200);
      assert.deepEqual(list.body.data.map((article: Record<string, unknown>) => 'category' in article), [false]);
    });

    it('a role with find on the target gets it populated', async () => {
      assert.equal((await linked('populate=category', callers.authenticated)).category?.['documentId' as never], categoryId);
    });

    it('tokens: read-only populates (find on every type); custom without find on categories does not', async () => {
      assert.equal((await linked('populate=category', callers['read-only token'])).category?.['documentId' as never], categoryId);
      assert.equal('category' in (await linked('populate=category', callers['custom token'])), false);
    });
  });
});
