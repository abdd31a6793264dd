import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ValidationError } from '../../core/shared/errors.js';
import { enabledActionsOf, permissionTree, roleTypeFromName } from './role-permission-tree.js';

const KNOWN = ['plugin::users-permissions.auth.register', 'api::article.article.find', 'api::article.article.findOne', 'plugin::upload.content-api.find'];
const isKnown = (name: string): boolean => KNOWN.includes(name);

describe('role permission tree', () => {
  it("shows every known action in Strapi's nesting, the project's types first", () => {
    const tree = permissionTree(KNOWN, new Set(['api::article.article.find', 'api::gone.gone.find']));
    assert.deepEqual(Object.keys(tree), ['api::article', 'plugin::users-permissions', 'plugin::upload']);
    assert.deepEqual(tree['api::article'], {
      controllers: { article: { find: { enabled: true, policy: '' }, findOne: { enabled: false, policy: '' } } },
    });
    assert.deepEqual(tree['plugin::upload'], { controllers: { 'content-api': { find: { enabled: false, policy: '' } } } });
  });

  it('reads the enabled actions back (a round trip), policy and disabled unknowns ignored', () => {
    const tree = permissionTree(KNOWN, new Set(['api::article.article.findOne', 'plugin::upload.content-api.find']));
    assert.deepEqual(enabledActionsOf(tree, isKnown).sort(), ['api::article.article.findOne', 'plugin::upload.content-api.find']);
    assert.deepEqual(enabledActionsOf({ 'api::nope': { controllers: { nope: { find: { enabled: false } } } } }, isKnown), []);
    assert.deepEqual(enabledActionsOf({ 'api::article': { controllers: { article: { find: { enabled: true, policy: 'x' } } } } }, isKnown), ['api::article.article.find']);
    assert.deepEqual(enabledActionsOf({}, isKnown), []);
  });

  it('refuses malformed trees and unknown enabled actions, all problems at once', () => {
    const bad: unknown[] = ['nope', [], { 'api::article': 'x' }, { 'api::article': { controllers: [] } }, { 'api::article': { controllers: { article: { find: { enabled: 'yes' } } } } }];
    for (const raw of bad) assert.throws(() => enabledActionsOf(raw, isKnown), ValidationError, JSON.stringify(raw));
    assert.throws(
      () => enabledActionsOf({ 'api::nope': { controllers: { x: { find: { enabled: true } } } }, 'api::article': { controllers: { article: { fly: { enabled: true } } } } }, isKnown),
      (error: unknown) => error instanceof ValidationError && /2 errors/.test(error.message),
    );
  });

  it("derives the type from the name as Strapi's snakeCase does", () => {
    assert.equal(roleTypeFromName('Editor'), 'editor');
    assert.equal(roleTypeFromName('Upi18n Editor'), 'upi_18_n_editor');
    assert.equal(roleTypeFromName('Upi18n Bad2'), 'upi_18_n_bad_2');
    assert.equal(roleTypeFromName('Content Éditors'), 'content_editors');
    assert.equal(roleTypeFromName('  XMLHttp role--x '), 'xml_http_role_x');
    assert.equal(roleTypeFromName('!!!'), '');
  });
});
