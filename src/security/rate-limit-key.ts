import path from 'node:path';

/** Auth paths (below the REST prefix) whose key includes the body's email, as the reference. */
const EMAIL_KEYED = ['/auth/forgot-password', '/auth/send-email-confirmation'] as const;
/**
 * Keyed by address only: a login attempt must not get a fresh budget per identifier tried. So
 * is register (the reference keys it by email too): each registration costs a bcrypt hash, and
 * a budget per email is none against a burst that makes up a new email per request.
 */
const ADDRESS_KEYED = ['/auth/local', '/auth/local/register', '/auth/reset-password', '/auth/change-password'] as const;
const CONNECT = '/connect';
/** The admin login (outside the REST prefix): guessing an admin password is worth as much limiting. */
const ADMIN_LOGIN = '/admin/login';

/**
 * A cheap first test: whether a URL can be a limited path at all. Every limited path holds
 * `auth`, `connect` or `admin` once decoded and lower-cased; a URL without them (in any case)
 * and without a percent escape cannot decode to one, so it skips the full normalization.
 */
export function mayBeLimited(url: string): boolean {
  return /auth|connect|admin|%/i.test(url);
}

/**
 * The request path as the reference normalizes it for its key: no query string, `.`/`..` and
 * repeated slashes resolved, lower-cased, no trailing slash. Null for a path that cannot be
 * decoded (such a request is not an auth call).
 */
export function normalizeRequestPath(url: string): string | null {
  const end = url.search(/[?#]/);
  const raw = end === -1 ? url : url.slice(0, end);
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const normalized = path.posix.normalize(decoded).toLowerCase().replace(/\/+$/, '');
  return normalized === '' ? '/' : normalized;
}

/**
 * The counter key of a rate-limited request, or null when the path is not one of the limited
 * auth routes. `<lower-cased body.email or "unknownIdentifier">:<path>:<ip>`, or
 * `noIdentifier:<path>:<ip>` for login, register, reset, change password, the OAuth connect
 * routes and the admin login.
 */
export function rateLimitKey(restPrefix: string, url: string, body: unknown, ip: string): string | null {
  const requestPath = normalizeRequestPath(url);
  const prefix = restPrefix.toLowerCase();
  if (requestPath === ADMIN_LOGIN) return `noIdentifier:${requestPath}:${ip}`;
  if (requestPath === null || !requestPath.startsWith(prefix + '/')) return null;
  const route = requestPath.slice(prefix.length);
  if ((ADDRESS_KEYED as readonly string[]).includes(route) || route === CONNECT || route.startsWith(CONNECT + '/')) {
    return `noIdentifier:${requestPath}:${ip}`;
  }
  if ((EMAIL_KEYED as readonly string[]).includes(route)) {
    const email = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).email : undefined;
    // Only a string names an identity; an object or array sent as `email` is an attack on the key.
    const identifier = typeof email === 'string' && email.length > 0 ? email.toLowerCase() : 'unknownIdentifier';
    return `${identifier}:${requestPath}:${ip}`;
  }
  return null;
}
