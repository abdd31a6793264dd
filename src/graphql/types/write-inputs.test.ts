import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GraphQLEnumType, GraphQLObjectType, GraphQLSchema, GraphQLString, graphqlSync, printType, type GraphQLScalarType } from 'graphql';
import type { DynamicZoneAttribute } from '../../schema/attribute.js';
import type { Model } from '../../schema/content-type.js';
import type { SourcedComponentDefinition, SourcedDefinition } from '../../schema/definition.js';
import { buildRegistry } from '../../schema/registry.js';
import { UPLOAD_TYPES } from '../../upload/file-type.js';
import type { ShadowCrudView } from '../extension/extension-types.js';
import { enumNameOf, enumValueNameOf } from '../type-names.js';
import type { SchemaTypes } from './schema-types.js';
import { buildWriteInput, buildZoneInput } from './write-inputs.js';

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
        title: { type: 'string', required: true },
        views: { type: 'integer' },
        big: { type: 'biginteger' },
        price: { type: 'decimal' },
        when: { type: 'datetime' },
        state: { type: 'enumeration', enum: ['draft-mode', 'Archived'] },
        secret: { type: 'string', private: true },
        pass: { type: 'password' },
        noInput: { type: 'string' },
        cover: { type: 'media', multiple: false },
        gallery: { type: 'media', multiple: true },
        categories: { type: 'relation', relation: 'manyToMany', target: 'api::category.category', inversedBy: 'articles' },
        writer: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
        hidden: { type: 'relation', relation: 'oneWay', target: 'api::hidden.hidden' },
        seo: { type: 'component', component: 'shared.seo' },
        links: { type: 'component', component: 'shared.link', repeatable: true },
        blocks: { type: 'dynamiczone', components: ['shared.seo', 'shared.link'] },
      },
    }),
    type('category', { attributes: { name: { type: 'string' }, articles: { type: 'relation', relation: 'manyToMany', target: 'api::article.article', mappedBy: 'categories' } } }),
    type('hidden', { attributes: { name: { type: 'string' } } }),
  ],
  [
    component('shared.seo', { metaTitle: { type: 'string' }, image: { type: 'media' } }),
    component('shared.link', { url: { type: 'string' }, kind: { type: 'enumeration', enum: ['primary', 'draft-mode'] } }),
  ],
);

const model = (uid: string): Model => registry.model(uid) ?? assert.fail(uid);
const article = model('api::article.article');
const blocks = article.attributes.get('blocks') as DynamicZoneAttribute;

/** The schema-types cache over the builders under test: `api::hidden.hidden` disabled, `noInput` without input. */
function testTypes(shadow: Partial<ShadowCrudView> = {}): SchemaTypes {
  const cache = new Map<string, unknown>();
  const memo = <T>(key: string, make: () => T): T => {
    if (!cache.has(key)) cache.set(key, make());
    return cache.get(key) as T;
  };
  const view: ShadowCrudView = {
    isTypeEnabled: (uid) => uid !== 'api::hidden.hidden',
    isActionEnabled: () => true,
    hasOutput: () => true,
    hasInput: (_uid, field) => field !== 'noInput',
    hasFilters: () => true,
    ...shadow,
  };
  const types: SchemaTypes = {
    shape: 'entity',
    registry,
    shadow: view,
    isExposed: (target) => view.isTypeEnabled(target.uid),
    enumOf: (owner, attribute) =>
      memo(`enum:${owner.uid}.${attribute.name}`, () => new GraphQLEnumType({
        name: enumNameOf(owner, attribute.name),
        values: Object.fromEntries((attribute.enum ?? []).map((value) => [enumValueNameOf(value), { value }])),
      })),
    scalarFiltersOf: () => assert.fail('not used'),
    filtersOf: () => assert.fail('not used'),
    inputOf: (target) => memo(`input:${target.uid}`, () => buildWriteInput(target, types)),
    zoneInputOf: (owner, attribute) => memo(`zone:${owner.uid}.${attribute.name}`, (): GraphQLScalarType => buildZoneInput(owner, attribute, types)),
  };
  return types;
}

const types = testTypes();

describe('buildWriteInput', () => {
  it('lists every writable attribute, optional, with relations as IDs and no system fields', () => {
    assert.equal(
      printType(types.inputOf(article)),
      `input ArticleInput {
  title: String
  views: Int
  big: Long
  price: Float
  when: DateTime
  state: ENUM_ARTICLE_STATE
  secret: String
  pass: String
  cover: ID
  gallery: [ID]
  categories: [ID]
  writer: ID
  seo: ComponentSharedSeoInput
  links: [ComponentSharedLinkInput]
  blocks: [ArticleBlocksDynamicZoneInput!]
}`,
    );
  });

  it('gives component inputs an optional id and their enumerations', () => {
    assert.equal(printType(types.inputOf(model('shared.seo'))), 'input ComponentSharedSeoInput {\n  id: ID\n  metaTitle: String\n  image: ID\n}');
    assert.equal(printType(types.inputOf(model('shared.link'))), 'input ComponentSharedLinkInput {\n  id: ID\n  url: String\n  kind: ENUM_COMPONENTSHAREDLINK_KIND\n}');
  });

  it('leaves out a disabled component', () => {
    assert.doesNotMatch(printType(testTypes({ isTypeEnabled: (uid) => uid !== 'shared.seo' }).inputOf(article)), /seo:/);
  });
});

describe('buildZoneInput', () => {
  const zone = types.zoneInputOf(article, blocks);
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: {
        echo: {
          type: GraphQLString,
          args: { data: { type: types.inputOf(article) } },
          resolve: (_parent, args: { data?: unknown }) => JSON.stringify(args.data),
        },
      },
    }),
  });
  const run = (source: string, variableValues?: Record<string, unknown>) => graphqlSync({ schema, source, variableValues });

  it('is a scalar named after the type and attribute', () => {
    assert.equal(zone.name, 'ArticleBlocksDynamicZoneInput');
    assert.equal(printType(zone), 'scalar ArticleBlocksDynamicZoneInput');
  });

  it('turns __typename into __component, from variables and literals', () => {
    assert.deepEqual(zone.parseValue({ __typename: 'ComponentSharedLink', url: 'x', id: '3' }), { __component: 'shared.link', url: 'x', id: '3' });
    const fromLiteral = run('{ echo(data: { blocks: [{ __typename: "ComponentSharedSeo", metaTitle: "T" }, { __typename: "ComponentSharedLink", kind: draft_mode }] }) }');
    assert.equal(fromLiteral.errors, undefined);
    assert.deepEqual(JSON.parse(String(fromLiteral.data?.echo)), {
      blocks: [
        { __component: 'shared.seo', metaTitle: 'T' },
        { __component: 'shared.link', kind: 'draft_mode' },
      ],
    });
    const fromVariables = run('query ($d: ArticleInput) { echo(data: $d) }', { d: { blocks: [{ __typename: 'ComponentSharedSeo', metaTitle: 'V' }] } });
    assert.deepEqual(JSON.parse(String(fromVariables.data?.echo)), { blocks: [{ __component: 'shared.seo', metaTitle: 'V' }] });
  });

  it('refuses items that are not objects of a component of the zone, with a clear message', () => {
    assert.throws(() => zone.parseValue('x'), { name: 'TypeError', message: 'ArticleBlocksDynamicZoneInput: each item must be an object with a __typename (one of ComponentSharedSeo, ComponentSharedLink)' });
    assert.throws(() => zone.parseValue({ url: 'x' }), { message: 'ArticleBlocksDynamicZoneInput: item has no __typename; expected one of ComponentSharedSeo, ComponentSharedLink' });
    assert.throws(() => zone.parseValue({ __typename: 'Article' }), { message: 'ArticleBlocksDynamicZoneInput: item has __typename "Article"; expected one of ComponentSharedSeo, ComponentSharedLink' });
    const literal = run('{ echo(data: { blocks: [{ __typename: "Nope" }] }) }');
    assert.match(String(literal.errors?.[0]?.message), /ArticleBlocksDynamicZoneInput: item has __typename "Nope"/);
    const variable = run('query ($d: ArticleInput) { echo(data: $d) }', { d: { blocks: [{ __component: 'shared.seo' }] } });
    assert.match(String(variable.errors?.[0]?.message), /Variable "\$d" got invalid value .*item has no __typename/);
  });
});
