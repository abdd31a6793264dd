import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildFields, fieldsBody, keyCounter, relationBody, storedValue, type RelationItem } from './form-model';
import type { Attributes } from './edit-types';

const item = (documentId: string): RelationItem => ({ documentId, locale: null, label: documentId, status: null });
const context = { components: new Map<string, Attributes>([['shared.quote', { text: { type: 'string' } }]]), mainField: () => 'name', nextKey: keyCounter() };

test('relationBody: nothing when unchanged; new and moved items connected after their predecessor, removed ones disconnected', () => {
  const a = item('a');
  const b = item('b');
  const c = item('c');
  assert.equal(relationBody([a, b, c], [a, b, c]), undefined);
  assert.deepEqual(relationBody([a, b, c], [c, a, b]), { connect: [{ documentId: 'c', position: { start: true } }], disconnect: [] });
  assert.deepEqual(relationBody([a, b], [a, b, c]), { connect: [{ documentId: 'c', position: { after: 'b' } }], disconnect: [] });
  assert.deepEqual(relationBody([a, b, c], [a, c]), { connect: [], disconnect: [{ documentId: 'b' }] });
  // Reversed: one item stays, the others are placed in order.
  const reversed = relationBody([a, b, c], [c, b, a]);
  assert.equal(reversed?.connect instanceof Array ? reversed.connect.length : -1, 2);
});

test('relationBody: locales go with the documentId of the item and of its position', () => {
  const en = { documentId: 'a', locale: 'en', label: 'a', status: null };
  const fr = { documentId: 'b', locale: 'fr', label: 'b', status: null };
  assert.deepEqual(relationBody([], [en, fr]), {
    connect: [
      { documentId: 'a', locale: 'en', position: { start: true } },
      { documentId: 'b', locale: 'fr', position: { after: 'a', locale: 'en' } },
    ],
    disconnect: [],
  });
});

test('storedValue: the editing forms of numbers, dates, times, JSON and empty strings', () => {
  assert.equal(storedValue({ type: 'integer' }, '42'), 42);
  assert.equal(storedValue({ type: 'integer' }, ''), null);
  assert.equal(storedValue({ type: 'biginteger' }, '9007199254740993'), '9007199254740993');
  assert.equal(storedValue({ type: 'time' }, '10:30'), '10:30:00.000');
  assert.equal(storedValue({ type: 'time' }, '10:30:15'), '10:30:15.000');
  assert.deepEqual(storedValue({ type: 'json' }, '{"a":1}'), { a: 1 });
  assert.equal(storedValue({ type: 'json' }, '{'), undefined);
  assert.equal(storedValue({ type: 'email' }, ''), null);
  assert.equal(storedValue({ type: 'string' }, ''), '');
  assert.equal(storedValue({ type: 'enumeration' }, ''), null);
});

test('buildFields and fieldsBody: a stored document comes back as the body that saves it unchanged', () => {
  const attributes: Attributes = {
    id: { type: 'integer' },
    title: { type: 'string' },
    views: { type: 'integer' },
    meta: { type: 'json' },
    seo: { type: 'component', component: 'shared.quote' },
    sections: { type: 'dynamiczone', components: ['shared.quote'] },
    cover: { type: 'media', multiple: false },
    tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' },
  };
  const fields = buildFields(attributes, { id: 3, title: 'T', views: 5, meta: { a: [1] }, seo: { id: 9, text: 'q' }, sections: [{ id: 4, __component: 'shared.quote', text: 'x' }], cover: { id: 7, name: 'f', url: '/f', mime: 'image/png' }, tags: { count: 2 } }, context);
  assert.equal(fields.id, undefined);
  assert.deepEqual(fieldsBody(fields), { title: 'T', views: 5, meta: { a: [1] }, seo: { id: 9, text: 'q' }, sections: [{ __component: 'shared.quote', id: 4, text: 'x' }], cover: 7 });
});
