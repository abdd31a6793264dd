// @databases: sqlite — the provider contract and the request size cap; the file rows are covered by upload-api on every database
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createApp } from '../../src/server/app.js';
import { fixturePath, startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * A provider the project supplies (`upload.config.provider: './providers/memory.mjs'`), and the
 * request-level size cap (`upload.config.requestSizeLimit`).
 */

// The provider is a project file, evaluated by Tessera's loader (not Node's module cache): what it
// stores is kept where the test can read it whatever module instance wrote it.
const STORED = Symbol.for('tessera.test.memory-provider');
const PROVIDER = `
const stored = (globalThis[Symbol.for('tessera.test.memory-provider')] ??= new Map());
export function createProvider(options) {
  return {
    name: 'memory',
    async upload({ key, body, mime }) {
      const chunks = [];
      for await (const chunk of body) chunks.push(chunk);
      stored.set(key, { mime, bytes: Buffer.concat(chunks) });
      return { url: options.base + '/' + key, providerMetadata: { key } };
    },
    async delete({ key }) {
      stored.delete(key);
    },
  };
}
`;

interface Stored {
  readonly stored: Map<string, { mime: string; bytes: Buffer }>;
}

function project(plugins: unknown, provider = PROVIDER): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-upload-provider-'));
  cpSync(fixturePath('upload-memory-app'), dir, { recursive: true });
  mkdirSync(path.join(dir, 'providers'));
  writeFileSync(path.join(dir, 'providers', 'memory.mjs'), provider);
  writeFileSync(path.join(dir, 'config', 'plugins.json'), JSON.stringify(plugins));
  return dir;
}

function form(files: readonly [string, string][]): FormData {
  const body = new FormData();
  for (const [name, text] of files) body.append('files', new Blob([text], { type: 'text/plain' }), name);
  return body;
}

describe('upload: a provider of the project, and the request size cap', () => {
  let t: TestApp;
  let dir: string;
  let memory: Stored;

  before(async () => {
    dir = project({ upload: { config: { provider: './providers/memory.mjs', providerOptions: { base: 'https://cdn.example.test' }, requestSizeLimit: 5000 } } });
    t = await startTestApp({ fixture: dir });
    memory = { stored: (globalThis as unknown as Record<symbol, Stored['stored']>)[STORED] as Stored['stored'] };
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores through the project provider, whose url the file keeps; delete removes the object', async () => {
    const response = await fetch(`${t.baseUrl}/api/upload`, { method: 'POST', body: form([['notes.txt', 'hello provider']]) });
    assert.equal(response.status, 201, await response.clone().text());
    const [file] = (await response.json()) as { id: number; url: string; provider: string; hash: string; ext: string }[];
    assert.ok(file);
    assert.equal(file.provider, 'memory');
    const key = `${file.hash}${file.ext}`;
    assert.equal(file.url, `https://cdn.example.test/${key}`);
    assert.equal(memory.stored.get(key)?.bytes.toString(), 'hello provider');
    assert.equal((await t.del(`/api/upload/files/${file.id}`)).status, 200);
    assert.equal(memory.stored.has(key), false);
  });

  it('files that together pass requestSizeLimit are a 413, and nothing is stored', async () => {
    const before = memory.stored.size;
    const response = await fetch(`${t.baseUrl}/api/upload`, { method: 'POST', body: form([['a.txt', 'a'.repeat(3000)], ['b.txt', 'b'.repeat(3000)]]) });
    assert.equal(response.status, 413, await response.clone().text());
    const body = (await response.json()) as { error: { name: string; message: string } };
    assert.equal(body.error.name, 'PayloadTooLargeError');
    assert.match(body.error.message, /request size limit of 5000 bytes/);
    assert.equal(memory.stored.size, before);
    assert.deepEqual((await t.get('/api/upload/files')).body, []);
  });

  it('a provider module that exports no factory stops the start, naming the config file', async () => {
    const broken = project({ upload: { config: { provider: './providers/memory.mjs' } } }, 'export const nothing = 1;\n');
    try {
      await assert.rejects(
        createApp({ projectDir: broken, override: (config) => ({ ...config, database: { client: 'sqlite', filename: ':memory:' } }) }),
        (error: Error) => /plugins/.test(error.message) && /must export createProvider/.test(error.message),
      );
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
