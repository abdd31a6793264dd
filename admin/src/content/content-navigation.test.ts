import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AdminPermission, ContentTypeDto } from '../api/admin-types';
import { contentNavigation } from './content-navigation';

const type = (uid: string, displayName: string, kind: ContentTypeDto['kind'] = 'collectionType', isDisplayed = true): ContentTypeDto => ({
  uid,
  isDisplayed,
  apiID: uid.split('.').at(-1) ?? uid,
  kind,
  info: { displayName, singularName: displayName.toLowerCase(), pluralName: `${displayName.toLowerCase()}s` },
});
const read = (subject: string): AdminPermission => ({ action: 'plugin::content-manager.explorer.read', subject });

describe('the content manager\'s navigation', () => {
  const types = [
    type('api::note.note', 'note'),
    type('api::article.article', 'Article'),
    type('api::homepage.homepage', 'Homepage', 'singleType'),
    type('plugin::upload.file', 'File', 'collectionType', false),
    type('api::secret.secret', 'Secret'),
  ];

  it('lists the displayed types the admin may read, kinds apart, sorted by display name (case aside)', () => {
    const navigation = contentNavigation(types, [read('api::note.note'), read('api::article.article'), read('api::homepage.homepage'), read('plugin::upload.file')]);
    assert.deepEqual(navigation.collectionTypes.map((entry) => entry.label), ['Article', 'note']);
    assert.deepEqual(navigation.singleTypes, [{ uid: 'api::homepage.homepage', label: 'Homepage', href: '/admin/content-manager/single-types/api::homepage.homepage' }]);
    assert.equal(navigation.collectionTypes[0]?.href, '/admin/content-manager/collection-types/api::article.article');
  });

  it('leaves out a type with no read permission (create or update alone do not list it)', () => {
    const navigation = contentNavigation(types, [{ action: 'plugin::content-manager.explorer.create', subject: 'api::secret.secret' }, { action: 'plugin::upload.read', subject: null }]);
    assert.deepEqual(navigation, { collectionTypes: [], singleTypes: [] });
  });
});
