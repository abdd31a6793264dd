import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertThrowsWith } from '../../../test/helpers/content-type.js';
import { DefinitionError } from '../shared/errors.js';
import type { AttributeDefinition, ComponentDefinition, SourcedComponentDefinition, SourcedDefinition } from './definition.js';
import { buildRegistry } from './registry.js';
import { toLinkTableModel, toTableModels } from './to-table-model.js';

const fileOf = (name: string) => `/p/src/api/${name}/content-types/${name}/schema.json`;

function type(name: string, attributes: Readonly<Record<string, AttributeDefinition>>): SourcedDefinition {
  return { uid: `api::${name}.${name}`, apiName: name, modelName: name, file: fileOf(name), definition: { info: { singularName: name, pluralName: `${name}s` }, attributes } };
}

function component(uid: string, definition: ComponentDefinition): SourcedComponentDefinition {
  const [category = '', name = ''] = uid.split('.');
  return { uid, category, name, file: `/p/src/components/${category}/${name}.json`, definition };
}

const relation = (relationKind: string, target: string, more: Record<string, string> = {}): AttributeDefinition => ({ type: 'relation', relation: relationKind, target, ...more });

function rejects(run: () => unknown, file: string, problem: string): void {
  assertThrowsWith(run, DefinitionError, { file, problem });
}

describe('buildRegistry: relations', () => {
  const blog = () =>
    buildRegistry([
      type('author', { name: { type: 'string' }, articles: relation('oneToMany', 'api::article.article', { mappedBy: 'author' }) }),
      type('article', {
        author: relation('manyToOne', 'api::author.author', { inversedBy: 'articles' }),
        tags: relation('manyToMany', 'api::tag.tag', { inversedBy: 'articles' }),
        related: relation('manyWay', 'api::article.article'),
      }),
      type('tag', { articles: relation('manyToMany', 'api::article.article', { mappedBy: 'tags' }) }),
    ]);

  it('creates one link table per owning side, shared by both sides of a bidirectional relation', () => {
    const registry = blog();
    assert.deepEqual(
      registry.links.map((link) => [link.table, link.owner.uid, link.ownerAttribute.name, link.target.uid, link.inverseAttribute?.name ?? null, link.ownerMany, link.inverseMany, link.targetExclusive]),
      [
        ['articles_author_lnk', 'api::article.article', 'author', 'api::author.author', 'articles', false, true, false],
        ['articles_tags_lnk', 'api::article.article', 'tags', 'api::tag.tag', 'articles', true, true, false],
        ['articles_related_lnk', 'api::article.article', 'related', 'api::article.article', null, true, false, false],
      ],
    );
    const articles = registry.get('api::author.author')?.attributes.get('articles');
    assert.ok(articles?.kind === 'relation');
    const side = registry.relation(articles);
    assert.equal(side.side, 'inverse');
    assert.equal(side.link.table, 'articles_author_lnk');
    assert.equal(side.other.uid, 'api::article.article');
  });

  it('makes a two-sided oneToOne or oneToMany owner exclusive: a target has at most one owner', () => {
    const registry = buildRegistry([
      type('person', { passport: relation('oneToOne', 'api::passport.passport', { inversedBy: 'holder' }), pets: relation('oneToMany', 'api::pet.pet', { inversedBy: 'owner' }) }),
      type('passport', { holder: relation('oneToOne', 'api::person.person', { mappedBy: 'passport' }) }),
      type('pet', { owner: relation('manyToOne', 'api::person.person', { mappedBy: 'pets' }) }),
    ]);
    assert.deepEqual(registry.links.map((link) => [link.ownerAttribute.name, link.targetExclusive, link.ownerMany]), [
      ['passport', true, false],
      ['pets', true, true],
    ]);
  });

  it('leaves one-sided oneToOne and oneToMany relations shared: they have no inverse side to keep consistent', () => {
    const registry = buildRegistry(
      [
        type('person', { badge: relation('oneToOne', 'api::logo.logo'), logos: relation('oneToMany', 'api::logo.logo'), icon: relation('oneWay', 'api::logo.logo') }),
        type('logo', { name: { type: 'string' } }),
      ],
      [component('shared.logo-wall', { attributes: { logos: relation('oneToMany', 'api::logo.logo') } })],
    );
    assert.deepEqual(registry.links.map((link) => [link.owner.uid, link.ownerAttribute.name, link.targetExclusive, link.ownerMany, link.inverseMany]), [
      ['api::person.person', 'badge', false, false, false],
      ['api::person.person', 'logos', false, true, false],
      ['api::person.person', 'icon', false, false, false],
      ['shared.logo-wall', 'logos', false, true, false],
    ]);
  });

  it('rejects a target that is not a content-type of the project', () => {
    rejects(() => buildRegistry([type('article', { author: relation('manyToOne', 'api::author.author') })]), fileOf('article'), 'attribute "author": target "api::author.author" is not a content-type of this project');
  });

  it('rejects sides that do not name each other, or whose kinds do not pair', () => {
    rejects(
      () => buildRegistry([type('article', { author: relation('manyToOne', 'api::author.author', { inversedBy: 'posts' }) }), type('author', { name: { type: 'string' } })]),
      fileOf('article'),
      'attribute "author": inversedBy "posts" must name a relation of api::author.author with target "api::article.article" and mappedBy "author"',
    );
    rejects(
      () =>
        buildRegistry([
          type('article', { author: relation('manyToOne', 'api::author.author', { inversedBy: 'articles' }) }),
          type('author', { articles: relation('manyToMany', 'api::article.article', { mappedBy: 'author' }) }),
        ]),
      fileOf('article'),
      'attribute "author": a manyToOne relation pairs with a oneToMany relation, not manyToMany ("articles" of api::author.author)',
    );
    rejects(
      () => buildRegistry([type('author', { articles: relation('oneToMany', 'api::article.article', { mappedBy: 'author' }) }), type('article', { title: { type: 'string' } })]),
      fileOf('author'),
      'attribute "articles": mappedBy "author" must name a relation of api::article.article with target "api::author.author" and inversedBy "articles"',
    );
  });

  it('rejects both inversedBy and mappedBy on one attribute', () => {
    rejects(
      () => buildRegistry([type('article', { next: relation('oneToOne', 'api::article.article', { inversedBy: 'a', mappedBy: 'b' }) })]),
      fileOf('article'),
      'attribute "next": a relation has either "inversedBy" (the owning side) or "mappedBy" (the inverse side), not both',
    );
  });

  it('refuses a content-type whose table name is a link table name', () => {
    const registry = buildRegistry([
      type('article', { related: relation('manyWay', 'api::article.article') }),
      { ...type('clash', { title: { type: 'string' } }), definition: { collectionName: 'articles_related_lnk', info: { singularName: 'clash', pluralName: 'clashes' }, attributes: {} } },
    ]);
    assert.throws(() => toTableModels(registry), (error: unknown) => error instanceof DefinitionError && /link table "articles_related_lnk" collides/.test(error.problem));
  });

  it('gives a link table a unique (entity, target) index and a target index', () => {
    const [link] = blog().links;
    assert.ok(link);
    assert.deepEqual(toLinkTableModel(link).indexes, [
      { name: 'articles_author_lnk_uq', columns: ['entity_id', 'target_document_id'], unique: true },
      { name: 'articles_author_lnk_target_idx', columns: ['target_document_id', 'entity_id'] },
    ]);
  });
});

describe('buildRegistry: components', () => {
  const seo = component('shared.seo', { info: { displayName: 'Seo' }, attributes: { metaTitle: { type: 'string' }, tags: relation('manyWay', 'api::tag.tag') } });

  it('holds components by uid, with a default table name, and links owned by component rows', () => {
    const registry = buildRegistry([type('article', { seo: { type: 'component', component: 'shared.seo' } }), type('tag', { label: { type: 'string' } })], [seo]);
    const model = registry.component('shared.seo');
    assert.equal(model?.collectionName, 'components_shared_seo');
    assert.equal(model?.displayName, 'Seo');
    assert.deepEqual(model?.readableAttributes.map((attribute) => attribute.name), ['metaTitle']);
    assert.equal(registry.model('shared.seo'), model);
    assert.deepEqual(registry.links.map((link) => [link.table, link.owner.uid]), [['components_shared_seo_tags_lnk', 'shared.seo']]);
  });

  it('rejects a missing component, in a component attribute or a dynamic zone', () => {
    rejects(
      () => buildRegistry([type('article', { seo: { type: 'component', component: 'shared.meta' } })]),
      fileOf('article'),
      'attribute "seo": component "shared.meta" does not exist (expected src/components/shared/meta.json)',
    );
    rejects(
      () => buildRegistry([type('article', { blocks: { type: 'dynamiczone', components: ['shared.seo', 'blocks.quote'] } }), type('tag', {})], [seo]),
      fileOf('article'),
      'attribute "blocks": component "blocks.quote" does not exist (expected src/components/blocks/quote.json)',
    );
  });

  it('rejects components nesting in a cycle', () => {
    const a = component('shared.a', { attributes: { b: { type: 'component', component: 'shared.b' } } });
    const b = component('shared.b', { attributes: { a: { type: 'component', component: 'shared.a', repeatable: true } } });
    rejects(() => buildRegistry([], [a, b]), '/p/src/components/shared/a.json', 'components nest in a cycle: shared.a → shared.b → shared.a');
  });

  it('rejects dynamic zones, two-sided relations and unique attributes inside components, and reserved columns', () => {
    const file = '/p/src/components/shared/x.json';
    rejects(() => buildRegistry([], [component('shared.x', { attributes: { zone: { type: 'dynamiczone', components: ['shared.x'] } } })]), file, 'attribute "zone": a component cannot hold a dynamic zone');
    rejects(
      () => buildRegistry([type('tag', {})], [component('shared.x', { attributes: { tag: relation('oneToOne', 'api::tag.tag', { inversedBy: 'x' }) } })]),
      file,
      'attribute "tag": relations in components are one-sided (no "inversedBy"/"mappedBy")',
    );
    rejects(() => buildRegistry([], [component('shared.x', { attributes: { code: { type: 'string', unique: true } } })]), file, 'attribute "code": "unique" is not supported in components');
    rejects(() => buildRegistry([], [component('shared.x', { attributes: { parentId: { type: 'integer' } } })]), file, 'attribute "parentId": its column "parent_id" collides with the system column "parent_id"');
    rejects(() => buildRegistry([], [component('shared.x', { attributes: { documentId: { type: 'string' } } })]), file, 'attribute "documentId": the name is reserved for the identifiers "id" and "documentId" (in any spelling, as in Strapi)');
    const names = buildRegistry([], [component('shared.x', { attributes: { meta: { type: 'string' }, locale: { type: 'string' }, status: { type: 'string' }, localizations: { type: 'string' } } })]);
    assert.deepEqual([...(names.component('shared.x')?.attributes.keys() ?? [])], ['id', 'meta', 'locale', 'status', 'localizations']);
  });

  it('rejects a component uid used twice and a table used by a content-type', () => {
    rejects(
      () => buildRegistry([{ ...type('article', {}), definition: { collectionName: 'components_shared_seo', info: { singularName: 'article', pluralName: 'articles' } } }], [seo]),
      '/p/src/components/shared/seo.json',
      'collectionName "components_shared_seo" is already used by api::article.article (/p/src/api/article/content-types/article/schema.json)',
    );
  });
});
