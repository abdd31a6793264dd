import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONTENT_MANAGER_ACTIONS, IS_CREATOR_CONDITION, SAME_ROLE_AS_CREATOR_CONDITION, type AdminPermission } from './admin-ability.js';
import type { AdminUserView } from './admin-user-service.js';
import { buildAdminAbility } from './build-admin-ability.js';

const user: AdminUserView = { id: 1, documentId: 'u', firstname: null, lastname: null, email: 'a@b.c', isActive: true, blocked: false, roles: [], createdAt: null, updatedAt: null };
let ids = 0;
const permission = (action: string, subject: string | null, properties: AdminPermission['properties'] = {}, conditions: string[] = []): AdminPermission => ({ id: ++ids, action, actionParameters: {}, subject, properties, conditions });
const ARTICLE = 'api::article.article';
const NOTE = 'api::note.note';
const ability = (permissions: AdminPermission[], isSuperAdmin = false) => buildAdminAbility({ user, isSuperAdmin, permissions, isLocalized: (uid) => uid === ARTICLE });
const plain = (grant: ReturnType<ReturnType<typeof ability>['grant']>) =>
  grant === null ? null : { fields: grant.fields === null ? null : [...grant.fields].sort(), locales: grant.locales === null ? null : [...grant.locales].sort(), conditions: [...grant.conditions].sort() };

describe('buildAdminAbility', () => {
  it('a Super Admin is granted every action unrestricted, known or not', () => {
    const granted = ability([], true);
    assert.deepEqual(plain(granted.grant(CONTENT_MANAGER_ACTIONS.read, ARTICLE)), { fields: null, locales: null, conditions: [] });
    assert.deepEqual(plain(granted.grant('admin::roles.update')), { fields: null, locales: null, conditions: [] });
    assert.equal(granted.isSuperAdmin, true);
  });

  it('no permission, no grant; the subject counts', () => {
    const granted = ability([permission(CONTENT_MANAGER_ACTIONS.read, NOTE)]);
    assert.equal(granted.grant(CONTENT_MANAGER_ACTIONS.read, ARTICLE), null);
    assert.equal(granted.grant(CONTENT_MANAGER_ACTIONS.update, NOTE), null);
    assert.equal(granted.grant(CONTENT_MANAGER_ACTIONS.read), null);
    assert.deepEqual(plain(granted.grant(CONTENT_MANAGER_ACTIONS.read, NOTE)), { fields: null, locales: null, conditions: [] });
  });

  it('locales: on a localized type a permission without locales reaches none; elsewhere locales is null', () => {
    const granted = ability([permission(CONTENT_MANAGER_ACTIONS.read, ARTICLE, { fields: ['title'] }), permission(CONTENT_MANAGER_ACTIONS.read, NOTE, { locales: ['en'] })]);
    assert.deepEqual(plain(granted.grant(CONTENT_MANAGER_ACTIONS.read, ARTICLE)), { fields: ['title'], locales: [], conditions: [] });
    assert.deepEqual(plain(granted.grant(CONTENT_MANAGER_ACTIONS.read, NOTE)), { fields: null, locales: null, conditions: [] });
  });

  it('merges the permissions of several roles: fields and locales united, all wins, one unconditional permission lifts conditions', () => {
    const granted = ability([
      permission(CONTENT_MANAGER_ACTIONS.update, ARTICLE, { fields: ['title'], locales: ['en'] }, [IS_CREATOR_CONDITION]),
      permission(CONTENT_MANAGER_ACTIONS.update, ARTICLE, { fields: ['slug', 'seo.metaTitle'], locales: ['fr'] }, [SAME_ROLE_AS_CREATOR_CONDITION]),
      permission(CONTENT_MANAGER_ACTIONS.read, ARTICLE, { fields: ['title'], locales: ['en'] }, [IS_CREATOR_CONDITION]),
      permission(CONTENT_MANAGER_ACTIONS.read, ARTICLE, { locales: ['fr'] }),
    ]);
    assert.deepEqual(plain(granted.grant(CONTENT_MANAGER_ACTIONS.update, ARTICLE)), {
      fields: ['seo.metaTitle', 'slug', 'title'],
      locales: ['en', 'fr'],
      conditions: [SAME_ROLE_AS_CREATOR_CONDITION, IS_CREATOR_CONDITION].sort(),
    });
    assert.deepEqual(plain(granted.grant(CONTENT_MANAGER_ACTIONS.read, ARTICLE)), { fields: null, locales: ['en', 'fr'], conditions: [] });
  });

  it('is-creator: an Author-like grant keeps its condition', () => {
    const granted = ability([permission(CONTENT_MANAGER_ACTIONS.delete, NOTE, {}, [IS_CREATOR_CONDITION]), permission('plugin::upload.read', null, {}, [IS_CREATOR_CONDITION])]);
    assert.deepEqual(plain(granted.grant(CONTENT_MANAGER_ACTIONS.delete, NOTE)), { fields: null, locales: null, conditions: [IS_CREATOR_CONDITION] });
    assert.deepEqual(plain(granted.grant('plugin::upload.read', null)), { fields: null, locales: null, conditions: [IS_CREATOR_CONDITION] });
  });
});
