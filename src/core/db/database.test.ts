import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from './database.js';

const root = mkdtempSync(path.join(tmpdir(), 'tessera-db-'));
after(() => rmSync(root, { recursive: true, force: true }));

describe('openDatabase', () => {
  it('opens a file database in WAL mode, creating its folder', async () => {
    const file = path.join(root, 'nested', 'folder', 'data.db');
    const database = await openDatabase({ client: 'sqlite', filename: file });
    try {
      const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db);
      assert.deepEqual(rows, [{ journal_mode: 'wal' }]);
      const { rows: foreignKeys } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(database.db);
      assert.deepEqual(foreignKeys, [{ foreign_keys: 1 }]);
      assert.ok(existsSync(file));
    } finally {
      await database.close();
    }
  });

  it('matches LIKE case-sensitively and folds every script with tessera_lower', async () => {
    const database = await openDatabase({ client: 'sqlite', filename: ':memory:' });
    try {
      const { rows } = await sql<Record<string, unknown>>`select 'Hello' like 'hello' as plain, tessera_lower('ÉCOLE Straße') as lowered, tessera_lower(null) as absent`.execute(database.db);
      assert.deepEqual(rows, [{ plain: 0, lowered: 'école straße', absent: null }]);
    } finally {
      await database.close();
    }
  });

  it('counts every statement, including those of a transaction', async () => {
    const database = await openDatabase({ client: 'sqlite', filename: ':memory:' });
    try {
      await sql`create table t (v integer)`.execute(database.db);
      const { statements } = await database.counter.measure(() =>
        database.transaction(async (trx) => {
          await sql`insert into t values (1)`.execute(trx);
          await sql`insert into t values (2)`.execute(trx);
        }),
      );
      assert.equal(statements, 4, 'begin, two inserts, commit');
    } finally {
      await database.close();
    }
  });

  it('rolls a transaction back when it throws', async () => {
    const database = await openDatabase({ client: 'sqlite', filename: ':memory:' });
    try {
      await sql`create table t (v integer)`.execute(database.db);
      await assert.rejects(
        database.transaction(async (trx) => {
          await sql`insert into t values (1)`.execute(trx);
          throw new Error('stop');
        }),
        { message: 'stop' },
      );
      assert.deepEqual((await sql`select count(*) as n from t`.execute(database.db)).rows, [{ n: 0 }]);
    } finally {
      await database.close();
    }
  });
});
