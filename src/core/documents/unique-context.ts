import type { Executor } from '../db/database.js';
import type { Dialect } from '../db/dialect.js';
import type { ScalarAttribute } from '../schema/attribute.js';

/** Where a uniqueness check or uid generation looks: its executor (a write's transaction, or the database), and what it leaves out. */
export interface UniqueContext {
  readonly executor: Executor;
  readonly dialect: Dialect;
  /** The document being written, whose own rows never collide with it (null: none is). */
  readonly documentId: string | null;
  /** The caller already holds the table's unique-check lock in this transaction. */
  readonly locked?: boolean;
  /** The written version's locale on localized types: values are unique within a locale (shared attributes across all). */
  readonly locale?: string | null;
}

/** Restricts a uniqueness lookup to the written locale, unless the attribute is shared by every locale. */
export function withinLocale<T extends { where: (column: string, operator: '=', value: string) => T }>(select: T, context: UniqueContext, attribute: ScalarAttribute): T {
  return context.locale !== undefined && context.locale !== null && !attribute.shared ? select.where('locale', '=', context.locale) : select;
}
