import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertThrowsWith, contentTypeWith } from '../../../test/helpers/content-type.js';
import { DefinitionError } from '../shared/errors.js';
import type { ContentTypeDefinition, SourcedDefinition } from './definition.js';
import { toSnakeCase } from './names.js';
import { buildRegistry } from './registry.js';
import { toTableModel } from './to-table-model.js';

function source(modelName: string, definition: ContentTypeDefinition): SourcedDefinition {
  return { uid: `api::${modelName}.${modelName}`, apiName: modelName, modelName, file: `/p/src/api/${modelName}/content-types/${modelName}/schema.json`, definition };
}

function typeNamed(modelName: string, singularName: string, pluralName: string, extra: ContentTypeDefinition = {}): SourcedDefinition {
  return source(modelName, { info: { singularName, pluralName }, attributes: { title: { type: 'string' } }, ...extra });
}

function rejects(definitions: SourcedDefinition[], file: string, problem: string): void {
  assertThrowsWith(() => buildRegistry(definitions), DefinitionError, { file, problem });
}

describe('buildRegistry', () => {
  it('holds every content-type, frozen, found by uid', () => {
    const registry = buildRegistry([typeNamed('article', 'article', 'articles'), typeNamed('home', 'home', 'homes', { kind: 'singleType' })]);
    assert.deepEqual(registry.contentTypes.map((type) => type.uid), ['api::article.article', 'api::home.home']);
    assert.equal(registry.get('api::home.home')?.kind, 'singleType');
    assert.equal(registry.get('api::missing.missing'), undefined);
    assert.ok(Object.isFrozen(registry));
    assert.ok(Object.isFrozen(registry.contentTypes));
  });

  it('is empty for no definitions', () => {
    assert.deepEqual(buildRegistry([]).contentTypes, []);
  });

  it('rejects a pluralName used twice, naming both files', () => {
    rejects(
      // Distinct tables, so that the route name is what collides.
      [typeNamed('article', 'article', 'articles'), typeNamed('post', 'post', 'articles', { collectionName: 'posts' })],
      '/p/src/api/post/content-types/post/schema.json',
      'pluralName "articles" is already used by api::article.article (/p/src/api/article/content-types/article/schema.json)',
    );
  });

  it('rejects a singularName used twice', () => {
    rejects(
      [typeNamed('article', 'article', 'articles'), typeNamed('post', 'article', 'posts')],
      '/p/src/api/post/content-types/post/schema.json',
      'singularName "article" is already used by api::article.article (/p/src/api/article/content-types/article/schema.json)',
    );
  });

  it("rejects a singularName equal to another type's pluralName (both would be /api/<name>)", () => {
    rejects(
      [typeNamed('news', 'news-item', 'news'), typeNamed('newsletter', 'news', 'newsletters', { kind: 'singleType' })],
      '/p/src/api/newsletter/content-types/newsletter/schema.json',
      'singularName "news" is already used by api::news.news (/p/src/api/news/content-types/news/schema.json)',
    );
  });

  it('rejects a collectionName used twice, whatever its case', () => {
    rejects(
      [typeNamed('article', 'article', 'articles', { collectionName: 'items' }), typeNamed('post', 'post', 'posts', { collectionName: 'Items' })],
      '/p/src/api/post/content-types/post/schema.json',
      'collectionName "items" is already used by api::article.article (/p/src/api/article/content-types/article/schema.json)',
    );
  });

  it('rejects a default table name that another type chose explicitly', () => {
    rejects(
      [typeNamed('article', 'article', 'articles', { collectionName: 'blog_posts' }), typeNamed('blog-post', 'blog-post', 'blog-posts')],
      '/p/src/api/blog-post/content-types/blog-post/schema.json',
      'collectionName "blog_posts" is already used by api::article.article (/p/src/api/article/content-types/article/schema.json)',
    );
  });

  it('passes on a definition error of one type', () => {
    rejects(
      [typeNamed('article', 'article', 'articles'), source('post', { attributes: { id: { type: 'string' } } })],
      '/p/src/api/post/content-types/post/schema.json',
      'attribute "id": the name is reserved for the identifiers "id" and "documentId" (in any spelling, as in Strapi)',
    );
  });
});

describe('toTableModel', () => {
  it('maps a content-type to its table: system columns around the attributes, indexes for documents and unique attributes', () => {
    const type = contentTypeWith(
      { title: { type: 'string' }, slug: { type: 'uid', unique: true }, likeCount: { type: 'biginteger' }, body: { type: 'blocks' }, price: { type: 'decimal' } },
      { collectionName: 'articles' },
    );
    assert.deepEqual(toTableModel(type), {
      name: 'articles',
      columns: [
        { name: 'id', type: 'increments' },
        { name: 'document_id', type: 'string', notNull: true },
        { name: 'title', type: 'string' },
        { name: 'slug', type: 'string' },
        { name: 'like_count', type: 'bigInteger' },
        { name: 'body', type: 'json' },
        { name: 'price', type: 'decimal' },
        { name: 'created_at', type: 'datetime' },
        { name: 'updated_at', type: 'datetime' },
        { name: 'published_at', type: 'datetime' },
        { name: 'created_by_id', type: 'integer' },
        { name: 'updated_by_id', type: 'integer' },
      ],
      indexes: [
        { name: 'articles_documents_idx', columns: ['document_id', 'published_at'] },
        { name: 'articles_slug_idx', columns: ['slug'] },
      ],
    });
  });
});

describe('toSnakeCase', () => {
  it('turns attribute names into column names', () => {
    assert.equal(toSnakeCase('publishedAt'), 'published_at');
    assert.equal(toSnakeCase('myHTMLField'), 'my_html_field');
    assert.equal(toSnakeCase('blog-posts'), 'blog_posts');
    assert.equal(toSnakeCase('field2Name'), 'field2_name');
    assert.equal(toSnakeCase('plain'), 'plain');
  });
});

describe('shortenIdentifier', () => {
  it('keeps names that fit and shortens longer ones deterministically, keeping them distinct', async () => {
    const { shortenIdentifier, MAX_IDENTIFIER_LENGTH } = await import('./names.js');
    assert.equal(shortenIdentifier('articles_slug_idx'), 'articles_slug_idx');
    const long = `${'a'.repeat(60)}_title_idx`;
    const other = `${'a'.repeat(60)}_label_idx`;
    assert.equal(shortenIdentifier(long).length, MAX_IDENTIFIER_LENGTH);
    assert.equal(shortenIdentifier(long), shortenIdentifier(long));
    assert.notEqual(shortenIdentifier(long), shortenIdentifier(other));
    assert.match(shortenIdentifier(long), /^a{54}_[0-9a-f]{8}$/);
  });
});

describe('registries built again from the same definitions', () => {
  it('share the models of definitions used again, so relations of an older registry resolve in the newer one', async () => {
    const { BUILT_INS } = await import('../../../test/helpers/built-ins.js');
    const first = buildRegistry(BUILT_INS.types, BUILT_INS.components);
    const second = buildRegistry(BUILT_INS.types, BUILT_INS.components);
    const user = first.get('plugin::users-permissions.user');
    assert.ok(user);
    assert.equal(second.get('plugin::users-permissions.user'), user);
    const role = user.attributes.get('role');
    assert.ok(role && role.kind === 'relation');
    assert.equal(second.relation(role).other.uid, 'plugin::users-permissions.role');
  });
});
