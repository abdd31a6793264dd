import { copyFileSync, existsSync, rmSync, statSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { ARTICLE_COLUMNS, generateRows, type SeedRow } from './dataset.js';
import { LINKED_LAYOUTS, generateLinkedTables, type SeedTable } from './linked-dataset.js';
import { createSchemaWithTessera } from './tessera-schema.js';

export function removeDatabase(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
}

/** Copies a closed (checkpointed) database file, so each server writes to its own copy. */
export function copyDatabase(from: string, to: string): void {
  removeDatabase(to);
  if (existsSync(`${from}-wal`) && statSync(`${from}-wal`).size > 0) throw new Error(`${from} still has a WAL file: close it before copying`);
  copyFileSync(from, to);
}

/**
 * Seeds `count` articles (with the populate scenario's linked rows) into a fresh SQLite file
 * and returns the articles' documentIds.
 *
 * Tessera creates the schema; the rows are then inserted directly through better-sqlite3 (the
 * articles, then everything linked to their row ids), in the stored form Tessera writes. The column lists are checked against what
 * Tessera created, so a layout change fails here instead of skewing the comparison.
 */
export async function seedSqlite(file: string, count: number, seed: number): Promise<string[]> {
  removeDatabase(file);
  await createSchemaWithTessera({ DATABASE_FILENAME: file });

  const db = new BetterSqlite3(file);
  try {
    const columnsOf = (table: string): string[] => (db.prepare(`select name from pragma_table_info(?)`).all(table) as { name: string }[]).map((row) => row.name);
    const expected: [string, readonly string[]][] = [['articles', ARTICLE_COLUMNS], ...Object.entries(LINKED_LAYOUTS).map(([table, layout]): [string, string[]] => [table, layout.map(([name]) => name)])];
    for (const [table, names] of expected) {
      const columns = columnsOf(table);
      if (columns.join(',') !== names.join(',')) throw new Error(`Tessera created ${table}(${columns.join(', ')}), the seed expects (${names.join(', ')})`);
    }
    const rows = generateRows(count, seed);
    const names = ARTICLE_COLUMNS.filter((column) => column !== 'id');
    const insert = db.prepare(`insert into articles (${names.map((name) => `"${name}"`).join(', ')}) values (${names.map((name) => `@${name}`).join(', ')})`);
    db.transaction((all: readonly SeedRow[]) => {
      for (const row of all) insert.run(row);
    })(rows);
    // The populate scenario's authors, categories, links and components, tied to the articles' row ids.
    const idOf = new Map((db.prepare('select id, document_id from articles').all() as { id: number; document_id: string }[]).map((row) => [row.document_id, row.id]));
    const linked = generateLinkedTables(rows.map((row) => idOf.get(row.document_id) ?? 0), seed);
    db.transaction((tables: readonly SeedTable[]) => {
      for (const { table, columns, rows: values } of tables) {
        const statement = db.prepare(`insert into ${table} (${columns.map((name) => `"${name}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`);
        for (const row of values) statement.run(...row);
      }
    })(linked);
    // Leave one self-contained file behind: the copies must not depend on a WAL.
    db.pragma('wal_checkpoint(TRUNCATE)');
    return rows.map((row) => row.document_id);
  } finally {
    db.close();
  }
}
