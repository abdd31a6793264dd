import type { TestApp } from './test-app.js';
import { createAdminUserService, type AdminUserView } from '../../src/transports/admin/admin-user-service.js';

/**
 * Admin users for tests of admin routes: one holding the given admin roles (codes:
 * `strapi-super-admin`, `strapi-editor`, `strapi-author`, or a custom role's code), made in the
 * database as POST /admin/users + registration would leave it, then logged in over HTTP
 * (each login spends the admin login's rate limit: 10 a minute per address by default).
 */

export interface TestAdmin {
  readonly user: AdminUserView;
  readonly email: string;
  readonly password: string;
  /** The access token of the login. */
  readonly token: string;
  /** `{ authorization: 'Bearer …' }` for TestApp.request. */
  readonly headers: Record<string, string>;
}

let admins = 0;

export async function createTestAdmin(app: TestApp, roles: readonly string[], fields: { email?: string; password?: string; firstname?: string; lastname?: string } = {}): Promise<TestAdmin> {
  admins += 1;
  const email = fields.email ?? `admin${admins}.${process.pid}@example.com`;
  const password = fields.password ?? 'Admin12345!';
  const user = await createAdminUserService(app.app.database).create({ email, password, firstname: fields.firstname ?? `Admin${admins}`, lastname: fields.lastname ?? null, roles });
  const login = await app.post('/admin/login', { email, password });
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${login.text}`);
  const token = String((login.body as { data: { token: string } }).data.token);
  return { user, email, password, token, headers: { authorization: `Bearer ${token}` } };
}

/** Logs an existing admin in again (a new session). */
export async function loginTestAdmin(app: TestApp, email: string, password: string): Promise<string> {
  const login = await app.post('/admin/login', { email, password });
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${login.text}`);
  return String((login.body as { data: { token: string } }).data.token);
}
