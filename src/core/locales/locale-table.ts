import type { TableModel } from '../db/table-model.js';

/**
 * The locales content may be written in. `is_default` marks the one a request without `locale`
 * uses: kept on the rows (not in tessera_store) so that one statement reads the whole catalog
 * and one transaction changes it.
 */
export const LOCALE_TABLE: TableModel = {
  name: 'i18n_locale',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'document_id', type: 'string', notNull: true },
    { name: 'name', type: 'string' },
    { name: 'code', type: 'string', notNull: true },
    { name: 'is_default', type: 'boolean' },
    { name: 'created_at', type: 'datetime' },
    { name: 'updated_at', type: 'datetime' },
    { name: 'published_at', type: 'datetime' },
  ],
  indexes: [{ name: 'i18n_locale_code_uq', columns: ['code'], unique: true }],
};

/** A locale as both APIs show it. */
export interface LocaleView {
  readonly id: number;
  readonly documentId: string;
  readonly name: string;
  readonly code: string;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
  readonly publishedAt: string | null;
  readonly isDefault: boolean;
}

type Row = Readonly<Record<string, unknown>>;

export const LOCALE_COLUMNS = ['id', 'document_id', 'name', 'code', 'is_default', 'created_at', 'updated_at', 'published_at'] as const;

/** Booleans come back as true/false (PostgreSQL) or 1/0 (SQLite, MySQL). */
const bool = (value: unknown): boolean => value === true || value === 1 || value === '1';
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export function localeView(row: Row): LocaleView {
  const code = String(row.code);
  return {
    id: Number(row.id),
    documentId: String(row.document_id),
    name: text(row.name) ?? code,
    code,
    createdAt: text(row.created_at),
    updatedAt: text(row.updated_at),
    publishedAt: text(row.published_at),
    isDefault: bool(row.is_default),
  };
}
