import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { watchProject } from './watch-project.js';

const dir = mkdtempSync(path.join(tmpdir(), 'tessera-watch-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Collects reported files; `next(file)` resolves once `file` is reported (bounded: 5 s), with what came before it. */
function recorder() {
  const seen: string[] = [];
  const waiters = new Map<string, () => void>();
  const report = (file: string): void => {
    seen.push(file);
    waiters.get(file)?.();
  };
  const next = (file: string): Promise<string[]> =>
    new Promise((resolve, reject) => {
      const start = seen.length;
      const timer = setTimeout(() => reject(new Error(`${file} not reported in 5 s; got ${JSON.stringify(seen)}`)), 5000);
      waiters.set(file, () => {
        clearTimeout(timer);
        waiters.delete(file);
        resolve(seen.slice(start));
      });
    });
  return { report, next };
}

describe('watchProject (tessera develop)', () => {
  it('reports edits under src/ and config/ and of .env, in folders made after it started and in files replaced by rename; not dot-files or other root files', async () => {
    mkdirSync(path.join(dir, 'src'));
    mkdirSync(path.join(dir, 'config'));
    const { report, next } = recorder();
    const watcher = watchProject(dir, report);
    try {
      const schema = path.join(dir, 'src', 'api', 'post', 'content-types', 'post', 'schema.json');
      // A folder tree made at once: its folders are followed from the first event on.
      const created = next(path.join(dir, 'src', 'api'));
      mkdirSync(path.dirname(schema), { recursive: true });
      await created;
      const written = next(schema);
      writeFileSync(schema, '{}');
      await written;

      // Replaced by rename, as the content-type builder writes; then edited in place.
      const temp = path.join(path.dirname(schema), '.schema.json.1.tmp');
      const renamed = next(schema);
      writeFileSync(temp, '{"a":1}');
      renameSync(temp, schema);
      assert.ok(!(await renamed).includes(temp), 'the temporary dot-file is not reported');
      const edited = next(schema);
      writeFileSync(schema, '{"a":2}');
      await edited;

      const config = next(path.join(dir, 'config', 'server.json'));
      writeFileSync(path.join(dir, 'config', 'server.json'), '{}');
      await config;

      const env = next(path.join(dir, '.env'));
      writeFileSync(path.join(dir, 'README.md'), 'not followed');
      writeFileSync(path.join(dir, '.env'), 'PORT=1');
      assert.ok(!(await env).includes(path.join(dir, 'README.md')), 'README.md, written first, is not reported');
    } finally {
      watcher.close();
    }
  });
});
