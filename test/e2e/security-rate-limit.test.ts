// @databases: sqlite — rate-limit windows live in the memory store (Redis in test/cluster), not in the database
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { manualClock } from '../helpers/manual-clock.js';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * The auth routes' rate limit (reference §7): 10 calls per key and minute by default, the 11th
 * refused with 429 RateLimitError and X-RateLimit-* headers. Limited by path, so these tests
 * hold whether or not a route is registered for the path (unregistered ones answer 404 until
 * they are refused).
 */

const RATE_LIMITED = {
  status: 429,
  body: { data: null, error: { status: 429, name: 'RateLimitError', message: 'Too many requests, please try again later.', details: {} } },
};

const post = (app: TestApp, url: string, body: unknown, headers: Record<string, string> = {}) => app.request('POST', url, { body, headers });

function limitHeaders(response: TestResponse) {
  return {
    limit: response.headers.get('x-ratelimit-limit'),
    remaining: response.headers.get('x-ratelimit-remaining'),
    reset: response.headers.get('x-ratelimit-reset'),
  };
}

describe('rate limit on the auth routes (defaults: 10 per 60 s)', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ fixture: 'security-app/default' });
  });
  after(async () => app?.close());

  it('login: ten calls pass with decreasing X-RateLimit-Remaining, the 11th is 429 in the envelope', async () => {
    for (let call = 1; call <= 10; call += 1) {
      // A different identifier each time: login is keyed by address, not by identifier.
      const response = await post(app, '/api/auth/local', { identifier: `user${call}@example.com`, password: 'wrong-password' });
      assert.notEqual(response.status, 429, `call ${call}`);
      assert.notEqual(response.status, 500, response.text);
      const headers = limitHeaders(response);
      assert.equal(headers.limit, '10');
      assert.equal(headers.remaining, String(10 - call));
      assert.ok(Number(headers.reset) > 0 && Number(headers.reset) <= 60, `reset ${headers.reset}`);
    }
    const refused = await post(app, '/api/auth/local', { identifier: 'someone-else', password: 'x' });
    assert.deepEqual({ status: refused.status, body: refused.body }, RATE_LIMITED);
    assert.equal(refused.headers.get('x-ratelimit-limit'), '10');
    assert.equal(refused.headers.get('x-ratelimit-remaining'), '0');
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    // The same path with a trailing slash, another case or a query string is the same counter.
    for (const url of ['/api/auth/local/', '/api/auth/local?x=1']) {
      assert.equal((await post(app, url, { identifier: 'a', password: 'b' })).status, 429, url);
    }
  });

  it('the admin login is counted per address too: the 11th attempt is 429', async () => {
    for (let call = 1; call <= 10; call += 1) {
      const response = await post(app, '/admin/login', { email: `admin${call}@example.com`, password: 'Wrong-pass1' });
      assert.equal(response.status, 400, `call ${call}: ${response.text}`);
    }
    const refused = await post(app, '/admin/login', { email: 'admin@example.com', password: 'Wrong-pass1' });
    assert.deepEqual({ status: refused.status, body: refused.body }, RATE_LIMITED);
  });

  it('forgot-password and send-email-confirmation are counted per email (lower-cased)', async () => {
    for (const path of ['/api/auth/forgot-password', '/api/auth/send-email-confirmation']) {
      for (let call = 1; call <= 10; call += 1) {
        const email = call % 2 === 0 ? 'Victim@Example.com' : 'victim@example.com';
        const response = await post(app, path, { email, username: `victim${call}`, password: 'password-123' });
        assert.notEqual(response.status, 429, `${path} call ${call}`);
        assert.notEqual(response.status, 500, response.text);
      }
      assert.deepEqual(await post(app, path, { email: 'VICTIM@example.com' }).then((r) => ({ status: r.status, body: r.body })), RATE_LIMITED, path);
      // Another email has its own budget; so has a call without one ("unknownIdentifier").
      const other = await post(app, path, { email: 'other@example.com' });
      assert.notEqual(other.status, 429);
      assert.equal(other.headers.get('x-ratelimit-remaining'), '9');
      const noEmail = await post(app, path, {});
      assert.equal(noEmail.headers.get('x-ratelimit-remaining'), '9');
      // An object as email does not name an identity (nor break the key): unknownIdentifier's counter.
      const objectEmail = await post(app, path, { email: { $ne: null } });
      assert.equal(objectEmail.headers.get('x-ratelimit-remaining'), '8');
    }
  });

  it('reset-password, change-password and /connect/* are counted per address', async () => {
    for (const path of ['/api/auth/reset-password', '/api/auth/change-password']) {
      for (let call = 1; call <= 10; call += 1) {
        const response = await post(app, path, { email: `e${call}@example.com`, code: 'x', password: 'a', passwordConfirmation: 'a' });
        assert.notEqual(response.status, 429, `${path} call ${call}`);
      }
      assert.equal((await post(app, path, {})).status, 429, path);
    }
    for (let call = 1; call <= 10; call += 1) assert.notEqual((await app.get('/api/connect/github')).status, 429);
    const refused = await app.get('/api/connect/github');
    assert.deepEqual({ status: refused.status, body: refused.body }, RATE_LIMITED);
    // Each provider path is its own counter (the key holds the path).
    assert.equal((await app.get('/api/connect/google')).headers.get('x-ratelimit-remaining'), '9');
    // The OAuth callback and email confirmation are not limited (reference).
    for (const url of ['/api/auth/github/callback', '/api/auth/email-confirmation?confirmation=x']) {
      const response = await app.get(url);
      assert.equal(response.headers.get('x-ratelimit-limit'), null, url);
    }
  });

  it('other routes carry no rate-limit headers and are never refused', async () => {
    for (let call = 1; call <= 15; call += 1) {
      const response = await app.get('/api/articles');
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('x-ratelimit-limit'), null);
    }
    const me = await app.get('/api/users/me');
    assert.equal(me.headers.get('x-ratelimit-limit'), null);
  });

  it('a CORS preflight is answered and does not count', async () => {
    const fresh = await startTestApp({ fixture: 'security-app/default', env: { RATE_LIMIT_MAX: '2' } });
    try {
      for (let call = 1; call <= 5; call += 1) {
        const preflight = await fresh.request('OPTIONS', '/api/auth/local', {
          headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
        });
        assert.equal(preflight.status, 204);
      }
      assert.equal((await post(fresh, '/api/auth/local', { identifier: 'a', password: 'b' })).headers.get('x-ratelimit-remaining'), '1');
    } finally {
      await fresh.close();
    }
  });
});

describe('register is rate-limited per address, not per email (issue 15: 150 concurrent registrations)', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ fixture: 'security-app/default' });
  });
  after(async () => app?.close());

  it('150 concurrent registrations from one address, each with a new email: the budget (10) passes, the rest is 429', async () => {
    const responses = await Promise.all(
      Array.from({ length: 150 }, (_, index) => post(app, '/api/auth/local/register', { username: `flood${index}`, email: `flood${index}@example.com`, password: `Flood-pass-${index}` })),
    );
    const statuses = responses.map((response) => response.status);
    assert.equal(statuses.filter((status) => status === 200).length, 10, JSON.stringify(statuses));
    const refused = responses.filter((response) => response.status === 429);
    assert.equal(refused.length, 140);
    for (const response of refused) assert.deepEqual(response.body, RATE_LIMITED.body);
    // Only the budget's worth of accounts was created (a refused call never reaches the handler).
    const users = await app.app.database.db.selectFrom('up_users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    assert.equal(Number(users.n), 10);
    // Login has its own budget on the same address.
    assert.notEqual((await post(app, '/api/auth/local', { identifier: 'flood0@example.com', password: 'Flood-pass-0' })).status, 429);
  });
});

describe('rate limit settings (config/plugins users-permissions ratelimit)', () => {
  it('max and interval are configurable; the window resets after interval (on the app clock, however slow the machine)', async () => {
    const clock = manualClock();
    const app = await startTestApp({ fixture: 'security-app/default', env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_INTERVAL: '1500' }, clock });
    try {
      for (let call = 1; call <= 3; call += 1) {
        const response = await post(app, '/api/auth/local', { identifier: 'a', password: 'b' });
        assert.equal(response.headers.get('x-ratelimit-limit'), '3');
        assert.notEqual(response.status, 429);
        clock.advance(400);
      }
      const refused = await post(app, '/api/auth/local', { identifier: 'a', password: 'b' });
      assert.deepEqual({ status: refused.status, body: refused.body }, RATE_LIMITED);
      assert.equal(refused.headers.get('x-ratelimit-reset'), '1', '300 ms of the window left, rounded up');
      clock.advance(299);
      assert.equal((await post(app, '/api/auth/local', { identifier: 'a', password: 'b' })).status, 429, 'one millisecond before the window ends');
      clock.advance(1);
      const again = await post(app, '/api/auth/local', { identifier: 'a', password: 'b' });
      assert.notEqual(again.status, 429);
      assert.equal(again.headers.get('x-ratelimit-remaining'), '2');
    } finally {
      await app.close();
    }
  });

  it('enabled: false turns the limit off', async () => {
    const app = await startTestApp({ fixture: 'security-app/default', env: { RATE_LIMIT_ENABLED: 'false' } });
    try {
      for (let call = 1; call <= 15; call += 1) {
        const response = await post(app, '/api/auth/local', { identifier: 'a', password: 'b' });
        assert.notEqual(response.status, 429);
        assert.equal(response.headers.get('x-ratelimit-limit'), null);
      }
    } finally {
      await app.close();
    }
  });

  it('a bad setting stops the start, naming config/plugins', async () => {
    await assert.rejects(
      startTestApp({ fixture: 'security-app/default', env: { RATE_LIMIT_MAX: '0' } }),
      (error: Error) => error.name === 'DefinitionError' && /config\/plugins/.test(error.message) && /ratelimit\.max/.test(error.message),
    );
  });
});
