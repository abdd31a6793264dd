import type { DbTransaction } from '../../core/db/database.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authorizeRead } from '../../core/auth/authorize-read.js';
import type { PermissionName } from '../../core/auth/permission-names.js';
import type { Principal } from '../../core/auth/principal.js';
import type { DocumentQuery } from '../../core/query/document-query.js';
import { parseRowId } from '../../core/schema/scalar-values.js';
import { BodyChecker, type Json } from '../../core/shared/body-checker.js';
import { ApplicationError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../core/shared/errors.js';
import { readQuery, routeMethods } from '../../transports/plugin-http.js';
import { authorize, userAction, type PluginContext } from './plugin-context.js';
import { invalidParameters, NEW_PASSWORD, UP_BODY } from './up-body.js';
import { translateTaken } from './user-service.js';
import { USER_UID, USERS_PERMISSIONS_TYPES } from './content-types.js';
import type { ContentType } from '../../core/schema/content-type.js';

/** What POST and PUT /users may set of the plugin's own attributes. `provider` and the reset/confirmation codes never come from a body. */
const WRITABLE = ['username', 'email', 'password', 'confirmed', 'blocked', 'role'];
/** What a user may not change on their own account, whatever their permissions. */
const SELF_PROTECTED = ['role', 'confirmed', 'blocked'];

/**
 * The attributes a project adds to the user (src/extensions/users-permissions/content-types/user)
 * are written like the plugin's own, except those it marks private or not writable.
 */
function writableKeys(contentType: ContentType): readonly string[] {
  const own = new Set(Object.keys(USERS_PERMISSIONS_TYPES.find((type) => type.uid === USER_UID)?.definition.attributes ?? {}));
  const added = [...contentType.scalarAttributes, ...contentType.linkedAttributes].filter((attribute) => !own.has(attribute.name) && attribute.writable && !attribute.private);
  return [...WRITABLE, ...added.map((attribute) => attribute.name)];
}

/** `:id` of /users/:id: a positive integer, else no such user. */
function idOf(request: FastifyRequest): number {
  const { id } = request.params as { id: string };
  const row = parseRowId(id);
  if (row === undefined) throw new NotFoundError();
  return row;
}

/** GET /users/me, and /users CRUD with numeric ids (reference §7): bare users, not wrapped in `data`. */
export function userRoutes(fastify: FastifyInstance, context: PluginContext): void {
  const { records, users, settings, feature } = context;
  const { auth, registry, config, documents, locales } = feature;
  const base = `${config.rest.prefix}/users`;
  const writable = writableKeys(users.contentType);

  /**
   * The request's fields/filters/sort/pagination/populate on users, through the content routes'
   * read stage: `populate=role` needs `find` on roles (on /users/me too), and filters or sorts
   * through `role` without it are refused. `permission` is the route's, authorized first.
   */
  function queryOf(request: FastifyRequest, principal: Principal, permission: PermissionName): DocumentQuery {
    const query = authorizeRead({
      can: (name) => auth.can(principal, name),
      permission,
      contentType: users.contentType,
      query: readQuery(request.query),
      parse: { rest: config.rest, registry, locales },
    });
    // A bare array has no meta: never count.
    return { ...query, pagination: { ...query.pagination, withCount: false } };
  }

  async function documentIdOf(id: number): Promise<string> {
    const record = await records.byId(id);
    if (!record) throw new NotFoundError();
    return record.documentId;
  }

  /** username and email of a write: username unique always, email unique with `unique_email`. */
  async function checkTaken(body: Json, exceptId?: number): Promise<{ email?: string }> {
    const check = BodyChecker.over(body, UP_BODY);
    const username = check.string('username');
    const email = check.string('email', { email: true });
    check.string('password', NEW_PASSWORD);
    check.done();
    const advanced = await settings.advanced();
    const taken = await records.taken({ ...(username !== undefined ? { username } : {}), ...(email !== undefined && advanced.unique_email ? { email } : {}) }, exceptId);
    if (taken.username) throw new ApplicationError('Username already taken');
    if (taken.email) throw new ApplicationError('Email already taken');
    return email === undefined ? {} : { email: email.toLowerCase() };
  }

  routeMethods(fastify, `${base}/me`, {
    GET: async (request) => {
      const principal = await authorize(context, request, userAction('me'));
      if (principal.kind !== 'user') throw new UnauthorizedError();
      const query = queryOf(request, principal, userAction('me'));
      const user = await users.output(principal.documentId, query);
      if (!user) throw new UnauthorizedError();
      return user;
    },
  });

  routeMethods(fastify, `${base}/count`, {
    GET: async (request) => {
      const principal = await authorize(context, request, userAction('count'));
      const query = queryOf(request, principal, userAction('count'));
      const page = await documents.findMany({ query: { ...query, populate: [], pagination: { mode: 'page', page: 1, pageSize: 1, withCount: true } } });
      return page.total ?? 0;
    },
  });

  routeMethods(fastify, base, {
    GET: async (request) => {
      const principal = await authorize(context, request, userAction('find'));
      return (await documents.findMany({ query: queryOf(request, principal, userAction('find')) })).documents;
    },
    POST: async (request, reply) => {
      await authorize(context, request, userAction('create'));
      const check = BodyChecker.of(request.body, UP_BODY);
      check.onlyKeys(writable, invalidParameters);
      const username = check.string('username', { required: true });
      check.string('email', { required: true, email: true });
      check.string('password', { required: true, ...NEW_PASSWORD });
      check.done();
      const body = check.body;
      const { email } = await checkTaken(body);
      const advanced = await settings.advanced();
      let role = body.role;
      if (role === undefined || role === null) {
        role = await records.roleDocumentId(advanced.default_role);
        if (role === null) throw new ApplicationError('Impossible to find the default role');
      }
      // Checked again inside the create's transaction, under the users' lock (see register).
      const guard = async (trx: DbTransaction): Promise<void> => {
        if (!advanced.unique_email || email === undefined) return;
        await records.lockUsers(trx);
        if ((await records.taken({ email }, undefined, trx)).email) throw new ApplicationError('Email already taken');
      };
      const user = await translateTaken(() => users.create({ ...body, username, email, provider: 'local', role }, guard), 'Username already taken');
      return reply.code(201).send(user);
    },
  });

  routeMethods(fastify, `${base}/:id`, {
    GET: async (request) => {
      const principal = await authorize(context, request, userAction('findOne'));
      const query = queryOf(request, principal, userAction('findOne'));
      const user = await users.output(await documentIdOf(idOf(request)), query);
      if (!user) throw new NotFoundError();
      return user;
    },
    PUT: async (request) => {
      const principal = await authorize(context, request, userAction('update'));
      const id = idOf(request);
      const documentId = await documentIdOf(id);
      const check = BodyChecker.of(request.body, UP_BODY);
      check.onlyKeys(writable, invalidParameters);
      const body = check.body;
      if (principal.kind === 'user' && principal.userId === id) {
        const own = SELF_PROTECTED.filter((key) => Object.hasOwn(body, key));
        if (own.length > 0) throw new ForbiddenError(`You may not change your own ${own.join(', ')}`);
      }
      if (Object.hasOwn(body, 'password') && (body.password === null || body.password === '')) throw new ValidationError('password.notNull');
      const { email } = await checkTaken(body, id);
      const user = await translateTaken(() => users.update(documentId, { ...body, ...(email !== undefined ? { email } : {}) }, queryOf(request, principal, userAction('update'))), 'Username already taken');
      if (!user) throw new NotFoundError();
      return user;
    },
    DELETE: async (request) => {
      const principal = await authorize(context, request, userAction('destroy'));
      const documentId = await documentIdOf(idOf(request));
      // As the reference: the answer is the deleted user.
      const user = await users.output(documentId, queryOf(request, principal, userAction('destroy')));
      if (!user || !(await documents.delete({ contentType: users.contentType, documentId, locale: locales.defaultLocale() }))) throw new NotFoundError();
      return user;
    },
  });
}
