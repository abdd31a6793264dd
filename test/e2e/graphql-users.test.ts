// @databases: sqlite — users-permissions flows and the shared rate limit over GraphQL; users' storage is covered by users-routes on every database
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, fetchExchange } from '@urql/core';
import { startSmtpCapture, type SmtpCapture } from '../fixtures/users-app/helpers/smtp-capture.js';
import { manualClock } from '../helpers/manual-clock.js';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

/**
 * The users-permissions plugin over GraphQL (reference §6): register, login, me and the password
 * mutations, which run the REST routes' actions. The reset and confirmation codes are read from
 * mails sent to a local SMTP server.
 */

const USER_FIELDS = 'id documentId username email confirmed blocked role { id name description type }';

function graphql(t: TestApp, query: string, variables: Record<string, unknown> = {}, jwt?: string): Promise<TestResponse> {
  return t.request('POST', '/graphql', { body: { query, variables }, headers: jwt ? { authorization: `Bearer ${jwt}` } : {} });
}

function assertGraphqlError(response: TestResponse, code: string, message?: string): Record<string, unknown> {
  const error = response.body?.errors?.[0];
  assert.ok(error, response.text);
  assert.equal(error.extensions.code, code, response.text);
  if (message !== undefined) assert.equal(error.message, message, response.text);
  return error;
}

const REGISTER = `mutation ($input: UsersPermissionsRegisterInput!) { register(input: $input) { jwt user { ${USER_FIELDS} } } }`;
const LOGIN = `mutation ($identifier: String!, $password: String!) { login(input: { identifier: $identifier, password: $password }) { jwt user { ${USER_FIELDS} } } }`;
const ME = `{ me { ${USER_FIELDS} } }`;
const CHANGE = `mutation ($current: String!, $password: String!, $confirmation: String!) {
  changePassword(currentPassword: $current, password: $password, passwordConfirmation: $confirmation) { jwt user { username } } }`;
const FORGOT = 'mutation ($email: String!) { forgotPassword(email: $email) { ok } }';
const RESET = `mutation ($code: String!, $password: String!) {
  resetPassword(code: $code, password: $password, passwordConfirmation: $password) { jwt user { username } } }`;
const CONFIRM = 'mutation ($confirmation: String!) { emailConfirmation(confirmation: $confirmation) { jwt user { username confirmed } } }';

describe('users-permissions over GraphQL', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let jwt: string;

  before(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({
      fixture: 'users-app',
      env: { EMAIL_PROVIDER: 'smtp', SMTP_PORT: String(smtp.port), ADVANCED: JSON.stringify({ email_reset_password: 'https://front.test/reset' }) },
    });
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  it('register answers a jwt and the user, with role null (not populated)', async () => {
    const response = await graphql(t, REGISTER, { input: { username: 'gina', email: 'Gina@Example.com', password: 'Gina-pass-1' } });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.errors, undefined, response.text);
    const { jwt: token, user } = response.body.data.register;
    assert.equal(typeof token, 'string');
    assert.match(user.id, /^\d+$/);
    assert.match(user.documentId, /^[a-z0-9]{24}$/);
    assert.deepEqual({ ...user, id: undefined, documentId: undefined }, { id: undefined, documentId: undefined, username: 'gina', email: 'gina@example.com', confirmed: true, blocked: false, role: null });
    jwt = token;
    // The same user REST sees.
    const rest = await t.request('GET', '/api/users/me', { headers: { authorization: `Bearer ${token}` } });
    assert.equal(rest.status, 200, rest.text);
    assert.equal(String(rest.body.id), user.id);
  });

  it('register refuses a taken username and a bad email as REST does', async () => {
    const taken = await graphql(t, REGISTER, { input: { username: 'gina', email: 'other@example.com', password: 'Other-pass-1' } });
    assertGraphqlError(taken, 'STRAPI_APPLICATION_ERROR', 'Email or Username are already taken');
    assert.equal(taken.body.data, null);
    const bad = await graphql(t, REGISTER, { input: { username: 'hal', email: 'notanemail', password: 'Hal-pass-12' } });
    const error = assertGraphqlError(bad, 'BAD_USER_INPUT');
    const details = (error.extensions as { error: { details: { errors: { path: string[]; message: string }[] } } }).error.details;
    assert.deepEqual(details.errors.map((entry) => [entry.path, entry.message]), [[['email'], 'email must be a valid email']]);
  });

  it('login answers a jwt for the right password and BAD_USER_INPUT otherwise', async () => {
    const good = await graphql(t, LOGIN, { identifier: 'gina@example.com', password: 'Gina-pass-1' });
    assert.equal(good.body.errors, undefined, good.text);
    assert.equal(typeof good.body.data.login.jwt, 'string');
    assert.equal(good.body.data.login.user.username, 'gina');
    const bad = await graphql(t, LOGIN, { identifier: 'gina', password: 'wrong-password' });
    assertGraphqlError(bad, 'BAD_USER_INPUT', 'Invalid identifier or password');
    assert.equal(bad.body.data, null);
    const nobody = await graphql(t, LOGIN, { identifier: 'nobody', password: 'wrong-password' });
    assertGraphqlError(nobody, 'BAD_USER_INPUT', 'Invalid identifier or password');
  });

  it('login takes the reference input with its default provider', async () => {
    const response = await graphql(t, 'mutation { login(input: { identifier: "gina", password: "Gina-pass-1", provider: "local" }) { jwt } }');
    assert.equal(response.body.errors, undefined, response.text);
    assert.equal(typeof response.body.data.login.jwt, 'string');
  });

  it('me answers the caller with their role; without a token it is FORBIDDEN', async () => {
    const mine = await graphql(t, ME, {}, jwt);
    assert.equal(mine.body.errors, undefined, mine.text);
    assert.equal(mine.body.data.me.username, 'gina');
    assert.equal(mine.body.data.me.role.type, 'authenticated');
    assert.equal(mine.body.data.me.role.name, 'Authenticated');
    const anonymous = await graphql(t, ME);
    assert.equal(anonymous.status, 200, anonymous.text);
    assertGraphqlError(anonymous, 'FORBIDDEN');
    assert.equal(anonymous.body.data?.me ?? null, null);
  });

  it('changePassword needs a user, checks the current password, and answers a new jwt', async () => {
    assertGraphqlError(await graphql(t, CHANGE, { current: 'Gina-pass-1', password: 'Gina-pass-2', confirmation: 'Gina-pass-2' }), 'FORBIDDEN');
    const wrong = await graphql(t, CHANGE, { current: 'not-it', password: 'Gina-pass-2', confirmation: 'Gina-pass-2' }, jwt);
    assertGraphqlError(wrong, 'BAD_USER_INPUT', 'The provided current password is invalid');
    const mismatch = await graphql(t, CHANGE, { current: 'Gina-pass-1', password: 'Gina-pass-2', confirmation: 'Gina-pass-3' }, jwt);
    assertGraphqlError(mismatch, 'BAD_USER_INPUT', 'Passwords do not match');
    const changed = await graphql(t, CHANGE, { current: 'Gina-pass-1', password: 'Gina-pass-2', confirmation: 'Gina-pass-2' }, jwt);
    assert.equal(changed.body.errors, undefined, changed.text);
    assert.equal(typeof changed.body.data.changePassword.jwt, 'string');
    assert.equal(changed.body.data.changePassword.user.username, 'gina');
    assertGraphqlError(await graphql(t, LOGIN, { identifier: 'gina', password: 'Gina-pass-1' }), 'BAD_USER_INPUT', 'Invalid identifier or password');
    const login = await graphql(t, LOGIN, { identifier: 'gina', password: 'Gina-pass-2' });
    assert.equal(login.body.errors, undefined, login.text);
  });

  it('forgotPassword answers ok whether or not the email exists; resetPassword takes the mailed code once', async () => {
    const unknown = await graphql(t, FORGOT, { email: 'nobody@example.com' });
    assert.deepEqual(unknown.body, { data: { forgotPassword: { ok: true } } });
    const known = await graphql(t, FORGOT, { email: 'GINA@example.com' });
    assert.deepEqual(known.body, { data: { forgotPassword: { ok: true } } });
    const mail = await smtp.next();
    assert.deepEqual(mail.to, ['gina@example.com']);
    const code = /code=([0-9a-f]{128})/.exec(mail.body)?.[1];
    assert.ok(code, mail.body);

    assertGraphqlError(await graphql(t, RESET, { code: 'f'.repeat(128), password: 'Gina-pass-3' }), 'BAD_USER_INPUT', 'Incorrect code provided');
    const reset = await graphql(t, RESET, { code, password: 'Gina-pass-3' });
    assert.equal(reset.body.errors, undefined, reset.text);
    assert.equal(typeof reset.body.data.resetPassword.jwt, 'string');
    assert.equal(reset.body.data.resetPassword.user.username, 'gina');
    assertGraphqlError(await graphql(t, RESET, { code, password: 'Gina-pass-4' }), 'BAD_USER_INPUT', 'Incorrect code provided');
    const login = await graphql(t, LOGIN, { identifier: 'gina', password: 'Gina-pass-3' });
    assert.equal(login.body.errors, undefined, login.text);
  });

  it('forgotPassword refuses a malformed email', async () => {
    assertGraphqlError(await graphql(t, FORGOT, { email: 'not-an-email' }), 'BAD_USER_INPUT');
  });

  it('emailConfirmation refuses an unknown code', async () => {
    assertGraphqlError(await graphql(t, CONFIRM, { confirmation: 'a'.repeat(40) }), 'BAD_USER_INPUT', 'Invalid token');
  });
});

describe('users-permissions over GraphQL with email confirmation', () => {
  let smtp: SmtpCapture;
  let t: TestApp;

  before(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ fixture: 'users-app', env: { EMAIL_PROVIDER: 'smtp', SMTP_PORT: String(smtp.port), ADVANCED: JSON.stringify({ email_confirmation: true }) } });
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  it('register answers jwt null; emailConfirmation confirms once and answers a jwt', async () => {
    const registered = await graphql(t, REGISTER, { input: { username: 'ivy', email: 'ivy@example.com', password: 'Ivy-pass-12' } });
    assert.equal(registered.body.errors, undefined, registered.text);
    assert.equal(registered.body.data.register.jwt, null);
    assert.equal(registered.body.data.register.user.confirmed, false);
    const confirmation = /confirmation=([0-9a-f]{40})/.exec((await smtp.next()).body)?.[1];
    assert.ok(confirmation);

    assertGraphqlError(await graphql(t, LOGIN, { identifier: 'ivy', password: 'Ivy-pass-12' }), 'STRAPI_APPLICATION_ERROR', 'Your account email is not confirmed');
    const confirmed = await graphql(t, CONFIRM, { confirmation });
    assert.equal(confirmed.body.errors, undefined, confirmed.text);
    assert.equal(typeof confirmed.body.data.emailConfirmation.jwt, 'string');
    assert.deepEqual(confirmed.body.data.emailConfirmation.user, { username: 'ivy', confirmed: true });
    assertGraphqlError(await graphql(t, CONFIRM, { confirmation }), 'BAD_USER_INPUT', 'Invalid token');
    const login = await graphql(t, LOGIN, { identifier: 'ivy', password: 'Ivy-pass-12' });
    assert.equal(login.body.errors, undefined, login.text);
  });
});

describe('one auth rate limit per address and action, over REST and GraphQL alike', () => {
  const clock = manualClock();
  let t: TestApp;
  let urql: Client;
  let jwt: string;
  before(async () => {
    t = await startTestApp({ fixture: 'security-app/default', clock });
    urql = new Client({ url: `${t.baseUrl}/graphql`, exchanges: [fetchExchange], requestPolicy: 'network-only', preferGetMethod: false });
    const registered = await t.request('POST', '/api/auth/local/register', { body: { username: 'rita', email: 'rita@example.com', password: 'Rita-pass-1' } });
    assert.equal(registered.status, 200, registered.text);
    jwt = registered.body.jwt;
    // A fresh window: the budgets below start full, however register is keyed.
    clock.advance(60_000);
  });
  after(async () => t.close());

  /** The GraphQL call as a client makes it: the error's code, or null when it went through. */
  async function overGraphql(mutation: string, variables: Record<string, unknown>, token?: string): Promise<string | null> {
    const context = token ? { fetchOptions: { headers: { authorization: `Bearer ${token}` } } } : {};
    const result = await urql.mutation(mutation, variables, context).toPromise();
    assert.equal(result.error?.networkError, undefined, String(result.error?.networkError));
    const error = result.error?.graphQLErrors[0];
    return error ? String(error.extensions.code) : null;
  }

  const calls = {
    login: {
      rest: () => t.request('POST', '/api/auth/local', { body: { identifier: 'rita', password: 'wrong' } }),
      graphql: (index: number) => overGraphql(LOGIN, { identifier: `someone${index}@example.com`, password: 'wrong' }),
    },
    register: {
      rest: () => t.request('POST', '/api/auth/local/register', { body: { username: 'rita', email: 'Victim@example.com', password: 'Rita-pass-1' } }),
      graphql: () => overGraphql(REGISTER, { input: { username: 'rita', email: 'victim@EXAMPLE.com', password: 'Rita-pass-1' } }),
    },
    forgotPassword: {
      rest: () => t.request('POST', '/api/auth/forgot-password', { body: { email: 'victim@example.com' } }),
      graphql: () => overGraphql(FORGOT, { email: 'VICTIM@example.com' }),
    },
    resetPassword: {
      rest: () => t.request('POST', '/api/auth/reset-password', { body: { code: 'guess', password: 'New-pass-1', passwordConfirmation: 'New-pass-1' } }),
      graphql: (index: number) => overGraphql(RESET, { code: `guess${index}`, password: 'New-pass-1' }),
    },
    changePassword: {
      rest: () =>
        t.request('POST', '/api/auth/change-password', {
          body: { currentPassword: 'wrong', password: 'New-pass-1', passwordConfirmation: 'New-pass-1' },
          headers: { authorization: `Bearer ${jwt}` },
        }),
      graphql: () => overGraphql(CHANGE, { current: 'wrong', password: 'New-pass-1', confirmation: 'New-pass-1' }, jwt),
    },
  } as const;

  for (const [action, call] of Object.entries(calls)) {
    it(`${action}: REST and GraphQL calls from one address spend one budget; the next call is refused on both`, async () => {
      // Ten calls, alternating transports: each is answered (and counted), none refused.
      for (let index = 0; index < 10; index += 1) {
        if (index % 2 === 0) {
          const response = await call.rest();
          assert.ok(response.status !== 429 && response.status < 500, `REST call ${index + 1}: ${response.status} ${response.text}`);
          assert.equal(response.headers.get('x-ratelimit-remaining'), String(9 - index), `REST call ${index + 1}`);
        } else {
          assert.notEqual(await call.graphql(index), 'STRAPI_RATE_LIMIT_ERROR', `GraphQL call ${index + 1}`);
        }
      }
      assert.equal(await call.graphql(10), 'STRAPI_RATE_LIMIT_ERROR');
      const refused = await call.rest();
      assert.equal(refused.status, 429, refused.text);
      assert.equal(refused.body.error.name, 'RateLimitError');
    });
  }

  it('the shared window ends for both transports at once (on the app clock)', async () => {
    assert.equal((await calls.login.rest()).status, 429);
    assert.equal(await calls.login.graphql(0), 'STRAPI_RATE_LIMIT_ERROR');
    clock.advance(60_000);
    assert.equal(await calls.login.graphql(0), 'BAD_USER_INPUT');
    const rest = await calls.login.rest();
    assert.equal(rest.status, 400, rest.text);
    assert.equal(rest.headers.get('x-ratelimit-remaining'), '8');
  });

  it('another email keeps its own budget, over either transport', async () => {
    assert.equal(await overGraphql(FORGOT, { email: 'other@example.com' }), null);
    const rest = await t.request('POST', '/api/auth/forgot-password', { body: { email: 'other@example.com' } });
    assert.equal(rest.status, 200, rest.text);
    assert.equal(rest.headers.get('x-ratelimit-remaining'), '8');
  });

  it('register is counted per address as over REST: ten new emails pass, the eleventh is refused', async () => {
    for (let call = 1; call <= 10; call += 1) {
      const response = await graphql(t, REGISTER, { input: { username: `gql${call}`, email: `gql${call}@example.com`, password: 'Gql-pass-123' } });
      assert.equal(response.body.errors, undefined, response.text);
    }
    const refused = await graphql(t, REGISTER, { input: { username: 'gql11', email: 'gql11@example.com', password: 'Gql-pass-123' } });
    assertGraphqlError(refused, 'STRAPI_RATE_LIMIT_ERROR');
  });
});
