import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import type { DynamicSchema } from '../../db/database.js';
import { sqliteDialect } from '../../db/sqlite/sqlite-dialect.js';
import type { ContentType } from '../../schema/content-type.js';
import { loadRegistry } from '../../schema/load-definitions.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import { parseFilters } from '../parse/parse-filters.js';
import { parseSort } from '../parse/parse-sort.js';
import { compileFilter } from './compile-filter.js';
import { compileSortKey } from './compile-sort.js';
import { matchesEmptyRow } from './matches-empty-row.js';
import { fixturePath } from '../../../../test/helpers/test-app.js';

/** The SQL shapes of filters and sorts through relations and components (the e2e tests check what they return). */

const FIXTURE = fixturePath('relations');

const db = new Kysely<DynamicSchema>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new SqliteIntrospector(kysely),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

describe('compiling filters and sorts through relations and components', () => {
  let registry: SchemaRegistry;
  let articles: ContentType;
  let authors: ContentType;
  before(async () => {
    registry = await loadRegistry(FIXTURE);
    articles = registry.get('api::article.article') ?? assert.fail();
    authors = registry.get('api::author.author') ?? assert.fail();
  });

  function where(raw: unknown, model = articles, alias = 't0'): { sql: string; parameters: readonly unknown[] } {
    const node = parseFilters(raw, model, registry) ?? assert.fail();
    const compiled = db.selectFrom(`${model.collectionName} as ${alias}`).select('id').where(compileFilter(node, { dialect: sqliteDialect, alias, read: { status: 'published', locale: 'en' } })).compile();
    return { sql: compiled.sql.replace(/^select "id" from "\w+" as "\w+" where /, ''), parameters: compiled.parameters };
  }

  it('compiles an owner side to EXISTS over the link and the target rows, by documentId', () => {
    assert.equal(
      where({ author: { name: 'Ann' } }).sql,
      'exists (select 1 from "articles_author_lnk" as "t0_l" join "authors" as "t0_r" on "t0_r"."document_id" = "t0_l"."target_document_id" where "t0_l"."entity_id" = "t0"."id" and "t0_r"."name" = ?)',
    );
  });

  it('compiles an inverse side to EXISTS over the link and the owners\' rows', () => {
    assert.equal(
      where({ articles: { title: 'x' } }, authors).sql,
      'exists (select 1 from "articles_author_lnk" as "t0_l" join "articles" as "t0_r" on "t0_r"."id" = "t0_l"."entity_id" where "t0_l"."target_document_id" = "t0"."document_id" and "t0_r"."title" = ?)',
    );
  });

  it('compiles a component to EXISTS over its rows owned by the row, the model and the attribute', () => {
    const { sql, parameters } = where({ seo: { metaTitle: 'T' } });
    assert.equal(
      sql,
      'exists (select 1 from "components_shared_seos" as "t0_r" where ("t0_r"."parent_id" = "t0"."id" and "t0_r"."parent_type" = ? and "t0_r"."parent_field" = ?) and "t0_r"."meta_title" = ?)',
    );
    assert.deepEqual(parameters, ['api::article.article', 'seo', 'T']);
  });

  it('gives every level its own aliases, derived from the outer alias', () => {
    const { sql } = where({ links: { target: { author: { name: 'a' } } } }, articles, 'p1');
    for (const alias of ['"p1_r"', '"p1_r_l"', '"p1_r_r"', '"p1_r_r_l"', '"p1_r_r_r"']) assert.ok(sql.includes(`as ${alias}`), alias);
    assert.ok(sql.includes('"p1_r"."parent_id" = "p1"."id"'));
    assert.ok(sql.includes('"p1_r_l"."entity_id" = "p1_r"."id"'));
  });

  it('adds "nothing linked" only when the child holds for an empty item, and negates with not coalesce', () => {
    assert.ok(!where({ author: { name: 'a' } }).sql.includes('not exists'));
    assert.match(where({ author: { id: { $null: true } } }).sql, /^\(exists \(.*\) or not exists \(select 1 from "articles_author_lnk" as "t0_l" join "authors" as "t0_r" on .* where "t0_l"."entity_id" = "t0"."id"\)\)$/);
    assert.match(where({ $not: { author: { name: 'a' } } }).sql, /^not coalesce\(exists \(.*\), false\)$/);
  });

  it('sorts through a path with one correlated subquery that picks the first non-null value', () => {
    const [key] = parseSort('categories.name:desc', articles, registry);
    const compiled = db.selectFrom('articles as t0').select('id').orderBy(compileSortKey(key ?? assert.fail(), { dialect: sqliteDialect, model: articles, alias: 't0', index: 2, read: { status: 'published', locale: 'en' } })).compile();
    assert.equal(
      compiled.sql.replace(/^select "id" from "\w+" as "\w+" order by /, ''),
      '(select "t0_s2_0"."name" from "articles_categories_lnk" as "t0_s2_0l" join "categories" as "t0_s2_0" on "t0_s2_0"."document_id" = "t0_s2_0l"."target_document_id" where "t0_s2_0l"."entity_id" = "t0"."id" and "t0_s2_0"."name" is not null order by "t0_s2_0"."name" desc limit 1) desc',
    );
  });

  it('evaluates filters on an empty item as the SQL does', () => {
    const empty = (raw: unknown) => matchesEmptyRow(parseFilters(raw, articles, registry) ?? assert.fail());
    assert.equal(empty({ title: { $null: true } }), true);
    assert.equal(empty({ title: { $notNull: true } }), false);
    assert.equal(empty({ title: { $eq: null } }), true);
    assert.equal(empty({ title: 'x' }), false);
    assert.equal(empty({ title: { $ne: 'x' } }), true);
    assert.equal(empty({ title: { $ne: null } }), false);
    assert.equal(empty({ title: { $in: ['a', null] } }), true);
    assert.equal(empty({ title: { $notIn: ['a'] } }), true);
    assert.equal(empty({ title: { $notIn: ['a', null] } }), false);
    assert.equal(empty({ title: { $notContainsi: 'a' } }), true);
    assert.equal(empty({ views: { $gt: 1 } }), false);
    assert.equal(empty({ $not: { title: 'x' } }), true);
    assert.equal(empty({ $or: [{ title: 'x' }, { views: { $null: true } }] }), true);
    assert.equal(empty({ title: { $null: true }, views: 1 }), false);
    assert.equal(empty({ author: { name: { $null: true } } }), true);
  });
});
