import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { serve } from '../../src/server/cli/serve.js';

/** `tessera develop`: serve() with watch on, driven by editing the project's files. */
const dir = mkdtempSync(path.join(tmpdir(), 'tessera-develop-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function write(file: string, content: unknown): void {
  const full = path.join(dir, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, typeof content === 'string' ? content : JSON.stringify(content));
}

const SCHEMA = 'src/api/post/content-types/post/schema.json';
const post = (attributes: Record<string, unknown>) => ({ kind: 'collectionType', info: { singularName: 'post', pluralName: 'posts' }, attributes });

describe('tessera develop', () => {
  it('reloads on changes to config (.mjs included) and schemas, and survives a broken edit', async () => {
    write(SCHEMA, post({ title: { type: 'string' } }));
    write('config/api.mjs', "export default { rest: { prefix: '/one' } };");
    write('config/database.json', { connection: { client: 'sqlite', connection: { filename: ':memory:' } } });
    write('config/permissions.json', { public: { '*': '*' } });

    const logs: string[] = [];
    const waiters: { test: (line: string) => boolean; resolve: (line: string) => void }[] = [];
    const log = (line: string): void => {
      logs.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    };
    /** The next log line matching `pattern` (bounded: fails after 5 s). */
    const next = (pattern: RegExp): Promise<string> =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no log line ${pattern} in 5 s; got:\n${logs.join('\n')}`)), 5000);
        waiters.push({ test: (line) => pattern.test(line), resolve: (line) => (clearTimeout(timer), resolve(line)) });
      });
    const addressIn = (line: string): string => {
      const match = / at (http:\/\/127\.0\.0\.1:\d+)\//.exec(line);
      assert.ok(match, line);
      return match[1] as string;
    };

    const firstBanner = next(/^Tessera serves /);
    const server = await serve({ projectDir: dir, env: { HOST: '127.0.0.1', PORT: '0' }, watch: true, log });
    try {
      let base = addressIn(await firstBanner);
      assert.equal((await fetch(`${base}/one/posts`)).status, 200);

      const reloaded = next(/^Tessera serves .* at http:\/\/127\.0\.0\.1:\d+\/two /);
      write('config/api.mjs', "export default { rest: { prefix: '/two' } };");
      base = addressIn(await reloaded);
      assert.equal((await fetch(`${base}/two/posts`)).status, 200);

      const refused = next(/^Not reloaded: /);
      write(SCHEMA, post({ title: { type: 'strin' } }));
      assert.equal(await refused, `Not reloaded: ${path.join(dir, SCHEMA)}: attribute "title": unknown type "strin"`);

      const fixed = next(/^Tessera serves /);
      write(SCHEMA, post({ title: { type: 'string' }, views: { type: 'integer' } }));
      base = addressIn(await fixed);
      const created = await fetch(`${base}/two/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { views: 3 } }) });
      assert.equal(created.status, 201);
    } finally {
      await server.stop();
    }
  });
});
