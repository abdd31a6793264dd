import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createApp } from '../../src/server/app.js';
import { DefinitionError } from '../../src/core/shared/errors.js';
import { fixturePath } from '../helpers/test-app.js';

/** In production no secret is generated: a start without one stops, naming the variable. */
const SECRETS = { JWT_SECRET: 'jwt-secret-for-tests', API_TOKEN_SALT: 'salt-for-tests', ADMIN_JWT_SECRET: 'admin-secret-for-tests' };

function start(env: Record<string, string>) {
  return createApp({
    projectDir: fixturePath('kitchen-sink'),
    env: { NODE_ENV: 'production', ...env },
    override: (config) => ({ ...config, server: { ...config.server, host: '127.0.0.1', port: 0 }, database: { client: 'sqlite', filename: ':memory:' } }),
  });
}

describe('secrets in production', () => {
  for (const missing of Object.keys(SECRETS) as (keyof typeof SECRETS)[]) {
    it(`refuses to start without ${missing}, naming it`, async () => {
      const env: Record<string, string> = { ...SECRETS };
      delete env[missing];
      await assert.rejects(start(env), (error: unknown) => {
        assert.ok(error instanceof DefinitionError, String(error));
        assert.match(error.problem, new RegExp(`\\b${missing}\\b`));
        return true;
      });
    });
  }

  it('starts with all three, and generates nothing', async () => {
    const app = await start(SECRETS);
    try {
      const stored = await app.database.db.selectFrom('tessera_store').select('key').execute();
      assert.deepEqual(stored.map((row) => row.key).filter((key) => /secret|salt/i.test(String(key))), []);
    } finally {
      await app.close();
    }
  });
});
