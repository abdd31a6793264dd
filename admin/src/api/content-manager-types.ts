import type { ContentTypeDto } from './admin-types';

/**
 * The content manager's shapes that the list view reads (Strapi 5's, recorded in
 * /work/shared/reference/strapi5-admin-api.md §1.3). Only the members the app uses are named.
 */

/** An attribute as GET /content-manager/init describes it. */
export interface AttributeDto {
  readonly type: string;
  readonly enum?: readonly string[];
  readonly relation?: string;
  readonly targetModel?: string;
  readonly multiple?: boolean;
  readonly private?: boolean;
  readonly visible?: boolean;
}

/** A content type of GET /content-manager/init, with what the list view needs. */
export interface ContentTypeSchema extends ContentTypeDto {
  readonly options?: { readonly draftAndPublish?: boolean };
  readonly pluginOptions?: { readonly i18n?: { readonly localized?: boolean } };
  readonly attributes: Readonly<Record<string, AttributeDto>>;
}

export interface ListSettings {
  readonly bulkable: boolean;
  readonly filterable: boolean;
  readonly searchable: boolean;
  readonly pageSize: number;
  readonly mainField: string;
  readonly defaultSortBy: string;
  readonly defaultSortOrder: 'ASC' | 'DESC';
  readonly [key: string]: unknown;
}

export interface FieldMetadata {
  readonly edit: Readonly<Record<string, unknown>>;
  readonly list: { readonly label?: string; readonly searchable?: boolean; readonly sortable?: boolean; readonly mainField?: string };
}

/** GET /content-manager/content-types/:uid/configuration's `contentType`; PUT takes settings, metadatas and layouts back. */
export interface ContentTypeConfiguration {
  readonly uid: string;
  readonly settings: ListSettings;
  readonly metadatas: Readonly<Record<string, FieldMetadata>>;
  readonly layouts: { readonly list: readonly string[]; readonly edit: unknown };
}

/** A row of the list: the document's fields, and its status under Draft & Publish. */
export interface ListDocument {
  readonly id: number;
  readonly documentId: string;
  readonly status?: 'draft' | 'published' | 'modified';
  readonly [field: string]: unknown;
}

/** GET /content-manager/collection-types/:uid: a bare `{results, pagination}`. */
export interface ListAnswer {
  readonly results: readonly ListDocument[];
  readonly pagination: { readonly page: number; readonly pageSize: number; readonly pageCount: number; readonly total: number };
}

/** GET /i18n/locales: a bare array. */
export interface LocaleDto {
  readonly code: string;
  readonly name: string;
  readonly isDefault: boolean;
}
