import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AppConfig } from '../../core/config/app-config.js';
import { readCorsConfig } from './cors-config.js';
import { readMiddlewaresConfig } from './middlewares-config.js';
import { readRateLimitConfig } from './rate-limit-config.js';
import { authActionKey, mayBeLimited, normalizeRequestPath, rateLimitKey, type LimitedAuthAction } from './rate-limit-key.js';

const FILE = '/p/config/plugins';

function configWith(ratelimit: unknown, env: Record<string, string> = {}): AppConfig {
  return { env, files: { plugins: { file: FILE, value: { 'users-permissions': { config: { ratelimit } } } } } } as unknown as AppConfig;
}

describe('rate limit key', () => {
  it('skips URLs that cannot be limited paths with a substring test, never those that can', () => {
    for (const url of ['/api/auth/local', '/API/AUTH/LOCAL', '/api/%61uth/local', '/api/connect/github', '/admin/login']) assert.equal(mayBeLimited(url), true, url);
    for (const url of ['/api/articles', '/api/articles/abc?populate=*', '/_health']) assert.equal(mayBeLimited(url), false, url);
    // Every path the key function limits passes the first test.
    assert.equal(rateLimitKey('/api', '/api/%61uth/local', {}, 'ip'), 'noIdentifier:/api/auth/local:ip');
  });

  it('follows the reference (register aside): email-keyed, address-keyed and unlimited paths', () => {
    assert.equal(rateLimitKey('/api', '/api/auth/local', { identifier: 'A@x.io' }, '1.2.3.4'), 'noIdentifier:/api/auth/local:1.2.3.4');
    // Register is keyed by address, not by the email it creates (a deliberate difference).
    assert.equal(rateLimitKey('/api', '/api/auth/local/register?x=1', { email: 'A@X.io' }, '::1'), 'noIdentifier:/api/auth/local/register:::1');
    assert.equal(rateLimitKey('/api', '/api/auth/forgot-password', { email: 'A@X.io' }, '::1'), 'a@x.io:/api/auth/forgot-password:::1');
    assert.equal(rateLimitKey('/api', '/admin/login', { email: 'a@x.io' }, '::1'), 'noIdentifier:/admin/login:::1');
    assert.equal(rateLimitKey('/api', '/admin/register-admin', { email: 'a@x.io' }, '::1'), 'noIdentifier:/admin/register-admin:::1');
    assert.equal(rateLimitKey('/api', '/Admin/Forgot-Password/', { email: 'a@x.io' }, '::1'), 'noIdentifier:/admin/forgot-password:::1');
    assert.equal(rateLimitKey('/api', '/admin/access-token', {}, '::1'), null);
    assert.equal(rateLimitKey('/api', '/api/auth/forgot-password/', {}, 'ip'), 'unknownIdentifier:/api/auth/forgot-password:ip');
    assert.equal(rateLimitKey('/api', '/api/auth/send-email-confirmation', { email: ['a'] }, 'ip'), 'unknownIdentifier:/api/auth/send-email-confirmation:ip');
    assert.equal(rateLimitKey('/api', '/api/connect/github', null, 'ip'), 'noIdentifier:/api/connect/github:ip');
    assert.equal(rateLimitKey('/api', '/API//Auth/./local', null, 'ip'), 'noIdentifier:/api/auth/local:ip');
    assert.equal(rateLimitKey('/v2', '/v2/auth/reset-password', null, 'ip'), 'noIdentifier:/v2/auth/reset-password:ip');
    for (const url of ['/api/auth/email-confirmation', '/api/auth/github/callback', '/api/users/me', '/api/articles', '/auth/local', '/api/connectx', '/api/auth/local/other']) {
      assert.equal(rateLimitKey('/api', url, {}, 'ip'), null, url);
    }
    assert.equal(normalizeRequestPath('/api/%E0%A4%A'), null);
  });

  it('an auth action named by another transport gets the key of its REST route (one budget per address and action)', () => {
    const routes: Readonly<Record<LimitedAuthAction, string>> = {
      register: '/auth/local/register',
      login: '/auth/local',
      forgotPassword: '/auth/forgot-password',
      resetPassword: '/auth/reset-password',
      changePassword: '/auth/change-password',
      sendEmailConfirmation: '/auth/send-email-confirmation',
    };
    for (const [action, route] of Object.entries(routes) as [LimitedAuthAction, string][]) {
      for (const prefix of ['/api', '/V2']) {
        for (const email of ['Ann@Example.com', '', undefined, ['a']]) {
          assert.equal(authActionKey(prefix, action, email, '10.0.0.1'), rateLimitKey(prefix, prefix + route, { email }, '10.0.0.1'), `${action} ${prefix} ${String(email)}`);
        }
      }
    }
    assert.equal(authActionKey('/api', 'login', 'a@x.io', 'ip'), 'noIdentifier:/api/auth/local:ip');
    assert.equal(authActionKey('/api', 'register', 'A@x.io', 'ip'), 'noIdentifier:/api/auth/local/register:ip');
  });
});

describe('rate limit config', () => {
  it('defaults: 10 per 60 s, in memory; REDIS_URL selects Redis', () => {
    assert.deepEqual(readRateLimitConfig(configWith(undefined)), { enabled: true, interval: 60_000, max: 10, redis: null });
    assert.deepEqual(readRateLimitConfig(configWith({}, { REDIS_URL: 'redis://h:6379' })).redis, { url: 'redis://h:6379', prefix: 'tessera:ratelimit:' });
    assert.equal(readRateLimitConfig(configWith({ redis: false }, { REDIS_URL: 'redis://h:6379' })).redis, null);
    assert.deepEqual(readRateLimitConfig(configWith({ redis: { url: 'rediss://h', prefix: 'p:' } })).redis, { url: 'rediss://h', prefix: 'p:' });
    assert.equal(readRateLimitConfig(configWith({ interval: { min: 5 } })).interval, 300_000);
    assert.equal(readRateLimitConfig(configWith({ enabled: false }, { REDIS_URL: 'redis://h' })).redis, null);
  });

  it('bad values name config/plugins', () => {
    for (const bad of [{ max: 0 }, { max: '10' }, { interval: -1 }, { interval: { minutes: 1 } }, { enabled: 'yes' }, { redis: 'http://h' }, { redis: { url: 'redis://h', db: 1 } }, { maxx: 1 }, 'on']) {
      assert.throws(() => readRateLimitConfig(configWith(bad)), (error: Error) => error.name === 'DefinitionError' && error.message.startsWith(FILE), JSON.stringify(bad));
    }
  });
});

describe('config/middlewares', () => {
  it('no file: CORS and security headers with defaults; names only: defaults too', () => {
    const none = readMiddlewaresConfig(undefined, 'f');
    assert.equal(none.cors?.origin, '*');
    assert.equal(none.cors?.credentials, false);
    assert.ok(none.security);
    const named = readMiddlewaresConfig(['strapi::cors', 'strapi::security', 'strapi::body'], 'f');
    assert.deepEqual(named.cors, none.cors);
    assert.deepEqual(readMiddlewaresConfig(['strapi::errors'], 'f'), { cors: null, security: null });
  });

  it('cors keys in Strapi form', () => {
    const cors = readCorsConfig({ origin: 'https://a.io, https://b.io', methods: 'GET,POST', headers: ['X-A'], expose: 'X-B', maxAge: 5, credentials: true, keepHeaderOnError: true }, 'f');
    assert.deepEqual([cors.origin, cors.methods, cors.allowedHeaders, cors.exposedHeaders, cors.maxAge, cors.credentials], [['https://a.io', 'https://b.io'], ['GET', 'POST'], ['X-A'], ['X-B'], 5, true]);
    assert.throws(() => readCorsConfig({ origin: ['*'], credentials: true }, 'f'), /credentials/);
    assert.throws(() => readCorsConfig({ maxAge: -1 }, 'f'), /maxAge/);
    assert.throws(() => readCorsConfig({ origin: 5 }, 'f'), /origin/);
  });

  it('mistakes', () => {
    assert.throws(() => readMiddlewaresConfig({}, 'f'), /array/);
    // The project's own middlewares (global::, api::) are the compatibility layer's to resolve; other names are refused.
    assert.doesNotThrow(() => readMiddlewaresConfig(['global::x', 'api::blog.y'], 'f'));
    assert.throws(() => readMiddlewaresConfig(['plugin::x.y'], 'f'), /"plugin::x.y" is not supported/);
    assert.throws(() => readMiddlewaresConfig([{ name: 'strapi::cors', resolve: './x' }], 'f'), /resolve/);
    assert.throws(() => readMiddlewaresConfig([{ name: 'strapi::cors', config: 'x' }], 'f'), /must be an object/);
    assert.throws(() => readMiddlewaresConfig([{ config: {} }], 'f'), /name/);
  });
});
