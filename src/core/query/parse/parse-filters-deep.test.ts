import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { assertThrowsWith, registryWith } from '../../../../test/helpers/content-type.js';
import type { StoredModel } from '../../schema/model.js';
import { loadRegistry } from '../../schema/load-definitions.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import { ValidationError } from '../../shared/errors.js';
import type { FilterNode } from '../document-query.js';
import { parseFilters } from './parse-filters.js';
import { fixturePath } from '../../../../test/helpers/test-app.js';

/** Filters through relations (both sides) and components, on the `relations` test fixture. */

const FIXTURE = fixturePath('relations');

type Shown = { and: Shown[] } | { or: Shown[] } | { not: Shown } | [string, string, unknown] | { [linked: string]: Shown };

/** Conditions as [attribute, operator, value]; relations as { 'relation:<name>:<side>': child }, components as { 'component:<name>@<owner>': child }. */
function show(node: FilterNode): Shown {
  switch (node.kind) {
    case 'and':
      return { and: node.children.map(show) };
    case 'or':
      return { or: node.children.map(show) };
    case 'not':
      return { not: show(node.child) };
    case 'condition':
      return [node.attribute.name, node.operator, node.value];
    case 'relation':
      return { [`relation:${node.attribute.name}:${node.side.side}`]: show(node.child) };
    case 'component':
      return { [`component:${node.attribute.name}@${node.owner}`]: show(node.child) };
  }
}

const at = (key: string, keyPath: string | null) => ({ key, path: keyPath, source: 'query', param: 'filters' });

describe('parseFilters through relations and components', () => {
  let registry: SchemaRegistry;
  let articles: StoredModel;
  let authors: StoredModel;
  let homepage: StoredModel;
  const parse = (raw: unknown, model = articles) => {
    const node = parseFilters(raw, model, registry);
    assert.ok(node);
    return show(node);
  };
  const rejects = (raw: unknown, message: string, details: Record<string, unknown>, model = articles) =>
    assertThrowsWith(() => parseFilters(raw, model, registry), ValidationError, { message, details, status: 400 });

  before(async () => {
    registry = await loadRegistry(FIXTURE);
    const get = (uid: string) => registry.get(uid) ?? assert.fail(uid);
    articles = get('api::article.article');
    authors = get('api::author.author');
    homepage = get('api::homepage.homepage');
  });

  it('walks owner sides, to-one and to-many', () => {
    assert.deepEqual(parse({ author: { name: { $eq: 'Ann' } } }), { 'relation:author:owner': ['name', '$eq', 'Ann'] });
    assert.deepEqual(parse({ categories: { slug: { $in: ['a', 'b'] } } }), { 'relation:categories:owner': ['slug', '$in', ['a', 'b']] });
    assert.deepEqual(parse({ featured: { name: 'x' } }), { 'relation:featured:owner': ['name', '$eq', 'x'] });
  });

  it('walks inverse sides and self relations', () => {
    assert.deepEqual(parse({ articles: { title: { $contains: 'SQL' } } }, authors), { 'relation:articles:inverse': ['title', '$contains', 'SQL'] });
    assert.deepEqual(parse({ related: { title: 'a' } }), { 'relation:related:owner': ['title', '$eq', 'a'] });
    assert.deepEqual(parse({ previous: { next: { title: 'a' } } }), { 'relation:previous:inverse': { 'relation:next:owner': ['title', '$eq', 'a'] } });
  });

  it('walks any depth, casting values to the last attribute', () => {
    assert.deepEqual(parse({ author: { profile: { bio: { $null: 'true' } } } }), { 'relation:author:owner': { 'relation:profile:owner': ['bio', '$null', true] } });
    assert.deepEqual(parse({ author: { articles: { views: { $gt: '10' } } } }), {
      'relation:author:owner': { 'relation:articles:inverse': ['views', '$gt', 10] },
    });
  });

  it('walks components, nested components and relations inside them, naming the owner model', () => {
    assert.deepEqual(parse({ seo: { metaTitle: { $eq: 'T' } } }), { 'component:seo@api::article.article': ['metaTitle', '$eq', 'T'] });
    assert.deepEqual(parse({ links: { target: { title: 'a' } } }), { 'component:links@api::article.article': { 'relation:target:owner': ['title', '$eq', 'a'] } });
    assert.deepEqual(parse({ seo: { tags: { label: 'x' } } }), { 'component:seo@api::article.article': { 'relation:tags:owner': ['label', '$eq', 'x'] } });
    assert.deepEqual(parse({ hero: { heading: { $startsWith: 'W' } } }, homepage), { 'component:hero@api::homepage.homepage': ['heading', '$startsWith', 'W'] });
  });

  it('takes logical operators at every level, inside relation paths too', () => {
    assert.deepEqual(parse({ author: { $or: [{ name: 'a' }, { name: 'b' }] } }), {
      'relation:author:owner': { or: [['name', '$eq', 'a'], ['name', '$eq', 'b']] },
    });
    assert.deepEqual(parse({ $or: [{ author: { name: 'a' } }, { seo: { metaTitle: 'b' } }] }), {
      or: [{ 'relation:author:owner': ['name', '$eq', 'a'] }, { 'component:seo@api::article.article': ['metaTitle', '$eq', 'b'] }],
    });
    assert.deepEqual(parse({ $not: { categories: { name: 'x' } } }), { not: { 'relation:categories:owner': ['name', '$eq', 'x'] } });
    assert.deepEqual(parse({ categories: { $not: { name: 'x' }, slug: 'y' } }), {
      'relation:categories:owner': { and: [{ not: ['name', '$eq', 'x'] }, ['slug', '$eq', 'y']] },
    });
    assert.deepEqual(parse({ author: { name: { $not: { $eq: 'x' } } } }), { 'relation:author:owner': { not: ['name', '$eq', 'x'] } });
  });

  it('compares the linked items\' id when given a bare value, a list or operators (as the reference)', () => {
    assert.deepEqual(parse({ author: '5' }), { 'relation:author:owner': ['id', '$eq', 5] });
    assert.deepEqual(parse({ author: { $eq: '5' } }), { 'relation:author:owner': ['id', '$eq', 5] });
    assert.deepEqual(parse({ categories: ['1', '2'] }), { 'relation:categories:owner': ['id', '$in', [1, 2]] });
    assert.deepEqual(parse({ categories: { $in: ['1', '2'] } }), { 'relation:categories:owner': ['id', '$in', [1, 2]] });
    assert.deepEqual(parse({ author: { $null: 'true' } }), { 'relation:author:owner': ['id', '$null', true] });
    assert.deepEqual(parse({ seo: { $notNull: 'true' } }), { 'component:seo@api::article.article': ['id', '$notNull', true] });
    assert.deepEqual(parse({ author: { $gt: '1', name: 'a' } }), { 'relation:author:owner': { and: [['id', '$gt', 1], ['name', '$eq', 'a']] } });
    assert.deepEqual(parse({ author: { documentId: 'abc' } }), { 'relation:author:owner': ['documentId', '$eq', 'abc'] });
  });

  it('rejects dynamic zones, unknown and private keys with their path', () => {
    rejects({ blocks: { body: 'x' } }, 'Invalid key blocks', at('blocks', null));
    rejects({ $or: [{ blocks: 'x' }] }, 'Invalid key blocks at $or.0.blocks', at('blocks', '$or.0.blocks'));
    rejects({ author: { foo: 'x' } }, 'Invalid key foo at author.foo', at('foo', 'author.foo'));
    rejects({ author: { profile: { foo: { $eq: 1 } } } }, 'Invalid key foo at author.profile.foo', at('foo', 'author.profile.foo'));
    rejects({ seo: { tags: { secret: 'x' } } }, 'Invalid key secret at seo.tags.secret', at('secret', 'seo.tags.secret'));
    rejects({ author: { $foo: 1 } }, 'Invalid key $foo at author.$foo', at('$foo', 'author.$foo'));
    rejects({ author: { $not: { $eq: 1 } } }, 'Invalid key $eq at author.$not.$eq', at('$eq', 'author.$not.$eq'));
    rejects({ author: { name: { $foo: 1 } } }, 'Invalid key $foo at author.name.$foo', at('$foo', 'author.name.$foo'));
  });

  it('rejects bad values under a path with the path', () => {
    rejects({ author: { articles: { views: 'many' } } }, 'Invalid integer value "many" for attribute "views"', at('views', 'author.articles.views'));
    rejects({ author: { $eq: 'x' } }, 'Invalid integer value "x" for attribute "id"', at('$eq', 'author.$eq'));
    rejects({ author: { $or: 'x' } }, '$or expects an array of filters', at('$or', 'author.$or'));
  });

  it('rejects private relations as unknown keys', () => {
    const withPrivate = registryWith({
      title: { type: 'string' },
      hidden: { type: 'relation', relation: 'oneWay', target: 'api::article.article', private: true },
      next: { type: 'relation', relation: 'oneWay', target: 'api::article.article' },
    });
    const type = withPrivate.contentTypes[0] ?? assert.fail();
    assertThrowsWith(() => parseFilters({ hidden: { title: 'x' } }, type, withPrivate), ValidationError, { message: 'Invalid key hidden', details: at('hidden', null) });
    assertThrowsWith(() => parseFilters({ next: { hidden: { title: 'x' } } }, type, withPrivate), ValidationError, {
      message: 'Invalid key hidden at next.hidden',
      details: at('hidden', 'next.hidden'),
    });
  });

  it('bounds the depth of paths and counts linked tests as conditions', () => {
    let deep: Record<string, unknown> = { title: 'x' };
    for (let level = 0; level < 10; level += 1) deep = { related: deep };
    assert.ok(parseFilters(deep, articles, registry));
    rejects({ related: deep }, 'Filters go through at most 10 relations and components', at('related', Array.from({ length: 11 }, () => 'related').join('.')));
    const many = Array.from({ length: 250 }, () => ({ author: { name: 'a' } }));
    assert.ok(parseFilters({ $or: many }, articles, registry));
    rejects({ $or: [...many, { author: { name: 'a' } }] }, 'Too many filter conditions (at most 500)', at('author', '$or.250.author'));
  });
});
