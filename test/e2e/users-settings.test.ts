import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startTestApp } from '../helpers/test-app.js';

/**
 * The users-permissions settings from config/plugins (`advanced`, `register.allowedFields`):
 * allow_register, unique_email, default_role, their persistence in the key-value store, and
 * the configurations refused at start.
 */

function withAdvanced(advanced: Record<string, unknown>, extra: Record<string, string> = {}) {
  return startTestApp({ fixture: 'users-app', env: { ADVANCED: JSON.stringify(advanced), ...extra } });
}

async function managerJwt(t: Awaited<ReturnType<typeof startTestApp>>): Promise<string> {
  return (await t.post('/api/auth/local', { identifier: 'manager', password: 'Manager-pass-1' })).body.jwt;
}

describe('users-permissions settings', () => {
  it('allow_register: false refuses registration; the setting is kept in the store', async () => {
    const t = await withAdvanced({ allow_register: false });
    try {
      const response = await t.post('/api/auth/local/register', { username: 'henry', email: 'henry@example.com', password: 'Henry-pass-1' });
      assert.equal(response.status, 400);
      assert.equal(response.body.error.name, 'ApplicationError');
      assert.equal(response.body.error.message, 'Register action is currently disabled');
      const row = await t.app.database.db.selectFrom('tessera_store').select('value').where('key', '=', 'users-permissions.advanced').executeTakeFirstOrThrow();
      assert.deepEqual(JSON.parse(String(row.value)), {
        unique_email: true,
        allow_register: false,
        email_confirmation: false,
        email_reset_password: null,
        email_confirmation_redirection: null,
        default_role: 'authenticated',
      });
    } finally {
      await t.close();
    }
  });

  it('unique_email: false lets /api/users share an email; register still refuses a taken one (as the reference)', async () => {
    const t = await withAdvanced({ unique_email: false });
    try {
      const jwt = await managerJwt(t);
      const headers = { authorization: `Bearer ${jwt}` };
      const first = await t.request('POST', '/api/users', { headers, body: { username: 'ivy', email: 'shared@example.com', password: 'Ivy-pass-123' } });
      assert.equal(first.status, 201, first.text);
      const second = await t.request('POST', '/api/users', { headers, body: { username: 'ivy2', email: 'SHARED@example.com', password: 'Ivy-pass-123' } });
      assert.equal(second.status, 201, second.text);
      const register = await t.post('/api/auth/local/register', { username: 'ivy3', email: 'shared@example.com', password: 'Ivy-pass-123' });
      assert.equal(register.body.error.message, 'Email or Username are already taken');
    } finally {
      await t.close();
    }
  });

  it('unique_email: true (default) — concurrent registrations with one email leave one user', async () => {
    const t = await withAdvanced({});
    try {
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, index) => t.post('/api/auth/local/register', { username: `jack${index}`, email: 'jack@example.com', password: 'Jack-pass-123' })),
      );
      assert.equal(results.filter((result) => result.status === 200).length, 1, results.map((result) => result.text).join('\n'));
      const rows = await t.app.database.db.selectFrom('up_users').select('id').where('email', '=', 'jack@example.com').execute();
      assert.equal(rows.length, 1);
    } finally {
      await t.close();
    }
  });

  it('default_role names the role registered users get', async () => {
    const t = await withAdvanced({ default_role: 'manager' });
    try {
      const response = await t.post('/api/auth/local/register', { username: 'kate', email: 'kate@example.com', password: 'Kate-pass-123' });
      assert.equal(response.status, 200, response.text);
      const me = await t.get('/api/users/me?populate=role', { authorization: `Bearer ${response.body.jwt}` });
      assert.equal(me.body.role.type, 'manager');
    } finally {
      await t.close();
    }
  });

  it('a default_role no role has: registration answers "Impossible to find the default role"', async () => {
    const t = await withAdvanced({ default_role: 'nonexistent' });
    try {
      const response = await t.post('/api/auth/local/register', { username: 'liam', email: 'liam@example.com', password: 'Liam-pass-123' });
      assert.equal(response.status, 400);
      assert.equal(response.body.error.message, 'Impossible to find the default role');
    } finally {
      await t.close();
    }
  });

  it('refuses at start: allowedFields naming protected or unknown attributes, bad advanced values', async () => {
    for (const [env, message] of [
      [{ ALLOWED_FIELDS: '["role"]' }, /allowedFields may not name "role"/],
      [{ ALLOWED_FIELDS: '["confirmed"]' }, /allowedFields may not name "confirmed"/],
      [{ ALLOWED_FIELDS: '["nickname"]' }, /allowedFields names "nickname", which is not an attribute/],
      [{ ADVANCED: '{"allow_register":"yes"}' }, /allow_register must be true or false/],
      [{ ADVANCED: '{"email_confirmation_redirection":"javascript:alert(1)"}' }, /email_confirmation_redirection must be an http\(s\) URL/],
      [{ ADVANCED: '{"default_role":"public"}' }, /default_role must be the type of a role other than public/],
      [{ ADVANCED: '{"surprise":true}' }, /unknown setting surprise/],
      [{ EMAIL_PROVIDER: 'sendmail' }, /email config.provider must be "log", "smtp" or "nodemailer"/],
    ] as const) {
      await assert.rejects(startTestApp({ fixture: 'users-app', env }), message);
    }
  });

  it('the log provider (default) sends nothing and the flows still answer', async () => {
    const t = await withAdvanced({ email_confirmation: true });
    try {
      const response = await t.post('/api/auth/local/register', { username: 'mona', email: 'mona@example.com', password: 'Mona-pass-123' });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.jwt, undefined);
      assert.deepEqual((await t.post('/api/auth/forgot-password', { email: 'mona@example.com' })).body, { ok: true });
    } finally {
      await t.close();
    }
  });
});
