import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase, type Database } from './database.js';
import { syncSchema } from './sync-schema.js';
import type { TableModel } from './table-model.js';

const root = mkdtempSync(path.join(tmpdir(), 'tessera-sync-'));
after(() => rmSync(root, { recursive: true, force: true }));

const POSTS: TableModel = {
  name: 'posts',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'document_id', type: 'string', notNull: true },
    { name: 'title', type: 'string' },
    { name: 'views', type: 'integer' },
  ],
  indexes: [{ name: 'posts_documents_idx', columns: ['document_id'] }],
};

async function rows(database: Database, query: string): Promise<unknown[]> {
  return (await sql.raw(query).execute(database.db)).rows;
}

async function withDatabase<T>(file: string, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ client: 'sqlite', filename: file });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

describe('syncSchema', () => {
  const file = path.join(root, 'sync.db');

  it('creates tables and indexes on an empty database, in one transaction', async () => {
    await withDatabase(file, async (database) => {
      const before = database.counter.count;
      const report = await syncSchema(database, [POSTS]);
      assert.deepEqual(report, {
        statements: [
          'create table "posts" ("id" integer primary key autoincrement, "document_id" varchar(255) not null, "title" varchar(255), "views" integer)',
          'create index "posts_documents_idx" on "posts" ("document_id")',
        ],
        createdTables: ['posts'],
        addedColumns: [],
        orphanColumns: [],
      });
      // introspection, then under the lock: begin, introspection again, two statements, commit
      assert.equal(database.counter.count - before, 6);
      await sql`insert into posts (document_id, title, views) values ('d1', 'First', 3)`.execute(database.db);
    });
  });

  it('runs no DDL, and a single introspection statement, when nothing changed', async () => {
    await withDatabase(file, async (database) => {
      const before = database.counter.count;
      assert.deepEqual(await syncSchema(database, [POSTS]), { statements: [], createdTables: [], addedColumns: [], orphanColumns: [] });
      assert.equal(database.counter.count - before, 1);
    });
  });

  it('adds new columns as nullable, whatever the model says, and new indexes; rows are kept', async () => {
    const model: TableModel = {
      ...POSTS,
      columns: [...POSTS.columns, { name: 'summary', type: 'text', notNull: true }],
      indexes: [...POSTS.indexes, { name: 'posts_title_idx', columns: ['title'] }],
    };
    await withDatabase(file, async (database) => {
      const report = await syncSchema(database, [model]);
      assert.deepEqual(report, {
        statements: ['alter table "posts" add column "summary" text', 'create index "posts_title_idx" on "posts" ("title")'],
        createdTables: [],
        addedColumns: ['posts.summary'],
        orphanColumns: [],
      });
      assert.deepEqual(await rows(database, 'select document_id, title, views, summary from posts'), [{ document_id: 'd1', title: 'First', views: 3, summary: null }]);
    });
  });

  it('keeps a column the model lost, with its data, and reports it', async () => {
    const model: TableModel = { ...POSTS, columns: POSTS.columns.filter((column) => column.name !== 'views') };
    await withDatabase(file, async (database) => {
      const report = await syncSchema(database, [model]);
      assert.deepEqual(report, { statements: [], createdTables: [], addedColumns: [], orphanColumns: ['posts.views', 'posts.summary'] });
      assert.deepEqual(await rows(database, 'select views from posts'), [{ views: 3 }]);
    });
  });

  it('creates a new table next to existing ones', async () => {
    const tags: TableModel = { name: 'tags', columns: [{ name: 'id', type: 'increments' }, { name: 'label', type: 'string' }], indexes: [] };
    await withDatabase(file, async (database) => {
      const report = await syncSchema(database, [{ ...POSTS, columns: [...POSTS.columns, { name: 'summary', type: 'text' }] }, tags]);
      assert.deepEqual(report.createdTables, ['tags']);
      assert.deepEqual(report.statements, ['create table "tags" ("id" integer primary key autoincrement, "label" varchar(255))']);
      assert.deepEqual(report.orphanColumns, []);
    });
  });

  it('leaves nothing half-done when a statement fails', async () => {
    const broken: TableModel = { name: 'broken', columns: [{ name: 'id', type: 'increments' }], indexes: [{ name: 'broken_idx', columns: ['missing'] }] };
    await withDatabase(path.join(root, 'rollback.db'), async (database) => {
      await assert.rejects(syncSchema(database, [broken]), /missing/);
      assert.deepEqual(await rows(database, "select name from sqlite_master where name = 'broken'"), []);
    });
  });
});
