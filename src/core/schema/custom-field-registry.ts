import { DefinitionError } from '../shared/errors.js';
import type { ScalarType } from './attribute.js';
import { isCustomFieldType, CUSTOM_FIELD_TYPES, type CustomFieldTypes } from './custom-fields.js';

/** What `strapi.customFields` offers a project's `register()`. */
export interface CustomFieldRegistry {
  /** Strapi's `strapi.customFields.register({ name, plugin?, type, inputSize?, options? })`, one field or a list. */
  register(fields: unknown): void;
  /** The registered fields by uid → their underlying type. */
  types(): CustomFieldTypes;
}

const NAME = /^(?![0-9])[a-zA-Z0-9$_-]+$/;
const INPUT_SIZES = [4, 6, 8, 12];

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The custom fields a project registers, checked as Strapi checks them (the same messages).
 * A field with a `plugin` is `plugin::<plugin>.<name>`: the plugin's own code does not run on
 * Tessera, so the project registers it in the plugin's name. Strapi names a field whose plugin
 * is not installed `global::<name>`; that name resolves too. A refused registration stops the
 * start naming `file` (the project's src/index).
 */
export function createCustomFieldRegistry(file: string): CustomFieldRegistry {
  const fail: (problem: string) => never = (problem) => {
    throw new DefinitionError(file, problem);
  };
  const registered = new Map<string, ScalarType>();
  const aliases = new Map<string, ScalarType>();
  return {
    register(fields) {
      for (const field of Array.isArray(fields) ? (fields as unknown[]) : [fields]) {
        if (!isObject(field) || field.name === undefined || field.type === undefined) fail("Custom fields require a 'name' and 'type' key");
        const { name, plugin, type, inputSize } = field;
        if (!isCustomFieldType(type)) fail(`Custom field type: '${String(type)}' is not a valid Strapi type or it can't be used with a Custom Field (one of ${CUSTOM_FIELD_TYPES.join(', ')})`);
        if (typeof name !== 'string' || !NAME.test(name)) fail(`Custom field name: '${String(name)}' is not a valid object key`);
        if (inputSize !== undefined && inputSize !== null) {
          if (!isObject(inputSize) || !('default' in inputSize) || !('isResizable' in inputSize)) fail("inputSize should be an object with 'default' and 'isResizable' keys");
          if (!INPUT_SIZES.includes(inputSize.default as number)) fail('Custom fields require a valid default input size');
          if (typeof inputSize.isResizable !== 'boolean') fail('Custom fields should specify if their input is resizable');
        }
        if (plugin !== undefined && plugin !== null && (typeof plugin !== 'string' || plugin === '')) fail(`Custom field '${name}': plugin must be a plugin name`);
        const uid = typeof plugin === 'string' ? `plugin::${plugin}.${name}` : `global::${name}`;
        if (registered.has(uid)) fail(`Custom field: '${uid}' has already been registered`);
        registered.set(uid, type);
        if (typeof plugin === 'string') aliases.set(`global::${name}`, type);
      }
    },
    types() {
      const all = new Map(aliases);
      for (const [uid, type] of registered) all.set(uid, type);
      return all;
    },
  };
}
