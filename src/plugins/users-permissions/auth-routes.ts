import type { DbTransaction } from '../../core/db/database.js';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../../core/auth/principal.js';
import type { Document } from '../../core/documents/document.js';
import { MAX_PASSWORD_BYTES, verifyPassword } from '../../core/documents/hash-password.js';
import { BodyChecker } from '../../core/shared/body-checker.js';
import { ApplicationError, UnauthorizedError, ValidationError } from '../../core/shared/errors.js';
import { readQuery, routeMethods } from '../../transports/plugin-http.js';
import { authAction, authorize, type PluginContext } from './plugin-context.js';
import { invalidParameters, NEW_PASSWORD, UP_BODY } from './up-body.js';
import { translateTaken } from './user-service.js';

const TAKEN = 'Email or Username are already taken';

/** A signed-in user: the answer of register (without `jwt` when the email must be confirmed first), login and the password actions. */
export interface AuthResult {
  readonly jwt?: string;
  readonly user: Document | null;
}

/**
 * What the auth routes do once the caller is allowed to, shared by REST and GraphQL (reference
 * §6: the GraphQL mutations call the REST controllers). Inputs are request bodies, checked here.
 */
export interface AuthActions {
  register(body: unknown): Promise<AuthResult>;
  login(body: unknown): Promise<AuthResult>;
  forgotPassword(body: unknown): Promise<{ ok: true }>;
  resetPassword(body: unknown): Promise<AuthResult>;
  changePassword(principal: Principal, body: unknown): Promise<AuthResult>;
  /** Claims the confirmation code (`{ confirmation }`) and marks the user confirmed. */
  confirmEmail(query: unknown): Promise<AuthResult>;
}

export function createAuthActions(context: PluginContext): AuthActions {
  const { records, users, settings, jwt, feature } = context;
  return {
    async register(raw) {
      const advanced = await settings.advanced();
      if (!advanced.allow_register) throw new ApplicationError('Register action is currently disabled');
      const check = BodyChecker.of(raw, UP_BODY);
      check.onlyKeys(['username', 'email', 'password', ...settings.allowedFields], invalidParameters);
      const email = check.string('email', { required: true, email: true }).toLowerCase();
      const username = check.string('username', { required: true });
      const password = check.string('password', { required: true, ...NEW_PASSWORD });
      check.done();
      const role = await records.roleDocumentId(advanced.default_role);
      if (role === null) throw new ApplicationError('Impossible to find the default role');
      // As the reference: no local user may have this email or username, crosswise included.
      if (await records.identifierConflict(email, username)) throw new ApplicationError(TAKEN);
      const extra = Object.fromEntries(settings.allowedFields.filter((key) => Object.hasOwn(check.body, key)).map((key) => [key, check.body[key]]));
      // Checked again inside the create's transaction, under the users' lock: of two registrations
      // with one email at once, the second sees the first (the check above only fails early).
      const guard = async (trx: DbTransaction): Promise<void> => {
        await records.lockUsers(trx);
        if (await records.identifierConflict(email, username, trx)) throw new ApplicationError(TAKEN);
      };
      const user = await translateTaken(
        () => users.create({ ...extra, username, email, password, provider: 'local', role, confirmed: !advanced.email_confirmation }, guard),
        TAKEN,
      );
      if (advanced.email_confirmation) {
        const record = await records.byId(user.id);
        try {
          if (record) await users.sendConfirmation(record);
        } catch (error) {
          feature.log(`users-permissions: the confirmation mail to user ${user.id} could not be sent: ${(error as Error).message}`);
          throw new ApplicationError('Error sending confirmation email');
        }
        return { user };
      }
      return { jwt: jwt.sign(user.id), user };
    },

    async login(body) {
      const check = BodyChecker.of(body, UP_BODY);
      const identifier = check.string('identifier', { required: true });
      const password = check.string('password', { required: true, secret: true });
      check.done();
      const record = await records.byLogin(identifier);
      // bcrypt runs whether or not a user matched, so the answer's time does not tell which.
      const fits = Buffer.byteLength(password) <= MAX_PASSWORD_BYTES;
      const hash = record?.password ?? null;
      const valid = await verifyPassword(fits ? password : '', hash ?? context.dummyHash);
      if (!record || hash === null || !fits || !valid) throw new ValidationError('Invalid identifier or password');
      const advanced = await settings.advanced();
      if (advanced.email_confirmation && !record.confirmed) throw new ApplicationError('Your account email is not confirmed');
      if (record.blocked) throw new ApplicationError('Your account has been blocked by an administrator');
      return { jwt: jwt.sign(record.id), user: await users.output(record.documentId) };
    },

    async forgotPassword(raw) {
      const check = BodyChecker.of(raw, UP_BODY);
      check.onlyKeys(['email']);
      const email = check.string('email', { required: true, email: true });
      check.done();
      const record = await records.byEmail(email);
      if (record && !record.blocked) {
        // Not awaited: the answer must not take longer when the email exists (it never tells).
        users.sendReset(record).catch((error: unknown) => feature.log(`users-permissions: the reset mail to user ${record.id} could not be sent: ${(error as Error).message}`));
      }
      return { ok: true };
    },

    async resetPassword(raw) {
      const check = BodyChecker.of(raw, UP_BODY);
      check.onlyKeys(['code', 'password', 'passwordConfirmation']);
      const code = check.string('code', { required: true, secret: true });
      const password = check.string('password', { required: true, ...NEW_PASSWORD });
      const confirmation = check.string('passwordConfirmation', { required: true, secret: true });
      check.done();
      if (password !== confirmation) throw new ValidationError('Passwords do not match');
      const record = await records.byResetCode(code);
      if (!record) throw new ValidationError('Incorrect code provided');
      if (record.blocked) throw new ApplicationError('Your account has been blocked by an administrator');
      if (!(await records.claimCode('reset', record.id, code))) throw new ValidationError('Incorrect code provided');
      const user = await users.update(record.documentId, { password });
      if (!user) throw new ValidationError('Incorrect code provided');
      return { jwt: jwt.sign(record.id), user };
    },

    async changePassword(principal, raw) {
      if (principal.kind !== 'user') throw new ApplicationError('You must be authenticated to reset your password');
      const check = BodyChecker.of(raw, UP_BODY);
      check.onlyKeys(['currentPassword', 'password', 'passwordConfirmation']);
      const current = check.string('currentPassword', { required: true, secret: true });
      const password = check.string('password', { required: true, ...NEW_PASSWORD });
      const confirmation = check.string('passwordConfirmation', { required: true, secret: true });
      check.done();
      if (password !== confirmation) throw new ValidationError('Passwords do not match');
      const record = await records.byId(principal.userId);
      if (!record) throw new UnauthorizedError('Missing or invalid credentials');
      const valid = record.password !== null && Buffer.byteLength(current) <= MAX_PASSWORD_BYTES && (await verifyPassword(current, record.password));
      if (!valid) throw new ValidationError('The provided current password is invalid');
      if (current === password) throw new ValidationError('Your new password must be different than your current password');
      const user = await users.update(record.documentId, { password });
      if (!user) throw new UnauthorizedError('Missing or invalid credentials');
      return { jwt: jwt.sign(record.id), user };
    },

    async confirmEmail(query) {
      const check = BodyChecker.of(query, UP_BODY);
      const code = check.string('confirmation', { required: true });
      check.done();
      const record = await records.byConfirmationCode(code);
      if (!record || !(await records.claimCode('confirmation', record.id, code))) throw new ValidationError('Invalid token');
      const user = await users.update(record.documentId, { confirmed: true });
      return { jwt: jwt.sign(record.id), user };
    },
  };
}

/** POST /auth/local/register, /auth/local, forgot, reset and change password, email confirmation (reference §7). */
export function authRoutes(fastify: FastifyInstance, context: PluginContext, actions: AuthActions): void {
  const { records, users, settings, feature } = context;
  const prefix = `${feature.config.rest.prefix}/auth`;

  routeMethods(fastify, `${prefix}/local/register`, {
    POST: async (request) => {
      await authorize(context, request, authAction('register'));
      return actions.register(request.body);
    },
  });

  routeMethods(fastify, `${prefix}/local`, {
    POST: async (request) => {
      await authorize(context, request, authAction('callback'));
      return actions.login(request.body);
    },
  });

  routeMethods(fastify, `${prefix}/forgot-password`, {
    POST: async (request) => {
      await authorize(context, request, authAction('forgotPassword'));
      return actions.forgotPassword(request.body);
    },
  });

  routeMethods(fastify, `${prefix}/reset-password`, {
    POST: async (request) => {
      await authorize(context, request, authAction('resetPassword'));
      return actions.resetPassword(request.body);
    },
  });

  routeMethods(fastify, `${prefix}/change-password`, {
    POST: async (request) => {
      const principal = await authorize(context, request, authAction('changePassword'));
      return actions.changePassword(principal, request.body);
    },
  });

  routeMethods(fastify, `${prefix}/email-confirmation`, {
    GET: async (request, reply) => {
      await authorize(context, request, authAction('emailConfirmation'));
      await actions.confirmEmail(readQuery(request.query));
      const advanced = await settings.advanced();
      return reply.redirect(advanced.email_confirmation_redirection ?? '/');
    },
  });

  routeMethods(fastify, `${prefix}/send-email-confirmation`, {
    POST: async (request) => {
      await authorize(context, request, authAction('sendEmailConfirmation'));
      const check = BodyChecker.of(request.body, UP_BODY);
      const email = check.string('email', { required: true, email: true });
      check.done();
      const record = await records.byEmail(email);
      if (!record) return { email, sent: true };
      if (record.confirmed) throw new ApplicationError('Already confirmed');
      if (record.blocked) throw new ApplicationError('User blocked');
      await users.sendConfirmation(record);
      return { email: record.email, sent: true };
    },
  });
}
