import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { componentDefinition, typeDefinition } from '../../../test/helpers/model-definitions.js';
import { DEFAULT_REST_CONFIG } from '../config/app-config.js';
import { staticLocaleCatalog } from '../query/locale-catalog.js';
import { parseDocumentQuery } from '../query/parse/parse-document-query.js';
import type { ContentType } from '../schema/content-type.js';
import { buildRegistry } from '../schema/registry.js';
import { queryDependencies } from './cache-dependencies.js';

const registry = buildRegistry(
  [
    typeDefinition('article', {
      attributes: {
        title: { type: 'string' },
        author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author', inversedBy: 'articles' },
        seo: { type: 'component', component: 'shared.seo' },
        blocks: { type: 'dynamiczone', components: ['shared.quote', 'shared.seo'] },
      },
    }),
    typeDefinition('author', { attributes: { name: { type: 'string' }, articles: { type: 'relation', relation: 'oneToMany', target: 'api::article.article', mappedBy: 'author' }, country: { type: 'relation', relation: 'oneWay', target: 'api::country.country' } } }),
    typeDefinition('country', { attributes: { name: { type: 'string' } } }),
    typeDefinition('category', { attributes: { name: { type: 'string' } } }),
  ],
  [
    componentDefinition('shared.seo', { metaTitle: { type: 'string' }, category: { type: 'relation', relation: 'oneWay', target: 'api::category.category' } }),
    componentDefinition('shared.quote', { body: { type: 'string' } }),
  ],
);
const article = registry.get('api::article.article') as ContentType;
const locales = staticLocaleCatalog(['en'], 'en');
const deps = (raw: Record<string, unknown>) => [...queryDependencies(parseDocumentQuery(raw, { contentType: article, rest: DEFAULT_REST_CONFIG, registry, locales }))].sort();

describe('queryDependencies: the types a read can depend on', () => {
  it('an unpopulated read depends on its own type only', () => {
    assert.deepEqual(deps({}), ['api::article.article']);
  });
  it('every type its populate reaches, to any depth, through components and dynamic zones', () => {
    assert.deepEqual(deps({ populate: { author: { populate: { country: true } } } }), ['api::article.article', 'api::author.author', 'api::country.country']);
    assert.deepEqual(deps({ populate: { seo: { populate: { category: true } } } }), ['api::article.article', 'api::category.category']);
    assert.deepEqual(deps({ populate: { seo: true } }), ['api::article.article'], 'a component without its relation populated reads no other type');
    assert.deepEqual(deps({ populate: { blocks: { on: { 'shared.seo': { populate: { category: true } } } } } }), ['api::article.article', 'api::category.category']);
  });
  it('every type its filters and sorts walk through', () => {
    assert.deepEqual(deps({ filters: { author: { country: { name: { $eq: 'x' } } } } }), ['api::article.article', 'api::author.author', 'api::country.country']);
    assert.deepEqual(deps({ sort: 'author.name' }), ['api::article.article', 'api::author.author']);
    assert.deepEqual(deps({ filters: { seo: { category: { name: { $eq: 'x' } } } } }), ['api::article.article', 'api::category.category']);
  });
});
