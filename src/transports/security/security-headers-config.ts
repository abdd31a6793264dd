import type { FastifyHelmetOptions } from '@fastify/helmet';
import { DefinitionError } from '../../core/shared/errors.js';

export type SecuritySettings = FastifyHelmetOptions;

type Dict = Readonly<Record<string, unknown>>;

function isDict(value: unknown): value is Dict {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Helmet's older option names (used by Strapi's `strapi::security` docs) → the current ones. */
const ALIASES: Readonly<Record<string, string>> = {
  hsts: 'strictTransportSecurity',
  noSniff: 'xContentTypeOptions',
  dnsPrefetchControl: 'xDnsPrefetchControl',
  ieNoOpen: 'xDownloadOptions',
  frameguard: 'xFrameOptions',
  permittedCrossDomainPolicies: 'xPermittedCrossDomainPolicies',
  hidePoweredBy: 'xPoweredBy',
  xssFilter: 'xXssProtection',
};

const OPTIONS = new Set([
  'contentSecurityPolicy',
  'crossOriginEmbedderPolicy',
  'crossOriginOpenerPolicy',
  'crossOriginResourcePolicy',
  'originAgentCluster',
  'referrerPolicy',
  ...Object.values(ALIASES),
]);

/**
 * Strapi's `strapi::security` defaults (helmet): a strict content security policy for anything
 * a browser might render, HSTS for a year, framing only by the same origin; the cross-origin
 * isolation headers off so that other sites' front ends can still use the API and its media.
 */
export const DEFAULT_SECURITY: Readonly<Record<string, unknown>> = Object.freeze({
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'connect-src': ["'self'", 'https:'],
      'img-src': ["'self'", 'data:', 'blob:'],
      'media-src': ["'self'", 'data:', 'blob:'],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  xXssProtection: false,
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  xFrameOptions: { action: 'sameorigin' },
});

/**
 * The `strapi::security` entry's config → @fastify/helmet options: each given option replaces
 * the default of the same name, except `contentSecurityPolicy.directives`, which are merged
 * into the default directives (as Strapi's deep merge does). Helmet checks the values
 * themselves when the server starts.
 */
export function readSecurityConfig(settings: Dict | undefined, file: string): SecuritySettings {
  const result: Record<string, unknown> = { ...DEFAULT_SECURITY };
  for (const [given, value] of Object.entries(settings ?? {})) {
    const key = ALIASES[given] ?? given;
    if (!OPTIONS.has(key)) throw new DefinitionError(file, `strapi::security has an unknown option "${given}" (helmet options: ${[...OPTIONS].join(', ')})`);
    if (value !== undefined && typeof value !== 'boolean' && !isDict(value)) throw new DefinitionError(file, `strapi::security ${given} must be a boolean or an object`);
    const base = result[key];
    if (key === 'contentSecurityPolicy' && isDict(value) && isDict(base)) {
      const directives = isDict(value.directives) ? { ...(isDict(base.directives) ? base.directives : {}), ...value.directives } : base.directives;
      result[key] = { ...base, ...value, directives };
    } else result[key] = value;
  }
  // Headers for every reply, errors and 404s included; no per-route nonces (no HTML served).
  return { ...result, global: true, enableCSPNonces: false } as SecuritySettings;
}
