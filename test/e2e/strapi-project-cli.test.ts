// @databases: sqlite — the subject is where the project's own config/database puts its SQLite file and what `tessera start` puts in process.env; strapi-project-folders runs these projects on every database
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { fixturePath } from '../helpers/test-app.js';
import { startTessera } from '../helpers/tessera-process.js';

/**
 * `tessera start` in a copy of a create-strapi-app project, on the project's own database config:
 * the SQLite file lands where Strapi puts it, `<project>/.tmp/data.db` (the TypeScript project's
 * `path.join(__dirname, '..', '..', …)` is evaluated as from dist/config), and project code that
 * reads process.env itself finds the `.env` values, as under Strapi.
 */

const root = mkdtempSync(path.join(tmpdir(), 'tessera-strapi-cli-'));
after(() => rmSync(root, { recursive: true, force: true }));

function copy(fixture: string): string {
  const dir = path.join(root, fixture);
  cpSync(fixturePath(fixture), dir, { recursive: true, filter: (source) => !source.includes(`${path.sep}.tmp`) });
  return dir;
}

/** Starts the project (HOST and PORT from the environment win over its .env), then stops it gracefully. */
async function startAndStop(dir: string): Promise<string> {
  const server = await startTessera(dir);
  try {
    assert.match(server.stdout(), /at http:\/\/127\.0\.0\.1:\d+\/api/, 'HOST and PORT set in the environment win over .env (0.0.0.0:1337)');
    const health = await fetch(`${server.url}/_health`);
    assert.equal(health.status, 200);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  return server.stdout();
}

function rows(file: string, sql: string): unknown[] {
  const database = new Database(file, { readonly: true });
  try {
    return database.prepare(sql).all();
  } finally {
    database.close();
  }
}

describe('tessera start in a create-strapi-app project', () => {
  it('TypeScript: the database is <project>/.tmp/data.db, and src/index.ts bootstrap ran', async () => {
    const dir = copy('strapi-ts-app');
    await startAndStop(dir);
    const file = path.join(dir, '.tmp', 'data.db');
    assert.ok(existsSync(file), 'created where Strapi creates it');
    assert.ok(!existsSync(path.join(root, '.tmp')), 'not one folder above the project');
    assert.deepEqual(rows(file, 'select slug from categories'), [{ slug: 'news' }]);
  });

  it('JavaScript (CommonJS): the same place, and process.env holds the .env values for project code', async () => {
    const dir = copy('strapi-js-app');
    await startAndStop(dir);
    const file = path.join(dir, '.tmp', 'data.db');
    assert.ok(existsSync(file));
    assert.deepEqual(rows(file, 'select title from abouts'), [{ title: 'About us, from .env' }]);
  });
});
