import { copyFileSync, existsSync, rmSync, statSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { ARTICLE_COLUMNS, generateRows, type SeedRow } from './dataset.js';
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
 * Seeds `count` articles into a fresh SQLite file and returns their documentIds.
 *
 * Tessera creates the schema; the rows are then inserted directly through better-sqlite3 in
 * one transaction, in the stored form Tessera writes. The column list is checked against what
 * Tessera created, so a layout change fails here instead of skewing the comparison.
 */
export async function seedSqlite(file: string, count: number, seed: number): Promise<string[]> {
  removeDatabase(file);
  await createSchemaWithTessera({ DATABASE_FILENAME: file });

  const db = new BetterSqlite3(file);
  try {
    const columns = (db.prepare(`select name from pragma_table_info('articles')`).all() as { name: string }[]).map((row) => row.name);
    if (columns.join(',') !== ARTICLE_COLUMNS.join(',')) {
      throw new Error(`Tessera created articles(${columns.join(', ')}), the seed expects (${ARTICLE_COLUMNS.join(', ')})`);
    }
    const rows = generateRows(count, seed);
    const names = ARTICLE_COLUMNS.filter((column) => column !== 'id');
    const insert = db.prepare(`insert into articles (${names.map((name) => `"${name}"`).join(', ')}) values (${names.map((name) => `@${name}`).join(', ')})`);
    db.transaction((all: readonly SeedRow[]) => {
      for (const row of all) insert.run(row);
    })(rows);
    // Leave one self-contained file behind: the copies must not depend on a WAL.
    db.pragma('wal_checkpoint(TRUNCATE)');
    return rows.map((row) => row.document_id);
  } finally {
    db.close();
  }
}
