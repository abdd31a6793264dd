/**
 * The raw shapes users write (schema.json), before normalization. Only what Tessera reads is
 * named; every field is checked by normalize-content-type.ts, not trusted. Other keys are
 * allowed (Strapi ignores them; the content-type builder keeps them).
 */

export interface AttributeDefinition {
  readonly type?: unknown;
  readonly [option: string]: unknown;
}

export interface ContentTypeDefinition {
  readonly kind?: unknown;
  readonly collectionName?: unknown;
  readonly info?: {
    readonly singularName?: unknown;
    readonly pluralName?: unknown;
    readonly displayName?: unknown;
    readonly description?: unknown;
    readonly [key: string]: unknown;
  };
  readonly options?: { readonly draftAndPublish?: unknown; readonly [key: string]: unknown };
  readonly pluginOptions?: Readonly<Record<string, unknown>>;
  readonly attributes?: Readonly<Record<string, AttributeDefinition>>;
  readonly [key: string]: unknown;
}

/** A definition together with where it came from. */
export interface SourcedDefinition {
  /** `api::<api>.<name>` */
  readonly uid: string;
  readonly apiName: string;
  /** The folder name under content-types/. */
  readonly modelName: string;
  readonly file: string;
  readonly definition: ContentTypeDefinition;
}

/** A component definition (`src/components/<category>/<name>.json`). */
export interface ComponentDefinition {
  readonly collectionName?: unknown;
  readonly info?: { readonly displayName?: unknown; readonly icon?: unknown; readonly description?: unknown; readonly [key: string]: unknown };
  readonly options?: Readonly<Record<string, unknown>>;
  readonly attributes?: Readonly<Record<string, AttributeDefinition>>;
  readonly [key: string]: unknown;
}

export interface SourcedComponentDefinition {
  /** `<category>.<name>` */
  readonly uid: string;
  readonly category: string;
  readonly name: string;
  readonly file: string;
  readonly definition: ComponentDefinition;
}
