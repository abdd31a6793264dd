import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertThrowsWith } from '../../../../test/helpers/content-type.js';
import { fixturePath } from '../../../../test/helpers/test-app.js';
import { loadComponentDefinitions, loadDefinitions } from '../../schema/load-definitions.js';
import { buildRegistry } from '../../schema/registry.js';
import { ValidationError } from '../../shared/errors.js';
import type { PopulateNode, PopulateSelection } from '../document-query.js';
import { MAX_POPULATE_DEPTH, parsePopulate } from './parse-populate.js';

/** The relations fixture, plus a private relation and a private component on tags. */
const definitions = (await loadDefinitions(fixturePath('relations'))).map((source) =>
  source.uid !== 'api::tag.tag'
    ? source
    : {
        ...source,
        definition: {
          ...source.definition,
          attributes: {
            ...source.definition.attributes,
            curator: { type: 'relation', relation: 'oneWay', target: 'api::author.author', private: true },
            notes: { type: 'component', component: 'shared.quote', private: true },
          },
        },
      },
);
const registry = buildRegistry(definitions, await loadComponentDefinitions(fixturePath('relations')));
const article = registry.get('api::article.article')!;
const tagType = registry.get('api::tag.tag')!;

const parse = (raw: unknown) => parsePopulate(raw, article, registry);

/** A populate tree with models and attributes shown by name, so that expected trees stay readable. */
type Shown = Record<string, unknown>;

function showSelection(selection: PopulateSelection, defaults: readonly string[]): Shown {
  const fields = selection.fields.map((attribute) => attribute.name);
  const shown: Shown = {};
  if (fields.join() !== defaults.join()) shown.fields = fields;
  if (selection.populate.length > 0) shown.populate = show(selection.populate);
  return shown;
}

function show(nodes: readonly PopulateNode[]): Shown {
  const shown: Shown = {};
  for (const node of nodes) {
    if (node.kind === 'dynamiczone') {
      const kinds = Object.fromEntries([...node.components].map(([uid, selection]) => [uid, showSelection(selection, selection.model.readableAttributes.map((a) => a.name))]));
      shown[node.attribute.name] = { zone: kinds, ...(node.count ? { count: true } : {}) };
      continue;
    }
    const entry = showSelection(node, node.model.readableAttributes.map((attribute) => attribute.name));
    if (node.kind === 'component') {
      shown[node.attribute.name] = { component: node.model.uid, ...entry };
      continue;
    }
    if (node.kind === 'localizations') {
      shown.localizations = entry;
      continue;
    }
    shown[node.attribute.name] = {
      [node.side.side]: node.model.uid,
      ...entry,
      ...(node.filters ? { filters: node.filters.kind } : {}),
      ...(node.sort.length > 0 ? { sort: node.sort.map((key) => `${key.attribute.name}:${key.direction}`) } : {}),
      ...(node.count ? { count: true } : {}),
    };
  }
  return shown;
}

const AUTHOR = { owner: 'api::author.author' };
const CATEGORIES = { owner: 'api::category.category' };
const SEO = { component: 'shared.seo' };
const EMPTY_ZONE = { zone: { 'shared.quote': {}, 'shared.slider': {}, 'shared.rich-text': {} } };

function expectInvalid(raw: unknown, message: string, key: string, path: string | null, model = article): void {
  assertThrowsWith(() => parsePopulate(raw, model, registry), ValidationError, { message, details: { key, path, source: 'query', param: 'populate' } });
}

describe('parsePopulate: forms', () => {
  it('nothing populated without populate', () => {
    for (const raw of [undefined, null, '', ',']) assert.deepEqual(parse(raw), []);
  });

  it('* populates every relation, component and zone one level deep, in definition order', () => {
    assert.deepEqual(show(parse('*')), {
      author: AUTHOR,
      categories: CATEGORIES,
      related: { owner: 'api::article.article' },
      featured: { owner: 'api::category.category' },
      next: { owner: 'api::article.article' },
      previous: { inverse: 'api::article.article' },
      seo: SEO,
      links: { component: 'shared.link' },
      blocks: EMPTY_ZONE,
    });
  });

  it('* leaves out private relations and components', () => {
    assert.deepEqual(Object.keys(show(parsePopulate('*', tagType, registry))), []);
  });

  it('comma lists, with spaces', () => {
    assert.deepEqual(show(parse('author, seo')), { author: AUTHOR, seo: SEO });
  });

  it('indexed lists, as arrays and as objects with index keys', () => {
    const expected = { author: AUTHOR, categories: CATEGORIES };
    assert.deepEqual(show(parse(['categories', 'author'])), expected);
    assert.deepEqual(show(parse({ 0: 'author', 1: 'categories' })), expected);
    assert.deepEqual(show(parse({ 0: 'author,categories' })), expected);
  });

  it('populate[x]=true, * and false', () => {
    assert.deepEqual(show(parse({ author: 'true', categories: '*', seo: true, links: 'false', blocks: false })), { author: AUTHOR, categories: CATEGORIES, seo: SEO });
  });

  it('dotted paths nest, validated segment by segment (inverse sides too)', () => {
    assert.deepEqual(show(parse('author.articles.categories')), {
      author: { ...AUTHOR, populate: { articles: { inverse: 'api::article.article', populate: { categories: CATEGORIES } } } },
    });
    assert.deepEqual(show(parse('links.target')), { links: { component: 'shared.link', populate: { target: { owner: 'api::article.article' } } } });
  });

  it('after a zone, a dotted name applies to the components that have it', () => {
    assert.deepEqual(show(parse('blocks.slides.link.target')), {
      blocks: {
        zone: {
          'shared.quote': {},
          'shared.slider': { populate: { slides: { component: 'shared.slide', populate: { link: { component: 'shared.link', populate: { target: { owner: 'api::article.article' } } } } } } },
          'shared.rich-text': {},
        },
      },
    });
  });

  it('entries naming the same attribute merge', () => {
    assert.deepEqual(show(parse('seo,seo.tags')), { seo: { ...SEO, populate: { tags: { owner: 'api::tag.tag' } } } });
    const merged = show(parse(['*', 'author.profile', { author: { fields: ['name'] } }]));
    assert.deepEqual(merged.author, { ...AUTHOR, fields: ['name'], populate: { profile: { owner: 'api::profile.profile' } } });
    assert.deepEqual(merged.seo, SEO);
  });

  it('objects per relation: fields, filters, sort, populate, count', () => {
    const tree = show(parse({ author: { fields: ['name'], filters: { name: { $eq: 'Ann' } }, sort: 'name:desc', populate: { profile: true }, count: 'false' } }));
    assert.deepEqual(tree, { author: { ...AUTHOR, fields: ['name'], filters: 'condition', sort: ['name:desc'], populate: { profile: { owner: 'api::profile.profile' } } } });
    assert.deepEqual(show(parse({ categories: { count: 'true' } })), { categories: { ...CATEGORIES, count: true } });
    assert.deepEqual(show(parse({ categories: { populate: '*' } })).categories, { ...CATEGORIES, populate: { articles: { inverse: 'api::article.article' }, parent: CATEGORIES, children: { inverse: 'api::category.category' } } });
    assert.deepEqual(show(parse({ author: { populate: ['profile'] } })).author, { ...AUTHOR, populate: { profile: { owner: 'api::profile.profile' } } });
  });

  it('a populate sort drops the id parseSort appends (link order breaks ties) but keeps an explicit one', () => {
    assert.deepEqual(show(parse({ categories: { sort: ['name'] } })).categories, { ...CATEGORIES, sort: ['name:asc'] });
    assert.deepEqual(show(parse({ categories: { sort: { id: 'desc' } } })).categories, { ...CATEGORIES, sort: ['id:desc'] });
    assert.deepEqual(show(parse({ categories: { sort: 'name,id' } })).categories, { ...CATEGORIES, sort: ['name:asc', 'id:asc'] });
    const [related] = parse({ related: { sort: 'author.name:desc' } });
    assert.ok(related?.kind === 'relation');
    assert.deepEqual(related.sort.map((key) => [key.path.map((step) => step.attribute.name), key.attribute.name, key.direction]), [[['author'], 'name', 'desc']]);
  });

  it('components take fields and populate', () => {
    assert.deepEqual(show(parse({ seo: { fields: 'metaTitle', populate: 'tags' } })), { seo: { ...SEO, fields: ['metaTitle'], populate: { tags: { owner: 'api::tag.tag' } } } });
    // A component named alone gets its scalar fields only.
    assert.deepEqual(show(parse('links')), { links: { component: 'shared.link' } });
  });

  it('dynamic zones: on fragments, the shared strategy and count', () => {
    const fragments = show(parse({ blocks: { on: { 'shared.quote': { fields: ['body'], populate: { by: true } }, 'shared.slider': 'true' } } }));
    // Only the kinds the fragments name are read (and output).
    assert.deepEqual(fragments, { blocks: { zone: { 'shared.quote': { populate: { by: { owner: 'api::author.author' } } }, 'shared.slider': {} } } });
    assert.deepEqual(show(parse({ blocks: { on: { 'shared.quote': 'true', 'shared.slider': 'false' } } })), { blocks: { zone: { 'shared.quote': {} } } });
    const shared = show(parse({ blocks: { populate: '*' } }));
    assert.deepEqual(shared, { blocks: { zone: { 'shared.quote': { populate: { by: AUTHOR } }, 'shared.slider': { populate: { slides: { component: 'shared.slide' } } }, 'shared.rich-text': {} } } });
    assert.deepEqual(show(parse({ blocks: { count: true } })), { blocks: { ...EMPTY_ZONE, count: true } });
  });

  it('a zone fragment selects fields', () => {
    const [node] = parse({ blocks: { on: { 'shared.slider': { fields: ['title'] } } } });
    assert.ok(node?.kind === 'dynamiczone');
    assert.deepEqual(node.components.get('shared.slider')?.fields.map((attribute) => attribute.name), ['title']);
  });

  it('populate reaches 20 levels', () => {
    const path = Array.from({ length: MAX_POPULATE_DEPTH }, () => 'related').join('.');
    let nodes = parse(path);
    for (let depth = 0; depth < MAX_POPULATE_DEPTH; depth += 1) {
      assert.equal(nodes.length, 1);
      nodes = nodes[0]!.kind === 'relation' ? nodes[0]!.populate : [];
    }
    assert.equal(nodes.length, 0);
  });
});

describe('parsePopulate: errors', () => {
  it('unknown names, scalars and private attributes are invalid keys', () => {
    expectInvalid('nope', 'Invalid key nope', 'nope', null);
    expectInvalid('title', 'Invalid key title', 'title', null);
    expectInvalid({ views: true }, 'Invalid key views', 'views', null);
    expectInvalid('author,*,nope', 'Invalid key nope', 'nope', null);
    expectInvalid('curator', 'Invalid key curator', 'curator', null, tagType);
    expectInvalid({ notes: true }, 'Invalid key notes', 'notes', null, tagType);
    expectInvalid('secret', 'Invalid key secret', 'secret', null, tagType);
    expectInvalid('true', 'Invalid key true', 'true', null);
  });

  it('a dotted path reports the bad segment with its path', () => {
    expectInvalid('author.name', 'Invalid key name at author.name', 'name', 'author.name');
    expectInvalid('author.nope.x', 'Invalid key nope at author.nope', 'nope', 'author.nope');
    expectInvalid('author..profile', 'Invalid key  at author.', '', 'author.');
    expectInvalid('blocks.nope', 'Invalid key nope at blocks.nope', 'nope', 'blocks.nope');
    expectInvalid('blocks.title', 'Invalid key title at blocks.title', 'title', 'blocks.title');
    expectInvalid({ author: { populate: { nope: true } } }, 'Invalid key nope at author.nope', 'nope', 'author.nope');
  });

  it('unknown keys in an object, nested pagination included', () => {
    for (const key of ['pagination', 'page', 'pageSize', 'start', 'limit', 'nope']) {
      expectInvalid({ author: { [key]: '1' } }, `Invalid key ${key} at author.${key}`, key, `author.${key}`);
    }
    expectInvalid({ categories: { count: 'maybe' } }, 'Invalid key count at categories.count', 'count', 'categories.count');
  });

  it('components refuse filters, sort and count', () => {
    for (const key of ['filters', 'sort', 'count']) expectInvalid({ seo: { [key]: 'x' } }, `Invalid key ${key} at seo.${key}`, key, `seo.${key}`);
  });

  it('nested fields, filters and sort are checked by their parsers, reported under populate', () => {
    expectInvalid({ author: { fields: ['nope'] } }, 'Invalid key nope at author.fields.nope', 'nope', 'author.fields.nope');
    expectInvalid({ author: { filters: { nope: 'x' } } }, 'Invalid key nope at author.filters.nope', 'nope', 'author.filters.nope');
    expectInvalid({ author: { sort: 'nope' } }, 'Invalid key nope at author.sort.nope', 'nope', 'author.sort.nope');
    assertThrowsWith(() => parse({ author: { sort: 'name:up' } }), ValidationError, {
      message: 'Invalid order. order can only be one of asc|desc|ASC|DESC',
      details: { key: 'sort', path: 'author.sort', source: 'query', param: 'populate' },
    });
  });

  it('fragments only on dynamic zones', () => {
    const on = { on: { 'shared.quote': true } };
    expectInvalid({ author: on }, 'Using fragments is not permitted to populate "author" in "api::article.article"', 'on', 'author.on');
    expectInvalid({ seo: on }, 'Using fragments is not permitted to populate "seo" in "api::article.article"', 'on', 'seo.on');
  });

  it('dynamic zones take only on, populate=* and count (reference messages)', () => {
    expectInvalid(
      { blocks: { fields: ['title'] } },
      'Invalid nested populate for article.blocks (api::article.article). Expected a fragment ("on") or "count" but found {"fields":["title"]}',
      'fields',
      'blocks.fields',
    );
    assertThrowsWith(() => parse({ blocks: { populate: 'slides' } }), ValidationError, {
      details: { key: 'populate', path: 'blocks.populate', source: 'query', param: 'populate' },
    });
    assert.throws(() => parse({ blocks: { populate: { slides: true } } }), /^ValidationError: Invalid nested population query detected/);
    expectInvalid({ blocks: { on: { 'shared.seo': true } } }, 'Invalid key shared.seo at blocks.on.shared.seo', 'shared.seo', 'blocks.on.shared.seo');
    expectInvalid({ blocks: { on: { 'shared.quote': { filters: {} } } } }, 'Invalid key filters at blocks.on.shared.quote.filters', 'filters', 'blocks.on.shared.quote.filters');
    expectInvalid({ blocks: { on: { 'shared.quote': { populate: { nope: true } } } } }, 'Invalid key nope at blocks.nope', 'nope', 'blocks.nope');
  });

  it('values that are not names, flags or objects', () => {
    expectInvalid({ author: 'maybe' }, "Invalid nested populate for author: expected '*', true, false or an object", 'author', null);
    expectInvalid({ author: ['name'] }, "Invalid nested populate for author: expected '*', true, false or an object", 'author', null);
    expectInvalid([['author']], 'Invalid populate parameter', 'populate', null);
    expectInvalid(42, 'Invalid populate parameter', 'populate', null);
  });

  it('the tree is bounded in depth and size', () => {
    const tooDeep = Array.from({ length: MAX_POPULATE_DEPTH + 1 }, () => 'related').join('.');
    assert.throws(() => parse(tooDeep), (error: unknown) => error instanceof ValidationError && /too deep/.test(error.message));
    const names = ['related', 'next', 'previous'];
    const paths: string[] = [''];
    for (let length = 0; length < 5; length += 1) paths.splice(0, paths.length, ...paths.flatMap((path) => names.map((name) => (path ? `${path}.${name}` : name))));
    assert.throws(() => parse(paths.join(',')), (error: unknown) => error instanceof ValidationError && /Too many populated attributes/.test(error.message));
  });
});
