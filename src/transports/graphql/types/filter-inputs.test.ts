import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GraphQLString, printType, type GraphQLInputObjectType } from 'graphql';
import { componentDefinition, shadowView, typeDefinition } from '../../../../test/helpers/model-definitions.js';
import type { Model } from '../../../core/schema/content-type.js';
import { buildRegistry } from '../../../core/schema/registry.js';
import { BUILT_INS } from '../../../../test/helpers/built-ins.js';
import { DateTimeScalar, LongScalar } from '../scalars.js';
import { createSchemaTypes } from './create-schema-types.js';
import { buildFiltersInput, buildScalarFilterInput } from './filter-inputs.js';
import type { SchemaTypes } from './schema-types.js';

const registry = buildRegistry(
  [
    ...BUILT_INS.types.filter((type) => type.uid.startsWith('plugin::upload.')),
    typeDefinition('article', {
      pluginOptions: { i18n: { localized: true } },
      options: { draftAndPublish: true },
      attributes: {
        title: { type: 'string' },
        views: { type: 'integer' },
        big: { type: 'biginteger' },
        rating: { type: 'float' },
        state: { type: 'enumeration', enum: ['draft-mode', 'Archived'] },
        day: { type: 'date' },
        data: { type: 'json' },
        secret: { type: 'string', private: true },
        pass: { type: 'password' },
        cover: { type: 'media', multiple: false },
        categories: { type: 'relation', relation: 'manyToMany', target: 'api::category.category', inversedBy: 'articles' },
        hidden: { type: 'relation', relation: 'oneWay', target: 'api::hidden.hidden' },
        seo: { type: 'component', component: 'shared.seo' },
        blocks: { type: 'dynamiczone', components: ['shared.seo'] },
      },
    }),
    typeDefinition('category', { attributes: { name: { type: 'string' }, articles: { type: 'relation', relation: 'manyToMany', target: 'api::article.article', mappedBy: 'categories' } } }),
    typeDefinition('hidden', { attributes: { name: { type: 'string' } } }),
    typeDefinition('home', { kind: 'singleType', attributes: { title: { type: 'string' } } }),
  ],
  [componentDefinition('shared.seo', { metaTitle: { type: 'string' }, image: { type: 'media' }, related: { type: 'relation', relation: 'oneWay', target: 'api::category.category' } })],
);

/** `api::hidden.hidden` has shadow CRUD disabled, `views` has filters disabled. */
const shadow = {
  isTypeEnabled: (uid: string) => uid !== 'api::hidden.hidden',
  hasFilters: (uid: string, field: string) => !(uid === 'api::article.article' && field === 'views'),
};
const types = createSchemaTypes(registry, shadowView(shadow), 'entity');
const model = (uid: string): Model => registry.model(uid) ?? assert.fail(uid);
const print = (input: GraphQLInputObjectType): string => printType(input);

describe('buildScalarFilterInput', () => {
  it('has every operator in the reference order, startsWithi/endsWithi after their pair', () => {
    assert.equal(
      print(buildScalarFilterInput(GraphQLString)),
      `input StringFilterInput {
  and: [String]
  or: [String]
  not: StringFilterInput
  eq: String
  eqi: String
  ne: String
  nei: String
  startsWith: String
  endsWith: String
  startsWithi: String
  endsWithi: String
  contains: String
  notContains: String
  containsi: String
  notContainsi: String
  gt: String
  gte: String
  lt: String
  lte: String
  null: Boolean
  notNull: Boolean
  in: [String]
  notIn: [String]
  between: [String]
}`,
    );
  });

  it('substitutes the scalar everywhere but null/notNull', () => {
    const printed = print(buildScalarFilterInput(LongScalar));
    assert.match(printed, /^input LongFilterInput \{/);
    assert.match(printed, /not: LongFilterInput\n/);
    assert.match(printed, /between: \[Long\]\n/);
    assert.match(printed, /notNull: Boolean\n/);
    assert.equal(buildScalarFilterInput(DateTimeScalar).name, 'DateTimeFilterInput');
  });
});

describe('buildFiltersInput', () => {
  it('lists public filterable attributes, system ones and the logical operators', () => {
    // Built over the real types but with the write inputs refused: a filter never needs them.
    const filtersOnly: SchemaTypes = { ...types, inputOf: () => assert.fail('not used'), zoneInputOf: () => assert.fail('not used') };
    assert.equal(
      print(buildFiltersInput(model('api::article.article'), filtersOnly)),
      `input ArticleFiltersInput {
  documentId: IDFilterInput
  title: StringFilterInput
  big: LongFilterInput
  rating: FloatFilterInput
  state: StringFilterInput
  day: DateFilterInput
  data: JSONFilterInput
  categories: CategoryFiltersInput
  seo: ComponentSharedSeoFiltersInput
  createdAt: DateTimeFilterInput
  updatedAt: DateTimeFilterInput
  publishedAt: DateTimeFilterInput
  locale: StringFilterInput
  and: [ArticleFiltersInput]
  or: [ArticleFiltersInput]
  not: ArticleFiltersInput
}`,
    );
  });

  it('gives components no id, single types no documentId, unlocalized types no locale', () => {
    assert.equal(
      print(types.filtersOf(model('shared.seo'))),
      `input ComponentSharedSeoFiltersInput {
  metaTitle: StringFilterInput
  related: CategoryFiltersInput
  and: [ComponentSharedSeoFiltersInput]
  or: [ComponentSharedSeoFiltersInput]
  not: ComponentSharedSeoFiltersInput
}`,
    );
    const home = print(types.filtersOf(model('api::home.home')));
    assert.doesNotMatch(home, /documentId|locale/);
    assert.match(home, /title: StringFilterInput\n {2}createdAt: DateTimeFilterInput/);
    assert.match(print(types.filtersOf(model('api::category.category'))), /articles: ArticleFiltersInput/);
  });

  it('leaves out a relation whose target has shadow CRUD disabled, and components when disabled', () => {
    const noSeo = createSchemaTypes(registry, shadowView({ ...shadow, isTypeEnabled: (uid) => uid !== 'shared.seo' }), 'entity');
    const printed = print(noSeo.filtersOf(model('api::article.article')));
    assert.doesNotMatch(printed, /seo:/);
    assert.match(printed, /hidden: HiddenFiltersInput/);
  });
});
