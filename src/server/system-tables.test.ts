import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildModel } from '../core/model/build-model.js';
import type { AttributeDefinition, SourcedDefinition } from '../core/schema/definition.js';
import { DefinitionError } from '../core/shared/errors.js';
import { builtIns, reservedStorage, systemTables } from './system-tables.js';
import { DIALECT_TABLES } from '../core/db/dialect-tables.js';

const FILE = '/p/src/api/x/content-types/x/schema.json';

function typeOn(collectionName: string, attributes: Readonly<Record<string, AttributeDefinition>> = { title: { type: 'string' } }): SourcedDefinition {
  return { uid: 'api::x.x', apiName: 'x', modelName: 'x', file: FILE, definition: { collectionName, info: { singularName: 'x', pluralName: 'xs' }, attributes } };
}

function refusal(types: readonly SourcedDefinition[]): DefinitionError {
  try {
    buildModel({ types, components: [] }, builtIns());
  } catch (error) {
    if (error instanceof DefinitionError) return error;
    throw error;
  }
  assert.fail('the model was accepted');
}

describe("a content model never takes Tessera's or the database's storage", () => {
  it('refuses a collectionName of every system table, in any case', () => {
    const names = [...systemTables().map((table) => table.name), ...DIALECT_TABLES];
    for (const expected of ['tessera_store', 'admin_users', 'admin_roles', 'strapi_api_tokens', 'up_permissions', 'i18n_locale', 'tessera_locks', 'tessera_change_feed', 'tessera_cron_claims']) assert.ok(names.includes(expected), expected);
    for (const name of names) {
      for (const spelling of [name, name.toUpperCase()]) {
        const error = refusal([typeOn(spelling)]);
        assert.equal(error.file, FILE);
        assert.match(error.problem, new RegExp(`^collectionName "${spelling}": its table "${spelling}" (collides|is not available)`), error.problem);
      }
    }
  });

  it("refuses the tables of the built-in types (up_users, files, and their link tables)", () => {
    const tables = buildModel({ types: [], components: [] }, builtIns()).tables.map((table) => table.name);
    assert.ok(tables.includes('up_users') && tables.includes('files') && tables.includes('up_users_role_lnk'), tables.join());
    for (const name of tables) {
      const error = refusal([typeOn(name)]);
      assert.equal(error.file, FILE, error.message);
      assert.match(error.problem, /(collides with a name of|is already used by) plugin::/, name);
    }
  });

  it('refuses names the databases keep: pg_, sqlite_, tessera_ prefixes and the server schemas', () => {
    for (const name of ['pg_class', 'PG_Authid', 'sqlite_master', 'tessera_anything', 'information_schema', 'mysql', 'performance_schema', 'sys']) {
      assert.match(refusal([typeOn(name)]).problem, /is not available: |reserved by the database/, name);
    }
  });

  it('refuses derived names: a link table, and a table named like a system index or key', () => {
    // admin + usersRoles → admin_users_roles_lnk, the admin users' role links.
    const link = refusal([typeOn('admin', { usersRoles: { type: 'relation', relation: 'manyToMany', target: 'api::x.x' } })]);
    assert.equal(link.file, FILE);
    assert.match(link.problem, /^attribute "usersRoles": its link table "admin_users_roles_lnk" collides with a name of Tessera's own storage/);
    assert.match(refusal([typeOn('admin_users_email_uq')]).problem, /collides with a name of Tessera's own storage \(table "admin_users"\)/);
    assert.match(refusal([typeOn('tessera_store_pkey')]).problem, /is not available/);
    assert.match(refusal([typeOn('strapi_api_tokens_pkey')]).problem, /collides with a name of Tessera's own storage/);
  });

  it('keeps ordinary names, and the reserved set lists every system table', () => {
    assert.doesNotThrow(() => buildModel({ types: [typeOn('articles')], components: [] }, builtIns()));
    const reserved = reservedStorage();
    for (const table of systemTables()) assert.ok(reserved.has(table.name), table.name);
  });
});
