import { ARTICLE_COLUMNS, POSTGRES_ARTICLE_TYPES, generateRows, type SeedRow } from './dataset.js';
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

/**
 * Seeds `count` articles into a PostgreSQL database whose schema Tessera has just created, and
 * returns their documentIds. Multi-row INSERTs in one transaction; the column names and types
 * are checked against what Tessera created first, so a layout change fails here. `vacuum
 * analyze` then leaves planner statistics and a visibility map that every copy inherits.
 */
export async function seedPostgres(database: string, count: number, seed: number): Promise<string[]> {
  return withClient(database, async (client) => {
    const { rows: columns } = await client.query<{ name: string; type: string }>(
      `select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
        where attrelid = 'articles'::regclass and attnum > 0 and not attisdropped order by attnum`,
    );
    const found = columns.map((column) => `${column.name} ${column.type}`).join(', ');
    const expected = ARTICLE_COLUMNS.map((name) => `${name} ${POSTGRES_ARTICLE_TYPES[name]}`).join(', ');
    if (found !== expected) throw new Error(`Tessera created articles(${found}), the seed expects (${expected})`);

    const rows = generateRows(count, seed);
    await client.query('begin');
    try {
      for (let start = 0; start < rows.length; start += BATCH) {
        const batch = rows.slice(start, start + BATCH);
        await client.query(insertSql(batch.length), batch.flatMap(storedRow));
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
    await client.query('vacuum analyze articles');
    return rows.map((row) => row.document_id);
  });
}
