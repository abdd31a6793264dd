import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unusedComponentKeys, unusedContentTypeKeys, unusedKeysReport } from './unused-schema-keys.js';

describe('unusedContentTypeKeys', () => {
  it('lists what the content-type builder and other plugins write that Tessera does not read', () => {
    const keys = unusedContentTypeKeys({
      kind: 'collectionType',
      collectionName: 'articles',
      info: { singularName: 'article', pluralName: 'articles', displayName: 'Article', description: '', name: 'article' },
      options: { draftAndPublish: true, comment: '' },
      pluginOptions: { i18n: { localized: true }, 'content-manager': { visible: false } },
      config: {},
      attributes: {
        title: { type: 'string', required: true, displayName: 'Title', pluginOptions: { i18n: { localized: true }, seo: {} } },
        slug: { type: 'uid', targetField: 'title', options: { separator: '_' } },
        color: { type: 'customField', customField: 'plugin::color-picker.color', options: { format: 'hex' } },
        author: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.user', inversedBy: 'articles', targetAttribute: 'articles', useJoinTable: false },
        cover: { type: 'media', multiple: false, allowedTypes: ['images'], conditions: { visible: true } },
        blocks: { type: 'dynamiczone', components: ['a.b'], max: 3 },
        body: { type: 'text', maxlength: 10, customField: 'x' },
      },
    });
    assert.deepEqual(keys, [
      'config',
      'info.name',
      'options.comment',
      'pluginOptions.content-manager',
      'attributes.title.displayName',
      'attributes.title.pluginOptions.seo',
      'attributes.color.options',
      'attributes.author.targetAttribute',
      'attributes.author.useJoinTable',
      'attributes.cover.conditions',
      'attributes.body.maxlength (did you mean "maxLength"?)',
      'attributes.body.customField',
    ]);
  });

  it('lists nothing for a definition with only what Tessera reads, and survives what is not an object', () => {
    assert.deepEqual(unusedContentTypeKeys({ kind: 'singleType', info: { singularName: 'home', pluralName: 'homes' }, attributes: { title: { type: 'string', unique: true, default: 'x' } } }), []);
    assert.deepEqual(unusedContentTypeKeys(null), []);
    assert.deepEqual(unusedContentTypeKeys({ attributes: { a: 'string', b: null } }), []);
  });
});

describe('unusedComponentKeys and the report', () => {
  it("keeps the builder's empty options quiet, and reports one line for every file", () => {
    assert.deepEqual(unusedComponentKeys({ collectionName: 'c', info: { displayName: 'Seo', icon: 'search' }, options: {}, attributes: { t: { type: 'string', displayName: 'T' } } }), ['attributes.t.displayName']);
    assert.deepEqual(unusedComponentKeys({ options: { populateCreatorFields: true } }), ['options.populateCreatorFields']);
    assert.equal(unusedKeysReport([{ file: 'a.json', keys: [] }]), null);
    assert.equal(
      unusedKeysReport([{ file: 'a.json', keys: ['x', 'y'] }, { file: 'b.json', keys: [] }, { file: 'c.json', keys: ['z'] }]),
      'Schema keys Tessera does not use (loaded and kept in the files, as Strapi ignores them): a.json: x, y; c.json: z',
    );
  });
});
