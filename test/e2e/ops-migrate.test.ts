import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { DatabaseConfig } from '../../src/core/config/app-config.js';
import { openDatabase } from '../../src/core/db/database.js';
import { createTempProjects, schemaPath } from '../helpers/temp-projects.js';
import { startTestApp } from '../helpers/test-app.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../helpers/test-database.js';
import { databaseConfigFile, runTessera } from '../helpers/tessera-process.js';
import { runTesseraInProcess as inProcess } from '../helpers/cli-in-process.js';

const kind = testDatabaseKind();
const projects = createTempProjects('tessera-migrate-');
after(() => projects.remove());

/** An identifier as the database under test quotes it. */
const q = (name: string): string => (kind === 'mysql' ? `\`${name}\`` : `"${name}"`);

const note = (attributes: Record<string, unknown>) => ({ kind: 'collectionType', collectionName: 'notes', info: { singularName: 'note', pluralName: 'notes' }, attributes });
const FULL = { title: { type: 'string' }, body: { type: 'text' }, obsolete: { type: 'string' }, code: { type: 'string', unique: true } };
const TRIMMED = { title: { type: 'string' }, body: { type: 'text' } };

/** The columns and indexes of the notes table, read straight from the database. */
async function notesLayout(config: DatabaseConfig): Promise<{ columns: string[]; indexes: string[] }> {
  const database = await openDatabase(config);
  try {
    const table = (await database.dialect.introspect(database.db)).get('notes');
    return { columns: [...(table?.columns ?? [])].sort(), indexes: [...(table?.indexes ?? [])].filter((name) => name.endsWith('_idx')).sort() };
  } finally {
    await database.close();
  }
}

describe('tessera migrate', () => {
  it('drops the columns the model lost: --dry-run prints the SQL and changes nothing, a run applies it, a second run finds nothing', { timeout: 120_000 }, async () => {
    let database: TestDatabase | undefined;
    const dir = projects.write({
      [schemaPath('note')]: note(FULL),
      'config/permissions.json': { public: { 'api::note.note': '*' } },
    });
    try {
      database = kind === 'sqlite' ? { config: { client: 'sqlite', filename: path.join(dir, '.tmp', 'data.db') }, drop: async () => undefined } : await createTestDatabase(kind);
      const config = database.config;
      writeFileSync(path.join(dir, 'config', 'database.json'), JSON.stringify(databaseConfigFile(config)));
      const serve = () => startTestApp({ fixture: dir, override: (loaded) => ({ ...loaded, database: config }) });

      // Start with the full model and write some documents.
      const first = await serve();
      try {
        for (const [title, code] of [['one', 'AAA'], ['two', 'BBB']]) {
          const created = await first.post('/api/notes', { data: { title, body: `${title} body`, obsolete: `${title} old`, code } });
          assert.equal(created.status, 201);
        }
      } finally {
        await first.close();
      }
      const full = await notesLayout(config);
      assert.deepEqual(full.columns, ['body', 'code', 'created_at', 'created_by_id', 'document_id', 'id', 'obsolete', 'published_at', 'title', 'updated_at', 'updated_by_id']);
      assert.deepEqual(full.indexes, ['notes_code_idx', 'notes_documents_idx']);

      // The model loses two attributes; schema sync keeps their columns.
      writeFileSync(path.join(dir, schemaPath('note')), JSON.stringify(note(TRIMMED)));
      const second = await serve();
      try {
        assert.deepEqual([...second.app.sync.orphanColumns].sort(), ['notes.code', 'notes.obsolete']);
      } finally {
        await second.close();
      }

      const statements = [
        kind === 'mysql' ? `drop index ${q('notes_code_idx')} on ${q('notes')};` : `drop index ${q('notes_code_idx')};`,
        `alter table ${q('notes')} drop column ${q('code')};`,
        `alter table ${q('notes')} drop column ${q('obsolete')};`,
      ];
      const dry = await runTessera(['migrate', dir, '--dry-run']);
      assert.equal(dry.stderr, '');
      assert.equal(dry.stdout, ['Dry run: nothing is changed.', ...statements, '2 columns would be dropped: notes.code, notes.obsolete.', ''].join('\n'));
      assert.equal(dry.code, 0);
      assert.deepEqual(await notesLayout(config), full, 'a dry run changes nothing');

      const run = await inProcess(['migrate', dir]);
      assert.equal(run.stderr, '');
      assert.equal(run.stdout, [...statements, 'Dropped 2 columns: notes.code, notes.obsolete.', ''].join('\n'));
      assert.equal(run.code, 0);
      assert.deepEqual(await notesLayout(config), {
        columns: ['body', 'created_at', 'created_by_id', 'document_id', 'id', 'published_at', 'title', 'updated_at', 'updated_by_id'],
        indexes: ['notes_documents_idx'],
      });

      const again = await inProcess(['migrate', dir]);
      assert.deepEqual([again.code, again.stdout, again.stderr], [0, 'Nothing to migrate: the database has no column that the content model lacks.\n', '']);

      // The other columns kept their data, and the app starts with nothing left to report.
      const third = await serve();
      try {
        assert.deepEqual(third.app.sync.orphanColumns, []);
        const list = await third.get('/api/notes?sort=title&fields[0]=title&fields[1]=body');
        assert.equal(list.status, 200);
        assert.deepEqual(list.body.data.map((item: { title: string; body: string }) => [item.title, item.body]), [['one', 'one body'], ['two', 'two body']]);
      } finally {
        await third.close();
      }
    } finally {
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps the columns of a user extension and of custom fields registered in register(): migrate sees the start's model", { timeout: 120_000 }, async () => {
    let database: TestDatabase | undefined;
    const user = {
      kind: 'collectionType',
      collectionName: 'up_users',
      info: { singularName: 'user', pluralName: 'users', displayName: 'User' },
      options: { draftAndPublish: false },
      attributes: {
        username: { type: 'string', minLength: 3, unique: true, required: true },
        email: { type: 'email', minLength: 6, required: true },
        provider: { type: 'string' },
        password: { type: 'password', minLength: 6, private: true },
        resetPasswordToken: { type: 'string', private: true },
        confirmationToken: { type: 'string', private: true },
        confirmed: { type: 'boolean', default: false },
        blocked: { type: 'boolean', default: false },
        role: { type: 'relation', relation: 'manyToOne', inversedBy: 'users', target: 'plugin::users-permissions.role' },
        job: { type: 'string' },
      },
    };
    const dir = projects.write({
      [schemaPath('note')]: note({ title: { type: 'string' }, stars: { type: 'customField', customField: 'global::stars' } }),
      'src/extensions/users-permissions/content-types/user/schema.json': user,
      'config/permissions.json': { public: { 'api::note.note': '*' } },
      'src/index.mjs': "export default { register({ strapi }) { strapi.customFields.register({ name: 'stars', type: 'integer' }); } };\n",
    });
    try {
      database = kind === 'sqlite' ? { config: { client: 'sqlite', filename: path.join(dir, '.tmp', 'data.db') }, drop: async () => undefined } : await createTestDatabase(kind);
      const config = database.config;
      writeFileSync(path.join(dir, 'config', 'database.json'), JSON.stringify(databaseConfigFile(config)));
      const app = await startTestApp({ fixture: dir, override: (loaded) => ({ ...loaded, database: config }) });
      await app.close();
      assert.ok((await notesLayout(config)).columns.includes('stars'));
      const run = await runTessera(['migrate', dir, '--dry-run']);
      assert.deepEqual([run.code, run.stdout, run.stderr], [0, 'Dry run: nothing is changed.\nNothing to migrate: the database has no column that the content model lacks.\n', '']);
    } finally {
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a folder that does not exist and unknown options', { timeout: 60_000 }, async () => {
    const missing = path.join(projects.root, 'nowhere');
    const run = await inProcess(['migrate', missing]);
    assert.deepEqual([run.code, run.stdout, run.stderr], [1, '', `Tessera could not migrate: ${missing}: no such project folder\n`]);
    const unknown = await inProcess(['migrate', '.', '--force']);
    assert.deepEqual([unknown.code, unknown.stdout], [2, '']);
    assert.match(unknown.stderr, /^tessera migrate: Unknown option '--force'.*\nUsage: tessera migrate \[dir\] \[--dry-run\]\n/s);
    const flagOnStart = await inProcess(['start', '.', '--dry-run']);
    assert.equal(flagOnStart.code, 2);
  });
});
