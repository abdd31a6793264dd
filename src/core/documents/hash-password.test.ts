import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hashPassword, verifyPassword } from './hash-password.js';

/**
 * Hashes made by bcryptjs (cost 10), which hashed Tessera's passwords before; Strapi's exports
 * carry the same algorithm under the `$2a$` prefix (bcryptjs 2). Kept as data so that these
 * tests need no bcryptjs.
 */
const BCRYPTJS_HASHES: ReadonlyArray<readonly [plain: string, hash: string]> = [
  ['password-123', '$2b$10$6tq2v4icfwzshIdmLa6wgOkIY9.lhFHU7d2hgKbpUziSj8Js6jeJ6'],
  ['pässwörd ✓', '$2b$10$ovUDy9PMQOavgKdwJKQ3cO8FOb7Xfn775DEimqAB2r/SF3mmMj7wW'],
  ['', '$2b$10$0gEveK2m4IAh49CHO8vlw.Ig6avHuWnhn3/30eqMmqk9sYGSaHzd2'],
  ['a'.repeat(72), '$2b$10$VX3LOdLUmezHK1Agf3Oyu.mz7VGdAImlyDy0ulc1Cz7g/XRbAElk.'],
];

describe('hashPassword / verifyPassword', () => {
  it('hashes with bcrypt $2b$ at cost 10, salted, and verifies only the same password', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    assert.match(first, /^\$2b\$10\$[./A-Za-z0-9]{53}$/);
    assert.notEqual(first, second, 'each hash has its own salt');
    assert.equal(await verifyPassword('correct horse', first), true);
    assert.equal(await verifyPassword('correct horse ', first), false);
    assert.equal(await verifyPassword('', first), false);
  });

  it('verifies hashes made by bcryptjs, under $2b$ and under the $2a$ prefix of the reference', async () => {
    for (const [plain, stored] of BCRYPTJS_HASHES) {
      assert.equal(await verifyPassword(plain, stored), true, stored);
      assert.equal(await verifyPassword(plain, stored.replace(/^\$2b\$/, '$2a$')), true, `$2a$ spelling of ${stored}`);
      assert.equal(await verifyPassword(plain + 'x', stored), plain.length === 72, 'a wrong password fails (beyond 72 bytes nothing counts)');
    }
  });

  it("keeps bcrypt's 72-byte rule: only the first 72 bytes count, as before", async () => {
    const long = 'a'.repeat(72);
    assert.equal(await verifyPassword(long + 'ignored', await hashPassword(long)), true);
    assert.equal(await verifyPassword('a'.repeat(71), await hashPassword(long)), false);
  });

  it('answers false, not an error, for a stored value that is not a bcrypt hash', async () => {
    for (const stored of ['', 'plain-text', '$2b$10$short', '$2b$99$' + 'a'.repeat(53)]) {
      assert.equal(await verifyPassword('x', stored), false, stored);
    }
  });
});
