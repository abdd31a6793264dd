import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

interface Logger {
  readonly log: (line: string) => void;
  /** The next log line matching `pattern` (bounded: fails after 5 s). */
  readonly next: (pattern: RegExp) => Promise<string>;
}

function logger(): Logger {
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
  const next = (pattern: RegExp): Promise<string> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no log line ${pattern} in 5 s; got:\n${logs.join('\n')}`)), 5000);
      waiters.push({ test: (line) => pattern.test(line), resolve: (line) => (clearTimeout(timer), resolve(line)) });
    });
  return { log, next };
}

function addressIn(line: string): string {
  const match = / at (http:\/\/127\.0\.0\.1:\d+)\//.exec(line);
  assert.ok(match, line);
  return match[1] as string;
}

describe('tessera develop', () => {
  it('reloads on changes to config (.mjs included) and schemas, and keeps serving the previous version through a broken edit', async () => {
    write(SCHEMA, post({ title: { type: 'string' } }));
    write('config/api.mjs', "export default { rest: { prefix: '/one' } };");
    write('config/database.json', { connection: { client: 'sqlite', connection: { filename: ':memory:' } } });
    write('config/permissions.json', { public: { '*': '*' } });
    const { log, next } = logger();

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
      const stillServed = next(/^The previous version is still served/);
      write(SCHEMA, post({ title: { type: 'strin' } }));
      assert.equal(await refused, `Not reloaded: ${path.join(dir, SCHEMA)}: attribute "title": unknown type "strin"`);
      await stillServed;
      // The broken edit did not take the server down: the previous model still answers, with its data.
      const kept = await fetch(`${base}/two/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { title: 'kept' } }) });
      assert.equal(kept.status, 201);
      assert.deepEqual(((await (await fetch(`${base}/two/posts`)).json()) as { data: { title: string }[] }).data.map((each) => each.title), ['kept']);

      const fixed = next(/^Tessera serves /);
      write(SCHEMA, post({ title: { type: 'string' }, views: { type: 'integer' } }));
      base = addressIn(await fixed);
      const created = await fetch(`${base}/two/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { views: 3 } }) });
      assert.equal(created.status, 201);
    } finally {
      await server.stop();
    }
  });

  it('follows hand edits to a file that was replaced by rename, as the content-type builder writes', async () => {
    const project = mkdtempSync(path.join(tmpdir(), 'tessera-develop-rename-'));
    try {
      const file = path.join(project, SCHEMA);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(post({ title: { type: 'string' } })));
      mkdirSync(path.join(project, 'config'));
      writeFileSync(path.join(project, 'config', 'database.json'), JSON.stringify({ connection: { client: 'sqlite', connection: { filename: ':memory:' } } }));
      writeFileSync(path.join(project, 'config', 'permissions.json'), JSON.stringify({ public: { '*': '*' } }));
      const { log, next } = logger();
      const fieldsOf = async (banner: Promise<string>): Promise<string[]> => {
        const base = addressIn(await banner);
        const created = await fetch(`${base}/api/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: {} }) });
        assert.equal(created.status, 201);
        return Object.keys(((await created.json()) as { data: Record<string, unknown> }).data).filter((key) => !['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale'].includes(key));
      };

      const first = next(/^Tessera serves /);
      const server = await serve({ projectDir: project, env: { HOST: '127.0.0.1', PORT: '0' }, watch: true, log });
      try {
        assert.deepEqual(await fieldsOf(first), ['title']);
        // As src/core/model/model-files.ts writes: a hidden temporary file renamed over the definition.
        const renamed = next(/^Tessera serves /);
        const temp = path.join(path.dirname(file), '.schema.json.0123.tmp');
        writeFileSync(temp, JSON.stringify(post({ title: { type: 'string' }, views: { type: 'integer' } })));
        renameSync(temp, file);
        assert.deepEqual(await fieldsOf(renamed), ['title', 'views']);
        // The file behind the name is another one now: hand edits to it must still reload (they did not).
        const edited = next(/^Tessera serves /);
        writeFileSync(file, JSON.stringify(post({ title: { type: 'string' }, views: { type: 'integer' }, likes: { type: 'integer' } })));
        assert.deepEqual(await fieldsOf(edited), ['title', 'views', 'likes']);
        const editedAgain = next(/^Tessera serves /);
        writeFileSync(file, JSON.stringify(post({ title: { type: 'string' } })));
        assert.deepEqual(await fieldsOf(editedAgain), ['title']);
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
