import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fixturePath } from '../helpers/test-app.js';
import { startTessera, type ServingProcess } from '../helpers/tessera-process.js';

/**
 * Two `tessera start` processes on one project and one local Redis: the auth routes' rate
 * limit is one budget across both (an in-memory store would give each process its own).
 */
describe('rate limits across two server processes through Redis', () => {
  it('6 logins on one process and 4 on the other pass the limiter; the 11th, on either, is 429', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tessera-ratelimit-'));
    cpSync(fixturePath('security-app/default'), dir, { recursive: true });
    const env = { RATE_LIMIT_REDIS: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', RATE_LIMIT_PREFIX: `tessera-test-${randomBytes(6).toString('hex')}:` };
    const processes: ServingProcess[] = [];
    try {
      // One after the other: the first creates the SQLite file's tables.
      processes.push(await startTessera(dir, env));
      processes.push(await startTessera(dir, env));
      const [first, second] = processes as [ServingProcess, ServingProcess];
      const login = async (server: ServingProcess) => {
        const response = await fetch(`${server.url}/api/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: 'nobody@example.com', password: 'wrong-password' }) });
        return { status: response.status, remaining: response.headers.get('x-ratelimit-remaining') };
      };
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await login(first)).status);
      for (let i = 0; i < 4; i += 1) statuses.push((await login(second)).status);
      assert.deepEqual(statuses, Array.from({ length: 10 }, () => 400), 'ten refused logins, none limited');
      const eleventh = await login(second);
      assert.equal(eleventh.status, 429);
      assert.equal((await login(first)).status, 429, 'the other process counts the same calls');
    } finally {
      for (const server of processes) server.child.kill('SIGTERM');
      await Promise.all(processes.map((server) => server.exited));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
