import { DefinitionError } from '../../core/shared/errors.js';
import { readCorsConfig, type CorsSettings } from './cors-config.js';
import { readSecurityConfig, type SecuritySettings } from './security-headers-config.js';

/** What `config/middlewares` turns on: CORS and security headers, each with its settings or off. */
export interface MiddlewaresConfig {
  readonly cors: CorsSettings | null;
  readonly security: SecuritySettings | null;
}

/**
 * Strapi middlewares that projects commonly list and whose job Tessera does itself (errors,
 * body parsing, query parsing, no X-Powered-By) or does not have (sessions, favicon, public
 * folder, request logging through Koa). Accepted so that a Strapi project starts unchanged;
 * their config is ignored.
 */
export const IGNORED_MIDDLEWARES: readonly string[] = Object.freeze([
  'strapi::logger',
  'strapi::errors',
  'strapi::poweredBy',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
]);

/** The project's own middlewares (`src/middlewares`, the middlewares of each API): run by the Strapi compatibility layer (src/compat), which reads them from the same file. */
function isProjectMiddleware(name: string): boolean {
  return name.startsWith('global::') || name.startsWith('api::');
}

type Dict = Readonly<Record<string, unknown>>;

function isDict(value: unknown): value is Dict {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * `config/middlewares`: Strapi's array of names or `{ name, config }`. No file → CORS and
 * security headers with their defaults; a file → only what it lists (leaving `strapi::cors`
 * out turns CORS off, as in Strapi).
 */
export function readMiddlewaresConfig(value: unknown, file: string): MiddlewaresConfig {
  if (value === undefined) return { cors: readCorsConfig(undefined, file), security: readSecurityConfig(undefined, file) };
  if (!Array.isArray(value)) throw new DefinitionError(file, 'must export an array of middlewares, e.g. [\'strapi::security\', { name: \'strapi::cors\', config: { origin: [\'https://example.com\'] } }]');
  let cors: CorsSettings | null = null;
  let security: SecuritySettings | null = null;
  const seen = new Set<string>();
  value.forEach((entry: unknown, index) => {
    let name: unknown;
    let settings: unknown;
    if (typeof entry === 'string') name = entry;
    else if (isDict(entry)) {
      const unknown = Object.keys(entry).filter((key) => key !== 'name' && key !== 'config');
      if (unknown.length > 0) throw new DefinitionError(file, `middleware ${index} has unsupported keys: ${unknown.join(', ')} (Tessera supports { name, config })`);
      name = entry.name;
      settings = entry.config;
    }
    if (typeof name !== 'string' || name.length === 0) throw new DefinitionError(file, `middleware ${index} must be a name or { name, config }`);
    if (seen.has(name)) throw new DefinitionError(file, `middleware "${name}" is listed twice`);
    seen.add(name);
    if (settings !== undefined && settings !== null && !isDict(settings)) throw new DefinitionError(file, `the config of middleware "${name}" must be an object`);
    if (name === 'strapi::cors') cors = readCorsConfig(settings ?? undefined, file);
    else if (name === 'strapi::security') security = readSecurityConfig(settings ?? undefined, file);
    else if (!IGNORED_MIDDLEWARES.includes(name) && !isProjectMiddleware(name)) {
      throw new DefinitionError(file, `middleware "${name}" is not supported (supported: strapi::cors, strapi::security, the project's own global::<name> and api::<api>.<name>; accepted and ignored: ${IGNORED_MIDDLEWARES.join(', ')})`);
    }
  });
  return { cors, security };
}
