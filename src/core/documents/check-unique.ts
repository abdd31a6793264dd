import slugify from '@sindresorhus/slugify';
import type { Executor } from '../db/database.js';
import type { Dialect } from '../db/dialect.js';
import type { ScalarAttribute } from '../schema/attribute.js';
import { literalLimit } from '../query/compile/compile-select.js';
import { columnRef, constantOne, likePrefix } from '../query/compile/sql-expressions.js';
import { columnTypeOf } from '../schema/to-table-model.js';
import { ValidationError, type FieldError } from '../shared/errors.js';
import type { StoredValue } from './check-scalar-value.js';
import type { DocumentWrite } from './validate-data.js';

interface UniqueContext {
  readonly executor: Executor;
  readonly dialect: Dialect;
  /** The document being written, whose own rows never collide with it. */
  readonly documentId: string;
  /** The caller already holds the table's unique-check lock in this transaction. */
  readonly locked?: boolean;
  /** The written version's locale on localized types: values are unique within a locale (shared attributes across all). */
  readonly locale?: string | null;
}

/** Restricts a uniqueness lookup to the written locale, unless the attribute is shared by every locale. */
function withinLocale<T extends { where: (column: string, operator: '=', value: string) => T }>(select: T, context: UniqueContext, attribute: ScalarAttribute): T {
  return context.locale !== undefined && context.locale !== null && !attribute.shared ? select.where('locale', '=', context.locale) : select;
}

async function isTaken(context: UniqueContext, table: string, attribute: ScalarAttribute, value: StoredValue): Promise<boolean> {
  const select = context.executor
    .selectFrom(table)
    .select(constantOne().as('taken'))
    .where(columnRef(attribute.column), '=', context.dialect.encode(columnTypeOf(attribute.type), value))
    .where('document_id', '<>', context.documentId);
  const row = await withinLocale(select, context, attribute).limit(literalLimit(1)).executeTakeFirst();
  return row !== undefined;
}

/** uid attributes are identifiers: they are unique within their content-type like `unique` ones. */
function mustBeUnique(attribute: ScalarAttribute): boolean {
  return attribute.unique || attribute.type === 'uid';
}

/** The first of `base`, `base-1`, `base-2`, … that no other document holds. */
async function firstFreeUid(context: UniqueContext, table: string, attribute: ScalarAttribute, base: string): Promise<string> {
  const select = context.executor
    .selectFrom(table)
    .select(columnRef<string>(attribute.column).as('value'))
    // Escaped: a separator or preserved character of the attribute's options may be `_`, `%` or `\`.
    .where((eb) => eb.or([eb(columnRef(attribute.column), '=', base), likePrefix(context.dialect, attribute.column, `${base}-`)]))
    .where('document_id', '<>', context.documentId);
  const rows = await withinLocale(select, context, attribute).execute();
  const taken = new Set(rows.map((row) => row.value));
  if (!taken.has(base)) return base;
  for (let suffix = 1; ; suffix += 1) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

/**
 * Completes a write with generated uids and checks uniqueness, inside the write's transaction
 * so that no other writer can take a value between the check and the insert.
 * (DECISIONS, better than the reference 8: an empty uid is generated from its targetField.)
 */
export async function completeUniqueValues(write: DocumentWrite, mode: 'create' | 'update', context: UniqueContext): Promise<DocumentWrite> {
  const table = write.contentType.collectionName;
  const values = new Map(write.values);
  const errors: FieldError[] = [];
  const generatesUid = (attribute: ScalarAttribute) => mode === 'create' && attribute.type === 'uid' && attribute.targetField !== undefined;
  const checks = write.contentType.scalarAttributes.some(
    (attribute) => generatesUid(attribute) || (mustBeUnique(attribute) && values.get(attribute) !== undefined && values.get(attribute) !== null),
  );
  if (!checks) return write;
  // Until this transaction ends no other writer can check this table: two of them could
  // otherwise both find a value free and both store it.
  if (!context.locked) await context.dialect.lockForUniqueCheck(context.executor, table);
  for (const attribute of write.contentType.scalarAttributes) {
    const value = values.get(attribute);
    if (mode === 'create' && attribute.type === 'uid' && attribute.targetField && (value === undefined || value === null || value === '')) {
      const source = [...values].find(([candidate]) => candidate.name === attribute.targetField)?.[1];
      // As Strapi's content-manager (services/uid.ts generateUIDField): slugify with the attribute's options.
      // Capped (the column is a varchar(255), and a -n suffix may follow).
      const base = typeof source === 'string' ? slugify(source, attribute.uidOptions).slice(0, 200) : '';
      if (base !== '') values.set(attribute, await firstFreeUid(context, table, attribute, base));
      else if (attribute.required) errors.push({ path: [attribute.name], message: `${attribute.name} must be defined.`, name: 'ValidationError', value: null });
      continue;
    }
    if (value === undefined || value === null || !mustBeUnique(attribute)) continue;
    if (await isTaken(context, table, attribute, value)) {
      errors.push({ path: [attribute.name], message: 'This attribute must be unique', name: 'ValidationError', value: typeof value === 'bigint' ? value.toString() : value });
    }
  }
  if (errors.length > 0) throw ValidationError.fromFieldErrors(errors);
  return { ...write, values };
}
