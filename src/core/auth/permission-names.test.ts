import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pluginActions } from '../../../test/helpers/built-ins.js';
import { contentPermission, pluginPermission, pluginPermissions, readPermission, writtenPermission } from './permission-names.js';

describe('permission names', () => {
  it('spells content-type and plugin actions as the reference does', () => {
    assert.equal(contentPermission('api::article.article', 'discardDraft'), 'api::article.article.discardDraft');
    assert.equal(pluginPermission('plugin::users-permissions.user', 'me'), 'plugin::users-permissions.user.me');
    assert.equal(pluginPermission('plugin::i18n.locales', 'listLocales'), 'plugin::i18n.locales.listLocales');
  });

  it('reads a type with its own find, except the upload plugin’s files (its content-api controller)', () => {
    assert.equal(readPermission('api::article.article'), 'api::article.article.find');
    assert.equal(readPermission('plugin::users-permissions.role'), 'plugin::users-permissions.role.find');
    assert.equal(readPermission('plugin::upload.file'), 'plugin::upload.content-api.find');
    assert.equal(readPermission('plugin::upload.file', 'findOne'), 'plugin::upload.content-api.findOne');
  });

  it('lists every plugin action once', () => {
    const all = pluginPermissions();
    assert.equal(new Set(all).size, all.length);
    for (const name of ['plugin::users-permissions.auth.callback', 'plugin::users-permissions.role.find', 'plugin::users-permissions.permissions.getPermissions', 'plugin::upload.content-api.destroy']) {
      assert.ok((all as string[]).includes(name), name);
    }
  });

  it('the plugins list, as their actions, exactly the plugin actions named here', () => {
    assert.deepEqual(new Set(pluginActions()), new Set(pluginPermissions()));
  });

  it('takes a written name as it is', () => {
    assert.equal(writtenPermission('api::x.x', 'find'), 'api::x.x.find');
    assert.equal(writtenPermission('whatever'), 'whatever');
  });
});
