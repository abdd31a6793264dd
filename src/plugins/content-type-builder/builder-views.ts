import type { ComponentDefinition, ContentTypeDefinition } from '../../core/schema/definition.js';
import { toSnakeCase } from '../../core/schema/names.js';

/** The builder's answers: a definition as the admin reads it, every default made explicit. */
export interface ContentTypeView {
  readonly uid: string;
  /** The plugin that defines a built-in type (`users-permissions`, `upload`). */
  readonly plugin?: string;
  readonly editable: boolean;
  readonly schema: {
    readonly kind: unknown;
    readonly collectionName: unknown;
    readonly singularName: unknown;
    readonly pluralName: unknown;
    readonly displayName: unknown;
    readonly description: unknown;
    readonly draftAndPublish: unknown;
    readonly pluginOptions: unknown;
    readonly attributes: unknown;
  };
}

export interface ComponentView {
  readonly uid: string;
  readonly category: string;
  readonly editable: boolean;
  readonly schema: {
    readonly collectionName: unknown;
    readonly displayName: unknown;
    readonly icon: unknown;
    readonly description: unknown;
    readonly attributes: unknown;
  };
}

export function modelNameOf(uid: string): string {
  return uid.slice(uid.lastIndexOf('.') + 1);
}

export function contentTypeView(uid: string, definition: ContentTypeDefinition, editable: boolean): ContentTypeView {
  const info = definition.info ?? {};
  const singularName = info.singularName ?? modelNameOf(uid);
  const pluralName = info.pluralName ?? `${String(singularName)}s`;
  const plugin = /^plugin::([^.]+)\./.exec(uid)?.[1];
  return {
    uid,
    ...(plugin === undefined ? {} : { plugin }),
    editable,
    schema: {
      kind: definition.kind ?? 'collectionType',
      collectionName: definition.collectionName ?? toSnakeCase(String(pluralName)),
      singularName,
      pluralName,
      displayName: info.displayName ?? singularName,
      description: info.description ?? '',
      draftAndPublish: definition.options?.draftAndPublish ?? false,
      pluginOptions: definition.pluginOptions ?? {},
      attributes: definition.attributes ?? {},
    },
  };
}

export function componentView(uid: string, definition: ComponentDefinition, editable: boolean): ComponentView {
  const [category = '', name = ''] = uid.split('.');
  const info = definition.info ?? {};
  return {
    uid,
    category,
    editable,
    schema: {
      collectionName: definition.collectionName ?? `components_${toSnakeCase(category)}_${toSnakeCase(name)}`,
      displayName: info.displayName ?? name,
      icon: info.icon ?? null,
      description: info.description ?? '',
      attributes: definition.attributes ?? {},
    },
  };
}
