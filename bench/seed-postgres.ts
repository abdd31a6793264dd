import type pg from 'pg';
import { ARTICLE_COLUMNS, POSTGRES_ARTICLE_TYPES, generateRows, type SeedRow } from './dataset.js';
import { LINKED_LAYOUTS, POSTGRES_TYPE_OF, generateLinkedTables, type SeedTable } from './linked-dataset.js';
import { withClient } from './postgres-server.js';

/** 15 values a row: 500 rows stay well under PostgreSQL's 65,535 parameters a statement. */
const BATCH = 500;
const NAMES = ARTICLE_COLUMNS.filter((column) => column !== 'id');

/** A seed row in the form Tessera stores on PostgreSQL: real booleans, bigints as text for pg, the rest as on SQLite. */
function storedRow(row: SeedRow): unknown[] {
  return NAMES.map((name) => (name === 'featured' ? row.featured === 1 : name === 'likes' ? row.likes.toString() : row[name]));
}

function insertSql(rows: number): string {
  const tuples = Array.from({ length: rows }, (_, row) => `(${NAMES.map((_name, column) => `$${row * NAMES.length + column + 1}`).join(', ')})`);
  return `insert into articles (${NAMES.map((name) => `"${name}"`).join(', ')}) values ${tuples.join(', ')}`;
}

/** PostgreSQL's limit of bound parameters per statement, with a margin. */
const MAX_PARAMETERS = 60_000;

function insertRowsSql(table: string, columns: readonly string[], rows: number): string {
  const tuples = Array.from({ length: rows }, (_, row) => `(${columns.map((_name, column) => `$${row * columns.length + column + 1}`).join(', ')})`);
  return `insert into ${table} (${columns.map((name) => `"${name}"`).join(', ')}) values ${tuples.join(', ')}`;
}

async function insertTable(client: pg.Client, { table, columns, rows }: SeedTable): Promise<void> {
  const batch = Math.floor(MAX_PARAMETERS / columns.length);
  for (let start = 0; start < rows.length; start += batch) {
    const slice = rows.slice(start, start + batch);
    await client.query(insertRowsSql(table, columns, slice.length), slice.flat());
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
 * Seeds `count` articles, and the populate scenario's linked rows, into a PostgreSQL database
 * whose schema Tessera has just created, and returns the articles' documentIds. Multi-row
 * INSERTs in one transaction; the column names and types are checked against what Tessera
 * created first, so a layout change fails here. `vacuum analyze` then leaves planner
 * statistics and a visibility map that every copy inherits.
 */
export async function seedPostgres(database: string, count: number, seed: number): Promise<string[]> {
  return withClient(database, async (client) => {
    const expected: [string, string][] = [
      ['articles', ARTICLE_COLUMNS.map((name) => `${name} ${POSTGRES_ARTICLE_TYPES[name]}`).join(', ')],
      ...Object.entries(LINKED_LAYOUTS).map(([table, layout]): [string, string] => [table, layout.map(([name, kind]) => `${name} ${POSTGRES_TYPE_OF[kind]}`).join(', ')]),
    ];
    for (const [table, layout] of expected) {
      const found = await layoutOf(client, table);
      if (found !== layout) throw new Error(`Tessera created ${table}(${found}), the seed expects (${layout})`);
    }

    const rows = generateRows(count, seed);
    await client.query('begin');
    try {
      for (let start = 0; start < rows.length; start += BATCH) {
        const batch = rows.slice(start, start + BATCH);
        await client.query(insertSql(batch.length), batch.flatMap(storedRow));
      }
      // The populate scenario's authors, categories, links and components, tied to the articles' row ids.
      const { rows: ids } = await client.query<{ id: number; document_id: string }>('select id, document_id from articles');
      const idOf = new Map(ids.map((row) => [row.document_id, row.id]));
      for (const table of generateLinkedTables(rows.map((row) => idOf.get(row.document_id) ?? 0), seed)) await insertTable(client, table);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
    await client.query(`vacuum analyze articles, ${Object.keys(LINKED_LAYOUTS).join(', ')}`);
    return rows.map((row) => row.document_id);
  });
}
