import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { componentDefinition, typeDefinition } from '../../../../test/helpers/model-definitions.js';
import { DEFAULT_REST_CONFIG } from '../../../core/config/app-config.js';
import { staticLocaleCatalog } from '../../../core/query/locale-catalog.js';
import type { FilterNode } from '../../../core/query/document-query.js';
import { parseDocumentQuery } from '../../../core/query/parse/parse-document-query.js';
import type { ContentType } from '../../../core/schema/content-type.js';
import { buildRegistry } from '../../../core/schema/registry.js';
import { ValidationError } from '../../../core/shared/errors.js';
import { filtersToParams } from './filters-to-params.js';

const registry = buildRegistry(
  [
    typeDefinition('article', {
      pluginOptions: { i18n: { localized: true } },
      attributes: {
        title: { type: 'string' },
        views: { type: 'integer' },
        big: { type: 'biginteger' },
        rating: { type: 'float' },
        price: { type: 'decimal' },
        isFeatured: { type: 'boolean' },
        day: { type: 'date' },
        clock: { type: 'time' },
        at: { type: 'datetime' },
        state: { type: 'enumeration', enum: ['draft-mode', 'Archived'] },
        categories: { type: 'relation', relation: 'manyToMany', target: 'api::category.category', inversedBy: 'articles' },
        seo: { type: 'component', component: 'shared.seo' },
      },
    }),
    typeDefinition('category', { attributes: { name: { type: 'string' }, articles: { type: 'relation', relation: 'manyToMany', target: 'api::article.article', mappedBy: 'categories' } } }),
  ],
  [componentDefinition('shared.seo', { metaTitle: { type: 'string' }, category: { type: 'relation', relation: 'oneWay', target: 'api::category.category' } })],
);
const article = registry.get('api::article.article') as ContentType;
const locales = staticLocaleCatalog(['en'], 'en');

/** The REST parser's tree of the mapped filters, conditions as [attribute, operator, value]. */
function parsed(filters: Record<string, unknown>): unknown {
  const params = filtersToParams(filters, article, registry);
  const query = parseDocumentQuery({ filters: params }, { contentType: article, rest: DEFAULT_REST_CONFIG, registry, locales });
  const show = (node: FilterNode): unknown => {
    switch (node.kind) {
      case 'and':
      case 'or':
        return { [node.kind]: node.children.map(show) };
      case 'not':
        return { not: show(node.child) };
      case 'condition':
        return [node.attribute.name, node.operator, node.value];
      case 'relation':
      case 'component':
        return { [node.attribute.name]: show(node.child) };
    }
  };
  return query.filters && show(query.filters);
}

describe('filtersToParams', () => {
  it('maps operators to $operators, model-level and/or/not to $and/$or/$not, recursing through relations and components', () => {
    const params = filtersToParams(
      {
        title: { eq: 'a', containsi: 'B', not: { startsWithi: 'c' } },
        or: [{ views: { gt: 3 } }, { categories: { name: { in: ['x', 'y'] }, articles: { title: { null: true } } } }],
        not: { seo: { metaTitle: { notNull: true }, category: { name: { eqi: 'z' } } } },
        and: [{ localizations: { locale: { eq: 'fr' } } }],
      },
      article,
      registry,
    );
    assert.deepEqual(params, {
      title: { $eq: 'a', $containsi: 'B', $not: { $startsWithi: 'c' } },
      $or: [{ views: { $gt: 3 } }, { categories: { name: { $in: ['x', 'y'] }, articles: { title: { $null: true } } } }],
      $not: { seo: { metaTitle: { $notNull: true }, category: { name: { $eqi: 'z' } } } },
      $and: [{ localizations: { locale: { $eq: 'fr' } } }],
    });
  });

  it('maps scalar-level and/or lists of values to equalities', () => {
    assert.deepEqual(filtersToParams({ views: { or: [1, 2], and: [3] } }, article, registry), { views: { $or: [{ $eq: 1 }, { $eq: 2 }], $and: [{ $eq: 3 }] } });
  });

  it('drops unset fields and empty filters; keeps eq/ne null', () => {
    assert.deepEqual(
      filtersToParams({ title: null, views: {}, big: { gt: null, not: {} }, rating: { eq: null, ne: null, in: undefined }, seo: { metaTitle: {} }, not: {}, or: [{ title: { eq: 'a' } }, null] }, article, registry),
      { rating: { $eq: null, $ne: null }, $or: [{ title: { $eq: 'a' } }] },
    );
  });

  it('gives the REST parser typed values it accepts: numbers, booleans, dates, lists', () => {
    assert.deepEqual(
      parsed({
        views: { eq: 10, in: [1, 2], between: [1, 5], or: [7, 8], not: { lt: 0 } },
        big: { gte: 5, lte: '9007199254740993' },
        rating: { gt: 1.5, notIn: [2.5] },
        price: { eq: 19.99, between: [1, 1e21] },
        isFeatured: { eq: true, ne: false, in: [true] },
        day: { between: ['2024-01-01', '2024-12-31'] },
        clock: { gt: '10:00' },
        at: { lt: '2024-01-01T00:00:00Z', in: ['2024-01-01T10:00:00.000Z'] },
        state: { eq: 'draft-mode' },
        title: { null: false, notNull: true, contains: 'x' },
        documentId: { in: ['abc'] },
        locale: { eq: 'en' },
        createdAt: { gt: '2020-01-01' },
      }),
      {
        and: [
          { and: [['views', '$eq', 10], ['views', '$in', [1, 2]], ['views', '$between', [1, 5]], { or: [['views', '$eq', 7], ['views', '$eq', 8]] }, { not: ['views', '$lt', 0] }] },
          { and: [['big', '$gte', 5n], ['big', '$lte', 9007199254740993n]] },
          { and: [['rating', '$gt', 1.5], ['rating', '$notIn', [2.5]]] },
          { and: [['price', '$eq', '19.99'], ['price', '$between', ['1', '1000000000000000000000']]] },
          { and: [['isFeatured', '$eq', true], ['isFeatured', '$ne', false], ['isFeatured', '$in', [true]]] },
          ['day', '$between', ['2024-01-01', '2024-12-31']],
          ['clock', '$gt', '10:00:00.000'],
          { and: [['at', '$lt', '2024-01-01T00:00:00.000Z'], ['at', '$in', ['2024-01-01T10:00:00.000Z']]] },
          ['state', '$eq', 'draft-mode'],
          { and: [['title', '$null', false], ['title', '$notNull', true], ['title', '$contains', 'x']] },
          ['documentId', '$in', ['abc']],
          ['locale', '$eq', 'en'],
          ['createdAt', '$gt', '2020-01-01T00:00:00.000Z'],
        ],
      },
    );
  });

  it('parses nested relation and component filters', () => {
    assert.deepEqual(parsed({ categories: { name: { eq: 'n' } }, seo: { category: { name: { in: ['m'] } } }, or: [{ views: { eq: 1 } }, { not: { views: { eq: 2 } } }] }), {
      and: [
        { categories: ['name', '$eq', 'n'] },
        { seo: { category: ['name', '$in', ['m']] } },
        { or: [['views', '$eq', 1], { not: ['views', '$eq', 2] }] },
      ],
    });
  });

  it('leaves bad values to the REST parser, which answers 400', () => {
    assert.throws(() => parsed({ views: { eq: 1.5 } }), (error: unknown) => error instanceof ValidationError && error.status === 400);
    assert.throws(() => parsed({ isFeatured: { contains: 'x' } }), (error: unknown) => error instanceof ValidationError && error.status === 400);
  });
});
