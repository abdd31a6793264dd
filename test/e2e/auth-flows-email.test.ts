// @databases: sqlite — mail sending (SMTP) for reset and confirmation; the token columns are covered by users-routes on every database
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSmtpCapture, type SmtpCapture } from '../fixtures/users-app/helpers/smtp-capture.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The reset-password and email-confirmation flows end to end: mails go through the smtp
 * provider (nodemailer) to a real SMTP server started here, and the codes are read from them.
 */

const RESET_URL = 'https://front.test/reset-password';
const CONFIRMED_URL = 'https://front.test/confirmed';

function smtpEnv(smtp: SmtpCapture, advanced: Record<string, unknown>): Record<string, string> {
  return { EMAIL_PROVIDER: 'smtp', SMTP_PORT: String(smtp.port), ADVANCED: JSON.stringify(advanced) };
}

async function noMailWithin(smtp: SmtpCapture, ms: number): Promise<void> {
  await assert.rejects(smtp.next(ms), /No mail arrived/);
}

describe('reset password through the SMTP provider', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  before(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ fixture: 'users-app', env: smtpEnv(smtp, { email_reset_password: RESET_URL }) });
    assert.equal((await t.post('/api/auth/local/register', { username: 'dana', email: 'dana@example.com', password: 'Dana-pass-1' })).status, 200);
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  let code: string;
  it('forgot-password mails a reset link with a code', async () => {
    const response = await t.post('/api/auth/forgot-password', { email: 'DANA@example.com' });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { ok: true });
    const mail = await smtp.next();
    assert.deepEqual(mail.to, ['dana@example.com']);
    assert.equal(mail.subject, 'Reset password');
    assert.match(mail.body, /From: Tessera Tests <no-reply@tessera\.test>/);
    assert.match(mail.body, /Reply-To: support@tessera\.test/);
    const match = new RegExp(`${RESET_URL.replace(/[.]/g, '\\.')}\\?code=([0-9a-f]{128})`).exec(mail.body);
    assert.ok(match, mail.body);
    assert.equal(mail.body.split(match[0]).length - 1, 2, `the link is in the text part and in the HTML part:\n${mail.body}`);
    code = match[1] as string;
    // The code is stored as a hash only.
    const row = await t.app.database.db.selectFrom('up_users').select('reset_password_token').where('username', '=', 'dana').executeTakeFirstOrThrow();
    assert.notEqual(row.reset_password_token, code);
    assert.match(String(row.reset_password_token), /^[0-9a-f]{64}$/);
  });

  it('reset-password with the code: { jwt, user }, the new password works, the old one and the code do not', async () => {
    const body = { code, password: 'Dana-new-pass-1', passwordConfirmation: 'Dana-new-pass-1' };
    const mismatch = await t.post('/api/auth/reset-password', { ...body, passwordConfirmation: 'Other-pass-1' });
    assert.equal(mismatch.body.error.message, 'Passwords do not match');
    const tooLong = await t.post('/api/auth/reset-password', { ...body, password: 'l'.repeat(73), passwordConfirmation: 'l'.repeat(73) });
    assert.equal(tooLong.body.error.message, 'Password must be less than 73 bytes');
    const extra = await t.post('/api/auth/reset-password', { ...body, confirmed: true });
    assert.equal(extra.status, 400);
    const reset = await t.post('/api/auth/reset-password', body);
    assert.equal(reset.status, 200, reset.text);
    assert.equal(reset.body.user.username, 'dana');
    assert.equal('password' in reset.body.user || 'resetPasswordToken' in reset.body.user, false);
    assert.equal((await t.get('/api/users/me', { authorization: `Bearer ${reset.body.jwt}` })).body.username, 'dana');
    assert.equal((await t.post('/api/auth/local', { identifier: 'dana', password: 'Dana-new-pass-1' })).status, 200);
    const old = await t.post('/api/auth/local', { identifier: 'dana', password: 'Dana-pass-1' });
    assert.equal(old.body.error.message, 'Invalid identifier or password');
    const again = await t.post('/api/auth/reset-password', { ...body, password: 'Third-pass-1', passwordConfirmation: 'Third-pass-1' });
    assert.equal(again.status, 400);
    assert.equal(again.body.error.message, 'Incorrect code provided');
  });

  it('a code works once even when sent twice at the same time', async () => {
    await t.post('/api/auth/forgot-password', { email: 'dana@example.com' });
    const racing = /code=([0-9a-f]{128})/.exec((await smtp.next()).body)?.[1];
    assert.ok(racing);
    const body = { code: racing, password: 'Race-pass-12', passwordConfirmation: 'Race-pass-12' };
    const results = await Promise.all([t.post('/api/auth/reset-password', body), t.post('/api/auth/reset-password', body)]);
    assert.deepEqual(results.map((result) => result.status).sort(), [200, 400]);
  });

  it('a newer request replaces the older code', async () => {
    await t.post('/api/auth/forgot-password', { email: 'dana@example.com' });
    const first = /code=([0-9a-f]{128})/.exec((await smtp.next()).body)?.[1];
    await t.post('/api/auth/forgot-password', { email: 'dana@example.com' });
    const second = /code=([0-9a-f]{128})/.exec((await smtp.next()).body)?.[1];
    const body = { password: 'Fourth-pass-1', passwordConfirmation: 'Fourth-pass-1' };
    assert.equal((await t.post('/api/auth/reset-password', { ...body, code: first })).body.error.message, 'Incorrect code provided');
    assert.equal((await t.post('/api/auth/reset-password', { ...body, code: second })).status, 200);
  });

  it('an unknown or blocked email: { ok: true } and no mail', async () => {
    assert.deepEqual((await t.post('/api/auth/forgot-password', { email: 'nobody@example.com' })).body, { ok: true });
    await noMailWithin(smtp, 700);
    await t.app.database.db.updateTable('up_users').set({ blocked: t.app.database.dialect.encode('boolean', true) }).where('username', '=', 'dana').execute();
    assert.deepEqual((await t.post('/api/auth/forgot-password', { email: 'dana@example.com' })).body, { ok: true });
    await noMailWithin(smtp, 700);
  });
});

describe('email confirmation through the SMTP provider', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  before(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ fixture: 'users-app', env: smtpEnv(smtp, { email_confirmation: true, email_confirmation_redirection: CONFIRMED_URL }) });
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  const linkOf = (body: string): string => {
    const match = /(http:\/\/[^\s"<]+\/api\/auth\/email-confirmation\?confirmation=[0-9a-f]{40})/.exec(body);
    assert.ok(match, body);
    return match[1] as string;
  };

  it('register answers { user } without a jwt, unconfirmed, and mails a confirmation link', async () => {
    const response = await t.post('/api/auth/local/register', { username: 'erin', email: 'erin@example.com', password: 'Erin-pass-12' });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(Object.keys(response.body), ['user']);
    assert.equal(response.body.user.confirmed, false);
    const mail = await smtp.next();
    assert.deepEqual(mail.to, ['erin@example.com']);
    assert.equal(mail.subject, 'Account confirmation');
    assert.ok(linkOf(mail.body).startsWith(`${t.baseUrl}/api/auth/email-confirmation?confirmation=`));
  });

  it('login is refused until the email is confirmed; the link redirects and confirms once', async () => {
    const refused = await t.post('/api/auth/local', { identifier: 'erin', password: 'Erin-pass-12' });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error.name, 'ApplicationError');
    assert.equal(refused.body.error.message, 'Your account email is not confirmed');
    // A new mail replaces the first code.
    const resent = await t.post('/api/auth/send-email-confirmation', { email: 'ERIN@example.com' });
    assert.deepEqual(resent.body, { email: 'erin@example.com', sent: true });
    const link = linkOf((await smtp.next()).body);
    const confirm = await fetch(link, { redirect: 'manual' });
    assert.equal(confirm.status, 302);
    assert.equal(confirm.headers.get('location'), CONFIRMED_URL);
    const login = await t.post('/api/auth/local', { identifier: 'erin', password: 'Erin-pass-12' });
    assert.equal(login.status, 200, login.text);
    assert.equal(login.body.user.confirmed, true);
    const again = await fetch(link, { redirect: 'manual' });
    assert.equal(again.status, 400);
    assert.equal((await t.post('/api/auth/send-email-confirmation', { email: 'erin@example.com' })).body.error.message, 'Already confirmed');
  });

  it('send-email-confirmation for an unknown email: sent: true and no mail', async () => {
    assert.deepEqual((await t.post('/api/auth/send-email-confirmation', { email: 'ghost@example.com' })).body, { email: 'ghost@example.com', sent: true });
    await noMailWithin(smtp, 700);
  });

  it('a JWT of an unconfirmed user is refused', async () => {
    await t.post('/api/auth/local/register', { username: 'fred', email: 'fred@example.com', password: 'Fred-pass-12' });
    await smtp.next();
    const fred = await t.app.database.db.selectFrom('up_users').select('id').where('username', '=', 'fred').executeTakeFirstOrThrow();
    const { createUserJwt } = await import('../../src/plugins/users-permissions/user-jwt.js');
    const { createKeyValueStore } = await import('../../src/core/store/key-value-store.js');
    const jwt = await createUserJwt(t.app.config, createKeyValueStore(t.app.database));
    const me = await t.get('/api/users/me', { authorization: `Bearer ${jwt.sign(Number(fred.id))}` });
    assert.equal(me.status, 401);
  });
});

describe('a mail that cannot be sent', () => {
  it('register with confirmation on answers 400 "Error sending confirmation email"', async () => {
    const smtp = await startSmtpCapture();
    const port = smtp.port;
    await smtp.close();
    const t = await startTestApp({ fixture: 'users-app', env: { EMAIL_PROVIDER: 'smtp', SMTP_PORT: String(port), ADVANCED: JSON.stringify({ email_confirmation: true }) } });
    try {
      const response = await t.post('/api/auth/local/register', { username: 'gina', email: 'gina@example.com', password: 'Gina-pass-12' });
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.error.message, 'Error sending confirmation email');
    } finally {
      await t.close();
    }
  });
});
