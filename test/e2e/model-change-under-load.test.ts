import assert from 'node:assert/strict';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ModelChange } from '../../src/core/model/model-change.js';
import type { AttributeDefinition, ContentTypeDefinition } from '../../src/core/schema/definition.js';
import { manualClock } from '../helpers/manual-clock.js';
import { fixturePath, startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * The content model changed while a load of reads runs (issue 9): every REST and GraphQL read
 * answers 200 with a well-formed body across every change, and the reads after the last change
 * show the final model. The relations fixture is copied because a change writes project files.
 */

const ARTICLE = 'api::article.article';
const NOTE = 'api::note.note';
const BADGE = 'shared.badge';
const DOCUMENTS = 50;
const LOOPS = 8;
/** Reads that must have answered while the changes were applied, for the test to mean anything. */
const MIN_READS_DURING_CHANGES = 40;

interface Failure {
  readonly request: string;
  readonly status: number;
  readonly body: string;
  readonly change: string;
}

type Check = (response: TestResponse) => string | null;

/** The app's clock: moved past the grace period of each removal, so that the drops happen during the load. */
const clock = manualClock();
let t: TestApp;
let projectDir: string;
let documentIds: string[] = [];
let articleAttributes: Readonly<Record<string, AttributeDefinition>>;
let articleDefinition: ContentTypeDefinition;

function article(attributes: Readonly<Record<string, AttributeDefinition>>): ContentTypeDefinition {
  return { ...articleDefinition, attributes };
}

function without(attributes: Readonly<Record<string, AttributeDefinition>>, name: string): Record<string, AttributeDefinition> {
  return Object.fromEntries(Object.entries(attributes).filter(([key]) => key !== name));
}

const NOTE_DEFINITION: ContentTypeDefinition = {
  kind: 'collectionType',
  info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
  options: { draftAndPublish: false },
  attributes: { text: { type: 'string' } },
};

/** The changes, in order; each is one `apply`. */
function changes(): { readonly name: string; readonly changes: readonly ModelChange[]; readonly confirm: boolean }[] {
  const withSubtitle = { ...articleAttributes, subtitle: { type: 'string' } } as Record<string, AttributeDefinition>;
  const withBadge = { ...withSubtitle, badge: { type: 'component', component: BADGE } } as Record<string, AttributeDefinition>;
  return [
    { name: 'add content-type note', changes: [{ kind: 'putType', uid: NOTE, definition: NOTE_DEFINITION }], confirm: false },
    { name: 'add attribute article.subtitle', changes: [{ kind: 'putType', uid: ARTICLE, definition: article(withSubtitle) }], confirm: false },
    {
      name: 'add component shared.badge (and article.badge)',
      changes: [
        { kind: 'putComponent', uid: BADGE, definition: { collectionName: 'components_shared_badges', info: { displayName: 'Badge' }, attributes: { label: { type: 'string' } } } },
        { kind: 'putType', uid: ARTICLE, definition: article(withBadge) },
      ],
      confirm: false,
    },
    { name: 'remove attribute article.views', changes: [{ kind: 'putType', uid: ARTICLE, definition: article(without(withBadge, 'views')) }], confirm: true },
    { name: 'delete content-type note', changes: [{ kind: 'deleteType', uid: NOTE }], confirm: true },
  ];
}

const GRAPHQL_LIST = '{ articles(pagination: { pageSize: 100 }, sort: "title:asc") { data { id attributes { title author { data { attributes { name } } } } } } }';

function isDocument(value: unknown): value is { documentId: string; title: string; author?: unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { documentId?: unknown }).documentId === 'string' && typeof (value as { title?: unknown }).title === 'string';
}

const checkList: Check = (response) => {
  const data: unknown = response.body?.data;
  if (!Array.isArray(data) || data.length !== DOCUMENTS || !data.every(isDocument)) return 'list: data is not the 50 articles';
  if (response.body.meta?.pagination?.total !== DOCUMENTS) return 'list: meta.pagination.total is not 50';
  if (!data.every((item) => typeof (item.author as { name?: unknown } | null)?.name === 'string')) return 'list: author not populated';
  return null;
};

function checkOne(documentId: string): Check {
  return (response) => {
    const data: unknown = response.body?.data;
    if (!isDocument(data) || data.documentId !== documentId) return 'findOne: data is not the article asked for';
    return null;
  };
}

const checkGraphql: Check = (response) => {
  if (response.body?.errors !== undefined) return 'graphql: errors';
  const list: unknown = response.body?.data?.articles?.data;
  if (!Array.isArray(list) || list.length !== DOCUMENTS) return 'graphql: data.articles.data is not the 50 articles';
  if (!list.every((item: { attributes?: { title?: unknown; author?: { data?: { attributes?: { name?: unknown } } } } }) => typeof item.attributes?.title === 'string' && typeof item.attributes.author?.data?.attributes?.name === 'string')) {
    return 'graphql: an article without title or author';
  }
  return null;
};

/** Read loops over real HTTP until stopped, recording every answer that is not a good 200 with the change under way. */
function startLoad(current: () => string) {
  const failures: Failure[] = [];
  const counts = new Map<string, number>();
  const waiters: { label: string; count: number; resolve: () => void }[] = [];
  let stopped = false;
  /** Resolves once `count` reads sent under `label` have answered: progress by reads, not by sleeping. */
  function reached(label: string, count: number): Promise<void> {
    if ((counts.get(label) ?? 0) >= count) return Promise.resolve();
    return new Promise((resolve) => waiters.push({ label, count, resolve }));
  }
  async function read(label: string, send: () => Promise<TestResponse>, check: Check): Promise<void> {
    const change = current();
    let response: TestResponse;
    try {
      response = await send();
    } catch (error) {
      failures.push({ request: label, status: 0, body: String(error), change });
      return;
    }
    counts.set(change, (counts.get(change) ?? 0) + 1);
    for (const waiter of waiters.filter((item) => (counts.get(item.label) ?? 0) >= item.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    const problem = response.status === 200 ? check(response) : `status ${response.status}`;
    if (problem !== null) failures.push({ request: label, status: response.status, body: `${problem}: ${response.text.slice(0, 500)}`, change: `${change} → ${current()}` });
  }
  async function loop(index: number): Promise<void> {
    for (let step = 0; !stopped; step += 1) {
      const documentId = documentIds[(index * 7 + step) % documentIds.length] ?? '';
      const kind = (index + step) % 3;
      if (kind === 0) await read('GET /api/articles?populate=*', () => t.get(`/api/articles?populate=*&pagination[pageSize]=100&sort=title`), checkList);
      else if (kind === 1) await read(`GET /api/articles/${documentId}?populate=*`, () => t.get(`/api/articles/${documentId}?populate=*`), checkOne(documentId));
      else await read('POST /graphql articles', () => t.request('POST', '/graphql', { body: { query: GRAPHQL_LIST } }), checkGraphql);
    }
  }
  const loops = Promise.all(Array.from({ length: LOOPS }, (_, index) => loop(index)));
  return {
    failures,
    counts,
    reached,
    async stop(): Promise<void> {
      stopped = true;
      await loops;
    },
  };
}

before(async () => {
  projectDir = await mkdtemp(path.join(tmpdir(), 'tessera-model-load-'));
  await cp(fixturePath('relations'), projectDir, { recursive: true });
  t = await startTestApp({ fixture: projectDir, clock });
  const source = t.app.modelRuntime.source().types.find((type) => type.uid === ARTICLE);
  assert.ok(source, 'the relations fixture has articles');
  articleDefinition = source.definition;
  articleAttributes = source.definition.attributes ?? {};
  const authors: string[] = [];
  for (const name of ['Ann', 'Bob']) {
    const created = await t.post('/api/authors', { data: { name } });
    assert.equal(created.status, 201, created.text);
    authors.push(created.body.data.documentId);
  }
  for (let index = 0; index < DOCUMENTS; index += 1) {
    const data = { title: `Article ${String(index).padStart(2, '0')}`, views: index, author: { connect: [authors[index % 2]] } };
    const created = await t.post('/api/articles', { data });
    assert.equal(created.status, 201, created.text);
    documentIds.push(created.body.data.documentId);
  }
});

after(async () => {
  await t?.close();
  await rm(projectDir, { recursive: true, force: true });
  documentIds = [];
});

describe('model changes under a read load', () => {
  it('answers every REST and GraphQL read with 200 while types, attributes and components come and go', async (context) => {
    let current = 'before the changes';
    const load = startLoad(() => current);
    // Let the load reach a steady state before the first change.
    await load.reached(current, LOOPS * 2);
    const planned = changes();
    const perStep = Math.ceil(MIN_READS_DURING_CHANGES / planned.length);
    for (const step of planned) {
      current = step.name;
      await t.app.modelRuntime.apply(step.changes, { confirm: step.confirm });
      // What the change removed is dropped now, under the load (its grace period passed on the app's clock).
      clock.advance(60_000);
      await t.app.modelRuntime.settled();
      // Reads against each model between changes, not only during the apply: counted, however slow the machine.
      await load.reached(step.name, perStep);
    }
    current = 'after the changes';
    await load.reached(current, LOOPS);
    await load.stop();
    context.diagnostic(`reads per change (counted by the change under way when sent): ${JSON.stringify(Object.fromEntries(load.counts))}`);

    const report = load.failures.map((failure) => `${failure.request} [${failure.change}] ${failure.status} ${failure.body}`).join('\n');
    assert.equal(load.failures.length, 0, `${load.failures.length} reads failed:\n${report}`);
    const during = planned.reduce((sum, step) => sum + (load.counts.get(step.name) ?? 0), 0);
    assert.ok(during >= MIN_READS_DURING_CHANGES, `only ${during} reads during the changes: ${JSON.stringify([...load.counts])}`);
    for (const step of planned) assert.ok((load.counts.get(step.name) ?? 0) > 0, `no read while "${step.name}" was applied`);
  });

  it('serves the final model afterwards: subtitle and badge present, views absent, notes gone', async () => {
    const list = await t.get('/api/articles?populate=*&pagination[pageSize]=100');
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.data.length, DOCUMENTS);
    for (const item of list.body.data as Record<string, unknown>[]) {
      assert.ok('subtitle' in item, JSON.stringify(item));
      assert.ok('badge' in item, JSON.stringify(item));
      assert.equal('views' in item, false, JSON.stringify(item));
    }
    const one = await t.get(`/api/articles/${documentIds[0]}`);
    assert.equal(one.status, 200, one.text);
    assert.ok('subtitle' in one.body.data);
    assert.equal('views' in one.body.data, false);
    const written = await t.put(`/api/articles/${documentIds[0]}`, { data: { subtitle: 'now served', badge: { label: 'new' } } });
    assert.equal(written.status, 200, written.text);
    const graphql = await t.request('POST', '/graphql', { body: { query: `{ articles(filters: { subtitle: { eq: "now served" } }) { data { attributes { subtitle badge { label } } } } }` } });
    assert.equal(graphql.status, 200, graphql.text);
    assert.equal(graphql.body.errors, undefined, graphql.text);
    assert.deepEqual(graphql.body.data.articles.data, [{ attributes: { subtitle: 'now served', badge: { label: 'new' } } }]);
    const views = await t.request('POST', '/graphql', { body: { query: '{ articles { data { attributes { views } } } }' } });
    assert.ok(Array.isArray(views.body.errors), views.text);
    assert.equal((await t.get('/api/notes')).status, 404);
  });
});
