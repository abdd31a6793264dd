import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createApp, type App } from '../../src/server/app.js';
import { BUILT_IN_TABLES } from '../helpers/built-in-tables.js';

/**
 * Schema sync across restarts of one project on one SQLite file: each step rewrites the
 * project's schema.json and starts the app again, as a user editing the model would.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'tessera-sync-project-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const POST_SCHEMA = path.join(dir, 'src/api/post/content-types/post/schema.json');
const TAG_SCHEMA = path.join(dir, 'src/api/tag/content-types/tag/schema.json');
const DB_FILE = path.join(dir, '.tmp', 'sync.db');

function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2));
}

function writePost(attributes: Record<string, unknown>): void {
  writeJson(POST_SCHEMA, { kind: 'collectionType', collectionName: 'posts', info: { singularName: 'post', pluralName: 'posts' }, attributes });
}

writeJson(path.join(dir, 'config/database.json'), { connection: { client: 'sqlite', connection: { filename: '.tmp/sync.db' } } });
writeJson(path.join(dir, 'config/permissions.json'), { public: { '*': '*' } });

interface Started {
  readonly app: App;
  readonly base: string;
  readonly logs: string[];
  /** Statements executed by the start itself (sync, and nothing else: the project has no bootstrap). */
  readonly startStatements: number;
}

/** Reads the features make at every start once their rows exist (see the restart test). */
const START_READS = 15; // 7, the admin roles' seed marks (read by the roles and by the permissions: a start finding all seeded writes nothing), i18n: the locale table and the config default last applied, the recorded content model (version, definitions and pending removals, one read), the change feed's versions, the JWT secret of strapi.plugin('users-permissions').service('jwt') (its issue() is synchronous, as Strapi's), and the count of enabled webhooks

async function start(): Promise<Started> {
  const logs: string[] = [];
  const app = await createApp({ projectDir: dir, env: { HOST: '127.0.0.1', PORT: '0' }, log: (message) => logs.push(message) });
  const startStatements = app.database.counter.count;
  const base = await app.listen();
  return { app, base, logs, startStatements };
}

async function getJson(url: string): Promise<{ status: number; body: { data: Record<string, unknown>[] } }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as { data: Record<string, unknown>[] } };
}

async function columnsOf(app: App, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(app.database.db);
  return rows.map((row) => row.name);
}

async function indexesOf(app: App, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table} order by name`.execute(app.database.db);
  return rows.map((row) => row.name);
}

describe('schema sync on a file database', () => {
  it('creates tables and indexes on the first start, in WAL mode, at the configured relative path', async () => {
    writePost({ title: { type: 'string' }, code: { type: 'string', unique: true }, views: { type: 'integer' } });
    const { app, base } = await start();
    try {
      assert.deepEqual(app.config.database, { client: 'sqlite', filename: DB_FILE });
      assert.ok(existsSync(DB_FILE));
      // Every project also gets the tables of Tessera's built-in types (users, roles) and its own.
      assert.deepEqual(app.sync.createdTables.filter((table) => !BUILT_IN_TABLES.has(table)), ['posts']);
      assert.deepEqual(app.sync.statements.filter((statement) => statement.includes('"posts"')), [
        'create table "posts" ("id" integer primary key autoincrement, "document_id" varchar(255) not null, "title" varchar(255), "code" varchar(255), "views" integer, "created_at" datetime, "updated_at" datetime, "published_at" datetime, "created_by_id" integer, "updated_by_id" integer)',
        'create index "posts_documents_idx" on "posts" ("document_id", "published_at")',
        'create index "posts_code_idx" on "posts" ("code")',
      ]);
      assert.deepEqual(await columnsOf(app, 'posts'), ['id', 'document_id', 'title', 'code', 'views', 'created_at', 'updated_at', 'published_at', 'created_by_id', 'updated_by_id']);
      assert.deepEqual(await indexesOf(app, 'posts'), ['posts_code_idx', 'posts_documents_idx']);
      const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(app.database.db);
      assert.deepEqual(rows, [{ journal_mode: 'wal' }]);

      for (const [title, views] of [['First', 10], ['Second', 20]] as const) {
        const response = await fetch(`${base}/api/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title, code: title.toUpperCase(), views } }) });
        assert.equal(response.status, 201);
      }
    } finally {
      await app.close();
    }
  });

  it('runs no DDL on a restart with an unchanged model: one introspection statement, and the data is there', async () => {
    const { app, base, startStatements, logs } = await start();
    try {
      assert.deepEqual(app.sync, { statements: [], createdTables: [], addedColumns: [], orphanColumns: [] });
      // Introspection (sync), then the features' start-up reads, all plain reads: the roles with
      // their permissions (config/permissions is already in the database), the admin roles, and
      // five settings (users-permissions advanced settings and mail templates, the JWT secret, the
      // admin JWT secret, the API token salt).
      assert.equal(startStatements, 1 + START_READS);
      assert.deepEqual(logs, []);
      const { status, body } = await getJson(`${base}/api/posts?sort=title&fields=title,views`);
      assert.equal(status, 200);
      assert.deepEqual(body.data.map(({ title, views }) => ({ title, views })), [{ title: 'First', views: 10 }, { title: 'Second', views: 20 }]);
    } finally {
      await app.close();
    }
  });

  it('adds a new attribute as a nullable column and keeps the rows', async () => {
    writePost({ title: { type: 'string' }, code: { type: 'string', unique: true }, views: { type: 'integer' }, subtitle: { type: 'string', required: true } });
    const { app, base, startStatements } = await start();
    try {
      assert.deepEqual(app.sync, {
        statements: ['alter table "posts" add column "subtitle" varchar(255)'],
        createdTables: [],
        addedColumns: ['posts.subtitle'],
        orphanColumns: [],
      });
      // A changed model is also recorded for the other instances: under the lock, begin, the version and definitions read again, both written, the change announced on the feed, commit.
      assert.equal(startStatements, 5 + START_READS + 7, 'introspection, then under the lock: begin, introspection, alter, commit; then the start-up reads and the model recorded');
      const { body } = await getJson(`${base}/api/posts?sort=title&fields=title,subtitle`);
      assert.deepEqual(body.data.map(({ title, subtitle }) => ({ title, subtitle })), [{ title: 'First', subtitle: null }, { title: 'Second', subtitle: null }]);
    } finally {
      await app.close();
    }
  });

  it('keeps the column and data of a removed attribute, reports it and logs it', async () => {
    writePost({ title: { type: 'string' }, code: { type: 'string', unique: true }, subtitle: { type: 'string' } });
    const { app, base, logs } = await start();
    try {
      assert.deepEqual(app.sync, { statements: [], createdTables: [], addedColumns: [], orphanColumns: ['posts.views'] });
      assert.deepEqual(logs, ['Column posts.views is no longer in the content model; it is kept with its data.']);
      assert.ok((await columnsOf(app, 'posts')).includes('views'));
      const { rows } = await sql<{ views: number }>`select views from posts order by id`.execute(app.database.db);
      assert.deepEqual(rows, [{ views: 10 }, { views: 20 }]);
      const list = await getJson(`${base}/api/posts?sort=title`);
      assert.equal('views' in (list.body.data[0] ?? {}), false);
      const filtered = await fetch(`${base}/api/posts?filters[views][$gt]=1`);
      assert.equal(filtered.status, 400);
    } finally {
      await app.close();
    }
  });

  it('gives the kept data back when the attribute returns, and adds a new type next to the old', async () => {
    writePost({ title: { type: 'string' }, code: { type: 'string', unique: true }, subtitle: { type: 'string' }, views: { type: 'integer' } });
    writeJson(TAG_SCHEMA, { kind: 'collectionType', info: { singularName: 'tag', pluralName: 'tags' }, attributes: { label: { type: 'string' } } });
    const { app, base } = await start();
    try {
      assert.deepEqual(app.sync.createdTables, ['tags']);
      assert.deepEqual(app.sync.addedColumns, []);
      assert.deepEqual(app.sync.orphanColumns, []);
      const { body } = await getJson(`${base}/api/posts?sort=title&fields=title,views`);
      assert.deepEqual(body.data.map(({ title, views }) => ({ title, views })), [{ title: 'First', views: 10 }, { title: 'Second', views: 20 }]);
      assert.equal((await getJson(`${base}/api/tags`)).status, 200);
    } finally {
      await app.close();
    }
  });
});
