import assert from 'node:assert/strict';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { propertyRunParameters } from '../helpers/property-runs.js';
import { fixturePath, startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';
import { testDatabaseKind } from '../helpers/test-database.js';

/**
 * Generated hostile input (seeded: the runner's TESSERA_PROPERTY_SEED, replayed with FC_SEED):
 * query strings, JSON bodies, GraphQL documents and content-type definitions built from
 * vocabularies of valid names, near misses and known troublemakers (NUL, lone surrogates, ids
 * past 2^31, deep nesting, system table and route names). Every answer is checked against
 * invariants that hold whatever the input:
 * - never a 5xx; every error is JSON with a JSON content-type, in the error envelope or the
 *   GraphQL error format, and never an internal error's text;
 * - a refused write changes nothing (the articles, read whole, are what they were);
 * - an accepted write reads back the text it was sent, exactly;
 * - a definition taking a table Tessera or the database owns, or a route's name, is refused;
 * - afterwards the server answers, and the admin still logs in (its tables are intact).
 */

const ADMIN = { email: 'boss@example.com', password: 'Secret123' };
/** Fewer runs on the server databases: the same generators, a third of the cases. */
const SCALE = testDatabaseKind() === 'sqlite' ? 1 : 0.35;
const runs = (count: number): number => Math.max(20, Math.round(count * SCALE));

const TEXTS = ['x', '', ' ', 'Alpha', 'lone \ud800 x', 'end \udc00', 'nul \u0000 x', 'é😀', '%', '_', '\\', "' or 1=1 --", '<script>', 'a'.repeat(300)];
const NUMBERS = [0, -1, 1, 2147483647, 2147483648, -2147483649, 2 ** 53 + 2, Number.POSITIVE_INFINITY, 0.1, 1.5, Number.NaN];
const ATTRIBUTES = ['title', 'slug', 'body', 'views', 'code', 'seo', 'blocks', 'tags', 'author', 'category', 'locale', 'id', 'documentId', 'createdAt', 'publishedAt', 'localizations', 'name', 'articles', 'metaTitle', 'nope', '__proto__', 'constructor'];
const OPERATORS = ['$eq', '$ne', '$in', '$notIn', '$lt', '$between', '$contains', '$containsi', '$null', '$notNull', '$startsWith', '$and', '$or', '$not', '$bogus'];
const KEYS = [...ATTRIBUTES, ...OPERATORS, '0', '1', '*', 'on', 'populate', 'fields', 'filters', 'sort', 'count', 'shared.quote', 'shared.link', 'shared.nope'];
/** Tables Tessera or the databases own (issue 15 item 1), and names of built-in routes (item 6). */
const SYSTEM_TABLES = ['tessera_store', 'admin_users', 'admin_roles', 'strapi_api_tokens', 'up_permissions', 'i18n_locale', 'tessera_locks', 'pg_class', 'sqlite_master', 'up_users'];
const ROUTE_NAMES = ['upload', 'auth', 'users', 'i18n', 'connect', 'users-permissions'];

const scalar = fc.oneof(fc.constantFrom(...TEXTS), fc.constantFrom(...NUMBERS), fc.boolean(), fc.constant(null), fc.string({ maxLength: 12 }));
/** A bracketed query-string key path and a value: `filters[author][$or][0][name][$eq]=x`. */
const queryParam = fc
  .tuple(
    fc.constantFrom('filters', 'populate', 'sort', 'fields', 'pagination', 'status', 'locale', 'publicationState', '_q', 'foo'),
    fc.array(fc.constantFrom(...KEYS), { maxLength: 30 }),
    fc.oneof(scalar.map(String), fc.constantFrom('%00', '%E0%A4%A', '%ED%A0%80', 'author.articles.author.articles.author.articles.tags', '*', 'true', 'title:desc')),
  )
  .map(([head, keys, value]) => `${head}${keys.map((key) => `[${encodeURIComponent(key)}]`).join('')}=${value.startsWith('%') ? value : encodeURIComponent(value.replace(/[\ud800-\udfff]/gu, '\ufffd'))}`);

function jsonValue(depth: number): fc.Arbitrary<unknown> {
  if (depth === 0) return scalar;
  return fc.oneof(
    { weight: 3, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(jsonValue(depth - 1), { maxLength: 4 }) },
    { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...KEYS, '__component', 'connect', 'disconnect', 'set', 'position', 'before', 'after'), jsonValue(depth - 1), { maxKeys: 4 }) },
  );
}
/** Mostly bodies a client could mean (a title among the troublemaker texts), sometimes anything. */
const articleData = fc.oneof(
  { weight: 3, arbitrary: fc.record({ title: fc.oneof(fc.constantFrom(...TEXTS), fc.string({ unit: 'binary', maxLength: 8 })), views: fc.constantFrom(...NUMBERS) }, { requiredKeys: ['title'] }) },
  { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...ATTRIBUTES), jsonValue(3), { maxKeys: 5 }) },
);

/** GraphQL documents: nested selections over known and unknown fields, fragments, variables, deep brackets. */
const FIELDS = ['title', 'views', 'nope', 'tags', 'author', 'articles', 'seo', 'blocks', 'metaTitle', 'name', '__typename', 'data', 'attributes', 'id', 'documentId'];
function selection(depth: number): fc.Arbitrary<string> {
  const field = fc.tuple(fc.option(fc.constantFrom('a', 'b'), { nil: undefined }), fc.constantFrom(...FIELDS)).map(([alias, name]) => (alias ? `${alias}: ${name}` : name));
  if (depth === 0) return field;
  return fc.array(fc.oneof(field, fc.tuple(fc.constantFrom(...FIELDS), selection(depth - 1)).map(([name, inner]) => `${name} { ${inner} }`), fc.constant('...F')), { minLength: 1, maxLength: 4 }).map((items) => items.join(' '));
}
const graphqlRequest = fc.oneof(
  fc.tuple(fc.constantFrom('articles', 'tags', 'authors', 'article'), selection(4), fc.boolean()).map(([root, inner, fragment]) => ({
    query: `query Q($f: ArticleFiltersInput) { ${root}(filters: $f) { ${inner} } }${fragment ? ' fragment F on Article { title ...G } fragment G on Article { views }' : ''}`,
  })),
  fc.tuple(jsonValue(3), fc.integer({ min: 0, max: 800 })).map(([value, nesting]) => ({
    query: 'query Q($f: ArticleFiltersInput) { articles(filters: $f) { data { id } } }',
    variables: { f: Array.from({ length: nesting }).reduce<unknown>((inner) => ({ not: inner }), value) },
  })),
  fc.integer({ min: 1, max: 6000 }).map((levels) => ({ query: `{ articles(filters: ${'['.repeat(levels)}${']'.repeat(levels)}) { data { id } } }` })),
  fc.constantFrom({ query: 'subscription { articles { data { id } } }' }, { query: '{ articles { data { id nope } } }' }, { query: '{' }, { query: 'mutation { createArticle(data: { title: "\\u0000" }) { data { id } } }' }),
);

/** Content-type definitions a careless or hostile super-admin might send (dry runs: nothing is applied). */
const definition = fc.record({
  collectionName: fc.oneof(fc.constantFrom(...SYSTEM_TABLES), fc.constant('gadgets'), fc.stringMatching(/^[a-z_]{1,20}$/)),
  name: fc.oneof(fc.constantFrom(...ROUTE_NAMES), fc.constant('gadget'), fc.stringMatching(/^[a-z]{1,12}$/)),
  attributes: fc.oneof(
    fc.dictionary(fc.constantFrom(...ATTRIBUTES, 'meta', 'status', 'strapi_x'), fc.record({ type: fc.constantFrom('string', 'integer', 'nope', 'relation', 'media') }), { maxKeys: 4 }),
    fc.integer({ min: 1, max: 3000 }).map((count) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`f${index}`, { type: 'string' }]))),
  ),
});

describe('generated hostile input', () => {
  let t: TestApp;
  let dir: string;
  let boss: string;

  /** Whatever the input: no 5xx, JSON errors in their format, no internal error's text. */
  function checkAnswer(response: TestResponse, context: string, graphql = false): void {
    const where = `${context} → ${response.status} ${response.text.slice(0, 300)}`;
    assert.ok(response.status >= 200 && response.status < 500, where);
    assert.doesNotMatch(response.text, /call stack|Invalid string length|Expression tree|INTERNAL_SERVER_ERROR|Internal Server Error/, where);
    if (response.status < 400 && !(graphql && response.body?.errors)) return;
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, where);
    // On /graphql, what is refused before GraphQL runs (a body it cannot take) comes in the REST envelope (docs/graphql.md).
    if (graphql && Array.isArray(response.body?.errors)) {
      assert.ok(response.body.errors.length > 0, where);
    } else {
      assert.equal(response.body?.data, null, where);
      assert.equal(response.body?.error?.status, response.status, where);
      assert.equal(typeof response.body?.error?.message, 'string', where);
    }
  }

  /** The articles, every version of every locale, with everything linked: what "nothing changed" compares. */
  async function articles(): Promise<string> {
    const response = await t.get('/api/articles?status=draft&locale=*&populate=*&pagination[pageSize]=100&sort=id');
    assert.equal(response.status, 200, response.text);
    return response.text;
  }

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tessera-hostile-'));
    await cp(fixturePath('versions-app'), dir, { recursive: true });
    await writeFile(path.join(dir, 'config', 'admin.json'), JSON.stringify({ auth: { secret: 'hostile-test-admin-secret' }, apiToken: { salt: 'hostile-test-salt' } }));
    t = await startTestApp({ fixture: dir, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    const login = await t.post('/admin/login', ADMIN);
    assert.equal(login.status, 200, login.text);
    boss = login.body.data.token as string;
    const tag = await t.post('/api/tags', { data: { name: 'red' } });
    const author = await t.post('/api/authors', { data: { name: 'Ann' } });
    for (const title of ['Alpha', 'Beta']) {
      const created = await t.post('/api/articles', { data: { title, views: 1, tags: [tag.body.data.documentId], author: author.body.data.documentId, seo: { metaTitle: 'S' }, blocks: [{ __component: 'shared.quote', text: 'q' }] } });
      assert.equal(created.status, 201, created.text);
    }
  });
  after(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('query strings: no 5xx, errors in the envelope', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api/articles', '/api/tags', '/api/authors/x1', '/api/homepage', '/api/users', '/api/upload/files', '/api/i18n/locales'), fc.array(queryParam, { minLength: 1, maxLength: 4 }), async (route, params) => {
        const url = `${route}?${params.join('&')}`;
        checkAnswer(await t.get(url), `GET ${url}`);
      }),
      { numRuns: runs(900), includeErrorInReport: true, ...propertyRunParameters() },
    );
  });

  it('bodies: no 5xx; a refused write changes nothing; an accepted one reads back what it was sent', async () => {
    const existing = (await t.get('/api/articles?status=draft')).body.data[0].documentId as string;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST /api/articles', 'POST /api/articles?status=draft', `PUT /api/articles/${existing}`, `PUT /api/articles/${existing}?locale=fr`, 'POST /api/articles?locale=xx'),
        fc.oneof({ weight: 4, arbitrary: articleData.map((data) => ({ data })) }, { weight: 1, arbitrary: jsonValue(3) }),
        async (target, body) => {
          const [method, url] = target.split(' ') as [string, string];
          const before = await articles();
          const response = await t.request(method, url, { body });
          const context = `${target} ${JSON.stringify(body).slice(0, 300)}`;
          checkAnswer(response, context);
          if (response.status >= 400) {
            assert.equal(await articles(), before, `${context}: refused, yet the articles changed`);
            return;
          }
          const sent = (body as { data: Record<string, unknown> }).data.title;
          if (typeof sent === 'string') assert.equal(response.body.data.title, sent, `${context}: the title read back is not the one sent`);
          // Accepted writes are undone so that every case starts from the same articles.
          if (method === 'POST') assert.equal((await t.del(`/api/articles/${response.body.data.documentId}?locale=${response.body.data.locale}`)).status, 204);
        },
      ),
      { numRuns: runs(500), includeErrorInReport: true, ...propertyRunParameters() },
    );
  });

  it('GraphQL documents: no 5xx, no internal error, errors in the GraphQL format', async () => {
    await fc.assert(
      fc.asyncProperty(graphqlRequest, async (body) => {
        checkAnswer(await t.request('POST', '/graphql', { body }), `GraphQL ${JSON.stringify(body).slice(0, 300)}`, true);
      }),
      { numRuns: runs(500), includeErrorInReport: true, ...propertyRunParameters() },
    );
  });

  it('content-type definitions: system tables and route names refused, no 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(definition, async ({ collectionName, name, attributes }) => {
        const body = { contentType: { singularName: name, pluralName: `${name}s`, displayName: name, collectionName, attributes } };
        const response = await t.request('POST', '/content-type-builder/content-types?dryRun=true', { headers: { authorization: `Bearer ${boss}` }, body });
        const context = `definition ${collectionName} ${name} (${Object.keys(attributes).length} attributes)`;
        checkAnswer(response, context);
        const reserved = SYSTEM_TABLES.includes(collectionName) || /^(pg_|sqlite_|tessera_)/.test(collectionName) || ROUTE_NAMES.includes(name) || ROUTE_NAMES.includes(`${name}s`);
        if (reserved) assert.equal(response.status, 400, `${context}: must be refused → ${response.text.slice(0, 300)}`);
      }),
      { numRuns: runs(200), includeErrorInReport: true, ...propertyRunParameters() },
    );
  });

  it('afterwards the server answers and the admin still logs in', async () => {
    assert.equal((await t.get('/_health')).status, 200);
    const login = await t.post('/admin/login', ADMIN);
    assert.equal(login.status, 200, login.text);
    assert.equal((await t.get('/api/articles')).status, 200);
  });
});
