import path from 'node:path';

/**
 * The limited auth actions of the users-permissions plugin, each with the path (below the REST
 * prefix) of its REST route and whether its key holds the email sent (as the reference keys
 * forgot-password and send-email-confirmation) or the address only (login, reset and change
 * password: an attempt must not get a fresh budget per identifier tried; register too, which
 * the reference keys by email: each registration costs a bcrypt hash, and a budget per email is
 * none against a burst that makes up a new email per request). Every
 * transport names the action and gets the key of the REST route, so one budget per address
 * and action holds whether the call came over REST or GraphQL.
 */
const AUTH_ACTIONS = {
  register: { route: '/auth/local/register', keyedByEmail: false },
  login: { route: '/auth/local', keyedByEmail: false },
  forgotPassword: { route: '/auth/forgot-password', keyedByEmail: true },
  resetPassword: { route: '/auth/reset-password', keyedByEmail: false },
  changePassword: { route: '/auth/change-password', keyedByEmail: false },
  sendEmailConfirmation: { route: '/auth/send-email-confirmation', keyedByEmail: true },
} as const;

/** An auth action that spends the rate limit, whatever transport asks for it. */
export type LimitedAuthAction = keyof typeof AUTH_ACTIONS;

const ACTION_OF_ROUTE: ReadonlyMap<string, LimitedAuthAction> = new Map(
  (Object.keys(AUTH_ACTIONS) as LimitedAuthAction[]).map((action) => [AUTH_ACTIONS[action].route, action]),
);

const CONNECT = '/connect';
/**
 * The admin login and first registration (outside the REST prefix, limited as in Strapi 5), and
 * the admin password-reset request (each one sends a mail).
 */
const ADMIN_LIMITED: ReadonlySet<string> = new Set(['/admin/login', '/admin/register-admin', '/admin/forgot-password']);

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

/** Only a non-empty string names an identity; an object or array sent as `email` is an attack on the key. */
function identifierOf(email: unknown): string {
  return typeof email === 'string' && email.length > 0 ? email.toLowerCase() : 'unknownIdentifier';
}

/**
 * The counter key of a call of `action`, as its REST route's request would have: the key
 * `rateLimitKey` gives `POST <restPrefix><route>` from this address with this email.
 */
export function authActionKey(restPrefix: string, action: LimitedAuthAction, email: unknown, ip: string): string {
  const { route, keyedByEmail } = AUTH_ACTIONS[action];
  const requestPath = normalizeRequestPath(restPrefix + route) ?? (restPrefix + route).toLowerCase();
  return `${keyedByEmail ? identifierOf(email) : 'noIdentifier'}:${requestPath}:${ip}`;
}

/**
 * The counter key of a rate-limited request, or null when the path is not one of the limited
 * auth routes. `<lower-cased body.email or "unknownIdentifier">:<path>:<ip>`, or
 * `noIdentifier:<path>:<ip>` for login, register, reset, change password, the OAuth connect
 * routes and the admin login, first registration and password-reset request.
 */
export function rateLimitKey(restPrefix: string, url: string, body: unknown, ip: string): string | null {
  const requestPath = normalizeRequestPath(url);
  const prefix = restPrefix.toLowerCase();
  if (requestPath !== null && ADMIN_LIMITED.has(requestPath)) return `noIdentifier:${requestPath}:${ip}`;
  if (requestPath === null || !requestPath.startsWith(prefix + '/')) return null;
  const route = requestPath.slice(prefix.length);
  if (route === CONNECT || route.startsWith(CONNECT + '/')) return `noIdentifier:${requestPath}:${ip}`;
  const action = ACTION_OF_ROUTE.get(route);
  if (action === undefined) return null;
  const email = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).email : undefined;
  return authActionKey(restPrefix, action, email, ip);
}
