import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { loadAppConfig } from '../core/config/load-app-config.js';
import { loadStrapiConfig } from './strapi-config.js';

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-strapi-config-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

test('config.get reads every config file, env-merged, plugins by their uid, server as served', async () => {
  const dir = project({
    'config/custom.js': "module.exports = ({ env }) => ({ greeting: env('GREETING', 'Hello'), nested: { a: 1, b: 2 } });",
    'config/env/production/custom.js': 'module.exports = { nested: { b: 3 } };',
    'config/plugins.js': "module.exports = { upload: { config: { sizeLimit: 1000 } } };",
    'config/server.js': 'module.exports = { port: 1337, app: { keys: ["k"] } };',
  });
  try {
    const appConfig = await loadAppConfig({ projectDir: dir, env: { NODE_ENV: 'production', GREETING: 'Hi', PORT: '4000' } });
    const config = await loadStrapiConfig(appConfig);
    assert.equal(config.get('custom.greeting'), 'Hi');
    assert.deepEqual(config.get('custom.nested'), { a: 1, b: 3 });
    assert.equal(config.get('plugin::upload.sizeLimit'), 1000);
    assert.equal(config.get('plugin.upload.sizeLimit'), 1000);
    assert.equal(config.get('server.port'), 4000, 'the port served (environment first)');
    assert.deepEqual(config.get('server.app.keys'), ['k']);
    assert.equal(config.get('custom.missing', 'fallback'), 'fallback');
    assert.equal(config.has('custom.nested.a'), true);
    config.set('custom.added.deep', 5);
    assert.equal(config.get('custom.added.deep'), 5);
    // A file the start read is shared with the server's config, which a set() leaves as it was.
    config.set('plugin::upload.sizeLimit', 2000);
    assert.equal(config.get('plugin::upload.sizeLimit'), 2000);
    assert.deepEqual(appConfig.files.plugins.value, { upload: { config: { sizeLimit: 1000 } } });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
