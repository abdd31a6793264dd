import assert from 'node:assert/strict';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createTempProjects, schemaPath } from '../helpers/temp-projects.js';
import { startTestApp } from '../helpers/test-app.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../helpers/test-database.js';
import { runTesseraInProcess as inProcess } from '../helpers/cli-in-process.js';
import { databaseConfigFile, runTessera } from '../helpers/tessera-process.js';

const kind = testDatabaseKind();
const projects = createTempProjects('tessera-cli-admin-');
after(() => projects.remove());

const article = { kind: 'collectionType', collectionName: 'articles', info: { singularName: 'article', pluralName: 'articles' }, options: { draftAndPublish: false }, attributes: { title: { type: 'string' } } };
const TOKEN_LINE = /^[0-9a-f]{256}$/;

function lastLine(output: string): string {
  return output.trim().split('\n').at(-1) ?? '';
}

// One command runs as a real process (runTessera: the entry, its exit code and output streams);
// the others run the same dispatch (src/server/cli/run-cli.ts) in this process, no node start each.
describe('tessera admin:* and api-token:* commands', () => {
  it('create and reset admins, create, list and revoke API tokens on the project database, without a server', { timeout: 180_000 }, async () => {
    const dir = projects.write({
      [schemaPath('article')]: article,
      'config/permissions.json': { public: { 'api::article.article': ['find'] } },
      'config/admin.json': { auth: { secret: 'cli-admin-secret' }, apiToken: { salt: 'cli-admin-salt' } },
    });
    let database: TestDatabase | undefined;
    try {
      database = kind === 'sqlite' ? { config: { client: 'sqlite', filename: path.join(dir, '.tmp', 'data.db') }, drop: async () => undefined } : await createTestDatabase(kind);
      const config = database.config;
      projects.write({ 'config/database.json': databaseConfigFile(config) }, path.basename(dir));

      // Usage errors: exit 2, nothing touched.
      const usage = await Promise.all([
        inProcess(['admin:create-user', '--password', 'Secret123', dir]),
        inProcess(['admin:create-user', '--email', 'ann@example.com', '--password', 'Secret123', '--role', 'x', dir]),
        inProcess(['api-token:create', '--name', 'ci', dir]),
        inProcess(['api-token:create', '--name', 'ci', '--type', 'read-only', '--lifespan', '5', dir]),
        inProcess(['api-token:revoke']),
        inProcess(['api-token:list', dir, 'extra']),
        inProcess(['admin:create-user', '--email']),
      ]);
      for (const run of usage) {
        assert.equal(run.code, 2, run.stderr);
        assert.match(run.stderr, /^tessera (admin|api-token):[a-z-]+: /);
      }
      assert.match(usage[0]?.stderr ?? '', /missing --email/);
      assert.match(usage[1]?.stderr ?? '', /Unknown option '--role'/);
      assert.match(usage[6]?.stderr ?? '', /Option '--email <value>' argument missing/);
      assert.match(usage[3]?.stderr ?? '', /--lifespan must be 7, 30 or 90/);

      const weak = await inProcess(['admin:create-user', '--email', 'ann@example.com', '--password', 'weak', dir]);
      assert.equal(weak.code, 1);
      assert.match(weak.stderr, /at least 8 characters/);
      const created = await runTessera(['admin:create-user', '--email', 'Ann@Example.com', '--password', 'Secret123', '--firstname', 'Ann', '--lastname', 'Lee', dir]);
      assert.equal(created.stderr, '');
      assert.equal(created.code, 0);
      assert.equal(created.stdout, 'Created the super-admin ann@example.com (id 1).\n');
      const again = await inProcess(['admin:create-user', '--email', 'ann@example.com', '--password', 'Secret123', dir]);
      assert.equal(again.code, 1);
      assert.match(again.stderr, /Email already taken/);

      const unknownAdmin = await inProcess(['admin:reset-password', '--email', 'bob@example.com', '--password', 'Other1234', dir]);
      assert.equal(unknownAdmin.code, 1);
      assert.match(unknownAdmin.stderr, /No admin user has the email bob@example.com/);
      const reset = await inProcess(['admin:reset-password', '--email', 'ann@example.com', '--password=Other1234', dir]);
      assert.equal(reset.code, 0, reset.stderr);
      assert.equal(reset.stdout, 'Changed the password of ann@example.com.\n');

      const readOnly = await inProcess(['api-token:create', '--name', 'ci', '--type', 'read-only', '--lifespan', '30', '--description', 'for CI', dir]);
      assert.equal(readOnly.code, 0, readOnly.stderr);
      assert.match(readOnly.stdout, /^Created the API token "ci" \(id 1, read-only, expires \d{4}-\d\d-\d\dT[\d:.]+Z\)\.\nCopy it now: it is not stored and cannot be shown again\.\n/);
      const readOnlyToken = lastLine(readOnly.stdout);
      assert.match(readOnlyToken, TOKEN_LINE);
      const custom = await inProcess(['api-token:create', '--name', 'writer', '--type', 'custom', '--permissions', 'api::article.article.find, api::article.article.create', dir]);
      assert.equal(custom.code, 0, custom.stderr);
      assert.match(custom.stdout, /\(id 2, custom, never expires, 2 permissions\)/);
      const customToken = lastLine(custom.stdout);
      assert.match(customToken, TOKEN_LINE);
      const refused = await Promise.all([
        inProcess(['api-token:create', '--name', 'ci', '--type', 'full-access', dir]),
        inProcess(['api-token:create', '--name', 'bad', '--type', 'custom', '--permissions', 'api::article.article.fly', dir]),
        inProcess(['api-token:create', '--name', 'bad', '--type', 'superuser', dir]),
      ]);
      for (const run of refused) assert.equal(run.code, 1, run.stderr);
      assert.match(refused[0]?.stderr ?? '', /Name already taken/);
      assert.match(refused[1]?.stderr ?? '', /Unknown permissions provided: api::article.article.fly/);
      assert.match(refused[2]?.stderr ?? '', /type must be one of/);

      const list = await inProcess(['api-token:list', dir]);
      assert.equal(list.code, 0, list.stderr);
      const lines = list.stdout.trim().split('\n');
      assert.equal(lines.length, 2);
      assert.match(lines[0] ?? '', /^1\tci\tread-only\texpires .+\tlast used never$/);
      assert.match(lines[1] ?? '', /^2\twriter\tcustom \[api::article.article.create, api::article.article.find\]\tnever expires\tlast used never$/);
      assert.ok(!list.stdout.includes(readOnlyToken) && !list.stdout.includes(customToken), 'never the values');

      // The server sees what the commands made, and a revocation made while it runs.
      const app = await startTestApp({ fixture: dir, override: (loaded) => ({ ...loaded, database: config }) });
      try {
        assert.equal((await app.post('/admin/login', { email: 'ann@example.com', password: 'Secret123' })).status, 400, 'the old password no longer works');
        const login = await app.post('/admin/login', { email: 'ann@example.com', password: 'Other1234' });
        assert.equal(login.status, 200, login.text);
        assert.equal(login.body.data.user.firstname, 'Ann');
        assert.equal(login.body.data.user.roles[0].code, 'strapi-super-admin');
        const auth = (token: string) => ({ authorization: `Bearer ${token}` });
        assert.equal((await app.get('/api/articles', auth(readOnlyToken))).status, 200);
        assert.equal((await app.request('POST', '/api/articles', { headers: auth(readOnlyToken), body: { data: { title: 'no' } } })).status, 403);
        assert.equal((await app.request('POST', '/api/articles', { headers: auth(customToken), body: { data: { title: 'yes' } } })).status, 201);

        const revokedByName = await inProcess(['api-token:revoke', 'ci', dir]);
        assert.equal(revokedByName.code, 0, revokedByName.stderr);
        assert.equal(revokedByName.stdout, 'Revoked the API token "ci" (id 1).\n');
        assert.equal((await app.get('/api/articles', auth(readOnlyToken))).status, 401);
        const revokedById = await inProcess(['api-token:revoke', '2', dir]);
        assert.equal(revokedById.code, 0, revokedById.stderr);
        assert.equal((await app.get('/api/articles', auth(customToken))).status, 401);
        const missing = await inProcess(['api-token:revoke', 'ci', dir]);
        assert.equal(missing.code, 1);
        assert.match(missing.stderr, /No API token has the name or id ci/);
        assert.equal((await inProcess(['api-token:list', dir])).stdout, 'No API tokens.\n');
      } finally {
        await app.close();
      }
    } finally {
      await database?.drop();
    }
  });

  it('a folder that is not a project is refused', async () => {
    const run = await inProcess(['api-token:list', path.join(projects.root, 'nope')]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /no such project folder/);
  });
});
