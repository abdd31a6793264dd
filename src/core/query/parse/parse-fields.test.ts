import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertThrowsWith, contentTypeWith } from '../../../../test/helpers/content-type.js';
import { ValidationError } from '../../shared/errors.js';
import { defaultFields, parseFields } from './parse-fields.js';

const type = contentTypeWith({
  title: { type: 'string' },
  views: { type: 'integer' },
  secret: { type: 'password' },
  notes: { type: 'text', private: true },
  body: { type: 'richtext' },
  related: { type: 'relation', relation: 'oneToMany', target: 'api::article.article' },
});
const fields = (raw: unknown) => parseFields(raw, type).map((attribute) => attribute.name);
const ALL = ['title', 'views', 'body', 'createdAt', 'updatedAt', 'publishedAt'];

/** `path` is the attribute's name when it exists, null when it does not (as the reference's details). */
function rejects(raw: unknown, message: string, key: string, path: string | null = null): void {
  assertThrowsWith(() => parseFields(raw, type), ValidationError, { message, details: { key, path, source: 'query', param: 'fields' } });
}

describe('parseFields', () => {
  it('defaults to every public attribute and the timestamps, never private or password ones', () => {
    assert.deepEqual(defaultFields(type).map((attribute) => attribute.name), ALL);
    for (const raw of [undefined, null, '', '*', ['*'], 'title,*', ',']) assert.deepEqual(fields(raw), ALL, `fields ${JSON.stringify(raw)}`);
  });

  it('selects named attributes from a comma list, an array or an index-keyed object, in definition order', () => {
    assert.deepEqual(fields('title'), ['title']);
    assert.deepEqual(fields('views, title'), ['title', 'views']);
    assert.deepEqual(fields(['body', 'createdAt']), ['body', 'createdAt']);
    assert.deepEqual(fields({ 0: 'views', 1: 'title,body' }), ['title', 'views', 'body']);
    assert.deepEqual(fields('title,title'), ['title']);
  });

  it('accepts id and documentId, which are always returned anyway', () => {
    assert.deepEqual(fields('id'), []);
    assert.deepEqual(fields('documentId,title'), ['title']);
  });

  it('rejects unknown, private and password attributes', () => {
    rejects('foo', 'Invalid key foo', 'foo');
    rejects('title,foo', 'Invalid key foo', 'foo');
    rejects(['notes'], 'Invalid key notes', 'notes', 'notes');
    rejects('secret', 'Invalid key secret', 'secret', 'secret');
  });

  it('rejects linked attributes: they are populated, not selected', () => {
    rejects('related', 'Invalid key related', 'related', 'related');
    rejects(['title', 'related'], 'Invalid key related', 'related', 'related');
  });

  it('rejects values that are not names', () => {
    rejects(5, 'Invalid fields parameter: expected attribute names', 'fields');
    rejects([1], 'Invalid fields parameter: expected attribute names', 'fields');
    rejects({ title: true }, 'Invalid fields parameter: expected attribute names', 'fields');
  });
});
