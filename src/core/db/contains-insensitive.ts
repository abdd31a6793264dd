import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from './dialect.js';

/**
 * `column` contains `text`, case-insensitively (Unicode-aware lower-casing), with LIKE's
 * wildcards in `text` taken literally: the `$containsi` of a plugin's own tables.
 */
export function containsInsensitive(dialect: Dialect, column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return sql<boolean>`${dialect.lower(sql.ref(column))} like ${dialect.lower(dialect.textParameter(pattern))} ${dialect.likeEscape}`;
}
