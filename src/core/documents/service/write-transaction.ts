import type { DbTransaction } from '../../db/database.js';
import { ValidationError } from '../../shared/errors.js';
import type { DocumentContext } from './document-context.js';

/**
 * Runs a write whose database errors caused by a value (one past a column's range that
 * validation could not know of, such as MySQL's decimal(65,30)) become a 400.
 */
export async function translateClientErrors<T>(context: DocumentContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const problem = context.dialect.clientErrorOf(error);
    if (problem !== null) throw new ValidationError(`Invalid value: ${problem}`);
    throw error;
  }
}

/** A write's transaction (retried by the database on serialization failures), with value errors as 400s. */
export function inWriteTransaction<T>(context: DocumentContext, fn: (trx: DbTransaction) => Promise<T>): Promise<T> {
  return translateClientErrors(context, () => context.database.transaction(fn));
}
