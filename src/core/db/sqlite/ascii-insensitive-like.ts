import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * The only characters whose JavaScript `toLowerCase()` (what `tessera_lower()` runs) contains
 * ASCII: U+0130 İ → "i̇" and U+212A Kelvin sign → "k". Every other non-ASCII character lowers to
 * non-ASCII characters only (ascii-insensitive-like.test.ts checks every code point).
 */
export const FOLDS_INTO_ASCII: readonly string[] = ['\u0130', '\u212A'];

/**
 * `tessera_lower(text) like pattern` for a lowered pattern of ASCII characters, `%` and escapes,
 * without calling JavaScript per row: SQLite's native lower() folds only A–Z, but against an
 * ASCII pattern only the ASCII runs of the text can match, and those are the same under both
 * foldings unless the text holds one of FOLDS_INTO_ASCII — then the Unicode folding decides.
 */
export function asciiInsensitiveLike(text: RawBuilder<unknown>, loweredPattern: string): RawBuilder<SqlBool> {
  const unsafe = sql.join(FOLDS_INTO_ASCII.map((character) => sql`instr(${text}, ${sql.lit(character)}) > 0`), sql` or `);
  return sql<SqlBool>`(case when ${unsafe} then tessera_lower(${text}) like ${loweredPattern} escape '\\' else lower(${text}) like ${loweredPattern} escape '\\' end)`;
}
