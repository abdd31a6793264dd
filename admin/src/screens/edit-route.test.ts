import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editRoute } from './edit-route';

test('editRoute: the create and document addresses of a collection type, a single type, and none else', () => {
  assert.deepEqual(editRoute('/admin/content-manager/collection-types/api::article.article/create'), { kind: 'collection-types', uid: 'api::article.article', documentId: null });
  assert.deepEqual(editRoute('/admin/content-manager/collection-types/api::article.article/abc123'), { kind: 'collection-types', uid: 'api::article.article', documentId: 'abc123' });
  assert.deepEqual(editRoute('/admin/content-manager/single-types/api::homepage.homepage'), { kind: 'single-types', uid: 'api::homepage.homepage', documentId: null });
  assert.equal(editRoute('/admin/content-manager/collection-types/api::article.article'), null);
  assert.equal(editRoute('/admin'), null);
});
