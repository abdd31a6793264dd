import type { ScalarAttribute } from '../schema/attribute.js';
import { literalLimit } from '../query/compile/compile-select.js';
import { columnRef, constantOne } from '../query/compile/sql-expressions.js';
import { columnTypeOf } from '../schema/to-table-model.js';
import { ValidationError, type FieldError } from '../shared/errors.js';
import type { StoredValue } from './check-scalar-value.js';
import type { DocumentWrite } from './validate-data.js';
import { firstFreeUid, uidSlug } from './uid-values.js';
import { withinLocale, type UniqueContext } from './unique-context.js';

export type { UniqueContext } from './unique-context.js';

/** Whether another document holds the value (within the locale unless the attribute is shared). */
export async function isTaken(context: UniqueContext, table: string, attribute: ScalarAttribute, value: StoredValue): Promise<boolean> {
  const select = context.executor
    .selectFrom(table)
    .select(constantOne().as('taken'))
    .where(columnRef(attribute.column), '=', context.dialect.encode(columnTypeOf(attribute.type), value))
    .where('document_id', '<>', context.documentId ?? '');
  const row = await withinLocale(select, context, attribute).limit(literalLimit(1)).executeTakeFirst();
  return row !== undefined;
}

/** uid attributes are identifiers: they are unique within their content-type like `unique` ones. */
function mustBeUnique(attribute: ScalarAttribute): boolean {
  return attribute.unique || attribute.type === 'uid';
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
      const base = typeof source === 'string' ? uidSlug(source, attribute) : '';
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
