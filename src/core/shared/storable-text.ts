/**
 * Why a string cannot be stored as sent, or null when it can. Every string that reaches the
 * database passes here (write values, filter values, admin and auth bodies), so that the three
 * databases answer alike:
 * - U+0000: PostgreSQL text cannot hold it (→ an encoding error); SQLite and MySQL would keep it.
 * - A lone surrogate (`"\ud800"` in JSON): not Unicode text at all. UTF-8 drivers write it as
 *   U+FFFD, so the value read back would differ from the value the API accepted.
 * The message is the predicate of a sentence whose subject the caller names (`title must …`).
 */
/**
 * With the `u` flag a surrogate pair is one code point, so only an unpaired half matches: the
 * test of `String.prototype.isWellFormed`, which the ES2023 typings this project builds with lack.
 */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export function unstorableTextProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain NUL (U+0000) characters';
  if (LONE_SURROGATE.test(text)) return 'must be well-formed Unicode (it contains a lone surrogate, U+D800–U+DFFF)';
  return null;
}

/**
 * The first string inside a JSON value (keys included) that cannot be stored, as the problem
 * and the path to it; null when every string can be. A bad key is reported at its object, as
 * `keys must …`: the path must not quote the text it refuses. Depth is bounded by the caller's own
 * nesting check, which runs first.
 */
export function unstorableTextIn(value: unknown, path: readonly (string | number)[] = []): { readonly problem: string; readonly path: readonly (string | number)[] } | null {
  if (typeof value === 'string') {
    const problem = unstorableTextProblem(value);
    return problem === null ? null : { problem, path };
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, Array.isArray(value) ? Number(key) : key];
    const keyProblem = Array.isArray(value) ? null : unstorableTextProblem(key);
    if (keyProblem !== null) return { problem: `keys ${keyProblem}`, path };
    const found = unstorableTextIn(item, at);
    if (found) return found;
  }
  return null;
}
