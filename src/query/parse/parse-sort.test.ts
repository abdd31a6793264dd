import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertThrowsWith, contentTypeWith } from '../../../test/helpers/content-type.js';
import { ValidationError } from '../../shared/errors.js';
import { parseSort } from './parse-sort.js';

const type = contentTypeWith({ title: { type: 'string' }, views: { type: 'integer' }, secret: { type: 'password' }, notes: { type: 'text', private: true } });

/** Sort keys as `name:direction`. */
const sort = (raw: unknown) => parseSort(raw, type).map((key) => `${key.attribute.name}:${key.direction}`);

function rejects(raw: unknown, message: string, key = 'sort'): void {
  assertThrowsWith(() => parseSort(raw, type), ValidationError, { message, details: { key, path: null, source: 'query', param: 'sort' } });
}

describe('parseSort', () => {
  it('sorts by id alone when no sort is given', () => {
    for (const raw of [undefined, null, '']) assert.deepEqual(sort(raw), ['id:asc']);
  });

  it('reads a field, field:order and comma lists, in any case of order', () => {
    assert.deepEqual(sort('title'), ['title:asc', 'id:asc']);
    assert.deepEqual(sort('title:desc'), ['title:desc', 'id:asc']);
    assert.deepEqual(sort('title:DESC,views:ASC'), ['title:desc', 'views:asc', 'id:asc']);
    assert.deepEqual(sort(' title:desc , views '), ['title:desc', 'views:asc', 'id:asc']);
  });

  it('reads arrays of strings and objects, objects with several keys, and index-keyed objects', () => {
    assert.deepEqual(sort(['title:desc', 'views']), ['title:desc', 'views:asc', 'id:asc']);
    assert.deepEqual(sort([{ views: 'desc' }, 'title']), ['views:desc', 'title:asc', 'id:asc']);
    assert.deepEqual(sort({ title: 'desc', views: 'asc' }), ['title:desc', 'views:asc', 'id:asc']);
    assert.deepEqual(sort({ 1: 'views', 0: 'title:desc' }), ['title:desc', 'views:asc', 'id:asc']);
  });

  it('keeps the first direction of a repeated field', () => {
    assert.deepEqual(sort(['title', 'title:desc']), ['title:asc', 'id:asc']);
  });

  it('adds no id tie-breaker when the sort already has a unique key', () => {
    assert.deepEqual(sort('id:desc'), ['id:desc']);
    assert.deepEqual(sort('views,id:desc'), ['views:asc', 'id:desc']);
    assert.deepEqual(sort('documentId:desc'), ['documentId:desc']);
  });

  it('sorts on timestamps', () => {
    assert.deepEqual(sort('createdAt:desc'), ['createdAt:desc', 'id:asc']);
  });

  it('rejects unknown, private and password fields', () => {
    rejects('foo', 'Invalid key foo', 'foo');
    rejects('title,foo:desc', 'Invalid key foo', 'foo');
    rejects({ notes: 'asc' }, 'Invalid key notes', 'notes');
    rejects('secret', 'Invalid key secret', 'secret');
  });

  it('rejects a bad order', () => {
    rejects('title:up', 'Invalid order. order can only be one of asc|desc|ASC|DESC');
    rejects('title:', 'Invalid order. order can only be one of asc|desc|ASC|DESC');
    rejects({ title: 1 }, 'Invalid order. order can only be one of asc|desc|ASC|DESC');
  });

  it('rejects values of the wrong shape', () => {
    rejects(5, 'Invalid sort parameter: expected a field name, "field:order" or an object');
    rejects([['title']], 'Invalid sort parameter: expected a field name, "field:order" or an object');
  });

  it('rejects a key without a field name', () => {
    rejects(':desc', 'Invalid sort parameter: a sort key needs a field name');
  });

  it('caps the number of keys', () => {
    rejects(Array.from({ length: 21 }, () => 'title'), 'Too many sort keys (at most 20)');
  });
});
