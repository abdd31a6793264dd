import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { fixturePath } from '../../../../test/helpers/test-app.js';
import type { ContentType } from '../../schema/content-type.js';
import { loadRegistry } from '../../schema/load-definitions.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import { ValidationError } from '../../shared/errors.js';
import { validateData } from '../validate-data.js';
import type { ComponentValueWrite } from './component-write.js';

/** parseComponentValue, through validateData (which calls it for every component attribute sent). */
describe('parseComponentValue', () => {
  let registry: SchemaRegistry;
  let article: ContentType;
  before(async () => {
    registry = await loadRegistry(fixturePath('relations'));
    const type = registry.get('api::article.article');
    assert.ok(type);
    article = type;
  });

  const valueOf = (data: Record<string, unknown>, name: string, mode: 'create' | 'update' = 'update'): ComponentValueWrite => {
    const write = validateData(data, article, mode, registry);
    const value = [...write.components].find(([attribute]) => attribute.name === name)?.[1];
    assert.ok(value, `no value for ${name}`);
    return value;
  };
  const valuesOf = (value: ComponentValueWrite, index: number) => Object.fromEntries([...(value.items[index]?.values ?? [])].map(([attribute, stored]) => [attribute.name, stored]));

  it('a single component: one item, or none for null', () => {
    const value = valueOf({ seo: { metaTitle: 'T' } }, 'seo');
    assert.deepEqual(value.items.map((item) => [item.model.uid, item.id]), [['shared.seo', null]]);
    assert.deepEqual(valuesOf(value, 0), { metaTitle: 'T' });
    assert.deepEqual(valueOf({ seo: null }, 'seo').items, []);
  });

  it('items with an id change only the keys sent; new items get create semantics', () => {
    const value = valueOf({ links: [{ id: 4, url: '/x' }, { label: 'new' }] }, 'links');
    assert.deepEqual(value.items.map((item) => item.id), [4, null]);
    assert.deepEqual(valuesOf(value, 0), { url: '/x' });
    assert.deepEqual(valuesOf(value, 1), { label: 'new' });
  });

  it('zone items take their model from __component, nested values included', () => {
    const value = valueOf({ blocks: [{ __component: 'shared.rich-text', body: 'b' }, { __component: 'shared.slider', slides: [{ caption: 'c', link: { label: 'l' } }] }] }, 'blocks');
    assert.deepEqual(value.items.map((item) => item.model.uid), ['shared.rich-text', 'shared.slider']);
    const slides = [...(value.items[1]?.components.values() ?? [])][0];
    assert.equal(slides?.items[0]?.model.uid, 'shared.slide');
    assert.equal([...(slides?.items[0]?.components.values() ?? [])][0]?.items[0]?.model.uid, 'shared.link');
  });

  it('collects errors with full paths', () => {
    assert.throws(
      () => validateData({ title: 'T', links: [{ id: 0 }, 'x'], blocks: [{ __component: 'shared.hero' }] }, article, 'create', registry),
      (error: unknown) => {
        assert.ok(error instanceof ValidationError);
        const errors = error.details.errors as { path: string[] }[];
        assert.deepEqual(errors.map((entry) => entry.path.join('.')), ['links.0.id', 'links.1', 'blocks.0.__component']);
        return true;
      },
    );
  });
});
