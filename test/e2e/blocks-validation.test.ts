// @databases: sqlite — the blocks validator is pure and refuses before anything is stored.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixturePath, startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Every blocks value recorded against Strapi 5.54 (test/fixtures/strapi-blocks-invalid/cases.json)
 * is POSTed as a draft over REST: Tessera answers with Strapi's status, message and error items
 * (path, message, value), except the deliberate differences of differences.json. Accepted values
 * are stored unchanged; refused ones write nothing. GraphQL reaches the same check.
 */

interface RecordedCase {
  readonly content: unknown;
  readonly status: number;
  readonly error?: { readonly status: number; readonly name: string; readonly message: string; readonly details?: { readonly errors?: readonly unknown[] } };
}

const fixtures = fixturePath('strapi-blocks-invalid');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(fixtures, file), 'utf8')) as unknown;
const cases = readJson('cases.json') as Readonly<Record<string, RecordedCase>>;
const differences = readJson('differences.json') as Readonly<Record<string, readonly unknown[]>>;

function expectedOf(name: string, recorded: RecordedCase): { status: number; error?: unknown } {
  const deliberate = differences[name];
  if (deliberate) {
    const message = deliberate.length === 1 ? (deliberate[0] as { message: string }).message : `${deliberate.length} errors occurred`;
    return { status: 400, error: { status: 400, name: 'ValidationError', message, details: { errors: deliberate } } };
  }
  if (recorded.status < 300) return { status: 201 };
  return { status: recorded.status, error: recorded.error };
}

describe('blocks values are validated as Strapi 5.54 validates them', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ fixture: 'blocks-validation-app' });
  });
  after(async () => t.close());

  const count = async (): Promise<number> => (await t.get('/api/articles?status=draft&pagination[pageSize]=1')).body.meta.pagination.total as number;

  for (const [name, recorded] of Object.entries(cases)) {
    it(`${name}: ${differences[name] ? 'refused (a deliberate difference)' : recorded.status < 300 ? 'accepted' : recorded.error?.message}`, async () => {
      const before = await count();
      const response = await t.post('/api/articles?status=draft', { data: { title: `blocks ${name}`, content: recorded.content } });
      const expected = expectedOf(name, recorded);
      if (expected.status === 201) {
        assert.ok(response.status === 200 || response.status === 201, response.text);
        assert.deepEqual(response.body.data.content, recorded.content);
        await t.del(`/api/articles/${response.body.data.documentId as string}`);
        return;
      }
      assert.deepEqual({ status: response.status, body: response.body }, { status: expected.status, body: { data: null, error: expected.error } });
      assert.equal(await count(), before);
    });
  }

  it('an update is held to the same rules, on the draft and on a publish', async () => {
    const created = await t.post('/api/articles?status=draft', { data: { title: 'blocks update', content: [] } });
    assert.equal(created.status, 201, created.text);
    const id = created.body.data.documentId as string;
    const recorded = cases['link-javascript'];
    assert.ok(recorded);
    for (const query of ['?status=draft', '']) {
      const response = await t.put(`/api/articles/${id}${query}`, { data: { content: recorded.content } });
      assert.deepEqual({ status: response.status, error: response.body.error }, { status: 400, error: recorded.error });
    }
    const stored = await t.get(`/api/articles/${id}?status=draft`);
    assert.deepEqual(stored.body.data.content, []);
    await t.del(`/api/articles/${id}`);
  });

  it('GraphQL reaches the same check: a javascript: link is refused with its path', async () => {
    const recorded = cases['link-javascript'];
    assert.ok(recorded);
    const response = await t.request('POST', '/graphql', {
      body: {
        query: 'mutation($data: ArticleInput!) { createArticle(data: $data, status: DRAFT) { documentId } }',
        variables: { data: { title: 'blocks graphql', content: recorded.content } },
      },
    });
    const [error] = response.body.errors as { message: string; extensions: { error: { details: unknown } } }[];
    assert.ok(error, response.text);
    assert.equal(error.message, 'Please specify a valid link.');
    assert.deepEqual(error.extensions.error.details, recorded.error?.details);
    assert.equal(await count(), 0);
  });
});
