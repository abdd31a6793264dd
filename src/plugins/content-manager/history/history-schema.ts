import type { Attribute } from '../../../core/schema/attribute.js';
import type { Model } from '../../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../../core/schema/registry.js';

/** An attribute as a version records it: enough to tell its kind and, for links, its target. */
export type RecordedAttribute = Readonly<Record<string, unknown>> & { readonly type: string };

/** The attributes of a model as the admin's history shows them (Strapi's `schema` of a version). */
export type RecordedSchema = Readonly<Record<string, RecordedAttribute>>;

export function recordedAttribute(attribute: Attribute): RecordedAttribute {
  switch (attribute.kind) {
    case 'relation':
      return attribute.media ? { type: 'media', multiple: attribute.many } : { type: 'relation', relation: attribute.relation, target: attribute.target };
    case 'component':
      return { type: 'component', component: attribute.component, repeatable: attribute.repeatable };
    case 'dynamiczone':
      return { type: 'dynamiczone', components: [...attribute.components] };
    default:
      return { type: attribute.type };
  }
}

export function recordedSchema(model: Model): RecordedSchema {
  const schema: Record<string, RecordedAttribute> = {};
  for (const attribute of model.attributes.values()) schema[attribute.name] = recordedAttribute(attribute);
  return schema;
}

/** The components a model holds, to any depth, with their schemas (Strapi's `componentsSchemas`). */
export function componentSchemas(model: Model, registry: SchemaRegistry, into: Record<string, RecordedSchema> = {}): Record<string, RecordedSchema> {
  for (const attribute of model.attributes.values()) {
    const uids = attribute.kind === 'component' ? [attribute.component] : attribute.kind === 'dynamiczone' ? attribute.components : [];
    for (const uid of uids) {
      const component = registry.component(uid);
      if (!component || into[uid]) continue;
      into[uid] = recordedSchema(component);
      componentSchemas(component, registry, into);
    }
  }
  return into;
}

/** What changed in the model since the version: attributes added since, and removed since (Strapi's `meta.unknownAttributes`). */
export function unknownAttributes(recorded: RecordedSchema, now: RecordedSchema): { added: Record<string, RecordedAttribute>; removed: Record<string, RecordedAttribute> } {
  const added: Record<string, RecordedAttribute> = {};
  const removed: Record<string, RecordedAttribute> = {};
  for (const [name, attribute] of Object.entries(now)) if (!(name in recorded)) added[name] = attribute;
  for (const [name, attribute] of Object.entries(recorded)) if (!(name in now)) removed[name] = attribute;
  return { added, removed };
}
