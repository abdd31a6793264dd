/**
 * Seeds the versions scenario's data (versions-dataset.ts) the way seed-sqlite.ts and
 * seed-postgres.ts seed the others: Tessera creates the schema of bench/project-versions on
 * the empty database, the column layouts are checked against what it created, then the rows
 * go in directly in one transaction — the articles' versions first, then everything tied to
 * their row ids as the database assigned them.
 */
import BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { withClient } from './postgres-server.js';
import { removeDatabase } from './seed-sqlite.js';
import { createSchemaWithTessera } from './tessera-schema.js';
import { VERSIONED_LAYOUTS, generateVersionedArticles, generateVersionedLinkedTables, type Locale, type RowIdOf, type VersionedTable, type VersionedValue } from './versions-dataset.js';
import { VERSIONS_PROJECT } from './versions-paths.js';

interface VersionRow {
  id: number;
  document_id: string;
  locale: Locale;
  published: number | boolean;
}

/** The `select` that tells each version's row id; `published` is 0/1 on SQLite, a boolean on PostgreSQL. */
const VERSION_IDS = 'select id, document_id, locale, published_at is not null as published from articles';

function rowIdLookup(documentIds: readonly string[], rows: readonly VersionRow[]): RowIdOf {
  const indexOf = new Map(documentIds.map((id, index) => [id, index]));
  const ids = new Map(rows.map((row) => [`${indexOf.get(row.document_id)}|${row.locale}|${row.published === 1 || row.published === true}`, row.id]));
  return (document, locale, published) => {
    const id = ids.get(`${document}|${locale}|${published}`);
    if (id === undefined) throw new Error(`No ${published ? 'published' : 'draft'} ${locale} version of document ${document} was inserted`);
    return id;
  };
}

/** Seeds `count` articles (4 versions each) and their linked rows into a fresh SQLite file; returns the documentIds. */
export async function seedVersionsSqlite(file: string, count: number, seed: number): Promise<string[]> {
  removeDatabase(file);
  await createSchemaWithTessera({ DATABASE_FILENAME: file }, VERSIONS_PROJECT);
  const db = new BetterSqlite3(file);
  try {
    for (const [table, layout] of Object.entries(VERSIONED_LAYOUTS)) {
      const columns = (db.prepare('select name from pragma_table_info(?)').all(table) as { name: string }[]).map((row) => row.name);
      const expected = layout.map(([name]) => name);
      if (columns.join(',') !== expected.join(',')) throw new Error(`Tessera created ${table}(${columns.join(', ')}), the seed expects (${expected.join(', ')})`);
    }
    const insertAll = db.transaction((tables: readonly VersionedTable[]) => {
      for (const { table, columns, rows } of tables) {
        const statement = db.prepare(`insert into ${table} (${columns.map((name) => `"${name}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`);
        for (const row of rows) statement.run(...row);
      }
    });
    const { table: articles, documentIds } = generateVersionedArticles(count, seed);
    insertAll([articles]);
    const rowIdOf = rowIdLookup(documentIds, db.prepare(VERSION_IDS).all() as VersionRow[]);
    insertAll(generateVersionedLinkedTables(count, rowIdOf, seed));
    // Leave one self-contained file behind: the copies must not depend on a WAL.
    db.pragma('wal_checkpoint(TRUNCATE)');
    return documentIds;
  } finally {
    db.close();
  }
}

/** PostgreSQL's limit of bound parameters per statement, with a margin. */
const MAX_PARAMETERS = 60_000;

/** A value in the form Tessera stores on PostgreSQL: real booleans, bigints as text for pg, the rest as on SQLite. */
function postgresValue(type: string, value: VersionedValue): unknown {
  if (type === 'boolean' && value !== null) return value === 1;
  return typeof value === 'bigint' ? value.toString() : value;
}

async function insertPostgres(client: pg.Client, { table, columns, rows }: VersionedTable): Promise<void> {
  const layout = new Map(VERSIONED_LAYOUTS[table]);
  const types = columns.map((column) => layout.get(column) ?? '');
  const batch = Math.floor(MAX_PARAMETERS / columns.length);
  for (let start = 0; start < rows.length; start += batch) {
    const slice = rows.slice(start, start + batch);
    const tuples = slice.map((_row, row) => `(${columns.map((_name, column) => `$${row * columns.length + column + 1}`).join(', ')})`);
    const values = slice.flatMap((row) => row.map((value, column) => postgresValue(types[column] ?? '', value)));
    await client.query(`insert into ${table} (${columns.map((name) => `"${name}"`).join(', ')}) values ${tuples.join(', ')}`, values);
  }
}

/** `name type` of each column of `table`, as Tessera created them. */
async function layoutOf(client: pg.Client, table: string): Promise<string> {
  const { rows } = await client.query<{ name: string; type: string }>(
    `select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
      where attrelid = $1::regclass and attnum > 0 and not attisdropped order by attnum`,
    [table],
  );
  return rows.map((column) => `${column.name} ${column.type}`).join(', ');
}

/**
 * Seeds `count` articles (4 versions each) and their linked rows into a PostgreSQL database
 * whose schema Tessera has just created; returns the documentIds. `vacuum analyze` then leaves
 * planner statistics every copy inherits.
 */
export async function seedVersionsPostgres(database: string, count: number, seed: number): Promise<string[]> {
  return withClient(database, async (client) => {
    for (const [table, layout] of Object.entries(VERSIONED_LAYOUTS)) {
      const found = await layoutOf(client, table);
      const expected = layout.map(([name, type]) => `${name} ${type}`).join(', ');
      if (found !== expected) throw new Error(`Tessera created ${table}(${found}), the seed expects (${expected})`);
    }
    const { table: articles, documentIds } = generateVersionedArticles(count, seed);
    await client.query('begin');
    try {
      await insertPostgres(client, articles);
      const { rows } = await client.query<VersionRow>(VERSION_IDS);
      const rowIdOf = rowIdLookup(documentIds, rows);
      for (const table of generateVersionedLinkedTables(count, rowIdOf, seed)) await insertPostgres(client, table);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
    await client.query(`vacuum analyze ${Object.keys(VERSIONED_LAYOUTS).join(', ')}`);
    return documentIds;
  });
}
