/**
 * The shapes of Strapi 5's content-manager answers that the edit view reads (reference §1.3).
 * Only the members the view uses are named; the server sends more.
 */

/** An attribute of a content type or component, as GET /content-manager/init gives it. */
export interface Attribute {
  readonly type: string;
  readonly required?: boolean;
  readonly unique?: boolean;
  readonly min?: number | string;
  readonly max?: number | string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly regex?: string;
  readonly enum?: readonly string[];
  readonly default?: unknown;
  readonly targetField?: string;
  readonly component?: string;
  readonly components?: readonly string[];
  readonly repeatable?: boolean;
  readonly multiple?: boolean;
  readonly allowedTypes?: readonly string[] | null;
  readonly relation?: string;
  readonly target?: string;
  readonly targetModel?: string;
  readonly relationType?: string;
  readonly private?: boolean;
  readonly pluginOptions?: { readonly i18n?: { readonly localized?: boolean } };
}

export type Attributes = Readonly<Record<string, Attribute>>;

export interface SchemaDto {
  readonly uid: string;
  readonly kind?: 'collectionType' | 'singleType';
  readonly info: { readonly displayName: string };
  readonly options?: { readonly draftAndPublish?: boolean };
  readonly pluginOptions?: { readonly i18n?: { readonly localized?: boolean } };
  readonly attributes: Attributes;
}

/** GET /content-manager/init with the schemas. */
export interface SchemaInit {
  readonly contentTypes: readonly SchemaDto[];
  readonly components: readonly SchemaDto[];
}

export interface EditMetadata {
  readonly label?: string;
  readonly description?: string;
  readonly placeholder?: string;
  readonly visible?: boolean;
  readonly editable?: boolean;
  readonly mainField?: string;
}

export interface ViewConfiguration {
  readonly settings?: { readonly mainField?: string };
  readonly metadatas: Readonly<Record<string, { readonly edit?: EditMetadata }>>;
  readonly layouts: { readonly edit: readonly (readonly { readonly name: string; readonly size: number }[])[] };
}

/** GET /content-manager/content-types/:uid/configuration. */
export interface ConfigurationAnswer {
  readonly contentType: ViewConfiguration;
  readonly components: Readonly<Record<string, ViewConfiguration>>;
}

export type DocumentStatus = 'draft' | 'published' | 'modified';

/** A document of the content manager: its fields, plus the members below. */
export interface CmDocument {
  readonly id?: number;
  readonly documentId?: string;
  readonly locale?: string | null;
  readonly status?: DocumentStatus;
  readonly publishedAt?: string | null;
  readonly updatedAt?: string;
  readonly [field: string]: unknown;
}

export interface DocumentMeta {
  readonly availableLocales?: readonly { readonly locale: string; readonly status?: DocumentStatus }[];
  readonly availableStatus?: readonly { readonly publishedAt?: string | null }[];
}

export interface DocumentAnswer {
  readonly data: CmDocument;
  readonly meta?: DocumentMeta;
}

/** A relation target as the relation routes list it. */
export interface RelationTarget {
  readonly id: number;
  readonly documentId: string;
  readonly locale?: string | null;
  readonly status?: DocumentStatus;
  readonly publishedAt?: string | null;
  readonly [field: string]: unknown;
}

export interface Paged<T> {
  readonly results: readonly T[];
  readonly pagination: { readonly page: number; readonly pageSize: number; readonly pageCount: number; readonly total: number };
}

/** A file of the media library (GET /upload/files). */
export interface MediaFile {
  readonly id: number;
  readonly documentId?: string;
  readonly name: string;
  readonly url: string;
  readonly mime: string;
  readonly alternativeText?: string | null;
  readonly formats?: Readonly<Record<string, { readonly url: string }>> | null;
}

export interface Locale {
  readonly code: string;
  readonly name: string;
  readonly isDefault: boolean;
}

/** One version of GET /content-manager/history-versions. */
export interface HistoryVersion {
  readonly id: number;
  readonly status: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly createdAt: string;
  readonly createdBy?: { readonly firstname?: string | null; readonly lastname?: string | null; readonly email?: string } | null;
}
