import type { ComponentAttribute, DynamicZoneAttribute, ScalarAttribute } from '../../../core/schema/attribute.js';
import type { Model } from '../../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../../core/schema/registry.js';
import { enumValueNameOf } from '../type-names.js';

/**
 * A mutation's `data` argument, as graphql-js coerced it, → the REST body `data` that
 * documents/validate-data checks, so both APIs write through one set of rules.
 *
 * Mostly the identity: enum values were already mapped to the stored values, relations are
 * documentIds (REST's shorthand `set`), dynamic-zone items already carry `__component`. What
 * this adds: keys left undefined are dropped, and inside dynamic-zone items — which graphql-js
 * does not coerce, being scalars — an enumeration given by its GraphQL name (`draft_mode`) is
 * mapped to its value (`draft-mode`). Unknown keys are kept, for validation to refuse by name.
 */

type Data = Record<string, unknown>;

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An enumeration value, or the value whose GraphQL name it is; anything else unchanged. */
function enumValue(attribute: ScalarAttribute, value: unknown): unknown {
  if (typeof value !== 'string' || !attribute.enum || attribute.enum.includes(value)) return value;
  return attribute.enum.find((candidate) => enumValueNameOf(candidate) === value) ?? value;
}

function componentItem(item: unknown, uid: string, registry: SchemaRegistry): unknown {
  const component = registry.component(uid);
  return component && isRecord(item) ? inputToData(item, component, registry) : item;
}

function componentValue(attribute: ComponentAttribute, value: unknown, registry: SchemaRegistry): unknown {
  if (Array.isArray(value)) return value.map((item: unknown) => componentItem(item, attribute.component, registry));
  return componentItem(value, attribute.component, registry);
}

function zoneValue(attribute: DynamicZoneAttribute, value: unknown, registry: SchemaRegistry): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((item: unknown) => {
    const uid = isRecord(item) ? item.__component : undefined;
    return typeof uid === 'string' && attribute.components.includes(uid) ? componentItem(item, uid, registry) : item;
  });
}

/** `<Type>Input` value (or a component item) → REST `data` for `model`. */
export function inputToData(value: Readonly<Record<string, unknown>>, model: Model, registry: SchemaRegistry): Data {
  const data: Data = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined) continue;
    const attribute = model.attributes.get(key);
    switch (attribute?.kind) {
      case 'scalar':
        data[key] = attribute.type === 'enumeration' ? enumValue(attribute, field) : field;
        break;
      case 'component':
        data[key] = componentValue(attribute, field, registry);
        break;
      case 'dynamiczone':
        data[key] = zoneValue(attribute, field, registry);
        break;
      default:
        data[key] = Array.isArray(field) ? [...field] : field;
    }
  }
  return data;
}
