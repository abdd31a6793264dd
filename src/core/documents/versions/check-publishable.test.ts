import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ComponentDefinition, ContentTypeDefinition, SourcedComponentDefinition } from '../../schema/definition.js';
import { buildRegistry } from '../../schema/registry.js';
import { hasPublishRules, publishErrors } from './check-publishable.js';

function component(uid: string, definition: ComponentDefinition): SourcedComponentDefinition {
  const [category = '', name = ''] = uid.split('.');
  return { uid, category, name, file: `/p/src/components/${category}/${name}.json`, definition };
}

const registry = buildRegistry(
  [
    {
      uid: 'api::post.post',
      apiName: 'post',
      modelName: 'post',
      file: '/p/src/api/post/content-types/post/schema.json',
      definition: {
        info: { singularName: 'post', pluralName: 'posts' },
        options: { draftAndPublish: true },
        attributes: {
          title: { type: 'string', required: true },
          summary: { type: 'string', minLength: 3 },
          secret: { type: 'password', minLength: 8 },
          seo: { type: 'component', component: 'shared.seo', required: true },
          links: { type: 'component', component: 'shared.link', repeatable: true, min: 2 },
          zone: { type: 'dynamiczone', components: ['shared.link', 'shared.seo'] },
        },
      } as ContentTypeDefinition,
    },
    { uid: 'api::plain.plain', apiName: 'plain', modelName: 'plain', file: '/p/src/api/plain/content-types/plain/schema.json', definition: { info: { singularName: 'plain', pluralName: 'plains' }, attributes: { name: { type: 'string' } } } },
  ],
  [component('shared.seo', { attributes: { metaTitle: { type: 'string', required: true } } }), component('shared.link', { attributes: { label: { type: 'string', minLength: 2 } } })],
);
const post = registry.get('api::post.post')!;

const errors = (row: Record<string, unknown>) => publishErrors(post, row, registry).map((error) => [error.path.join('.'), error.message]);

describe('publish rules (checked when a draft is published)', () => {
  it('accepts a complete draft', () => {
    assert.deepEqual(errors({ title: 'T', summary: 'abc', seo: { id: 1, metaTitle: 'm' }, links: [], zone: [] }), []);
  });

  it('lists every missing required value (with the reference\'s messages), short text and short list, at every component level', () => {
    const row = {
      title: null,
      summary: 'ab',
      seo: null,
      links: [{ id: 1, label: 'x' }],
      zone: [
        { id: 2, __component: 'shared.seo', metaTitle: null },
        { id: 3, __component: 'shared.link', label: 'ok' },
      ],
    };
    assert.deepEqual(errors(row), [
      ['title', 'title must be a `string` type, but the final value was: `null`.'],
      ['summary', 'summary must be at least 3 characters'],
      ['seo', 'seo must be a `object` type, but the final value was: `null`.'],
      ['links', 'links field must have at least 2 items'],
      ['links.0.label', 'label must be at least 2 characters'],
      ['zone.0.metaTitle', 'metaTitle must be a `string` type, but the final value was: `null`.'],
    ]);
  });

  it('takes an empty string as a value (required refuses null only), held to minLength', () => {
    assert.deepEqual(errors({ title: '', summary: '', seo: { id: 1, metaTitle: '' }, links: [], zone: [] }), [['summary', 'summary must be at least 3 characters']]);
  });

  it('never holds a stored (hashed) password to its minLength, and an empty optional list to its min', () => {
    assert.deepEqual(errors({ title: 'T', summary: null, secret: 'x', seo: { id: 1, metaTitle: 'm' }, links: [], zone: [] }), []);
  });

  it('knows which types have rules at all (the others read nothing when published)', () => {
    assert.equal(hasPublishRules(post, registry), true);
    assert.equal(hasPublishRules(registry.get('api::plain.plain')!, registry), false);
  });
});
