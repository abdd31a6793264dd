import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminSessionConfig } from './admin-session-config.js';

/** Strapi 5's refresh cookie: HttpOnly, SameSite=Lax, Path=/admin by default. */
export const REFRESH_COOKIE = 'strapi_admin_refresh';

/** The refresh cookie's value, or undefined (no cookie parser plugin: one cookie is read here). */
export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1 || part.slice(0, index).trim() !== REFRESH_COOKIE) continue;
    const value = part.slice(index + 1).trim();
    return value === '' ? undefined : value;
  }
  return undefined;
}

function attributes(request: FastifyRequest, production: boolean, config: AdminSessionConfig['cookie'], expires: Date | null): string {
  // Secure only where the browser would send it back: over HTTPS (behind a proxy, as it reports).
  const secure = config.secure ?? (production && request.protocol === 'https');
  return [
    `Path=${config.path}`,
    ...(config.domain ? [`Domain=${config.domain}`] : []),
    ...(expires ? [`Expires=${expires.toUTCString()}`] : []),
    `SameSite=${config.sameSite[0]?.toUpperCase()}${config.sameSite.slice(1)}`,
    ...(secure ? ['Secure'] : []),
    'HttpOnly',
  ].join('; ');
}

/** Sets the cookie: persistent until `expiresAt` ("remember me"), else a browser-session cookie (null). */
export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, production: boolean, config: AdminSessionConfig['cookie'], token: string, expiresAt: number | null): void {
  reply.header('set-cookie', `${REFRESH_COOKIE}=${token}; ${attributes(request, production, config, expiresAt === null ? null : new Date(expiresAt))}`);
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply, production: boolean, config: AdminSessionConfig['cookie']): void {
  reply.header('set-cookie', `${REFRESH_COOKIE}=; ${attributes(request, production, config, new Date(0))}`);
}
