import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SourcedDefinition } from '../schema/definition.js';
import { DefinitionError } from '../shared/errors.js';
import { applyExtensions } from './apply-extensions.js';

const USER: SourcedDefinition = {
  uid: 'plugin::users-permissions.user',
  apiName: 'users-permissions',
  modelName: 'user',
  file: '<built-in>',
  definition: {
    kind: 'collectionType',
    collectionName: 'up_users',
    info: { singularName: 'user', pluralName: 'users', displayName: 'User' },
    options: { draftAndPublish: false },
    attributes: {
      username: { type: 'string', minLength: 3 },
      password: { type: 'password', private: true },
      role: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.role', inversedBy: 'users' },
    },
  },
};
const FILE = '/p/src/extensions/users-permissions/content-types/user/schema.json';
const extension = (definition: Record<string, unknown>) => ({ schemas: [{ plugin: 'users-permissions', name: 'user', file: FILE, definition }], serverFiles: [] });

describe('applyExtensions', () => {
  it("replaces the top-level keys the extension has, as Strapi does: its attributes replace the plugin's list", () => {
    const attributes = { ...USER.definition.attributes, username: { type: 'string', minLength: 5 }, job: { type: 'string' } };
    const { types, notes } = applyExtensions([USER], extension({ info: { singularName: 'user', pluralName: 'users', displayName: 'Member' }, attributes }), '/p');
    assert.deepEqual(notes, []);
    assert.equal(types[0]?.file, FILE);
    assert.deepEqual(types[0]?.definition, { ...USER.definition, info: { singularName: 'user', pluralName: 'users', displayName: 'Member' }, attributes });
    assert.equal(applyExtensions([USER], { schemas: [], serverFiles: [] }, '/p').types[0], USER, 'untouched without an extension');
  });

  it('refuses what the plugin code relies on: its attributes, their types and relations, private ones, its table, kind and versions', () => {
    const base = USER.definition.attributes ?? {};
    for (const [definition, problem] of [
      [{ attributes: { username: base.username, job: { type: 'string' } } }, /must keep "password", "role"/],
      [{ attributes: { ...base, username: { type: 'text' } } }, /attribute "username" must keep type "string"/],
      [{ attributes: { ...base, role: { ...base.role, relation: 'manyToMany' } } }, /attribute "role" must keep relation "manyToOne"/],
      [{ attributes: { ...base, password: { type: 'password' } } }, /attribute "password" must stay private/],
      [{ collectionName: 'members' }, /collectionName must stay "up_users"/],
      [{ kind: 'singleType' }, /kind must stay "collectionType"/],
      [{ options: { draftAndPublish: true } }, /options.draftAndPublish cannot change/],
      [{ pluginOptions: { i18n: { localized: true } } }, /pluginOptions.i18n.localized cannot change/],
      [{ attributes: [] }, /"attributes" must be an object/],
    ] as const) {
      assert.throws(() => applyExtensions([USER], extension(definition), '/p'), (error: unknown) => error instanceof DefinitionError && error.file === FILE && problem.test(error.problem), JSON.stringify(definition));
    }
  });

  it('reports extensions of types Tessera does not have and strapi-server files, without applying them', () => {
    const { types, notes } = applyExtensions(
      [USER],
      { schemas: [{ plugin: 'upload', name: 'folder', file: '/p/src/extensions/upload/content-types/folder/schema.json', definition: {} }], serverFiles: ['/p/src/extensions/users-permissions/strapi-server.ts'] },
      '/p',
    );
    assert.deepEqual(types, [USER]);
    assert.deepEqual(notes, [
      'src/extensions/upload/content-types/folder/schema.json is not applied: Tessera has no content-type plugin::upload.folder (its plugins\' types: plugin::users-permissions.user)',
      'src/extensions/users-permissions/strapi-server.ts not run: Tessera does not run plugin extension code (strapi-server); the plugins keep their own controllers, routes and services here',
    ]);
  });
});
