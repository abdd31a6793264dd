import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GraphQLObjectType, GraphQLSchema, GraphQLString, graphqlSync, printType } from 'graphql';
import { componentDefinition, shadowView, typeDefinition } from '../../../../test/helpers/model-definitions.js';
import type { DynamicZoneAttribute } from '../../../core/schema/attribute.js';
import type { Model } from '../../../core/schema/content-type.js';
import { buildRegistry } from '../../../core/schema/registry.js';
import { BUILT_INS } from '../../../../test/helpers/built-ins.js';
import { createSchemaTypes } from './create-schema-types.js';
import type { SchemaTypes } from './schema-types.js';
import { buildWriteInput, buildZoneInput } from './write-inputs.js';

const registry = buildRegistry(
  [
    ...BUILT_INS.types.filter((type) => type.uid.startsWith('plugin::upload.')),
    typeDefinition('article', {
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
    typeDefinition('category', { attributes: { name: { type: 'string' }, articles: { type: 'relation', relation: 'manyToMany', target: 'api::article.article', mappedBy: 'categories' } } }),
    typeDefinition('hidden', { attributes: { name: { type: 'string' } } }),
  ],
  [
    componentDefinition('shared.seo', { metaTitle: { type: 'string' }, image: { type: 'media' } }),
    componentDefinition('shared.link', { url: { type: 'string' }, kind: { type: 'enumeration', enum: ['primary', 'draft-mode'] } }),
  ],
);

const model = (uid: string): Model => registry.model(uid) ?? assert.fail(uid);
const article = model('api::article.article');
const blocks = article.attributes.get('blocks') as DynamicZoneAttribute;

/** `api::hidden.hidden` has shadow CRUD disabled, `noInput` has no input. */
const shadow = {
  isTypeEnabled: (uid: string) => uid !== 'api::hidden.hidden',
  hasInput: (_uid: string, field: string) => field !== 'noInput',
};
const types = createSchemaTypes(registry, shadowView(shadow), 'entity');
/** The same types with the filters refused: write inputs never need them. */
const inputsOnly: SchemaTypes = { ...types, scalarFiltersOf: () => assert.fail('not used'), filtersOf: () => assert.fail('not used') };

describe('buildWriteInput', () => {
  it('lists every writable attribute, optional, with relations as IDs and no system fields', () => {
    assert.equal(
      printType(buildWriteInput(article, inputsOnly)),
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
    assert.doesNotMatch(printType(createSchemaTypes(registry, shadowView({ ...shadow, isTypeEnabled: (uid) => uid !== 'shared.seo' }), 'entity').inputOf(article)), /seo:/);
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
    assert.equal(buildZoneInput(article, blocks, inputsOnly).name, 'ArticleBlocksDynamicZoneInput');
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
