import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * The only characters whose JavaScript `toLowerCase()` (what `tessera_lower()` runs) contains
 * ASCII: U+0130 İ → "i̇" and U+212A Kelvin sign → "k". Every other non-ASCII character lowers to
 * non-ASCII characters only (ascii-insensitive-like.test.ts checks every code point).
 */
export const FOLDS_INTO_ASCII: readonly string[] = ['\u0130', '\u212A'];

/** The literal of a contains pattern (`%text%`, text escaped, without wildcards), or null for any other pattern. */
export function containedLiteral(pattern: string): string | null {
  if (pattern.length < 2 || !pattern.startsWith('%') || !pattern.endsWith('%')) return null;
  let literal = '';
  const inner = pattern.slice(1, -1);
  for (let index = 0; index < inner.length; index += 1) {
    const character = inner[index] as string;
    if (character === '\\') {
      index += 1;
      if (index >= inner.length) return null;
      literal += inner[index];
    } else if (character === '%' || character === '_') return null;
    else literal += character;
  }
  return literal;
}

/**
 * `tessera_lower(text) like pattern` for a lowered pattern of ASCII characters, `%` and escapes,
 * without calling JavaScript per row: SQLite's native lower() folds only A–Z, but against an
 * ASCII pattern only the ASCII runs of the text can match, and those are the same under both
 * foldings unless the text holds one of FOLDS_INTO_ASCII — then the Unicode folding decides
 * (it can only match more: a run of the native folding is part of one of the Unicode folding).
 * A contains pattern is an `instr`, cheaper than LIKE's matcher.
 */
export function asciiInsensitiveLike(text: RawBuilder<unknown>, loweredPattern: string): RawBuilder<SqlBool> {
  const literal = containedLiteral(loweredPattern);
  const native = literal !== null ? sql`instr(lower(${text}), ${literal}) > 0` : sql`lower(${text}) like ${loweredPattern} escape '\\'`;
  const unsafe = sql.join(FOLDS_INTO_ASCII.map((character) => sql`instr(${text}, ${sql.lit(character)}) > 0`), sql` or `);
  return sql<SqlBool>`(${native} or ((${unsafe}) and tessera_lower(${text}) like ${loweredPattern} escape '\\'))`;
}
