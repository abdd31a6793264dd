import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Request, Route } from 'playwright-core';
import { fixturePath } from '../helpers/test-app.js';

/**
 * A small stand-in for the Strapi 5 admin routes the editor app calls and Tessera does not
 * serve yet (the admin API of issue 20 is being built beside the app). Its answers are Strapi
 * 5.54's, recorded in test/fixtures/strapi-admin/admin-app/ (ids, tokens and dates normalised),
 * with the session state a real server keeps: admins, access tokens, the refresh cookie.
 *
 * It retires by itself: `probeAdminApi` asks the real server for each route first, and the
 * browser tests install the fake only while one of them is missing — all or none, since the
 * fake's tokens mean nothing to the real routes. Only the app's API calls are intercepted; its
 * page and files always come from the real server.
 */

/** The routes the app calls: a real server answers each with something other than a 404. */
export const ADMIN_ROUTES: readonly (readonly [method: string, path: string])[] = [
  ['GET', '/admin/init'],
  ['POST', '/admin/register-admin'],
  ['POST', '/admin/login'],
  ['POST', '/admin/access-token'],
  ['POST', '/admin/logout'],
  ['GET', '/admin/users/me'],
  ['GET', '/admin/users/me/permissions'],
  ['GET', '/content-manager/init'],
];

/** The routes of ADMIN_ROUTES that `baseUrl` does not serve (a 404 answer, or 405: the path is known for another method). */
export async function probeAdminApi(baseUrl: string): Promise<string[]> {
  const missing: string[] = [];
  for (const [method, route] of ADMIN_ROUTES) {
    const response = await fetch(baseUrl + route, { method, headers: { accept: 'application/json', 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) });
    await response.arrayBuffer();
    if (response.status === 404 || response.status === 405) missing.push(`${method} ${route}`);
  }
  return missing;
}

interface Recorded {
  readonly status: number;
  readonly body: unknown;
}

function recorded(name: string): Recorded {
  return JSON.parse(readFileSync(path.join(fixturePath('strapi-admin'), 'admin-app', `${name}.json`), 'utf8')) as Recorded;
}

interface Admin {
  readonly firstname: string;
  readonly lastname: string | null;
  readonly email: string;
  readonly password: string;
}

const REFRESH_COOKIE = 'strapi_admin_refresh';

export interface FakeAdminApi {
  /** Every access token given so far stops working (as after 30 minutes); the refresh cookie still does. */
  expireAccessTokens(): void;
  /** How many times the app asked for a new access token. */
  readonly refreshes: number;
}

export interface FakeAdminApiOptions {
  readonly baseUrl: string;
  /** The admin that exists at start; none: GET /admin/init says hasAdmin: false. */
  readonly admin?: Admin;
}

export async function installFakeAdminApi(context: BrowserContext, { baseUrl, admin }: FakeAdminApiOptions): Promise<FakeAdminApi> {
  const admins = new Map<string, Admin>(admin ? [[admin.email, admin]] : []);
  let accessTokens = new Map<string, Admin>();
  const refreshTokens = new Map<string, { readonly who: Admin; readonly rememberMe: boolean }>();
  let refreshes = 0;
  const me = recorded('users-me').body as { data: Record<string, unknown> };
  const login = recorded('login').body as { data: { user: Record<string, unknown> } };

  const json = (route: Route, status: number, body: unknown) => route.fulfill({ status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });
  const error = (route: Route, status: number, name: string, message: string, details: unknown = {}) => json(route, status, { data: null, error: { status, name, message, details } });
  const unauthorized = (route: Route) => json(route, 401, recorded('users-me-no-token').body);
  const bearer = (request: Request): Admin | undefined => {
    const header = request.headers().authorization ?? '';
    return header.startsWith('Bearer ') ? accessTokens.get(header.slice(7)) : undefined;
  };
  const userOf = (who: Admin) => ({ ...login.data.user, firstname: who.firstname, lastname: who.lastname, email: who.email });
  /** A session: an access token in the answer, the refresh token in an HttpOnly cookie on /admin (kept for 30 days with "remember me"). */
  const startSession = async (who: Admin, rememberMe: boolean): Promise<string> => {
    const access = `fake-access-${randomBytes(12).toString('hex')}`;
    accessTokens.set(access, who);
    const refresh = `fake-refresh-${randomBytes(12).toString('hex')}`;
    refreshTokens.set(refresh, { who, rememberMe });
    await context.addCookies([{ name: REFRESH_COOKIE, value: refresh, url: `${baseUrl}/admin`, httpOnly: true, sameSite: 'Lax', ...(rememberMe ? { expires: Math.floor(Date.now() / 1000) + 30 * 86_400 } : {}) }]);
    return access;
  };
  const refreshCookie = async (request: Request): Promise<string | undefined> => {
    const cookies = (await request.headerValue('cookie')) ?? '';
    return cookies.split(/;\s*/).find((part) => part.startsWith(`${REFRESH_COOKIE}=`))?.slice(REFRESH_COOKIE.length + 1);
  };
  const body = (request: Request): Record<string, unknown> => {
    try {
      const parsed: unknown = request.postDataJSON();
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };

  const handlers: Record<string, (route: Route, request: Request) => Promise<void>> = {
    'GET /admin/init': (route) => json(route, 200, { data: { ...(recorded('init').body as { data: object }).data, hasAdmin: admins.size > 0 } }),
    'POST /admin/register-admin': async (route, request) => {
      if (admins.size > 0) return error(route, 400, 'ApplicationError', 'You cannot register a new super admin');
      const { email, password, firstname, lastname } = body(request);
      // Strapi's rules for a password, with its messages (recorded: test/fixtures/strapi-admin/session/register-weak.json on fix/20-session).
      const problems = typeof password !== 'string' ? ['password is a required field'] : [
        ...(password.length < 8 ? ['password must be at least 8 characters'] : []),
        ...(/[a-z]/.test(password) ? [] : ['password must contain at least one lowercase character']),
        ...(/[A-Z]/.test(password) ? [] : ['password must contain at least one uppercase character']),
        ...(/\d/.test(password) ? [] : ['password must contain at least one number']),
      ];
      if (problems.length > 0) return error(route, 400, 'ValidationError', problems.length === 1 ? problems[0] as string : `${problems.length} errors occurred`, { errors: problems.map((message) => ({ path: ['password'], message, name: 'ValidationError', value: password })) });
      const who: Admin = { email: String(email).toLowerCase(), password: String(password), firstname: String(firstname), lastname: typeof lastname === 'string' ? lastname : null };
      admins.set(who.email, who);
      const token = await startSession(who, false);
      return json(route, 200, { data: { token, accessToken: token, user: { ...userOf(who), roles: me.data.roles } } });
    },
    'POST /admin/login': async (route, request) => {
      const { email, password, rememberMe } = body(request);
      if (typeof email !== 'string' || typeof password !== 'string' || email === '' || password === '') return error(route, 400, 'ApplicationError', 'Missing credentials');
      const who = admins.get(email.toLowerCase());
      if (!who || who.password !== password) return json(route, 400, recorded('login-wrong-password').body);
      const token = await startSession(who, rememberMe === true);
      return json(route, 200, { data: { token, accessToken: token, user: userOf(who) } });
    },
    'POST /admin/access-token': async (route, request) => {
      refreshes += 1;
      const presented = await refreshCookie(request);
      if (presented === undefined) return json(route, 401, recorded('access-token-missing').body);
      const session = refreshTokens.get(presented);
      if (!session) return error(route, 401, 'UnauthorizedError', 'Invalid refresh token');
      // Rotation, as Strapi does: the presented refresh token is spent.
      refreshTokens.delete(presented);
      const access = await startSession(session.who, session.rememberMe);
      return json(route, 200, { data: { token: access } });
    },
    'POST /admin/logout': async (route, request) => {
      const who = bearer(request);
      if (!who) return unauthorized(route);
      for (const [token, owner] of [...accessTokens]) if (owner === who) accessTokens.delete(token);
      for (const [token, session] of [...refreshTokens]) if (session.who === who) refreshTokens.delete(token);
      await context.clearCookies({ name: REFRESH_COOKIE });
      return json(route, 200, recorded('logout').body);
    },
    'GET /admin/users/me': (route, request) => {
      const who = bearer(request);
      return who ? json(route, 200, { data: { ...me.data, ...userOf(who), roles: me.data.roles } }) : unauthorized(route);
    },
    'GET /admin/users/me/permissions': (route, request) => (bearer(request) ? json(route, 200, recorded('users-me-permissions').body) : unauthorized(route)),
    'GET /content-manager/init': (route, request) => (bearer(request) ? json(route, 200, recorded('content-manager-init').body) : unauthorized(route)),
  };

  await context.route(
    (url) => url.origin === new URL(baseUrl).origin && ADMIN_ROUTES.some(([, route]) => route === url.pathname),
    async (route, request) => {
      const handler = handlers[`${request.method()} ${new URL(request.url()).pathname}`];
      if (handler) await handler(route, request);
      else await route.continue();
    },
  );
  return {
    expireAccessTokens() {
      accessTokens = new Map();
    },
    get refreshes() {
      return refreshes;
    },
  };
}
