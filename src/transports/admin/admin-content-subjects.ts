import type { Attribute } from '../../core/schema/attribute.js';
import type { ContentType } from '../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../core/schema/registry.js';

/**
 * The content-types the content manager edits, as subjects of admin permissions: the project's
 * types and the end users (Strapi lists `plugin::users-permissions.user` too), with the fields a
 * permission may name — component sub-fields dotted (`seo.metaTitle`), as Strapi does.
 */

/** What the admin needs of the model: the live registry and the locales (PluginContext has both). */
export interface AdminContentModel {
  readonly registry: SchemaRegistry;
  readonly locales: { list(): readonly { readonly code: string; readonly name: string; readonly isDefault: boolean }[] };
}

/** A field of the registry's `properties` tree: leaves are attributes, components have children. */
export interface SubjectField {
  readonly label: string;
  readonly value: string;
  readonly required?: true;
  readonly children?: readonly SubjectField[];
}

export interface ContentSubject {
  readonly uid: string;
  readonly kind: ContentType['kind'];
  readonly label: string;
  readonly localized: boolean;
  /** Every field path (`title`, `seo.metaTitle`): what `properties.fields` may hold. */
  readonly fieldPaths: readonly string[];
  readonly fieldTree: readonly SubjectField[];
}

const END_USER_UID = 'plugin::users-permissions.user';

export function isContentManagerType(type: ContentType): boolean {
  return type.uid.startsWith('api::') || type.uid === END_USER_UID;
}

/** Components nest at most this deep in the field tree (a guard; the registry refuses cycles). */
const MAX_DEPTH = 20;

function fieldsOf(registry: SchemaRegistry, attributes: Iterable<Attribute>, skip: ReadonlySet<string>, depth: number): SubjectField[] {
  const fields: SubjectField[] = [];
  for (const attribute of attributes) {
    if (skip.has(attribute.name)) continue;
    const required = 'required' in attribute && attribute.required === true ? { required: true as const } : {};
    const component = attribute.kind === 'component' ? registry.component(attribute.component) : undefined;
    if (component && depth < MAX_DEPTH) {
      const children = fieldsOf(registry, component.attributes.values(), new Set(['id']), depth + 1);
      fields.push({ label: attribute.name, value: attribute.name, ...required, children });
    } else {
      fields.push({ label: attribute.name, value: attribute.name, ...required });
    }
  }
  return fields;
}

function paths(fields: readonly SubjectField[], prefix: string): string[] {
  return fields.flatMap((field) => (field.children && field.children.length > 0 ? paths(field.children, `${prefix}${field.value}.`) : [`${prefix}${field.value}`]));
}

export function contentSubject(registry: SchemaRegistry, type: ContentType): ContentSubject {
  const system = new Set(type.systemAttributes.map((attribute) => attribute.name));
  const fieldTree = fieldsOf(registry, type.attributes.values(), system, 0);
  return { uid: type.uid, kind: type.kind, label: type.singularName, localized: type.localized, fieldPaths: paths(fieldTree, ''), fieldTree };
}

/** Every subject of the model being served, in the registry's order. */
export function contentSubjects(registry: SchemaRegistry): ContentSubject[] {
  return registry.contentTypes.filter(isContentManagerType).map((type) => contentSubject(registry, type));
}
