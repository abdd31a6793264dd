import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from './dialect.js';

/**
 * A datetime column selected as ISO 8601 text (`2024-01-15T09:00:00.000Z`), as the API shows it
 * on every database: for tables read outside the document service (a plugin's own tables).
 */
export function isoDatetimeColumn(dialect: Dialect, column: string): RawBuilder<string> {
  return dialect.textOf(sql.ref(column), 'datetime') as RawBuilder<string>;
}
