import { createSigner, createVerifier } from 'fast-jwt';
import { PERMISSIONS_TOPIC } from '../../core/auth/auth-service.js';
import { createKnownActionCheck, createKnownActionList } from '../../core/auth/known-actions.js';
import { createDocumentApi, type FindParams } from '../../core/documents/document-api.js';
import type { Document } from '../../core/documents/document.js';
import { verifyPassword } from '../../core/documents/hash-password.js';
import { NotFoundError } from '../../core/shared/errors.js';
import type { HttpPluginContext } from '../../transports/plugin-http.js';
import { createEmailService } from '../../plugins/email/create-email-service.js';
import { EMAIL_CONFIG } from '../../plugins/email/email-config.js';
import type { EmailService } from '../../plugins/email/email-provider.js';
import { USER_UID } from '../../plugins/users-permissions/content-types.js';
import { createUpRoleService, type UpRoleView } from '../../plugins/users-permissions/up-role-service.js';
import { permissionTree, roleTypeFromName } from '../../plugins/users-permissions/role-permission-tree.js';
import { createUsersPermissionsSettings } from '../../plugins/users-permissions/settings.js';
import { parseExpiresIn, resolveJwtSecret } from '../../plugins/users-permissions/user-jwt.js';
import { createUserRecords } from '../../plugins/users-permissions/user-records.js';
import { createUserService } from '../../plugins/users-permissions/user-service.js';
import { USERS_PERMISSIONS_CONFIG } from '../../plugins/users-permissions/users-permissions-config.js';
import { lazy } from '../../core/shared/lazy.js';

type Row = Readonly<Record<string, unknown>>;
type Params = FindParams & Readonly<Record<string, unknown>>;

/** Strapi's `users-permissions` services: `user`, `role`, `jwt`. */
export interface UsersPermissionsServices {
  readonly user: {
    add(values: Row): Promise<Row>;
    edit(userId: number | string, values?: Row): Promise<Row | null>;
    fetch(id: number | string, params?: Params): Promise<Row | null>;
    fetchAuthenticatedUser(id: number | string): Promise<Row | null>;
    fetchAll(params?: Params): Promise<Row[]>;
    count(params?: Params): Promise<number>;
    remove(params: Row): Promise<Row | null>;
    validatePassword(password: string, hash: string): Promise<boolean>;
    sendConfirmationEmail(user: Row): Promise<void>;
  };
  readonly role: {
    find(): Promise<Row[]>;
    findOne(roleId: number | string): Promise<Row>;
    createRole(params: Row): Promise<void>;
    updateRole(roleId: number | string, data: Row): Promise<void>;
    deleteRole(roleId: number | string, publicRoleId?: number | string): Promise<void>;
  };
  readonly jwt: {
    issue(payload: Row, options?: { readonly expiresIn?: string | number }): string;
    verify(token: string): Promise<Row>;
    getToken(ctx: unknown): string | null;
  };
}

export interface UsersPermissionsServicesOptions {
  /** What the plugins registered with (the app's services). */
  readonly context: HttpPluginContext;
  /** The server's public URL for links in mails (users-permissions' `serverUrlOf`). */
  readonly serverUrl: () => string;
  /** The app's email service when the server hands it; else one from the same config. */
  readonly email?: EmailService;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Strapi's nested permissions (`{ 'api::x': { controllers: { x: { find: { enabled } } } } }`) → action names. */
export function enabledActions(permissions: unknown): string[] | undefined {
  if (permissions === undefined) return undefined;
  if (Array.isArray(permissions)) return permissions.map(String);
  if (!isRecord(permissions)) return [];
  const actions: string[] = [];
  for (const [type, group] of Object.entries(permissions)) {
    const controllers = isRecord(group) && isRecord(group.controllers) ? group.controllers : {};
    for (const [controller, controllerActions] of Object.entries(controllers)) {
      if (!isRecord(controllerActions)) continue;
      for (const [action, setting] of Object.entries(controllerActions)) if (isRecord(setting) && setting.enabled === true) actions.push(`${type}.${controller}.${action}`);
    }
  }
  return actions;
}

const roleRow = ({ permissions: _permissions, nbUsers, ...role }: UpRoleView): Row => ({ ...role, nb_users: nbUsers });

/** A numeric id as Strapi's routes and code pass it (number or digits). */
function numericId(value: unknown, what: string): number {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw new TypeError(`${what}: expected a numeric id, got ${JSON.stringify(value)}`);
  return id;
}

/**
 * The users-permissions services over the plugin's own parts: users are written and read by
 * the document service (validation, unique username, password hashing), roles by the role
 * service of the admin API, tokens with the plugin's secret. Like Strapi's (which read through
 * the query engine), users come back with their password hash, so that
 * `validatePassword(password, user.password)` works; nothing here is sent to clients by itself.
 */
export async function createUsersPermissionsServices({ context, serverUrl, email }: UsersPermissionsServicesOptions): Promise<UsersPermissionsServices> {
  const { registry, documents, locales, database, config, auth, store } = context;
  const users = createDocumentApi(registry, documents, locales)(USER_UID);
  const records = createUserRecords(database);
  const mailer = email ?? createEmailService(config, context.configs.of(EMAIL_CONFIG), context.log);
  // Built on first use: creating the settings reads (and may initialise) the store.
  const userService = lazy(async () =>
    createUserService({ feature: context, records, email: mailer, serverUrl, settings: await createUsersPermissionsSettings(context.configs.of(USERS_PERMISSIONS_CONFIG), store) }),
  );
  const roles = createUpRoleService(database, registry, createKnownActionCheck(registry, context.pluginActions), (trx) => context.feed.record(trx, PERMISSIONS_TOPIC));
  const knownActions = createKnownActionList(registry, context.pluginActions);
  const rolesChanged = () => auth.reloadPermissions();

  /** The user with its password hash, as Strapi's query engine returns it. */
  const withPassword = async (user: Document | null): Promise<Row | null> => {
    if (!user) return null;
    const record = await records.byId(user.id);
    return record ? { ...user, password: record.password } : user;
  };
  const byId = (id: number, params: Params = {}) =>
    users.findFirst({ ...params, filters: params.filters === undefined ? { id } : { $and: [{ id }, params.filters] } });

  // The plugin's own secret (config, env, or the one generated into the store at its start).
  const key = await resolveJwtSecret(config, store);
  const upConfig = config.files.plugins.value['users-permissions'];
  const jwtSection = isRecord(upConfig) && isRecord(upConfig.config) && isRecord(upConfig.config.jwt) ? upConfig.config.jwt : {};
  const defaultExpiry = parseExpiresIn(jwtSection.expiresIn ?? '30d', config.files.plugins.file);
  const verifier = createVerifier({ key, algorithms: ['HS256'] });

  return {
    user: {
      add: async (values) => (await withPassword(await users.create({ data: values, populate: ['role'] }))) as Row,
      async edit(userId, values = {}) {
        const record = await records.byId(numericId(userId, 'user.edit'));
        if (!record) return null;
        return withPassword(await users.update({ documentId: record.documentId, data: values, populate: ['role'] }));
      },
      fetch: async (id, params) => withPassword(await byId(numericId(id, 'user.fetch'), params)),
      fetchAuthenticatedUser: async (id) => withPassword(await byId(numericId(id, 'user.fetchAuthenticatedUser'), { populate: ['role'] })),
      fetchAll: async (params) => Promise.all((await users.findMany(params)).map(async (user) => (await withPassword(user)) as Row)),
      count: (params) => users.count(params),
      async remove(params) {
        const found = await users.findFirst({ filters: params });
        if (!found) return null;
        const removed = await withPassword(found);
        await users.delete({ documentId: found.documentId });
        return removed;
      },
      validatePassword: (password, hash) => verifyPassword(String(password), String(hash)),
      async sendConfirmationEmail(user) {
        const record = await records.byId(numericId(user.id, 'user.sendConfirmationEmail'));
        if (!record) throw new NotFoundError('User not found');
        await (await userService()).sendConfirmation(record);
      },
    },
    role: {
      find: async () => (await roles.list()).map(roleRow).sort((a, b) => String(a.name).localeCompare(String(b.name))),
      async findOne(roleId) {
        const role = await roles.get(numericId(roleId, 'role.findOne'));
        if (!role) throw new NotFoundError('Role not found');
        const { nbUsers: _count, ...rest } = role;
        return { ...rest, permissions: permissionTree(knownActions(), new Set(role.permissions)) };
      },
      async createRole(params) {
        const name = typeof params.name === 'string' ? params.name : '';
        const permissions = enabledActions(params.permissions);
        await roles.create({ name, type: typeof params.type === 'string' && params.type !== '' ? params.type : roleTypeFromName(name), ...(params.description === undefined ? {} : { description: params.description }), ...(permissions ? { permissions } : {}) });
        await rolesChanged();
      },
      async updateRole(roleId, data) {
        const permissions = enabledActions(data.permissions);
        await roles.update(numericId(roleId, 'role.updateRole'), { ...(data.name === undefined ? {} : { name: data.name }), ...(data.description === undefined ? {} : { description: data.description }), ...(permissions ? { permissions } : {}) });
        await rolesChanged();
      },
      async deleteRole(roleId) {
        await roles.delete(numericId(roleId, 'role.deleteRole'));
        await rolesChanged();
      },
    },
    jwt: {
      issue(payload, options = {}) {
        const expiresIn = options.expiresIn === undefined ? defaultExpiry : parseExpiresIn(options.expiresIn, 'jwt.issue options');
        const plain = typeof (payload as { toJSON?: unknown }).toJSON === 'function' ? (payload as { toJSON(): Row }).toJSON() : payload;
        return createSigner({ key, algorithm: 'HS256', expiresIn })({ ...plain });
      },
      async verify(token) {
        try {
          return verifier(token) as Row;
        } catch {
          throw new Error('Invalid token.');
        }
      },
      getToken(ctx) {
        const request = isRecord(ctx) && isRecord(ctx.request) ? ctx.request : {};
        const headers = isRecord(request.header) ? request.header : isRecord(request.headers) ? request.headers : {};
        const header = headers.authorization;
        if (typeof header !== 'string') return null;
        const [scheme, token] = header.trim().split(/\s+/);
        return scheme?.toLowerCase() === 'bearer' && token ? token : null;
      },
    },
  };
}
