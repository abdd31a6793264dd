import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createDocumentApi, type DocumentApi } from '../../src/core/documents/document-api.js';
import type { BatchOperation } from '../../src/core/documents/document-service.js';
import { EVENT_OUTBOX_TABLE } from '../../src/core/events/event-outbox.js';
import { parseDocumentQuery } from '../../src/core/query/parse/parse-document-query.js';
import type { ContentType } from '../../src/core/schema/content-type.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The document service's batch (the content manager's bulk actions): one transaction for every
 * operation — a failing one, wherever it fails (a project's before-hook, a draft that cannot be
 * published, a hook inside the transaction), writes nothing and announces nothing — while the
 * project's lifecycles and document middlewares see each document's operation once, before-hooks
 * ahead of the transaction, after-hooks after its commit; one change event per document.
 */

type Call = Record<string, unknown>;
const calls: Call[] = ((globalThis as Record<symbol, Call[]>)[Symbol.for('lifecycles-app.calls')] ??= []);

const ARTICLE = 'api::article.article';
const NOTE = 'api::note.note';

describe('document service: batch (one transaction, hooks and events per document)', () => {
  let t: TestApp;
  let documents: (uid: string) => DocumentApi;
  /** documentIds whose beforeDelete throws (a project's refusal). */
  const refused = new Set<string>();

  const typeOf = (uid: string): ContentType => {
    const contentType = t.app.registry.get(uid);
    assert.ok(contentType);
    return contentType;
  };
  const queryOf = (uid: string, status: 'draft' | 'published') => parseDocumentQuery({ status }, { contentType: typeOf(uid), rest: t.app.config.rest, registry: t.app.registry, locales: t.app.locales, filtersChooseLocale: false });
  const deletes = (uid: string, ids: readonly string[]): BatchOperation[] => ids.map((documentId) => ({ action: 'delete', request: { contentType: typeOf(uid), documentId, locale: t.app.locales.defaultLocale() } }));
  const publishes = (ids: readonly string[]): BatchOperation[] => ids.map((documentId) => ({ action: 'publish', request: { contentType: typeOf(ARTICLE), documentId, query: queryOf(ARTICLE, 'published') } }));

  /** The change events recorded in the outbox (in their write's transaction) for these documents, in order. */
  async function eventsOf(ids: readonly string[]): Promise<string[]> {
    const rows = await t.app.database.db.selectFrom(EVENT_OUTBOX_TABLE.name).select(['event', 'payload']).orderBy('id').execute();
    return rows.flatMap((row) => {
      const payload = JSON.parse(String(row.payload)) as { entry?: { documentId?: string } };
      const index = ids.indexOf(payload.entry?.documentId ?? '');
      return index < 0 ? [] : [`${String(row.event)}#${index}`];
    });
  }

  const hooks = (): unknown[] => calls.filter((call) => typeof call.hook === 'string' && /Delete|Update|test\./.test(String(call.hook))).map((call) => call.hook);

  before(async () => {
    t = await startTestApp({ fixture: 'strapi-lifecycles-app' });
    documents = createDocumentApi(t.app.registry, t.app.model.documents, t.app.locales);
    // Announcing on, as while a webhook exists: events go to the outbox in each write's transaction.
    t.app.changeListeners.set('test', true);
    t.app.hooks.lifecycles.subscribe({
      models: [ARTICLE, NOTE],
      beforeDelete(event) {
        const where = event.params.where as { documentId?: string };
        if (where.documentId && refused.has(where.documentId)) throw new Error('This one stays');
      },
    });
  });
  after(async () => {
    await t?.close();
  });
  beforeEach(() => {
    calls.length = 0;
    refused.clear();
  });

  let made = 0;
  async function articles(count: number, data: (index: number) => Record<string, unknown> = (index) => ({ title: `Batch ${made}-${index}` })): Promise<string[]> {
    made += 1;
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) ids.push((await documents(ARTICLE).create({ data: data(index), status: 'draft' })).documentId);
    calls.length = 0;
    return ids;
  }

  it('deletes: one beforeDelete per document before the transaction, one afterDelete each after it, one entry.delete each', async () => {
    const ids = await articles(3);
    const results = await t.app.model.documents.batch({ operations: deletes(ARTICLE, ids) });
    assert.deepEqual(results, [true, true, true]);
    assert.deepEqual(hooks(), ['beforeDelete', 'beforeDelete', 'beforeDelete', 'afterDelete', 'subscriber.afterDelete', 'afterDelete', 'subscriber.afterDelete', 'afterDelete', 'subscriber.afterDelete']);
    assert.deepEqual((await eventsOf(ids)).filter((event) => event.startsWith('entry.delete')), ['entry.delete#0', 'entry.delete#1', 'entry.delete#2']);
    for (const documentId of ids) assert.equal(await documents(ARTICLE).findOne({ documentId, status: 'draft' }), null);
  });

  it('a beforeDelete that throws for the 3rd document: nothing deleted, no afterDelete, no event', async () => {
    const ids = await articles(4);
    refused.add(ids[2] ?? '');
    await assert.rejects(t.app.model.documents.batch({ operations: deletes(ARTICLE, ids) }), /This one stays/);
    assert.deepEqual(hooks(), ['beforeDelete', 'beforeDelete', 'beforeDelete'], 'the 4th never started, no after-hook ran');
    for (const documentId of ids) assert.notEqual(await documents(ARTICLE).findOne({ documentId, status: 'draft' }), null);
    assert.deepEqual(await eventsOf(ids), ['entry.create#0', 'entry.create#1', 'entry.create#2', 'entry.create#3']);
  });

  it('a failure inside the transaction (after 2 documents were deleted) rolls every one back', async () => {
    const ids = await articles(3);
    const contentType = typeOf(ARTICLE);
    // The 3rd operation names a type without Draft & Publish for a publish: it throws inside the transaction.
    const operations: BatchOperation[] = [...deletes(ARTICLE, ids.slice(0, 2)), { action: 'publish', request: { contentType: typeOf(NOTE), documentId: ids[2] ?? '', query: queryOf(NOTE, 'published') } }];
    await assert.rejects(t.app.model.documents.batch({ operations }), /Draft & Publish/);
    for (const documentId of ids) assert.notEqual(await documents(ARTICLE).findOne({ documentId, status: 'draft' }), null, `${documentId} stays`);
    assert.deepEqual((await eventsOf(ids)).filter((event) => event.startsWith('entry.delete')), []);
    assert.ok(contentType.draftAndPublish);
  });

  it('publish: one draft that breaks a rule publishes nothing; valid drafts publish with one entry.publish each', async () => {
    const ids = await articles(3, (index) => (index === 1 ? { slug: 'batch-no-title' } : { title: `Publish ${index}` }));
    await assert.rejects(t.app.model.documents.batch({ operations: publishes(ids) }), (error: Error & { status?: number }) => error.name === 'ValidationError' || error.status === 400);
    for (const documentId of ids) assert.equal(await documents(ARTICLE).findOne({ documentId, status: 'published' }), null);
    assert.deepEqual((await eventsOf(ids)).filter((event) => event.startsWith('entry.publish')), []);
    assert.deepEqual(hooks(), ['beforeUpdate', 'beforeUpdate', 'beforeUpdate'], 'Tessera announces a publish to lifecycles as an update; no afterUpdate');
    calls.length = 0;
    const valid = [ids[0] ?? '', ids[2] ?? ''];
    const results = await t.app.model.documents.batch({ operations: publishes(valid) });
    assert.equal(results.length, 2);
    assert.deepEqual(hooks(), ['beforeUpdate', 'beforeUpdate', 'afterUpdate', 'afterUpdate']);
    assert.deepEqual((await eventsOf(valid)).filter((event) => event.startsWith('entry.publish')), ['entry.publish#0', 'entry.publish#1']);
  });

  it('document middlewares run once per document of the batch, and one that answers without next() leaves its document out', async () => {
    const notes: string[] = [];
    for (const code of ['a', 'b', 'c']) notes.push((await documents(NOTE).create({ data: { code, title: code } })).documentId);
    const skipped = notes[1] ?? '';
    t.app.hooks.use(async (context, next) => {
      if (context.uid === NOTE && context.action === 'delete' && context.params.documentId === skipped) return null;
      return next();
    });
    calls.length = 0;
    const results = await t.app.model.documents.batch({ operations: deletes(NOTE, notes) });
    assert.deepEqual(results, [true, false, true]);
    assert.deepEqual(
      calls.filter((call) => call.middleware === 'delete').map((call) => (call.params as { documentId: string }).documentId),
      notes,
    );
    assert.notEqual(await documents(NOTE).findOne({ documentId: skipped }), null);
    assert.deepEqual(await eventsOf(notes).then((events) => events.filter((event) => event.startsWith('entry.delete'))), ['entry.delete#0', 'entry.delete#2']);
  });
});
