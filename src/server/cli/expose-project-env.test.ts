import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { exposeProjectEnv } from './expose-project-env.js';

const dir = mkdtempSync(path.join(tmpdir(), 'tessera-expose-env-'));
after(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(path.join(dir, '.env'), 'FROM_FILE=file\nSET_BOTH=file\n');

describe('exposeProjectEnv (the CLI, for project code that reads process.env)', () => {
  it('copies the .env variables the environment does not set, and NODE_ENV=development as Strapi does', () => {
    const target: NodeJS.ProcessEnv = { SET_BOTH: 'real' };
    const real = exposeProjectEnv(dir, target);
    assert.deepEqual(target, { SET_BOTH: 'real', FROM_FILE: 'file', NODE_ENV: 'development' });
    assert.deepEqual(real, { SET_BOTH: 'real' }, 'the app is given the environment as it was, and reads .env itself');
  });

  it('keeps a NODE_ENV that the environment or .env sets', () => {
    const target: NodeJS.ProcessEnv = { NODE_ENV: 'production' };
    exposeProjectEnv(dir, target);
    assert.equal(target.NODE_ENV, 'production');
  });
});
