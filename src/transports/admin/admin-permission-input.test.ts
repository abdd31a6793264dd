import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { registryWith } from '../../../test/helpers/content-type.js';
import { ValidationError } from '../../core/shared/errors.js';
import { readPermissionInputs } from './admin-permission-input.js';
import type { AdminContentModel } from './admin-content-subjects.js';

const ARTICLE = 'api::article.article';
const localized = (value: boolean): AdminContentModel => ({
  registry: registryWith({ title: { type: 'string' }, body: { type: 'text' } }, { pluginOptions: { i18n: { localized: value } } }),
  locales: { list: () => [{ code: 'en', name: 'English (en)', isDefault: true }, { code: 'fr', name: 'French (fr)', isDefault: false }] },
});
const READ = 'plugin::content-manager.explorer.read';

function problems(body: unknown, model = localized(true)): unknown[] {
  try {
    readPermissionInputs(body, model);
  } catch (error) {
    assert.ok(error instanceof ValidationError);
    return ((error.details.errors as { path: string[]; message: string }[] | undefined) ?? [{ path: [], message: error.message }]).map(({ path, message }) => [path.join('.'), message]);
  }
  return [];
}

describe('readPermissionInputs', () => {
  it('reads content and plain permissions, defaulting properties and conditions', () => {
    assert.deepEqual(
      readPermissionInputs({ permissions: [{ action: READ, subject: ARTICLE, properties: { fields: ['title', 'title'], locales: ['fr'] }, conditions: ['admin::is-creator'] }, { action: 'plugin::upload.read', subject: null }] }, localized(true)),
      [
        { action: READ, subject: ARTICLE, properties: { fields: ['title'], locales: ['fr'] }, conditions: ['admin::is-creator'], actionParameters: {} },
        { action: 'plugin::upload.read', subject: null, properties: {}, conditions: [], actionParameters: {} },
      ],
    );
  });

  it('reports every bad permission at its path, with Strapi\'s messages where Strapi refuses', () => {
    assert.deepEqual(
      problems({
        permissions: [
          { action: 'plugin::content-manager.explorer.fly', subject: ARTICLE },
          { action: READ, subject: 'api::nope.nope' },
          { action: 'plugin::upload.read', subject: ARTICLE },
          { action: READ, subject: ARTICLE, properties: { fields: ['nope'] } },
          { action: READ, subject: ARTICLE, properties: { locales: ['de'] } },
          { action: 'plugin::content-manager.explorer.delete', subject: ARTICLE, properties: { fields: ['title'] } },
          { action: READ, subject: ARTICLE, conditions: ['admin::nope'] },
          { action: READ, subject: ARTICLE, extra: true },
          'read',
        ],
      }),
      [
        ['permissions.0.action', 'action is not an existing permission action'],
        ['permissions.1.subject', 'Invalid subject submitted'],
        ['permissions.2.subject', 'Invalid subject submitted'],
        ['permissions.3.properties.fields', 'fields has unknown fields: nope'],
        ['permissions.4.properties.locales', 'locales has unknown locales: de'],
        ['permissions.5.properties.fields', `fields does not apply to plugin::content-manager.explorer.delete on ${ARTICLE}`],
        ['permissions.6.conditions', 'Unknown conditions: admin::nope'],
        ['permissions.7', 'this field has unspecified keys: extra'],
        ['permissions.8', 'permission must be an object'],
      ],
    );
  });

  it('locales apply only to localized types; the body must hold a permissions list', () => {
    assert.deepEqual(problems({ permissions: [{ action: READ, subject: ARTICLE, properties: { locales: ['en'] } }] }, localized(false)), [
      ['permissions.0.properties.locales', `locales does not apply to ${READ} on ${ARTICLE}`],
    ]);
    assert.deepEqual(problems({}), [['permissions', 'permissions is a required field']]);
    assert.deepEqual(problems({ permissions: [], other: 1 }), [['', 'this field has unspecified keys: other']]);
  });
});
