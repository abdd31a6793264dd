import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { assertThrowsWith, registryWith } from '../../../../test/helpers/content-type.js';
import { loadRegistry } from '../../schema/load-definitions.js';
import type { StoredModel } from '../../schema/model.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import { ValidationError } from '../../shared/errors.js';
import { parseSort } from './parse-sort.js';
import { fixturePath } from '../../../../test/helpers/test-app.js';

const registry = registryWith({ title: { type: 'string' }, views: { type: 'integer' }, secret: { type: 'password' }, notes: { type: 'text', private: true } });
const type = registry.contentTypes[0]!;

/** Sort keys as `name:direction`. */
const sort = (raw: unknown) => parseSort(raw, type, registry).map((key) => `${key.attribute.name}:${key.direction}`);

function rejects(raw: unknown, message: string, key = 'sort'): void {
  assertThrowsWith(() => parseSort(raw, type, registry), ValidationError, { message, details: { key, path: null, source: 'query', param: 'sort' } });
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

describe('parseSort through relations and components', () => {
  let fixture: SchemaRegistry;
  let articles: StoredModel;
  before(async () => {
    fixture = await loadRegistry(fixturePath('relations'));
    articles = fixture.get('api::article.article') ?? assert.fail();
  });
  /** Keys as `step.step.attribute:direction`, steps marked with their kind and side. */
  const deep = (raw: unknown) =>
    parseSort(raw, articles, fixture).map(
      (key) => `${[...key.path.map((step) => `${step.attribute.name}(${step.kind === 'relation' ? step.side.side : 'component'})`), key.attribute.name].join('.')}:${key.direction}`,
    );
  const rejectsDeep = (raw: unknown, message: string, key: string, keyPath: string | null) =>
    assertThrowsWith(() => parseSort(raw, articles, fixture), ValidationError, { message, details: { key, path: keyPath, source: 'query', param: 'sort' } });

  it('reads dotted paths in strings, lists and comma lists', () => {
    assert.deepEqual(deep('author.name:asc'), ['author(owner).name:asc', 'id:asc']);
    assert.deepEqual(deep(['categories.name:desc', 'title']), ['categories(owner).name:desc', 'title:asc', 'id:asc']);
    assert.deepEqual(deep('author.profile.bio:desc,previous.title'), ['author(owner).profile(owner).bio:desc', 'previous(inverse).title:asc', 'id:asc']);
  });

  it('reads object forms, nested and with several keys', () => {
    assert.deepEqual(deep({ author: { name: 'asc' } }), ['author(owner).name:asc', 'id:asc']);
    assert.deepEqual(deep([{ author: { name: 'DESC', profile: { bio: 'asc' } } }, { seo: { metaTitle: 'desc' } }]), [
      'author(owner).name:desc',
      'author(owner).profile(owner).bio:asc',
      'seo(component).metaTitle:desc',
      'id:asc',
    ]);
    assert.deepEqual(deep({ 'author.name': 'desc' }), ['author(owner).name:desc', 'id:asc']);
  });

  it('walks components, relations in components and nested components', () => {
    assert.deepEqual(deep('seo.metaTitle'), ['seo(component).metaTitle:asc', 'id:asc']);
    assert.deepEqual(deep('links.target.title:desc'), ['links(component).target(owner).title:desc', 'id:asc']);
    assert.deepEqual(deep('seo.tags.label'), ['seo(component).tags(owner).label:asc', 'id:asc']);
  });

  it('keeps the id tie-breaker when only a linked id is sorted on, and drops repeated paths', () => {
    assert.deepEqual(deep('author.id:desc'), ['author(owner).id:desc', 'id:asc']);
    assert.deepEqual(deep(['author.name', 'author.name:desc', 'title']), ['author(owner).name:asc', 'title:asc', 'id:asc']);
  });

  it('rejects a relation or component without a sub-field, dynamic zones, unknown and private keys', () => {
    rejectsDeep('author', 'Invalid key author', 'author', null);
    rejectsDeep({ seo: 'asc' }, 'Invalid key seo', 'seo', null);
    rejectsDeep('blocks.body', 'Invalid key blocks', 'blocks', null);
    rejectsDeep('author.foo', 'Invalid key foo at author.foo', 'foo', 'author.foo');
    rejectsDeep('title.foo', 'Invalid key title', 'title', null);
    rejectsDeep({ author: { profile: 'asc' } }, 'Invalid key profile at author.profile', 'profile', 'author.profile');
    rejectsDeep('seo.tags.secret', 'Invalid key secret at seo.tags.secret', 'secret', 'seo.tags.secret');
    rejectsDeep('author.name:up', 'Invalid order. order can only be one of asc|desc|ASC|DESC', 'sort', null);
    rejectsDeep('author.', 'Invalid sort parameter: a sort key needs a field name', 'sort', null);
  });

  it('rejects private relations and bounds the depth', () => {
    const withPrivate = registryWith({
      title: { type: 'string' },
      hidden: { type: 'relation', relation: 'oneWay', target: 'api::article.article', private: true },
      next: { type: 'relation', relation: 'oneWay', target: 'api::article.article' },
    });
    const type = withPrivate.contentTypes[0] ?? assert.fail();
    assertThrowsWith(() => parseSort('next.hidden.title', type, withPrivate), ValidationError, {
      message: 'Invalid key hidden at next.hidden',
      details: { key: 'hidden', path: 'next.hidden', source: 'query', param: 'sort' },
    });
    assert.equal(parseSort(`${'next.'.repeat(10)}title`, type, withPrivate)[0]?.path.length, 10);
    assertThrowsWith(() => parseSort(`${'next.'.repeat(11)}title`, type, withPrivate), ValidationError, {
      message: 'A sort key goes through at most 10 relations and components',
      details: { key: 'sort', path: null, source: 'query', param: 'sort' },
    });
  });
});
