import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BUILT_INS, pluginActions } from '../../../test/helpers/built-ins.js';
import { buildRegistry } from '../schema/registry.js';
import { expandGrants } from './expand-grants.js';

const registry = buildRegistry(
  [
    ...BUILT_INS.types,
    { uid: 'api::article.article', apiName: 'article', modelName: 'article', file: 'article.json', definition: { info: { singularName: 'article', pluralName: 'articles' }, attributes: {} } },
    { uid: 'api::home.home', apiName: 'home', modelName: 'home', file: 'home.json', definition: { kind: 'singleType', info: { singularName: 'home', pluralName: 'homes' }, attributes: {} } },
  ],
  BUILT_INS.components,
);

function expand(grants: Parameters<typeof expandGrants>[0]): Record<string, Record<string, string[]>> {
  const logs: string[] = [];
  const expanded = expandGrants(grants, registry, pluginActions(), (message) => logs.push(message));
  return Object.fromEntries([...expanded].map(([role, subjects]) => [role, Object.fromEntries([...subjects].map(([subject, actions]) => [subject, [...actions].sort()]))]));
}

describe('expandGrants', () => {
  it('expands * actions of a content-type to its own actions (a single type has no findOne, create)', () => {
    assert.deepEqual(expand({ public: { 'api::article.article': '*', 'api::home.home': ['*'] } }), {
      public: {
        'api::article.article': ['create', 'delete', 'find', 'findOne', 'update'].map((action) => `api::article.article.${action}`),
        'api::home.home': ['delete', 'find', 'update'].map((action) => `api::home.home.${action}`),
      },
    });
  });

  it('expands the subject * to the project content-types only, not the plugin types', () => {
    assert.deepEqual(Object.keys(expand({ public: { '*': ['find'] } }).public ?? {}), ['api::article.article', 'api::home.home']);
  });

  it("expands * on a plugin controller to the controller's actions, also when it is a content-type (the user controller)", () => {
    assert.deepEqual(expand({ manager: { 'plugin::users-permissions.user': '*' } }).manager?.['plugin::users-permissions.user'], [
      'count', 'create', 'destroy', 'find', 'findOne', 'me', 'update',
    ].map((action) => `plugin::users-permissions.user.${action}`));
  });
});
