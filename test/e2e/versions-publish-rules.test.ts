import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { withGraphqlShape } from '../helpers/graphql-config.js';

/**
 * Drafts are saved without the rules the reference checks when publishing (`required`,
 * `minLength`, the `min` of repeatables and zones, at every component level); publishing a
 * draft that breaks them is a 400 ValidationError listing every failing value, and writes
 * nothing. Types without Draft & Publish publish on every write, so every rule applies.
 */

type Json = Record<string, unknown>;

/** A draft that breaks every publish rule of `api::post.post` (and none of the others). */
const INCOMPLETE = {
  summary: 'abc',
  seo: { metaTitle: null },
  links: [{ url: '/a' }],
  blocks: [{ __component: 'shared.link', url: '/b' }],
};

/** The reference's message for a required string that is null in the draft published (fixtures 05-*). */
const nullString = (name: string) => `${name} must be a \`string\` type, but the final value was: \`null\`.`;

/** What publishing INCOMPLETE must report, by path. */
const INCOMPLETE_ERRORS = [
  ['title', nullString('title')],
  ['summary', 'summary must be at least 5 characters'],
  ['seo.metaTitle', nullString('metaTitle')],
  ['links', 'links field must have at least 2 items'],
  ['links.0.label', nullString('label')],
  ['blocks.0.label', nullString('label')],
];

const COMPLETE = {
  title: 'Hello',
  summary: 'long enough',
  seo: { metaTitle: 'Hello' },
  links: [
    { label: 'a', url: '/a' },
    { label: 'b', url: '/b' },
  ],
  blocks: [{ __component: 'shared.link', label: 'c' }],
};

/** GraphQL in Strapi 5's flat shape (`documentId` arguments and fields), the default. */
const flat = withGraphqlShape('flat');

const POPULATE = 'populate[seo]=true&populate[links]=true&populate[blocks]=true';

function errorsOf(body: Json): string[][] {
  const error = body.error as { details: { errors: { path: string[]; message: string; name: string }[] } };
  return error.details.errors.map((entry) => {
    assert.equal(entry.name, 'ValidationError');
    return [entry.path.join('.'), entry.message];
  });
}

describe('versions: publish-time rules', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ fixture: 'publish-rules-app', override: flat });
  });
  after(() => t.close());

  async function draft(data: Json): Promise<string> {
    const response = await t.post(`/api/posts?status=draft&${POPULATE}`, { data });
    assert.equal(response.status, 201, response.text);
    assert.equal(response.body.data.publishedAt, null);
    return response.body.data.documentId as string;
  }

  it('saves a draft that misses required values, lengths and list sizes (201)', async () => {
    const response = await t.post(`/api/posts?status=draft&${POPULATE}`, { data: INCOMPLETE });
    assert.equal(response.status, 201, response.text);
    const saved = response.body.data as Json;
    assert.equal(saved.title, null);
    assert.equal(saved.summary, 'abc');
    assert.deepEqual((saved.seo as Json).metaTitle, null);
    assert.equal((saved.links as unknown[]).length, 1);
    // An empty draft too, and an update of a draft that clears a required value.
    const empty = await draft({});
    const cleared = await t.put(`/api/posts/${empty}?status=draft`, { data: { title: null, links: [] } });
    assert.equal(cleared.status, 200, cleared.text);
  });

  it('still holds drafts to the rules that are not deferred (types, maxLength, max, unknown keys)', async () => {
    const tooLong = await t.post('/api/posts?status=draft', { data: { summary: 'x'.repeat(41) } });
    assert.equal(tooLong.status, 400, tooLong.text);
    assert.equal(tooLong.body.error.message, 'summary must be at most 40 characters');
    const wrongType = await t.post('/api/posts?status=draft', { data: { title: { no: 1 } } });
    assert.equal(wrongType.status, 400, wrongType.text);
    const unknown = await t.post('/api/posts?status=draft', { data: { nope: 1 } });
    assert.equal(unknown.status, 400, unknown.text);
    assert.equal(unknown.body.error.message, 'Invalid key nope');
  });

  it('refuses to publish such a draft with the publish action: 400 listing every failing value, nothing published', async () => {
    const documentId = await draft(INCOMPLETE);
    const response = await t.post(`/api/posts/${documentId}/actions/publish`, {});
    assert.equal(response.status, 400, response.text);
    assert.equal(response.body.data, null);
    assert.equal(response.body.error.status, 400);
    assert.equal(response.body.error.name, 'ValidationError');
    assert.equal(response.body.error.message, `${INCOMPLETE_ERRORS.length} errors occurred`);
    assert.deepEqual(errorsOf(response.body).sort(), [...INCOMPLETE_ERRORS].sort());
    assert.equal((await t.get(`/api/posts/${documentId}`)).status, 404);
  });

  it('reports one failing value with its own message, path and stored value', async () => {
    const documentId = await draft({ ...COMPLETE, title: undefined });
    const response = await t.post(`/api/posts/${documentId}/actions/publish`, {});
    assert.equal(response.status, 400, response.text);
    assert.equal(response.body.error.message, nullString('title'));
    assert.deepEqual(response.body.error.details, { errors: [{ path: ['title'], message: nullString('title'), name: 'ValidationError', value: null }] });
  });

  it('refuses a PUT without status that would publish an incomplete draft, and rolls the draft update back', async () => {
    const documentId = await draft(INCOMPLETE);
    const response = await t.put(`/api/posts/${documentId}`, { data: { title: 'Only the title' } });
    assert.equal(response.status, 400, response.text);
    assert.deepEqual(errorsOf(response.body).sort(), INCOMPLETE_ERRORS.filter(([path]) => path !== 'title').sort());
    const stored = await t.get(`/api/posts/${documentId}?status=draft`);
    assert.equal(stored.body.data.title, null, 'the draft update was rolled back with the failed publish');
    assert.equal((await t.get(`/api/posts/${documentId}`)).status, 404);
  });

  it('publishes once the draft is complete (PUT without status, then the action), and refuses a later incomplete draft', async () => {
    const documentId = await draft(INCOMPLETE);
    const published = await t.put(`/api/posts/${documentId}?${POPULATE}`, { data: COMPLETE });
    assert.equal(published.status, 200, published.text);
    assert.notEqual(published.body.data.publishedAt, null);
    assert.equal((published.body.data.links as unknown[]).length, 2);

    // The draft loses a required value: saving it is fine, publishing it is not, and the published version stays.
    assert.equal((await t.put(`/api/posts/${documentId}?status=draft`, { data: { title: null } })).status, 200);
    const refused = await t.post(`/api/posts/${documentId}/actions/publish`, {});
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.body.error.message, nullString('title'));
    const live = await t.get(`/api/posts/${documentId}`);
    assert.equal(live.status, 200);
    assert.equal(live.body.data.title, 'Hello');

    assert.equal((await t.put(`/api/posts/${documentId}?status=draft`, { data: { title: 'Again' } })).status, 200);
    const again = await t.post(`/api/posts/${documentId}/actions/publish`, {});
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.data.title, 'Again');
  });

  it('a POST without status saves the draft and publishes it: the same 400, nothing written; an empty string is a value', async () => {
    const post = await t.post('/api/posts', { data: INCOMPLETE });
    assert.equal(post.status, 400, post.text);
    assert.deepEqual(errorsOf(post.body).sort(), [...INCOMPLETE_ERRORS].sort());
    assert.equal((await t.get('/api/posts?status=draft&filters[summary][$eq]=abc&pagination[pageSize]=100')).body.data.length, 3, 'only the three drafts saved above');

    const noSeo = await t.post('/api/posts', { data: { ...COMPLETE, seo: undefined } });
    assert.equal(noSeo.status, 400, noSeo.text);
    assert.equal(noSeo.body.error.message, 'seo must be a `object` type, but the final value was: `null`.');

    // As in the reference, `required` refuses null only.
    const empty = await t.post('/api/posts', { data: { ...COMPLETE, title: '' } });
    assert.equal(empty.status, 201, empty.text);
    assert.equal(empty.body.data.title, '');
  });

  it('checks every rule on every write of a type without Draft & Publish (each write publishes)', async () => {
    const note = await t.post('/api/notes?status=draft', { data: {} });
    assert.equal(note.status, 400, note.text);
    assert.equal(note.body.error.message, 'title must be defined.');
  });

  it('applies the same rules to GraphQL mutations: a DRAFT is saved, publishing it is refused', async () => {
    const gql = async (query: string, variables?: Json) => {
      const response = await t.request('POST', '/graphql', { body: { query, variables } });
      assert.equal(response.status, 200, response.text);
      return response.body as { data: Json | null; errors?: { extensions: { code: string; error: { name: string; message: string } } }[] };
    };
    const created = await gql('mutation { createPost(status: DRAFT, data: { summary: "abc" }) { documentId title publishedAt } }');
    assert.equal(created.errors, undefined, JSON.stringify(created));
    const post = (created.data as { createPost: { documentId: string; publishedAt: unknown } }).createPost;
    assert.equal(post.publishedAt, null);

    const published = await gql('mutation($id: ID!) { updatePost(documentId: $id, data: { title: "T" }) { documentId } }', { id: post.documentId });
    assert.equal(published.errors?.[0]?.extensions.code, 'BAD_USER_INPUT', JSON.stringify(published));
    assert.equal(published.errors?.[0]?.extensions.error.name, 'ValidationError');
    assert.equal(published.errors?.[0]?.extensions.error.message, '2 errors occurred');

    const refusedCreate = await gql('mutation { createPost(data: { summary: "abcdef" }) { documentId } }');
    assert.equal(refusedCreate.errors?.[0]?.extensions.error.name, 'ValidationError', JSON.stringify(refusedCreate));
  });
});
