import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { PluginContext } from '../../core/plugin/plugin-context.js';
import { DefinitionError } from '../../core/shared/errors.js';
import { readMiddlewaresConfig } from './middlewares-config.js';
import type { CorsSettings } from './cors-config.js';
import type { SecuritySettings } from './security-headers-config.js';

type HeaderValues = Readonly<Record<string, string>>;

/**
 * The headers helmet sets for these options, computed once at start. @fastify/helmet rebuilds
 * helmet (CSP parsing included) on every request and only checks the options then; with no
 * nonces the headers never vary, so they are taken from one request to a private instance and
 * a bad option stops the start instead of turning every reply into a 500.
 */
async function helmetHeaders(settings: SecuritySettings): Promise<HeaderValues> {
  const probe = Fastify();
  let captured: HeaderValues = {};
  await probe.register(helmet, settings);
  // A route's own onRequest runs after the global ones: helmet's headers are set by then.
  probe.get('/', { onRequest: async (_request, reply) => void (captured = Object.fromEntries(Object.entries(reply.getHeaders()).map(([name, value]) => [name, String(value)]))) }, async () => '');
  try {
    const response = await probe.inject({ url: '/' });
    if (response.statusCode !== 200) throw new Error((response.json() as { message?: string }).message ?? response.body);
  } finally {
    await probe.close();
  }
  return captured;
}

/**
 * CORS and security headers as `config/middlewares` says (`strapi::cors`, `strapi::security`;
 * both on with their defaults when the file is absent). Registered on the root before any
 * route, so every reply carries them — errors, 404s and rate-limited replies included — and
 * preflights are answered before authentication or rate limiting.
 */
export async function registerSecurityHeaders(fastify: FastifyInstance, context: PluginContext): Promise<void> {
  const { file, value } = context.config.files.middlewares;
  const settings = readMiddlewaresConfig(value, file);
  let headers: HeaderValues = {};
  if (settings.security) {
    try {
      headers = await helmetHeaders(settings.security);
    } catch (error) {
      throw new DefinitionError(file, `strapi::security: ${(error as Error).message}`);
    }
  }
  const fast = settings.cors ? staticCors(settings.cors) : null;
  if (fast) headers = { ...headers, ...fast.headers };
  if (Object.keys(headers).length > 0) {
    // One object, set once per reply: the headers never vary, so nothing is computed per request.
    fastify.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  }
  if (fast) {
    fastify.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'OPTIONS' || !request.headers.origin || !request.headers['access-control-request-method']) {
        done();
        return;
      }
      void reply.code(204).headers(fast.preflight).send();
    });
    return;
  }
  if (settings.cors) {
    // Origins that vary per request (lists, patterns, functions): @fastify/cors decides. Only a
    // real preflight (Origin and Access-Control-Request-Method) is answered 204 here; a plain
    // OPTIONS keeps the API's own answer (405 with Allow, or 404) instead of an empty 204.
    const preflight = settings.cors;
    const plain = { ...settings.cors, preflight: false };
    const cors = (await import('@fastify/cors')).default;
    await fastify.register(cors, {
      delegator: (request, callback) => callback(null, request.method === 'OPTIONS' && (!request.headers.origin || !request.headers['access-control-request-method']) ? plain : preflight),
    });
  }
}

/**
 * CORS for any origin without credentials (the default) needs nothing from the request: its
 * headers are constants, set with the security headers, and a preflight's answer is constant
 * too. (Through @fastify/cors the options were normalized again on every request.)
 */
function staticCors(settings: CorsSettings): { headers: HeaderValues; preflight: HeaderValues } | null {
  if (settings.origin !== '*' || settings.credentials === true) return null;
  const list = (value: unknown): string => (Array.isArray(value) ? value.join(', ') : String(value));
  const headers: Record<string, string> = { vary: 'Origin', 'access-control-allow-origin': '*' };
  if (settings.exposedHeaders !== undefined && list(settings.exposedHeaders) !== '') headers['access-control-expose-headers'] = list(settings.exposedHeaders);
  const preflight: Record<string, string> = {
    ...headers,
    'access-control-allow-methods': list(settings.methods),
    'access-control-allow-headers': list(settings.allowedHeaders),
    'access-control-max-age': String(settings.maxAge),
  };
  return { headers, preflight };
}
