import type { FastifyInstance } from 'fastify';
import { BodyChecker } from '../../core/shared/body-checker.js';
import { ApplicationError, UnauthorizedError, ValidationError } from '../../core/shared/errors.js';
import { ADMIN_BODY } from './admin-body.js';
import { checkAdminEmail, checkAdminPassword } from './admin-password.js';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './admin-refresh-cookie.js';
import { startSession, type AdminRoutesContext } from './admin-routes-context.js';
import { STRAPI_ADMIN_BODY, strapiOnlyKeys } from './strapi-admin-body.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** `rememberMe` and `deviceId` of a login-like body (Strapi: deviceId must be a UUID). */
function sessionOptions(check: BodyChecker): { rememberMe: boolean; deviceId?: string } {
  const rememberMe = check.boolean('rememberMe') ?? false;
  const deviceId = check.body.deviceId;
  if (deviceId === undefined || deviceId === null) return { rememberMe };
  if (typeof deviceId !== 'string' || !UUID.test(deviceId)) throw ValidationError.atField('deviceId', 'deviceId must be a valid UUID', deviceId);
  return { rememberMe, deviceId: deviceId.toLowerCase() };
}

/**
 * The admin session (Strapi 5): login, the refresh cookie's exchange, logout, the first admin's
 * registration, invitations, password reset, and the public init/information answers.
 */
export async function adminSessionRoutes(fastify: FastifyInstance, context: AdminRoutesContext): Promise<void> {
  const { users, sessions, guard } = context;

  fastify.post('/login', async (request, reply) => {
    const check = BodyChecker.of(request.body, ADMIN_BODY);
    check.onlyKeys(['email', 'password', 'rememberMe', 'deviceId']);
    const { email, password } = check.body;
    if (email === undefined || email === '' || password === undefined || password === '') throw new ApplicationError('Missing credentials');
    // One answer for an unknown email, a wrong password, a blocked or inactive account: a login never tells which emails exist.
    if (typeof email !== 'string' || typeof password !== 'string') throw new ApplicationError('Invalid credentials');
    // Refused before the lookup: PostgreSQL answers NUL with an encoding error (a 500).
    check.storable('email');
    const options = sessionOptions(check);
    const user = await users.login(email, password);
    if (!user) throw new ApplicationError('Invalid credentials');
    return { data: await startSession(context, request, reply, user, options) };
  });

  fastify.post('/access-token', async (request, reply) => {
    const refreshToken = readRefreshCookie(request);
    if (refreshToken === undefined) throw new UnauthorizedError('Missing refresh token');
    const issued = await sessions.refresh(refreshToken, async (userId) => {
      const user = await users.get(userId);
      return user !== null && user.isActive && !user.blocked;
    });
    setRefreshCookie(request, reply, context.production, context.sessionConfig.cookie, issued.refreshToken, issued.cookieExpiresAt);
    return { data: { token: issued.accessToken } };
  });

  fastify.post('/logout', async (request, reply) => {
    const user = await guard.authenticate(request);
    const check = BodyChecker.of(request.body ?? {}, STRAPI_ADMIN_BODY);
    strapiOnlyKeys(check, ['deviceId']);
    const deviceId = check.string('deviceId');
    // Without a device, every session of the user ends (Strapi's rule).
    await sessions.end(user.id, deviceId?.toLowerCase());
    clearRefreshCookie(request, reply, context.production, context.sessionConfig.cookie);
    return { data: {} };
  });

  fastify.post('/register-admin', async (request, reply) => {
    const check = BodyChecker.of(request.body, STRAPI_ADMIN_BODY);
    strapiOnlyKeys(check, ['email', 'firstname', 'lastname', 'password', 'rememberMe', 'deviceId']);
    if ((await users.count()) > 0) throw new ApplicationError('You cannot register a new super admin');
    const firstname = check.string('firstname', { required: true });
    const lastname = check.string('lastname', { nullable: true }) ?? null;
    const options = sessionOptions(check);
    const user = await users.create({ email: check.body.email, password: check.body.password, firstname, lastname, firstAdmin: true });
    return { data: await startSession(context, request, reply, user, options) };
  });

  fastify.get('/registration-info', async (request) => {
    const token = (request.query as Record<string, unknown>).registrationToken;
    const user = typeof token === 'string' && token !== '' ? await users.byRegistrationToken(token) : null;
    if (!user) throw new ValidationError('Invalid registrationToken');
    return { data: { email: user.email, firstname: user.firstname, lastname: user.lastname } };
  });

  fastify.post('/register', async (request, reply) => {
    const check = BodyChecker.of(request.body, STRAPI_ADMIN_BODY);
    strapiOnlyKeys(check, ['registrationToken', 'userInfo', 'rememberMe', 'deviceId']);
    const token = check.string('registrationToken', { required: true });
    const info = check.object('userInfo', { required: true });
    strapiOnlyKeys(info, ['firstname', 'lastname', 'password']);
    const firstname = info.string('firstname', { required: true });
    const lastname = info.string('lastname', { nullable: true }) ?? null;
    const password = checkAdminPassword(info.body.password, 'password');
    const options = sessionOptions(check);
    if (!(await users.byRegistrationToken(token))) throw new ValidationError('Invalid registrationToken');
    const user = await users.register(token, { firstname, lastname, password });
    return { data: await startSession(context, request, reply, user, options) };
  });

  fastify.post('/forgot-password', async (request, reply) => {
    const check = BodyChecker.of(request.body, STRAPI_ADMIN_BODY);
    strapiOnlyKeys(check, ['email']);
    const email = checkAdminEmail(check.body.email);
    const reset = await users.createResetToken(email);
    if (reset && context.mailer) {
      const link = `${context.serverUrl()}/admin/auth/reset-password?code=${reset.token}`;
      // Sent without waiting: the answer must not tell (by its time) whether the email exists.
      context.mailer
        .send({
          to: reset.user.email,
          subject: 'Reset password',
          text: `We heard that you lost your password. Sorry about that!\n\nBut don't worry! You can use the following link to reset your password:\n\n${link}\n\nThanks.`,
          html: `<p>We heard that you lost your password. Sorry about that!</p><p>But don't worry! You can use the following link to reset your password:</p><p><a href="${link}">${link}</a></p><p>Thanks.</p>`,
        })
        .catch((error: unknown) => context.log(`The admin password reset mail to ${reset.user.email} could not be sent: ${error instanceof Error ? error.message : String(error)}`));
    }
    return reply.code(204).send();
  });

  fastify.post('/reset-password', async (request, reply) => {
    const check = BodyChecker.of(request.body, STRAPI_ADMIN_BODY);
    strapiOnlyKeys(check, ['resetPasswordToken', 'password']);
    const password = checkAdminPassword(check.body.password);
    const token = check.body.resetPasswordToken;
    if (typeof token !== 'string' || token === '') throw ValidationError.atField('resetPasswordToken', 'resetPasswordToken is a required field', undefined);
    const user = await users.resetWithToken(token, password);
    if (!user) throw new ApplicationError();
    // A reset ends every other session of the account.
    await sessions.end(user.id);
    const issued = await sessions.start(user.id, { rememberMe: false });
    setRefreshCookie(request, reply, context.production, context.sessionConfig.cookie, issued.refreshToken, issued.cookieExpiresAt);
    return { data: { token: issued.accessToken, user } };
  });

  // hasAdmin as register-admin decides: any admin user (Strapi's rule), so that the two agree.
  fastify.get('/init', async () => ({ data: { uuid: false, hasAdmin: (await users.count()) > 0, menuLogo: null, authLogo: null } }));

  fastify.get('/information', async (request) => {
    await guard.authenticate(request);
    return {
      data: {
        currentEnvironment: context.production ? 'production' : 'development',
        autoReload: false,
        // The version of Strapi's admin API this server answers as.
        strapiVersion: '5.54.0',
        dependencies: {},
        projectId: false,
        nodeVersion: process.version,
        communityEdition: true,
        useYarn: false,
      },
    };
  });
}
