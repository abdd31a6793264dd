import type { FastifyInstance } from 'fastify';
import { BodyChecker } from '../../core/shared/body-checker.js';
import { ApplicationError } from '../../core/shared/errors.js';
import { ADMIN_BODY } from './admin-body.js';
import type { AdminGuard } from './admin-guard.js';
import type { AdminJwt } from './admin-jwt.js';
import { ADMIN_ACTIONS } from './admin-roles.js';
import type { AdminUserService } from './admin-user-service.js';

export interface AdminAccountRoutesOptions {
  readonly jwt: AdminJwt;
  readonly users: AdminUserService;
  readonly guard: AdminGuard;
}

/** Admin login, the caller's own account, and admin users (super-admin only). */
export async function adminAccountRoutes(fastify: FastifyInstance, { jwt, users, guard }: AdminAccountRoutesOptions): Promise<void> {
  fastify.post('/login', async (request) => {
    const check = BodyChecker.of(request.body, ADMIN_BODY);
    check.onlyKeys(['email', 'password']);
    const { email, password } = check.body;
    // One answer for an unknown email, a wrong password, a blocked or inactive account: a login never tells which emails exist.
    if (typeof email !== 'string' || typeof password !== 'string' || password.length === 0) throw new ApplicationError('Invalid credentials');
    // Refused before the lookup: PostgreSQL answers NUL with an encoding error (a 500).
    check.storable('email');
    const user = await users.login(email, password);
    if (!user) throw new ApplicationError('Invalid credentials');
    return { data: { token: jwt.sign(user.id), user } };
  });

  fastify.get('/users/me', async (request) => ({ data: await guard.authenticate(request) }));

  fastify.get('/admin-users', async (request) => {
    await guard.require(request, ADMIN_ACTIONS.readAdminUsers);
    return { data: await users.list() };
  });

  fastify.post('/admin-users', async (request, reply) => {
    await guard.require(request, ADMIN_ACTIONS.createAdminUsers);
    const check = BodyChecker.of(request.body, ADMIN_BODY);
    check.onlyKeys(['email', 'password', 'firstname', 'lastname', 'roles']);
    const created = await users.create({
      email: check.body.email,
      password: check.body.password,
      firstname: check.string('firstname', { nullable: true }),
      lastname: check.string('lastname', { nullable: true }),
      roles: check.stringList('roles'),
    });
    return reply.code(201).send({ data: created });
  });
}
