import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DefinitionError } from '../shared/errors.js';
import type { Attribute, ScalarAttribute } from './attribute.js';
import type { ContentTypeDefinition } from './definition.js';
import { normalizeContentType } from './normalize-content-type.js';

const FILE = '/project/src/api/post/content-types/post/schema.json';

/** The attribute as a scalar; fails the test for any other kind. */
function scalar(attribute: Attribute | undefined): ScalarAttribute | undefined {
  if (attribute !== undefined) assert.equal(attribute.kind, 'scalar');
  return attribute as ScalarAttribute | undefined;
}

function normalize(definition: unknown, modelName = 'post') {
  return normalizeContentType({ uid: `api::${modelName}.${modelName}`, apiName: modelName, modelName, file: FILE, definition: definition as ContentTypeDefinition });
}

function withAttributes(attributes: unknown) {
  return normalize({ kind: 'collectionType', info: { singularName: 'post', pluralName: 'posts' }, attributes });
}

/** Asserts that normalizing throws a DefinitionError for FILE with exactly this problem. */
function rejects(run: () => unknown, problem: string): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof DefinitionError, `expected a DefinitionError, got ${String(error)}`);
    assert.equal(error.file, FILE);
    assert.equal(error.problem, problem);
    assert.equal(error.message, `${FILE}: ${problem}`);
    return true;
  });
}

describe('normalizeContentType: the content-type', () => {
  it('builds a frozen model with system attributes first and user attributes in order', () => {
    const type = normalize({
      kind: 'collectionType',
      collectionName: 'blog_posts',
      info: { singularName: 'post', pluralName: 'posts', displayName: 'Blog post' },
      options: { draftAndPublish: false },
      attributes: { title: { type: 'string', required: true }, viewCount: { type: 'integer' } },
    });
    assert.equal(type.uid, 'api::post.post');
    assert.equal(type.apiName, 'post');
    assert.equal(type.kind, 'collectionType');
    assert.equal(type.singularName, 'post');
    assert.equal(type.pluralName, 'posts');
    assert.equal(type.displayName, 'Blog post');
    assert.equal(type.collectionName, 'blog_posts');
    assert.equal(type.draftAndPublish, false);
    assert.equal(type.source, FILE);
    assert.deepEqual([...type.attributes.keys()], ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'title', 'viewCount']);
    assert.deepEqual(type.scalarAttributes.map((attribute) => [attribute.name, attribute.column]), [['title', 'title'], ['viewCount', 'view_count']]);
    assert.deepEqual(
      type.systemAttributes.map((attribute) => [attribute.name, attribute.type, attribute.column, attribute.writable]),
      [
        ['id', 'integer', 'id', false],
        ['documentId', 'string', 'document_id', false],
        ['createdAt', 'datetime', 'created_at', false],
        ['updatedAt', 'datetime', 'updated_at', false],
        ['publishedAt', 'datetime', 'published_at', false],
      ],
    );
    assert.ok(Object.isFrozen(type));
    assert.ok(Object.isFrozen(type.scalarAttributes));
    assert.ok(Object.isFrozen(type.scalarAttributes[0]));
  });

  it('defaults kind, names, table and display name', () => {
    const type = normalize({ attributes: {} }, 'blog-post');
    assert.equal(type.kind, 'collectionType');
    assert.equal(type.singularName, 'blog-post');
    assert.equal(type.pluralName, 'blog-posts');
    assert.equal(type.collectionName, 'blog_posts');
    assert.equal(type.displayName, 'blog-post');
    assert.equal(type.draftAndPublish, false);
    assert.deepEqual(type.scalarAttributes, []);
  });

  it('accepts single types', () => {
    assert.equal(normalize({ kind: 'singleType', info: { singularName: 'home', pluralName: 'homes' } }).kind, 'singleType');
  });

  it('rejects a definition that is not an object', () => {
    for (const definition of [null, [], 'post', 3]) rejects(() => normalize(definition), 'a content-type definition must be a JSON object');
  });

  it('rejects an unknown kind', () => {
    rejects(() => normalize({ kind: 'component' }), 'kind must be "collectionType" or "singleType", got "component"');
  });

  it('rejects names that are not kebab-case', () => {
    rejects(
      () => normalize({ info: { singularName: 'Post', pluralName: 'posts' } }),
      'info.singularName must be kebab-case (lowercase letters, digits and dashes, starting with a letter), got "Post"',
    );
    rejects(
      () => normalize({ info: { singularName: 'post', pluralName: 'all_posts' } }),
      'info.pluralName must be kebab-case (lowercase letters, digits and dashes, starting with a letter), got "all_posts"',
    );
    rejects(
      () => normalize({ info: { singularName: 7, pluralName: 'posts' } }),
      'info.singularName must be kebab-case (lowercase letters, digits and dashes, starting with a letter), got 7',
    );
  });

  it('rejects equal singular and plural names', () => {
    rejects(() => normalize({ info: { singularName: 'news', pluralName: 'news' } }), 'singularName and pluralName must differ (both are "news")');
  });

  it('rejects a bad or reserved collectionName', () => {
    rejects(() => normalize({ collectionName: 'my table' }), 'collectionName must be a table name (letters, digits, underscores), got "my table"');
    rejects(() => normalize({ collectionName: 5 }), 'collectionName must be a table name (letters, digits, underscores), got 5');
    rejects(() => normalize({ collectionName: 'x'.repeat(51) }), `collectionName must be a table name (letters, digits, underscores), got "${'x'.repeat(51)}"`);
    rejects(() => normalize({ collectionName: 'sqlite_posts' }), 'collectionName "sqlite_posts" is reserved by the database (names starting with "sqlite_")');
  });

  it('rejects a non-boolean draftAndPublish and non-object attributes', () => {
    rejects(() => normalize({ options: { draftAndPublish: 'yes' } }), 'options.draftAndPublish must be a boolean');
    rejects(() => normalize({ attributes: [] }), '"attributes" must be an object');
    rejects(() => normalize({ attributes: 'title' }), '"attributes" must be an object');
  });
});

describe('normalizeContentType: attribute names', () => {
  it('rejects names that are not identifiers', () => {
    for (const name of ['1st', 'my-field', 'my field', '_private', 'é', '', 'a'.repeat(61)]) {
      rejects(() => withAttributes({ [name]: { type: 'string' } }), `attribute "${name}": a name starts with a letter, holds only letters, digits and underscores, and has at most 60 characters`);
    }
  });

  it("refuses the identifiers' names in any spelling, as Strapi's loader does", () => {
    for (const name of ['id', 'Id', 'ID', 'documentId', 'document_id', 'DocumentId', 'documentID', 'DOCUMENT_ID']) {
      rejects(() => withAttributes({ [name]: { type: 'string' } }), `attribute "${name}": the name is reserved for the identifiers "id" and "documentId" (in any spelling, as in Strapi)`);
    }
  });

  it("accepts the names only Strapi's content-type builder refuses, as attributes like any other", () => {
    const names = ['meta', 'status', 'locale', 'localizations', 'createdBy', 'updatedBy', 'entry_id', 'strapi', 'strapiStage', 'identity', 'ids', 'document'];
    const type = withAttributes(Object.fromEntries(names.map((name) => [name, { type: 'string' }])));
    for (const name of names) assert.equal(scalar(type.attributes.get(name))?.writable, true, name);
    assert.deepEqual(type.scalarAttributes.map((attribute) => attribute.name), names);
    assert.equal(type.attributes.get('locale'), type.scalarAttributes[2]);
  });

  it('refuses a name or column that a system field of the type has, saying what the field holds', () => {
    rejects(() => withAttributes({ createdAt: { type: 'datetime' } }), 'attribute "createdAt": the name is taken by a system field ("createdAt": when the version was created); rename the attribute');
    rejects(() => withAttributes({ publishedAt: { type: 'string' } }), 'attribute "publishedAt": the name is taken by a system field ("publishedAt": when the version was published); rename the attribute');
    rejects(() => withAttributes({ updated_at: { type: 'datetime' } }), 'attribute "updated_at": its column "updated_at" collides with the system field "updatedAt"');
    // The admin creator columns of every content-type (Strapi's names, so a Strapi database reads the same).
    rejects(() => withAttributes({ created_by_id: { type: 'integer' } }), 'attribute "created_by_id": its column "created_by_id" collides with the system column "created_by_id"');
    rejects(() => withAttributes({ updatedById: { type: 'integer' } }), 'attribute "updatedById": its column "updated_by_id" collides with the system column "updated_by_id"');
    const localized = (attributes: unknown) => normalize({ info: { singularName: 'post', pluralName: 'posts' }, pluginOptions: { i18n: { localized: true } }, attributes });
    rejects(() => localized({ locale: { type: 'string' } }), 'attribute "locale": the name is taken by a system field ("locale": the version\'s locale, on localized content-types); rename the attribute');
    rejects(
      () => localized({ localizations: { type: 'json' } }),
      'attribute "localizations": the name is taken by a system field ("localizations": the document\'s other locales, on localized content-types); rename the attribute',
    );
    rejects(() => localized({ Locale: { type: 'string' } }), 'attribute "Locale": its column "locale" collides with the system field "locale"');
    assert.equal(scalar(localized({ meta: { type: 'string' }, status: { type: 'string' } }).attributes.get('status'))?.column, 'status');
  });

  it('rejects names whose columns collide with another attribute', () => {
    rejects(() => withAttributes({ viewCount: { type: 'integer' }, view_count: { type: 'integer' } }), 'attribute "view_count": its column "view_count" collides with attribute "viewCount"');
  });
});

describe('normalizeContentType: attribute types and options', () => {
  it('normalizes every scalar type with its options', () => {
    const type = withAttributes({
      title: { type: 'string', required: true, unique: true, minLength: 2, maxLength: 10, regex: '^[A-Z]', default: 'Hi' },
      slug: { type: 'uid', targetField: 'title' },
      kind: { type: 'enumeration', enum: ['a', 'b'] },
      secret: { type: 'password' },
      notes: { type: 'text', private: true },
      count: { type: 'integer', min: 0, max: 10 },
      big: { type: 'biginteger', min: '-9223372036854775808', max: '9223372036854775807' },
      price: { type: 'decimal', min: '0.01' },
      locked: { type: 'boolean', writable: false },
    });
    const attribute = (name: string) => scalar(type.attributes.get(name));
    const { regex, ...title } = attribute('title') ?? {};
    assert.equal(String(regex), '/^[A-Z]/');
    assert.deepEqual(title, {
      kind: 'scalar',
      name: 'title',
      type: 'string',
      column: 'title',
      required: true,
      unique: true,
      private: false,
      writable: true,
      default: 'Hi',
      minLength: 2,
      maxLength: 10,
    });
    assert.equal(attribute('slug')?.targetField, 'title');
    assert.deepEqual(attribute('kind')?.enum, ['a', 'b']);
    assert.equal(attribute('secret')?.private, true, 'a password is always private');
    assert.equal(attribute('notes')?.private, true);
    assert.deepEqual([attribute('count')?.min, attribute('count')?.max], [0, 10]);
    assert.deepEqual([attribute('big')?.min, attribute('big')?.max], ['-9223372036854775808', '9223372036854775807']);
    assert.equal(attribute('price')?.min, '0.01');
    assert.equal(attribute('locked')?.writable, false);
  });

  it('rejects an unknown type', () => {
    rejects(() => withAttributes({ title: { type: 'strin' } }), 'attribute "title": unknown type "strin"');
    rejects(() => withAttributes({ title: {} }), 'attribute "title": missing "type"');
    rejects(() => withAttributes({ title: { type: 3 } }), 'attribute "title": missing "type"');
    rejects(() => withAttributes({ title: 'string' }), 'attribute "title": must be an object');
  });

  it('reads media as one-way relations to files, and rejects incomplete linked attributes naming what is missing', () => {
    const media = withAttributes({ cover: { type: 'media', allowedTypes: ['images'] }, gallery: { type: 'media', multiple: true } });
    assert.deepEqual([media.attributes.get('cover'), media.attributes.get('gallery')].map((attribute) => attribute?.kind === 'relation' && [attribute.relation, attribute.target, attribute.media?.allowedTypes]), [
      ['oneWay', 'plugin::upload.file', ['images']],
      ['manyWay', 'plugin::upload.file', null],
    ]);
    rejects(() => withAttributes({ cover: { type: 'media', allowedTypes: ['pdfs'] } }), 'attribute "cover": option "allowedTypes" must be a non-empty array of images, files, videos, audios');
    rejects(() => withAttributes({ link: { type: 'relation' } }), 'attribute "link": a relation needs "relation" (oneToOne, oneToMany, manyToOne, manyToMany, oneWay or manyWay)');
    rejects(() => withAttributes({ link: { type: 'relation', relation: 'morphToMany' } }), 'attribute "link": polymorphic relations ("morphToMany") are not supported');
    rejects(() => withAttributes({ link: { type: 'relation', relation: 'oneWay', target: 'article' } }), 'attribute "link": a relation needs "target": the uid of a content-type (api::<api>.<name>)');
    rejects(
      () => withAttributes({ link: { type: 'relation', relation: 'oneWay', target: 'api::a.a', inversedBy: 'x' } }),
      'attribute "link": a oneWay relation has no other side: remove "inversedBy"/"mappedBy"',
    );
    rejects(() => withAttributes({ link: { type: 'component' } }), 'attribute "link": a component attribute needs "component": a component uid (<category>.<name>)');
    rejects(() => withAttributes({ link: { type: 'component', component: 'a.b', min: 1 } }), 'attribute "link": min/max apply only to repeatable components');
    rejects(() => withAttributes({ link: { type: 'dynamiczone', components: [] } }), 'attribute "link": a dynamic zone needs "components": a non-empty array of component uids (<category>.<name>)');
    rejects(() => withAttributes({ link: { type: 'dynamiczone', components: ['a.b', 'a.b'] } }), 'attribute "link": "components" lists a component twice');
    rejects(() => withAttributes({ link: { type: 'component', component: 'a.b', repeatable: true, min: 3, max: 2 } }), 'attribute "link": min is greater than max');
  });

  it('ignores options it does not read, as Strapi does (the start lists them)', () => {
    assert.equal(withAttributes({ title: { type: 'string', requird: true, displayName: 'Title' } }).attributes.get('title')?.type, 'string');
  });

  it('rejects options of the wrong kind', () => {
    rejects(() => withAttributes({ title: { type: 'string', required: 'yes' } }), 'attribute "title": option "required" must be a boolean');
    rejects(() => withAttributes({ title: { type: 'string', maxLength: -1 } }), 'attribute "title": option "maxLength" must be a non-negative integer');
    rejects(() => withAttributes({ title: { type: 'string', minLength: 1.5 } }), 'attribute "title": option "minLength" must be a non-negative integer');
    rejects(() => withAttributes({ count: { type: 'integer', min: '3' } }), 'attribute "count": option "min" must be a number');
    rejects(() => withAttributes({ price: { type: 'decimal', max: '1e3' } }), 'attribute "price": option "max" must be a number');
    rejects(() => withAttributes({ title: { type: 'string', regex: 5 } }), 'attribute "title": option "regex" must be a string');
  });

  it('keeps a uid attribute\'s slugify options (Strapi passes them to @sindresorhus/slugify) and checks their kinds', () => {
    const type = withAttributes({
      title: { type: 'string' },
      slug: { type: 'uid', targetField: 'title', options: { separator: '_', lowercase: false, customReplacements: [['&', 'and']], somethingElse: 1 } },
      plain: { type: 'uid' },
    });
    assert.deepEqual(scalar(type.attributes.get('slug'))?.uidOptions, { separator: '_', lowercase: false, customReplacements: [['&', 'and']] });
    assert.equal(scalar(type.attributes.get('plain'))?.uidOptions, undefined);
    const uid = (options: unknown) => withAttributes({ title: { type: 'string' }, slug: { type: 'uid', targetField: 'title', options } });
    rejects(() => uid('dash'), 'attribute "slug": option "options" must be an object');
    rejects(() => uid({ separator: 1 }), 'attribute "slug": option "options.separator" must be a string');
    rejects(() => uid({ lowercase: 'no' }), 'attribute "slug": option "options.lowercase" must be a boolean');
    rejects(() => uid({ customReplacements: [['&']] }), 'attribute "slug": option "options.customReplacements" must be an array of [from, to] string pairs');
    rejects(() => uid({ preserveCharacters: ['ab'] }), 'attribute "slug": option "options.preserveCharacters" must be an array of single characters');
    rejects(() => uid({ preserveCharacters: ['-'] }), 'attribute "slug": option "options.preserveCharacters" must not contain the separator');
  });

  it('rejects a fractional bound on a biginteger (it used to make every write fail with a 500)', () => {
    rejects(() => withAttributes({ big: { type: 'biginteger', min: 1.5 } }), 'attribute "big": option "min" must be an integer (written as a string beyond ±2^53)');
    rejects(() => withAttributes({ big: { type: 'biginteger', max: '2.5' } }), 'attribute "big": option "max" must be an integer (written as a string beyond ±2^53)');
    rejects(() => withAttributes({ big: { type: 'biginteger', max: 2 ** 60 } }), 'attribute "big": option "max" must be an integer (written as a string beyond ±2^53)');
  });

  it('rejects min greater than max, exactly for big integers', () => {
    rejects(() => withAttributes({ count: { type: 'integer', min: 10, max: 1 } }), 'attribute "count": min is greater than max');
    rejects(() => withAttributes({ price: { type: 'decimal', min: '2.5', max: 1 } }), 'attribute "price": min is greater than max');
    rejects(
      () => withAttributes({ big: { type: 'biginteger', min: '9223372036854775807', max: '9223372036854775806' } }),
      'attribute "big": min is greater than max',
    );
    rejects(() => withAttributes({ title: { type: 'string', minLength: 5, maxLength: 2 } }), 'attribute "title": minLength is greater than maxLength');
  });

  it('rejects options that do not apply to the type', () => {
    rejects(() => withAttributes({ count: { type: 'integer', minLength: 1 } }), 'attribute "count": minLength/maxLength apply only to text attributes');
    rejects(() => withAttributes({ title: { type: 'string', min: 1 } }), 'attribute "title": option "min" applies only to numeric attributes (use minLength/maxLength for text)');
    rejects(() => withAttributes({ day: { type: 'date', max: 1 } }), 'attribute "day": option "max" applies only to numeric attributes (use minLength/maxLength for text)');
    rejects(() => withAttributes({ count: { type: 'integer', regex: '^1' } }), 'attribute "count": regex applies only to text attributes');
    rejects(() => withAttributes({ data: { type: 'json', unique: true } }), 'attribute "data": "unique" is not supported on json attributes');
    rejects(() => withAttributes({ secret: { type: 'password', unique: true } }), 'attribute "secret": "unique" is not supported on password attributes');
  });

  it('rejects a bad regex', () => {
    rejects(() => withAttributes({ code: { type: 'string', regex: '([A-Z' } }), 'attribute "code": option "regex" is not a valid regular expression: ([A-Z');
  });

  it('rejects, naming the attribute, a regex the linear-time engine cannot run (backreference, lookaround)', () => {
    const cases: readonly (readonly [string, string])[] = [['^(a)\\1$', 'invalid escape sequence'], ['^(?=a)', 'invalid or unsupported Perl syntax'], ['(?<!a)b', 'invalid named capture']];
    for (const [pattern, detail] of cases) {
      assert.throws(
        () => withAttributes({ code: { type: 'string', regex: pattern } }),
        (error: unknown) =>
          error instanceof DefinitionError &&
          error.file === FILE &&
          error.problem.startsWith(`attribute "code": option "regex" uses syntax the linear-time regex engine (RE2) cannot run`) &&
          error.problem.includes(pattern) &&
          error.problem.includes(detail),
        pattern,
      );
    }
  });

  it('runs attribute regexes in linear time: a catastrophic pattern on a 10,000-character input answers', () => {
    const type = withAttributes({ code: { type: 'string', regex: '^(a+)+$' } });
    const regex = scalar(type.attributes.get('code'))?.regex;
    // JavaScript's RegExp backtracks 2^10000 paths on this input; RE2 reads it once.
    assert.equal(regex?.test(`${'a'.repeat(10_000)}!`), false);
    assert.equal(regex?.test('a'.repeat(10_000)), true);
    assert.equal(regex?.test('b'), false);
  });

  it('rejects an enumeration without a usable enum', () => {
    const problem = 'attribute "kind": an enumeration needs "enum": a non-empty array of non-empty strings';
    rejects(() => withAttributes({ kind: { type: 'enumeration' } }), problem);
    rejects(() => withAttributes({ kind: { type: 'enumeration', enum: [] } }), problem);
    rejects(() => withAttributes({ kind: { type: 'enumeration', enum: ['a', ''] } }), problem);
    rejects(() => withAttributes({ kind: { type: 'enumeration', enum: ['a', 1] } }), problem);
    rejects(() => withAttributes({ kind: { type: 'enumeration', enum: 'a,b' } }), problem);
    rejects(() => withAttributes({ kind: { type: 'enumeration', enum: ['a', 'a'] } }), 'attribute "kind": "enum" has duplicate values');
  });

  it('rejects a uid whose targetField does not exist or is not text', () => {
    rejects(() => withAttributes({ slug: { type: 'uid', targetField: 'title' } }), 'attribute "slug": targetField "title" is not an attribute of this content-type');
    rejects(
      () => withAttributes({ count: { type: 'integer' }, slug: { type: 'uid', targetField: 'count' } }),
      'attribute "slug": targetField "count" must be a string or text attribute',
    );
    rejects(
      () => withAttributes({ slug: { type: 'uid', targetField: 'createdAt' } }),
      'attribute "slug": targetField "createdAt" is not an attribute of this content-type',
    );
  });

  it('accepts a uid targeting a text attribute declared after it, or none at all', () => {
    const type = withAttributes({ slug: { type: 'uid', targetField: 'body' }, body: { type: 'text' }, code: { type: 'uid' } });
    assert.equal(scalar(type.attributes.get('slug'))?.targetField, 'body');
    assert.equal(scalar(type.attributes.get('code'))?.targetField, undefined);
  });
});

describe('normalizeContentType: shared attributes of localized types', () => {
  const notLocalized = { pluginOptions: { i18n: { localized: false } } };
  const model = (localized: boolean) =>
    normalize({
      kind: 'collectionType',
      info: { singularName: 'post', pluralName: 'posts' },
      pluginOptions: { i18n: { localized } },
      attributes: {
        title: { type: 'string' },
        note: { type: 'string', ...notLocalized },
        slug: { type: 'uid', ...notLocalized },
        image: { type: 'media', multiple: false, ...notLocalized },
        seo: { type: 'component', component: 'shared.seo', ...notLocalized },
        zone: { type: 'dynamiczone', components: ['shared.seo'], ...notLocalized },
        author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author', ...notLocalized },
      },
    });

  it('shares scalars, media, components and zones marked localized: false, never relations nor uids (as the reference)', () => {
    const shared = [...model(true).attributes.values()].filter((attribute) => 'shared' in attribute && attribute.shared === true).map((attribute) => attribute.name);
    assert.deepEqual(shared, ['note', 'image', 'seo', 'zone']);
  });

  it('shares nothing on a type that is not localized', () => {
    assert.equal([...model(false).attributes.values()].some((attribute) => 'shared' in attribute && attribute.shared === true), false);
  });
});
