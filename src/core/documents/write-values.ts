import type { Dialect } from '../db/dialect.js';
import { columnTypeOf } from '../schema/to-table-model.js';
import type { StoredValue } from './check-scalar-value.js';
import { hashPassword } from './hash-password.js';
import type { DocumentWrite } from './model-write.js';

/** Password attributes are stored as hashes; hashing is slow, so callers do it before their transaction. */
export async function hashPasswords(write: DocumentWrite): Promise<DocumentWrite> {
  const passwords = [...write.values].filter(([attribute, value]) => attribute.type === 'password' && typeof value === 'string');
  if (passwords.length === 0) return write;
  const values = new Map(write.values);
  for (const [attribute, value] of passwords) values.set(attribute, await hashPassword(value as string));
  return { ...write, values };
}

/** Column → bound value of a write, in the write's (definition) order. */
export function encodeColumns(dialect: Dialect, write: DocumentWrite): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [attribute, value] of write.values) columns[attribute.column] = dialect.encode(columnTypeOf(attribute.type), value as StoredValue);
  return columns;
}
