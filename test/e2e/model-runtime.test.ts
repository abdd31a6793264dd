import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ModelRuntime } from '../../src/core/model/model-change.js';
import type { AttributeDefinition, ContentTypeDefinition } from '../../src/core/schema/definition.js';
import { UnconfirmedChangeError } from '../../src/core/model/unconfirmed-change-error.js';
import { bearer, createApiToken } from '../helpers/auth-fixtures.js';
import { manualClock } from '../helpers/manual-clock.js';
import { createTempProjects, schemaPath } from '../helpers/temp-projects.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The content model changed at run time (issue 9): checked as at start, applied to the
 * database, written to the project's files and served at once, REST and GraphQL.
 */

const projects = createTempProjects('tessera-model-runtime-');
const ARTICLE = {
  kind: 'collectionType',
  info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
  options: { draftAndPublish: false },
  attributes: { title: { type: 'string' }, body: { type: 'text' } },
};

const clock = manualClock();
let t: TestApp;
let runtime: ModelRuntime;
let projectDir: string;
let headers: Record<string, string>;

/** Storage a change removed is dropped off the request path, once its grace period has passed on the app's clock. */
async function removalsDone(): Promise<void> {
  clock.advance(60_000);
  await runtime.settled();
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(path.join(projectDir, file), 'utf8'));
}

async function columns(table: string): Promise<Set<string>> {
  return (await t.app.database.dialect.introspect(t.app.database.db)).get(table)?.columns ?? new Set();
}

/** Named columns, not `*`: PostgreSQL's cached plans of a `select *` break when the columns change. */
async function rows(table: string): Promise<Record<string, unknown>[]> {
  const names = [...(await columns(table))].sort();
  return t.app.database.db.selectFrom(table).select(names).orderBy('id').execute();
}

async function call(method: string, url: string, body?: unknown) {
  return t.request(method, url, body === undefined ? { headers } : { headers, body });
}

function article(attributes: Record<string, AttributeDefinition>, extra: Omit<ContentTypeDefinition, 'attributes'> = {}): ContentTypeDefinition {
  return { ...ARTICLE, ...extra, attributes };
}

before(async () => {
  projectDir = projects.write({ [schemaPath('article')]: ARTICLE });
  t = await startTestApp({ fixture: projectDir, clock });
  runtime = t.app.modelRuntime;
  headers = bearer((await createApiToken(t.app, { type: 'full-access' })).token);
});

after(async () => {
  await t.close();
  projects.remove();
});

describe('model runtime: changes served at once', () => {
  it('creates a content-type whose REST and GraphQL endpoints answer at once, with the file a project would hold', async () => {
    const definition = { kind: 'collectionType', info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' }, options: { draftAndPublish: false }, attributes: { text: { type: 'string' } } };
    const result = await runtime.apply([{ kind: 'putType', uid: 'api::note.note', definition }], { confirm: false });
    assert.deepEqual(result.files, [schemaPath('note')]);
    assert.deepEqual(readJson(schemaPath('note')), definition);
    assert.equal(readFileSync(path.join(projectDir, schemaPath('note')), 'utf8'), `${JSON.stringify(definition, null, 2)}\n`);
    const created = await call('POST', '/api/notes', { data: { text: 'hello' } });
    assert.equal(created.status, 201, created.text);
    const list = await call('GET', '/api/notes');
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.data.map((note: { text: string }) => note.text), ['hello']);
    // GraphQL in the default (flat) shape serves the new type too.
    const graphql = await call('POST', '/graphql', { query: '{ notes { text } }' });
    assert.equal(graphql.status, 200, graphql.text);
    assert.deepEqual(graphql.body.data.notes, [{ text: 'hello' }]);
  });

  it('adds an attribute with data present, keeping the data', async () => {
    await call('POST', '/api/articles', { data: { title: 'First', body: 'one' } });
    await runtime.apply([{ kind: 'putType', uid: 'api::article.article', definition: article({ ...ARTICLE.attributes, views: { type: 'integer' } }) }], { confirm: false });
    const updated = await call('PUT', `/api/articles/${(await call('GET', '/api/articles')).body.data[0].documentId}`, { data: { views: 3 } });
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual([updated.body.data.title, updated.body.data.views], ['First', 3]);
  });

  it('refuses to remove an attribute with data unless confirmed, then drops its column', async () => {
    const change = [{ kind: 'putType', uid: 'api::article.article', definition: article({ title: { type: 'string' }, views: { type: 'integer' } }) }] as const;
    const refused = await runtime.apply(change, { confirm: false }).catch((error: unknown) => error);
    assert.ok(refused instanceof Error && 'details' in refused, String(refused));
    assert.deepEqual((refused as unknown as { details: { impacts: unknown[] } }).details.impacts, [
      { model: 'api::article.article', attribute: 'body', change: 'delete-attribute', rows: 1, message: 'Deletes the values of "body"' },
    ]);
    assert.ok((await columns('articles')).has('body'));
    assert.deepEqual(await runtime.plan(change), (refused as unknown as { details: { impacts: unknown[] } }).details.impacts);
    await runtime.apply(change, { confirm: true });
    await removalsDone();
    assert.equal((await columns('articles')).has('body'), false);
    assert.deepEqual(readJson(schemaPath('article')), change[0].definition);
  });

  it('renames an attribute keeping its data, and refuses a type change without confirmation', async () => {
    const renamed = article({ headline: { type: 'string' }, views: { type: 'integer' } });
    await runtime.apply([{ kind: 'putType', uid: 'api::article.article', definition: renamed }, { kind: 'renameAttribute', uid: 'api::article.article', from: 'title', to: 'headline' }], { confirm: true });
    const list = await call('GET', '/api/articles');
    assert.deepEqual(list.body.data.map((item: { headline: string }) => item.headline), ['First']);
    await removalsDone();
    assert.equal((await columns('articles')).has('title'), false);
    const retyped = article({ headline: { type: 'integer' }, views: { type: 'integer' } });
    await assert.rejects(runtime.apply([{ kind: 'putType', uid: 'api::article.article', definition: retyped }], { confirm: false }), UnconfirmedChangeError);
    assert.deepEqual((await call('GET', '/api/articles')).body.data.map((item: { headline: string }) => item.headline), ['First']);
  });

  it('turns Draft & Publish on (existing documents get drafts) and off (one version each)', async () => {
    const attributes = { headline: { type: 'string' }, views: { type: 'integer' } };
    await runtime.apply([{ kind: 'putType', uid: 'api::article.article', definition: article(attributes, { options: { draftAndPublish: true } }) }], { confirm: false });
    const stored = await rows('articles');
    assert.deepEqual(stored.map((row) => row.published_at === null).sort(), [false, true]);
    const documentId = String(stored[0]?.document_id);
    const draft = await call('PUT', `/api/articles/${documentId}?status=draft`, { data: { headline: 'Draft only' } });
    assert.equal(draft.status, 200, draft.text);
    const off = [{ kind: 'putType', uid: 'api::article.article', definition: article(attributes, { options: { draftAndPublish: false } }) }] as const;
    const impacts = await runtime.plan(off);
    assert.deepEqual(impacts.map((impact) => [impact.change, impact.rows]), [['disable-draft-and-publish', 1]]);
    await runtime.apply(off, { confirm: true });
    const after = await rows('articles');
    assert.equal(after.length, 1);
    assert.equal(after[0]?.headline, 'First');
    assert.notEqual(after[0]?.published_at, null);
  });

  it('turns i18n on (documents in the default locale) and off (other locales deleted)', async () => {
    const attributes = { headline: { type: 'string' }, views: { type: 'integer' } };
    const localized = article(attributes, { pluginOptions: { i18n: { localized: true } } });
    await runtime.apply([{ kind: 'putType', uid: 'api::article.article', definition: localized }], { confirm: false });
    const locale = t.app.locales.defaultLocale();
    assert.deepEqual((await rows('articles')).map((row) => row.locale), [locale]);
    const off = [{ kind: 'putType', uid: 'api::article.article', definition: article(attributes) }] as const;
    assert.deepEqual(await runtime.plan(off), []);
    await runtime.apply(off, { confirm: false });
    await removalsDone();
    assert.equal((await columns('articles')).has('locale'), false);
    assert.equal((await rows('articles')).length, 1);
  });

  it('refuses an invalid definition with details, writing nothing', async () => {
    const bad = { kind: 'collectionType', info: { singularName: 'bad', pluralName: 'bads' }, attributes: { title: { type: 'nope' } } };
    const error = await runtime.apply([{ kind: 'putType', uid: 'api::bad.bad', definition: bad }], { confirm: true }).catch((caught: unknown) => caught);
    assert.equal((error as { status?: number }).status, 400);
    const details = (error as { details: { errors: { path: string[] }[] } }).details;
    assert.deepEqual(details.errors[0]?.path, ['api::bad.bad', 'title']);
    assert.equal(existsSync(path.join(projectDir, 'src/api/bad')), false);
    assert.equal((await t.app.database.dialect.introspect(t.app.database.db)).has('bads'), false);
  });

  it('deletes a content-type with documents only when confirmed, with its table and files', async () => {
    const change = [{ kind: 'deleteType', uid: 'api::note.note' }] as const;
    await assert.rejects(runtime.apply(change, { confirm: false }), UnconfirmedChangeError);
    const result = await runtime.apply(change, { confirm: true });
    assert.deepEqual(result.impacts.map((impact) => [impact.model, impact.change, impact.rows]), [['api::note.note', 'delete-model', 1]]);
    assert.equal(existsSync(path.join(projectDir, 'src/api/note')), false);
    await removalsDone();
    assert.equal((await t.app.database.dialect.introspect(t.app.database.db)).has('notes'), false);
    assert.equal((await call('GET', '/api/notes')).status, 404);
  });
});
