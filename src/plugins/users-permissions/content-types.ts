import { ROLE_UID } from '../../core/auth/role-type.js';
import type { SourcedDefinition } from '../../core/schema/definition.js';

/**
 * The users-permissions plugin's content-types, as Strapi 5 defines them (table names
 * included, so that a database exported from the reference keeps its names).
 */
export const USER_UID = 'plugin::users-permissions.user';
export { ROLE_UID };

const BUILT_IN_FILE = '<built-in users-permissions plugin>';

export const USERS_PERMISSIONS_TYPES: readonly SourcedDefinition[] = [
  {
    uid: USER_UID,
    apiName: 'users-permissions',
    modelName: 'user',
    file: BUILT_IN_FILE,
    definition: {
      kind: 'collectionType',
      collectionName: 'up_users',
      info: { singularName: 'user', pluralName: 'users', displayName: 'User' },
      options: { draftAndPublish: false },
      attributes: {
        username: { type: 'string', minLength: 3, unique: true, configurable: false, required: true },
        email: { type: 'email', minLength: 6, configurable: false, required: true },
        provider: { type: 'string', configurable: false },
        password: { type: 'password', minLength: 6, configurable: false, private: true },
        resetPasswordToken: { type: 'string', configurable: false, private: true },
        confirmationToken: { type: 'string', configurable: false, private: true },
        confirmed: { type: 'boolean', default: false, configurable: false },
        blocked: { type: 'boolean', default: false, configurable: false },
        role: { type: 'relation', relation: 'manyToOne', inversedBy: 'users', target: ROLE_UID, configurable: false },
      },
    },
  },
  {
    uid: ROLE_UID,
    apiName: 'users-permissions',
    modelName: 'role',
    file: BUILT_IN_FILE,
    definition: {
      kind: 'collectionType',
      collectionName: 'up_roles',
      info: { singularName: 'role', pluralName: 'roles', displayName: 'Role' },
      options: { draftAndPublish: false },
      attributes: {
        name: { type: 'string', minLength: 3, required: true, configurable: false },
        description: { type: 'string', configurable: false },
        type: { type: 'string', unique: true, configurable: false },
        users: { type: 'relation', relation: 'oneToMany', target: USER_UID, mappedBy: 'role', configurable: false },
      },
    },
  },
];
