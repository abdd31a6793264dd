import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { componentDefinition, typeDefinition } from '../../../../test/helpers/model-definitions.js';
import { validateData } from '../../../core/documents/validate-data.js';
import type { ContentType } from '../../../core/schema/content-type.js';
import { buildRegistry } from '../../../core/schema/registry.js';
import { BUILT_INS } from '../../../../test/helpers/built-ins.js';
import { ValidationError } from '../../../core/shared/errors.js';
import { inputToData } from './input-to-data.js';

const registry = buildRegistry(
  [
    ...BUILT_INS.types.filter((type) => type.uid.startsWith('plugin::upload.')),
    typeDefinition('article', {
      attributes: {
        title: { type: 'string', required: true },
        views: { type: 'integer' },
        big: { type: 'biginteger' },
        isFeatured: { type: 'boolean' },
        when: { type: 'datetime' },
        data: { type: 'json' },
        state: { type: 'enumeration', enum: ['draft-mode', 'Archived'] },
        cover: { type: 'media', multiple: false },
        gallery: { type: 'media', multiple: true },
        categories: { type: 'relation', relation: 'manyToMany', target: 'api::category.category' },
        writer: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
        seo: { type: 'component', component: 'shared.seo' },
        links: { type: 'component', component: 'shared.link', repeatable: true },
        blocks: { type: 'dynamiczone', components: ['shared.seo', 'shared.link'] },
      },
    }),
    typeDefinition('category', { attributes: { name: { type: 'string' } } }),
  ],
  [
    componentDefinition('shared.seo', { metaTitle: { type: 'string' }, link: { type: 'component', component: 'shared.link' } }),
    componentDefinition('shared.link', { url: { type: 'string' }, kind: { type: 'enumeration', enum: ['primary', 'draft-mode'] } }),
  ],
);
const article = registry.get('api::article.article') as ContentType;

describe('inputToData', () => {
  it('is the identity on coerced values, dropping undefined keys at every level', () => {
    const input = {
      title: 'T',
      views: 3,
      big: '9007199254740993',
      isFeatured: false,
      when: '2024-01-01T00:00:00Z',
      data: { nested: [1, { a: null }] },
      state: 'draft-mode',
      cover: '7',
      gallery: ['1', '2'],
      categories: ['abcdefghijklmnopqrstuvwx'],
      writer: null,
      seo: { id: '4', metaTitle: undefined, link: { url: 'u', kind: 'primary' } },
      links: [{ url: 'a' }, { id: '2', url: undefined }],
      blocks: [{ __component: 'shared.link', url: 'z' }],
      views2: undefined,
    };
    assert.deepEqual(inputToData(input, article, registry), {
      title: 'T',
      views: 3,
      big: '9007199254740993',
      isFeatured: false,
      when: '2024-01-01T00:00:00Z',
      data: { nested: [1, { a: null }] },
      state: 'draft-mode',
      cover: '7',
      gallery: ['1', '2'],
      categories: ['abcdefghijklmnopqrstuvwx'],
      writer: null,
      seo: { id: '4', link: { url: 'u', kind: 'primary' } },
      links: [{ url: 'a' }, { id: '2' }],
      blocks: [{ __component: 'shared.link', url: 'z' }],
    });
  });

  it('maps enumeration names to values inside dynamic-zone items (not coerced by graphql-js)', () => {
    const data = inputToData(
      { blocks: [{ __component: 'shared.link', kind: 'draft_mode' }, { __component: 'shared.seo', link: { kind: 'draft_mode' } }, { __component: 'other.kind', kind: 'draft_mode' }], state: 'draft_mode' },
      article,
      registry,
    );
    assert.deepEqual(data, {
      blocks: [{ __component: 'shared.link', kind: 'draft-mode' }, { __component: 'shared.seo', link: { kind: 'draft-mode' } }, { __component: 'other.kind', kind: 'draft_mode' }],
      state: 'draft-mode',
    });
  });

  it('gives write validation a body it accepts', () => {
    const data = inputToData(
      {
        title: 'T',
        views: 3,
        big: '9007199254740993',
        isFeatured: true,
        when: '2024-01-01T00:00:00Z',
        state: 'Archived',
        gallery: ['1', '2'],
        categories: ['abcdefghijklmnopqrstuvwx'],
        seo: { metaTitle: 'M', link: { url: 'u', kind: 'draft-mode' } },
        links: [{ url: 'a' }],
        blocks: [{ __component: 'shared.link', url: 'z', kind: 'draft_mode' }],
      },
      article,
      registry,
    );
    const write = validateData(data, article, 'create', registry);
    assert.equal(write.values.size > 0, true);
    assert.equal(write.components.size, 3);
    assert.equal(write.relations.size, 2);
  });

  it('keeps unknown keys, for write validation to refuse by name', () => {
    const data = inputToData({ title: 'T', nope: 1 }, article, registry);
    assert.deepEqual(data, { title: 'T', nope: 1 });
    assert.throws(() => validateData(data, article, 'create', registry), (error: unknown) => error instanceof ValidationError && error.status === 400);
  });
});
