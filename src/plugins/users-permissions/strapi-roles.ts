import { AUTHENTICATED_ROLE_TYPE, PUBLIC_ROLE_TYPE } from '../../core/auth/permissions-table.js';
import { BodyChecker } from '../../core/shared/body-checker.js';
import { NotFoundError } from '../../core/shared/errors.js';
import { routeId } from '../../transports/admin/route-id.js';
import { enabledActionsOf, permissionTree, roleTypeFromName, type PermissionTree } from './role-permission-tree.js';
import { UP_BODY } from './up-body.js';
import type { RoleDeletion, UpRoleService, UpRoleView } from './up-role-service.js';

/** A role in Strapi's lists (`GET /users-permissions/roles`). */
export interface StrapiRoleRow {
  readonly id: number;
  readonly documentId: string;
  readonly name: string;
  readonly description: string | null;
  readonly type: string;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
  readonly publishedAt: string | null;
  readonly nb_users: number;
}

/** A role as `GET /users-permissions/roles/:id` shows it: no count, its permissions as Strapi's tree. */
export type StrapiRoleDetail = Omit<StrapiRoleRow, 'nb_users'> & { readonly permissions: PermissionTree };

/**
 * Strapi's role operations, the same on the admin API (`/users-permissions/roles`) and the
 * content API (`/api/users-permissions/roles`): Strapi's bodies and answers over the role
 * service, whose writes are one transaction each and announce the change to every instance.
 */
export interface StrapiRoles {
  list(): Promise<{ roles: StrapiRoleRow[] }>;
  /** `:id` as the route gives it; 404 "Role not found". */
  get(rawId: string): Promise<{ role: StrapiRoleDetail }>;
  create(body: unknown): Promise<{ ok: true }>;
  update(rawId: string, body: unknown): Promise<{ ok: true }>;
  delete(rawId: string): Promise<{ ok: true }>;
  /** Every action this project knows, none enabled: `GET /users-permissions/permissions`. */
  permissions(): { permissions: PermissionTree };
}

export interface StrapiRolesOptions {
  readonly roles: UpRoleService;
  /** Every action a role may be granted, on the live model, the content-types' first. */
  readonly knownActions: () => readonly string[];
  readonly isKnownAction: (action: string) => boolean;
  /** Reloads this instance's permissions once a write committed (other instances follow the change feed). */
  readonly permissionsChanged: () => Promise<void>;
}

/**
 * Strapi moves a deleted role's users to Public and refuses only the Public role; Tessera
 * refuses Authenticated too: registration, and the users the plugin makes, are given it.
 */
const DELETION: RoleDeletion = {
  usersMoveTo: PUBLIC_ROLE_TYPE,
  refused: { [PUBLIC_ROLE_TYPE]: 'Cannot delete public role', [AUTHENTICATED_ROLE_TYPE]: 'Cannot delete authenticated role' },
};

const ROLE_TYPE = /^[a-z0-9][a-z0-9_-]*$/;

/** A role body read: what was sent (undefined: not sent), the type derived when not given. */
interface RoleBody {
  readonly name: string | undefined;
  readonly description: string | null | undefined;
  readonly type: string;
  readonly actions: string[] | undefined;
}

function row({ permissions: _permissions, nbUsers, ...role }: UpRoleView): StrapiRoleRow {
  return { ...role, nb_users: nbUsers };
}

export function createStrapiRoles({ roles, knownActions, isKnownAction, permissionsChanged }: StrapiRolesOptions): StrapiRoles {
  const idOf = (raw: string): number => {
    const id = routeId(raw);
    if (id === null) throw new NotFoundError('Role not found');
    return id;
  };

  /** `{ name, description, type?, permissions, users: [] }`: every problem at once; Strapi checks none of it. */
  function read(body: unknown, creating: boolean): RoleBody {
    const check = BodyChecker.of(body ?? {}, UP_BODY);
    check.onlyKeys(creating ? ['name', 'description', 'type', 'permissions', 'users'] : ['name', 'description', 'permissions', 'users']);
    // Strapi's admin form sends `users: []`, which Strapi ignores; a non-empty list would be ignored silently there.
    const users = check.body.users;
    if (users !== undefined && !(Array.isArray(users) && users.length === 0)) check.problem(['users'], "users must be an empty list: a user's role is set on the user", users);
    const name = creating ? check.string('name', { required: true, trim: true, max: 255 }) : check.string('name', { trim: true, max: 255 });
    const description = check.string('description', { nullable: true, max: 255 });
    const given = creating ? check.string('type', { trim: true, max: 255 }) : undefined;
    const type = given ?? roleTypeFromName(name ?? '');
    if (creating && name !== '' && !ROLE_TYPE.test(type)) check.problem([given === undefined ? 'name' : 'type'], given === undefined ? 'name must contain a letter or a digit' : 'type must be lowercase letters, digits, - and _', given ?? name);
    check.done();
    const raw = check.body.permissions;
    const actions = raw === undefined ? undefined : enabledActionsOf(raw, isKnownAction);
    return { name, description, type, actions };
  }

  return {
    async list() {
      return { roles: (await roles.list()).map(row) };
    },

    async get(rawId) {
      const role = await roles.get(idOf(rawId));
      if (!role) throw new NotFoundError('Role not found');
      const { permissions, nbUsers: _count, ...rest } = role;
      return { role: { ...rest, permissions: permissionTree(knownActions(), new Set(permissions)) } };
    },

    async create(body) {
      const { name, description, type, actions } = read(body, true);
      await roles.createRole({ name: name ?? '', description: description ?? null, type, actions: actions ?? [] });
      await permissionsChanged();
      return { ok: true };
    },

    async update(rawId, body) {
      const id = idOf(rawId);
      const { name, description, actions } = read(body, false);
      await roles.updateRole(id, { name, description, actions });
      await permissionsChanged();
      return { ok: true };
    },

    async delete(rawId) {
      await roles.deleteRole(idOf(rawId), DELETION);
      await permissionsChanged();
      return { ok: true };
    },

    permissions: () => ({ permissions: permissionTree(knownActions(), new Set()) }),
  };
}
