import type { FastifyInstance } from 'fastify';
import { BodyChecker } from '../../core/shared/body-checker.js';
import { ValidationError } from '../../core/shared/errors.js';
import { BadRequestError } from './admin-errors.js';
import { checkAdminEmail, checkAdminPassword } from './admin-password.js';
import type { AdminRoutesContext } from './admin-routes-context.js';
import { STRAPI_ADMIN_BODY, strapiOnlyKeys } from './strapi-admin-body.js';

/** The caller's own account: GET/PUT /admin/users/me, GET /admin/users/me/permissions. */
export async function adminMeRoutes(fastify: FastifyInstance, context: AdminRoutesContext): Promise<void> {
  const { guard, users } = context;

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

  fastify.get('/users/me/permissions', async (request) => ({ data: (await guard.ability(request)).permissions }));
}
