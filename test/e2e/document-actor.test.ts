import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createDocumentService, type WriteActor } from '../../src/core/documents/document-service.js';
import { parseDocumentQuery } from '../../src/core/query/parse/parse-document-query.js';
import { DEFAULT_REST_CONFIG } from '../../src/core/config/app-config.js';
import { validateData } from '../../src/core/documents/validate-data.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * created_by_id / updated_by_id: set by writes that name an admin user (the content manager's),
 * left alone by the others, kept by publish's copy, never shown by the content API.
 */
describe('document service: the admin user who creates and changes a version', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ fixture: 'content-manager-app' });
  });
  after(() => app.close());

  const actor = (adminUserId: number): WriteActor => ({ adminUserId, origin: 'content-manager' });

  async function stored(documentId: string): Promise<{ status: string; created: unknown; updated: unknown }[]> {
    const rows = await app.app.database.db.selectFrom('articles').select(['published_at', 'created_by_id', 'updated_by_id']).where('document_id', '=', documentId).orderBy('id').execute();
    return rows.map((row) => ({ status: row.published_at === null ? 'draft' : 'published', created: row.created_by_id === null ? null : Number(row.created_by_id), updated: row.updated_by_id === null ? null : Number(row.updated_by_id) }));
  }

  it('create sets both, update and publish set updated_by_id; writes without an actor change neither; the content API shows neither', async () => {
    const { registry, database, locales } = app.app;
    const service = createDocumentService({ database, registry });
    const contentType = registry.get('api::article.article');
    assert.ok(contentType);
    const query = (status: 'draft' | 'published') => parseDocumentQuery({ status }, { contentType, rest: DEFAULT_REST_CONFIG, registry, locales, filtersChooseLocale: false });
    const created = await service.create({ write: validateData({ title: 'Actor one' }, contentType, 'create', registry), query: query('draft'), actor: actor(7) });
    assert.deepEqual(await stored(created.documentId), [{ status: 'draft', created: 7, updated: 7 }]);

    await service.update({ documentId: created.documentId, write: validateData({ title: 'Actor two' }, contentType, 'update', registry), query: query('draft'), actor: actor(8) });
    assert.deepEqual(await stored(created.documentId), [{ status: 'draft', created: 7, updated: 8 }]);

    await service.publish({ contentType, documentId: created.documentId, query: query('published'), actor: actor(9) });
    assert.deepEqual(await stored(created.documentId), [
      { status: 'draft', created: 7, updated: 8 },
      { status: 'published', created: 7, updated: 9 },
    ]);

    // No actor (content API, project code): the columns keep what they hold.
    await service.update({ documentId: created.documentId, write: validateData({ title: 'Actor three' }, contentType, 'update', registry), query: query('published') });
    assert.deepEqual(await stored(created.documentId), [
      { status: 'draft', created: 7, updated: 8 },
      { status: 'published', created: 7, updated: 9 },
    ]);

    const plain = await service.create({ write: validateData({ title: 'No actor' }, contentType, 'create', registry), query: query('draft') });
    assert.deepEqual(await stored(plain.documentId), [{ status: 'draft', created: null, updated: null }]);

    const list = await app.get('/api/articles');
    assert.equal(list.status, 200);
    const [first] = list.body.data;
    assert.ok(first);
    for (const key of ['createdBy', 'updatedBy', 'created_by_id', 'updated_by_id']) assert.ok(!(key in first), key);
    const filtered = await app.get('/api/articles?filters[createdBy][id][$eq]=7');
    assert.equal(filtered.status, 400);
  });
});
