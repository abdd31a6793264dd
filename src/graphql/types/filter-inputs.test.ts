import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GraphQLEnumType, GraphQLString, printType, type GraphQLInputObjectType, type GraphQLScalarType } from 'graphql';
import type { Model } from '../../schema/content-type.js';
import type { SourcedComponentDefinition, SourcedDefinition } from '../../schema/definition.js';
import { buildRegistry, type SchemaRegistry } from '../../schema/registry.js';
import { UPLOAD_TYPES } from '../../upload/file-type.js';
import type { ShadowCrudView } from '../extension/extension-types.js';
import { DateTimeScalar, LongScalar } from '../scalars.js';
import { enumNameOf, enumValueNameOf } from '../type-names.js';
import { buildFiltersInput, buildScalarFilterInput } from './filter-inputs.js';
import type { SchemaTypes } from './schema-types.js';

function type(name: string, definition: SourcedDefinition['definition']): SourcedDefinition {
  return { uid: `api::${name}.${name}`, apiName: name, modelName: name, file: `${name}/schema.json`, definition: { info: { singularName: name, pluralName: `${name}s` }, ...definition } };
}

function component(uid: string, attributes: NonNullable<SourcedComponentDefinition['definition']['attributes']>): SourcedComponentDefinition {
  const [category = '', name = ''] = uid.split('.');
  return { uid, category, name, file: `${uid}.json`, definition: { attributes } };
}

const registry = buildRegistry(
  [
    ...UPLOAD_TYPES,
    type('article', {
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
    type('category', { attributes: { name: { type: 'string' }, articles: { type: 'relation', relation: 'manyToMany', target: 'api::article.article', mappedBy: 'categories' } } }),
    type('hidden', { attributes: { name: { type: 'string' } } }),
    type('home', { kind: 'singleType', attributes: { title: { type: 'string' } } }),
  ],
  [component('shared.seo', { metaTitle: { type: 'string' }, image: { type: 'media' }, related: { type: 'relation', relation: 'oneWay', target: 'api::category.category' } })],
);

/** The schema-types cache, over the builders under test; `api::hidden.hidden` is disabled, `views` has filters disabled. */
function testTypes(reg: SchemaRegistry, shadow: Partial<ShadowCrudView> = {}): SchemaTypes {
  const cache = new Map<string, unknown>();
  const memo = <T>(key: string, make: () => T): T => {
    if (!cache.has(key)) cache.set(key, make());
    return cache.get(key) as T;
  };
  const view: ShadowCrudView = {
    isTypeEnabled: (uid) => uid !== 'api::hidden.hidden',
    isActionEnabled: () => true,
    hasOutput: () => true,
    hasInput: () => true,
    hasFilters: (uid, field) => !(uid === 'api::article.article' && field === 'views'),
    ...shadow,
  };
  const types: SchemaTypes = {
    shape: 'entity',
    registry: reg,
    shadow: view,
    isExposed: (model) => view.isTypeEnabled(model.uid),
    enumOf: (model, attribute) =>
      memo(`enum:${model.uid}.${attribute.name}`, () => new GraphQLEnumType({
        name: enumNameOf(model, attribute.name),
        values: Object.fromEntries((attribute.enum ?? []).map((value) => [enumValueNameOf(value), { value }])),
      })),
    scalarFiltersOf: (scalar: GraphQLScalarType) => memo(`scalar:${scalar.name}`, () => buildScalarFilterInput(scalar)),
    filtersOf: (model: Model) => memo(`filters:${model.uid}`, () => buildFiltersInput(model, types)),
    inputOf: () => assert.fail('not used'),
    zoneInputOf: () => assert.fail('not used'),
  };
  return types;
}

const types = testTypes(registry);
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
    assert.equal(
      print(types.filtersOf(model('api::article.article'))),
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
    const noSeo = testTypes(registry, { isTypeEnabled: (uid) => uid !== 'shared.seo' });
    const printed = print(noSeo.filtersOf(model('api::article.article')));
    assert.doesNotMatch(printed, /seo:/);
    assert.match(printed, /hidden: HiddenFiltersInput/);
  });
});
