import type { FastifyInstance } from 'fastify';
import { BodyChecker } from '../../core/shared/body-checker.js';
import { NotFoundError, UnauthorizedError, ValidationError } from '../../core/shared/errors.js';
import { BadRequestError } from './admin-errors.js';
import { bearerToken } from './admin-guard.js';
import { checkAdminEmail, checkAdminPassword } from './admin-password.js';
import type { AdminRoutesContext } from './admin-routes-context.js';
import { STRAPI_ADMIN_BODY, strapiOnlyKeys } from './strapi-admin-body.js';

/** The caller's own account: GET/PUT /admin/users/me, its permissions and its sessions. */
export async function adminMeRoutes(fastify: FastifyInstance, context: AdminRoutesContext): Promise<void> {
  const { guard, users, sessions } = context;

  /** The caller and the session of their access token. */
  const caller = async (request: Parameters<typeof guard.authenticate>[0]) => {
    const user = await guard.authenticate(request);
    const token = bearerToken(request);
    const claims = token === undefined ? null : await sessions.verifyAccess(token);
    if (!claims) throw new UnauthorizedError('Missing or invalid credentials');
    return { user, sessionId: claims.sessionId };
  };

  fastify.get('/users/me', async (request) => ({ data: await guard.authenticate(request) }));

  fastify.put('/users/me', async (request) => {
    const user = await guard.authenticate(request);
    const check = BodyChecker.of(request.body, STRAPI_ADMIN_BODY);
    strapiOnlyKeys(check, ['email', 'firstname', 'lastname', 'username', 'preferedLanguage', 'password', 'currentPassword']);
    const email = check.body.email === undefined ? undefined : checkAdminEmail(check.body.email);
    const firstname = check.string('firstname', { nullable: true });
    const lastname = check.string('lastname', { nullable: true });
    const username = check.string('username', { nullable: true });
    const preferedLanguage = check.string('preferedLanguage', { nullable: true });
    const password = check.body.password === undefined ? undefined : checkAdminPassword(check.body.password);
    if (password !== undefined) {
      const current = check.body.currentPassword;
      if (typeof current !== 'string' || current === '') throw ValidationError.fromFieldErrors([{ path: ['currentPassword'], message: 'currentPassword is a required field', name: 'ValidationError' }]);
      if (!(await users.checkPassword(user.id, current))) throw new BadRequestError('ValidationError', { currentPassword: ['Invalid credentials'] });
    }
    return { data: await users.update(user.id, { email, firstname, lastname, username, preferedLanguage, password }) };
  });

  fastify.get('/users/me/sessions', async (request) => {
    const { user, sessionId } = await caller(request);
    return { data: await sessions.list(user.id, sessionId) };
  });

  fastify.delete<{ Params: { sessionId: string } }>('/users/me/sessions/:sessionId', async (request) => {
    const { user } = await caller(request);
    if (!(await sessions.remove(user.id, request.params.sessionId))) throw new NotFoundError('Session not found');
    return { data: {} };
  });

  fastify.get('/users/me/permissions', async (request) => ({ data: (await guard.ability(request)).permissions }));
}
