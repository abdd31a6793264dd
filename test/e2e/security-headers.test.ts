// @databases: sqlite — CORS and security headers, and config/middlewares, are set before any handler
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import type { AppConfig } from '../../src/core/config/app-config.js';
import { createEnvHelper } from '../../src/core/config/env.js';
import type { PluginContext } from '../../src/core/plugin/plugin-context.js';
import { registerSecurityHeaders } from '../../src/transports/security/security-headers-plugin.js';
import { createTempProjects, schemaPath } from '../helpers/temp-projects.js';
import { fixturePath, startTestApp, type TestApp } from '../helpers/test-app.js';
import { loadConfigExport } from '../../src/core/config/load-config-file.js';

/**
 * CORS and security headers: on by default with Strapi's defaults (any origin, no
 * credentials; helmet's headers with a strict CSP), configurable through config/middlewares
 * in Strapi's array format.
 */

const SECURITY_HEADERS = ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];


describe('default CORS and security headers (no config/middlewares)', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ fixture: 'security-app/default' });
  });
  after(async () => app?.close());

  it('JSON replies keep working and carry the security headers, errors and 404s included', async () => {
    const list = await app.get('/api/articles');
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.data, []);
    assert.match(list.headers.get('content-type') ?? '', /^application\/json/);
    for (const response of [list, await app.get('/api/nothing-here'), await app.get('/api/articles?filters[nope][$eq]=1'), await app.post('/api/articles', { data: {} })]) {
      for (const header of SECURITY_HEADERS) assert.ok(response.headers.get(header), `${header} on ${response.status}`);
      assert.equal(response.headers.get('x-powered-by'), null);
    }
    assert.match(list.headers.get('content-security-policy') ?? '', /default-src 'self'/);
    assert.equal(list.headers.get('x-frame-options'), 'SAMEORIGIN');
    assert.equal(list.headers.get('x-content-type-options'), 'nosniff');
    assert.match(list.headers.get('strict-transport-security') ?? '', /max-age=31536000; includeSubDomains/);
    // Off, so that front ends on other origins can use the API and its media.
    assert.equal(list.headers.get('cross-origin-resource-policy'), null);
    assert.equal(list.headers.get('cross-origin-opener-policy'), null);
  });

  it('any origin may read, without credentials', async () => {
    const response = await app.get('/api/articles', { origin: 'https://anywhere.example.org' });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.equal(response.headers.get('access-control-allow-credentials'), null);
  });

  it('a preflight is answered 204 with the allowed methods and headers, before authentication', async () => {
    const preflight = await app.request('OPTIONS', '/api/articles', {
      headers: { origin: 'https://anywhere.example.org', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type', authorization: 'Bearer not-a-token' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    assert.equal(preflight.headers.get('access-control-allow-methods'), 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS');
    assert.equal(preflight.headers.get('access-control-allow-headers'), 'Content-Type, Authorization, Origin, Accept');
    assert.equal(preflight.headers.get('access-control-max-age'), '31536000');
  });

  it('a rate-limited reply still carries the CORS headers, so a browser can read the 429', async () => {
    const limited = await startTestApp({ fixture: 'security-app/default', env: { RATE_LIMIT_MAX: '1' } });
    try {
      const headers = { origin: 'https://anywhere.example.org' };
      await limited.request('POST', '/api/auth/local', { body: { identifier: 'a', password: 'b' }, headers });
      const refused = await limited.request('POST', '/api/auth/local', { body: { identifier: 'a', password: 'b' }, headers });
      assert.equal(refused.status, 429);
      assert.equal(refused.headers.get('access-control-allow-origin'), '*');
      assert.ok(refused.headers.get('content-security-policy'));
    } finally {
      await limited.close();
    }
  });
});

describe('config/middlewares in Strapi format', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ fixture: 'security-app/custom-middlewares' });
  });
  after(async () => app?.close());

  it('strapi::cors: only the listed origins, with credentials, methods, headers and maxAge as set', async () => {
    const allowed = await app.get('/api/articles', { origin: 'https://app.example.com' });
    assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://app.example.com');
    assert.equal(allowed.headers.get('access-control-allow-credentials'), 'true');
    assert.equal(allowed.headers.get('access-control-expose-headers'), 'X-RateLimit-Remaining');
    const other = await app.get('/api/articles', { origin: 'https://evil.example.net' });
    assert.equal(other.status, 200);
    assert.equal(other.headers.get('access-control-allow-origin'), null);
    const preflight = await app.request('OPTIONS', '/api/articles', {
      headers: { origin: 'https://admin.example.com', 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-methods'), 'GET, POST');
    assert.equal(preflight.headers.get('access-control-allow-headers'), 'Content-Type, Authorization, X-Custom');
    assert.equal(preflight.headers.get('access-control-max-age'), '600');
  });

  it('strapi::security: options merged over the defaults (legacy helmet names accepted)', async () => {
    const response = await app.get('/api/articles');
    assert.equal(response.headers.get('x-frame-options'), 'DENY');
    const csp = response.headers.get('content-security-policy') ?? '';
    assert.match(csp, /img-src 'self' data: https:\/\/cdn\.example\.com/);
    assert.match(csp, /connect-src 'self' https:/);
  });
});

describe('config/middlewares mistakes stop the start, naming the file', () => {
  const projects = createTempProjects('tessera-security-');
  after(() => projects.remove());
  const article = { kind: 'collectionType', collectionName: 'articles', info: { singularName: 'article', pluralName: 'articles' }, options: { draftAndPublish: false }, attributes: { title: { type: 'string' } } };
  const start = (middlewares: string) => startTestApp({ fixture: projects.write({ 'config/middlewares.js': middlewares, [schemaPath('article')]: article }) });
  const rejectsNaming = (pattern: RegExp) => (error: Error) => error.name === 'DefinitionError' && /config\/middlewares/.test(error.message) && pattern.test(error.message);

  it('an object instead of the array', async () => {
    await assert.rejects(start('export default { cors: { origin: "*" } };'), rejectsNaming(/array/));
  });

  it('an unknown middleware, credentials with any origin, an unknown helmet option', async () => {
    // A project middleware that does not exist is named by the compatibility layer, which runs them (src/compat).
    await assert.rejects(start('export default ["strapi::cors", "global::my-middleware"];'), rejectsNaming(/middleware "global::my-middleware": no such middleware in src\/middlewares/));
    await assert.rejects(start('export default ["strapi::cors", "plugin::some-plugin.thing"];'), rejectsNaming(/"plugin::some-plugin\.thing" is not supported/));
    await assert.rejects(start('export default [{ name: "strapi::cors", config: { credentials: true } }];'), rejectsNaming(/credentials/));
    await assert.rejects(start('export default [{ name: "strapi::security", config: { noSuchThing: true } }];'), rejectsNaming(/noSuchThing/));
    await assert.rejects(start('export default [{ name: "strapi::cors", config: { origni: "*" } }];'), rejectsNaming(/origni/));
  });

  it('a list without strapi::cors turns CORS off; without strapi::security, the headers', async () => {
    const app = await start('export default ["strapi::errors", "strapi::body"];');
    try {
      const response = await app.get('/api/articles', { origin: 'https://app.example.com' });
      assert.equal(response.status, 403);
      assert.equal(response.headers.get('access-control-allow-origin'), null);
      assert.equal(response.headers.get('content-security-policy'), null);
    } finally {
      await app.close();
    }
  });
});

/** The same Strapi-format files on a bare server, with exactly the config the loader gives. */
describe('Strapi-format config/middlewares on a bare server', () => {
  const contextFor = async (projectDir: string, env: Record<string, string> = {}) => {
    const { file, value } = await loadConfigExport({ projectDir, env: createEnvHelper(env), environment: env.NODE_ENV ?? 'development' }, 'middlewares');
    return { config: { env, files: { middlewares: { file, value } } } as unknown as AppConfig } as PluginContext;
  };

  it('strapi::cors and strapi::security as configured; the ignored names are accepted', async () => {
    const fastify = Fastify();
    await registerSecurityHeaders(fastify, await contextFor(fixturePath('security-app/custom-middlewares')));
    fastify.get('/api/articles', async () => ({ data: [] }));
    try {
      const allowed = await fastify.inject({ url: '/api/articles', headers: { origin: 'https://app.example.com' } });
      assert.equal(allowed.headers['access-control-allow-origin'], 'https://app.example.com');
      assert.equal(allowed.headers['access-control-allow-credentials'], 'true');
      assert.equal(allowed.headers['access-control-expose-headers'], 'X-RateLimit-Remaining');
      assert.equal(allowed.headers['x-frame-options'], 'DENY');
      assert.match(String(allowed.headers['content-security-policy']), /img-src 'self' data: https:\/\/cdn\.example\.com/);
      assert.match(String(allowed.headers['content-security-policy']), /connect-src 'self' https:/);
      const other = await fastify.inject({ url: '/api/articles', headers: { origin: 'https://evil.example.net' } });
      assert.equal(other.headers['access-control-allow-origin'], undefined);
      const preflight = await fastify.inject({ method: 'OPTIONS', url: '/api/articles', headers: { origin: 'https://admin.example.com', 'access-control-request-method': 'POST' } });
      assert.equal(preflight.statusCode, 204);
      assert.equal(preflight.headers['access-control-allow-methods'], 'GET, POST');
      assert.equal(preflight.headers['access-control-allow-headers'], 'Content-Type, Authorization, X-Custom');
      assert.equal(preflight.headers['access-control-max-age'], '600');
    } finally {
      await fastify.close();
    }
  });

  it('origins from the environment (env.array)', async () => {
    const fastify = Fastify();
    await registerSecurityHeaders(fastify, await contextFor(fixturePath('security-app/custom-middlewares'), { CORS_ORIGINS: 'https://one.example.com,https://two.example.com' }));
    fastify.get('/x', async () => ({}));
    try {
      assert.equal((await fastify.inject({ url: '/x', headers: { origin: 'https://two.example.com' } })).headers['access-control-allow-origin'], 'https://two.example.com');
      assert.equal((await fastify.inject({ url: '/x', headers: { origin: 'https://app.example.com' } })).headers['access-control-allow-origin'], undefined);
    } finally {
      await fastify.close();
    }
  });

  it('mistakes name config/middlewares; a list without cors or security turns them off', async () => {
    const projects = createTempProjects('tessera-security-bare-');
    try {
      const attempt = async (source: string) => {
        const dir = projects.write({ 'config/middlewares.js': source });
        const fastify = Fastify();
        try {
          await registerSecurityHeaders(fastify, await contextFor(dir));
          fastify.get('/x', async () => ({}));
          return await fastify.inject({ url: '/x', headers: { origin: 'https://a.example.com' } });
        } finally {
          await fastify.close();
        }
      };
      const rejectsNaming = (pattern: RegExp) => (error: Error) => error.name === 'DefinitionError' && /config\/middlewares/.test(error.message) && pattern.test(error.message);
      await assert.rejects(attempt('export default ["strapi::cors", "plugin::some-plugin.thing"];'), rejectsNaming(/"plugin::some-plugin\.thing" is not supported/));
      await assert.rejects(attempt('export default [{ name: "strapi::cors", config: { credentials: true } }];'), rejectsNaming(/credentials/));
      await assert.rejects(attempt('export default [{ name: "strapi::security", config: { noSuchThing: true } }];'), rejectsNaming(/noSuchThing/));
      await assert.rejects(attempt('export default [{ name: "strapi::security", config: { hsts: { maxAge: -5 } } }];'), rejectsNaming(/strapi::security/));
      await assert.rejects(attempt('export default [{ name: "strapi::cors", config: { origni: "*" } }];'), rejectsNaming(/origni/));
      await assert.rejects(attempt('export default ["strapi::cors", "strapi::cors"];'), rejectsNaming(/twice/));
      const off = await attempt('export default ["strapi::errors", "strapi::body", "strapi::logger"];');
      assert.equal(off.statusCode, 200);
      assert.equal(off.headers['access-control-allow-origin'], undefined);
      assert.equal(off.headers['content-security-policy'], undefined);
    } finally {
      projects.remove();
    }
  });
});
