import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DefinitionError } from '../shared/errors.js';
import { createCustomFieldRegistry } from './custom-field-registry.js';
import { readCustomFieldMapping } from './custom-fields.js';
import { normalizeAttribute } from './normalize-attribute.js';

describe('createCustomFieldRegistry (strapi.customFields.register)', () => {
  it('takes one field or a list; a plugin field answers to its plugin uid and to the global uid Strapi would give it without the plugin', () => {
    const registry = createCustomFieldRegistry('src/index.ts');
    registry.register({ name: 'color', plugin: 'color-picker', type: 'string', inputSize: { default: 4, isResizable: true } });
    registry.register([{ name: 'rating', type: 'integer' }, { name: 'notes', plugin: 'editor', type: 'richtext', options: { base: [] } }]);
    assert.deepEqual(Object.fromEntries(registry.types()), {
      'global::color': 'string',
      'global::notes': 'richtext',
      'plugin::color-picker.color': 'string',
      'global::rating': 'integer',
      'plugin::editor.notes': 'richtext',
    });
  });

  it("refuses what Strapi refuses, with Strapi's messages, naming the file", () => {
    const registry = createCustomFieldRegistry('src/index.ts');
    registry.register({ name: 'rating', type: 'integer' });
    for (const [field, message] of [
      [{ name: 'x' }, "Custom fields require a 'name' and 'type' key"],
      ['x', "Custom fields require a 'name' and 'type' key"],
      [{ name: 'x', type: 'component' }, /^Custom field type: 'component' is not a valid Strapi type/],
      [{ name: 'a b', type: 'string' }, "Custom field name: 'a b' is not a valid object key"],
      [{ name: 'x', type: 'string', inputSize: { default: 4 } }, "inputSize should be an object with 'default' and 'isResizable' keys"],
      [{ name: 'x', type: 'string', inputSize: { default: 4, isResizable: 'yes' } }, 'Custom fields should specify if their input is resizable'],
      [{ name: 'rating', type: 'string' }, "Custom field: 'global::rating' has already been registered"],
    ] as const) {
      assert.throws(
        () => registry.register(field),
        (error: unknown) => error instanceof DefinitionError && error.file === 'src/index.ts' && (typeof message === 'string' ? error.problem === message : message.test(error.problem)),
        JSON.stringify(field),
      );
    }
  });
});

describe('custom field attributes', () => {
  it('are normalized as their underlying type, with its rules', () => {
    const types = new Map([['global::rating', 'integer' as const]]);
    const attribute = normalizeAttribute('rating', { type: 'customField', customField: 'global::rating', max: 5 }, 'f.json', types);
    assert.equal(attribute.type, 'integer');
    assert.equal(attribute.kind === 'scalar' ? attribute.max : undefined, 5);
    assert.throws(() => normalizeAttribute('rating', { type: 'customField', customField: 'global::other' }, 'f.json', types), /custom field "global::other" is not registered/);
  });

  it('config/server customFields: uid → type or { type }', () => {
    assert.deepEqual(Object.fromEntries(readCustomFieldMapping({ 'plugin::seo.title': 'string', 'global::x': { type: 'json' } }, 'config/server.ts')), { 'plugin::seo.title': 'string', 'global::x': 'json' });
    assert.equal(readCustomFieldMapping(undefined, 'config/server.ts').size, 0);
    assert.throws(() => readCustomFieldMapping({ 'plugin::seo.title': 'media' }, 'config/server.ts'), DefinitionError);
  });
});
