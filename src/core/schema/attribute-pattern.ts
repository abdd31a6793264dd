import { createRequire } from 'node:module';
import type { RE2JS } from 're2js';

/**
 * An attribute's `regex`, run by RE2 (the `re2js` port): matching takes time linear in the
 * input whatever the pattern, so an admin-defined `^(a+)+$` cannot let 30 characters of public
 * input hold the event loop for seconds, as JavaScript's backtracking RegExp does.
 */
export interface AttributePattern {
  /** The pattern as written in schema.json. */
  readonly source: string;
  /** Whether the pattern matches somewhere in the text (RegExp#test's meaning). */
  test(text: string): boolean;
  /** `/source/`, as the reference prints the pattern in its error message. */
  toString(): string;
}

export type PatternResult =
  | { readonly ok: true; readonly pattern: AttributePattern }
  | { readonly ok: false; readonly problem: 'invalid' | 'unsupported'; readonly detail: string };

type Re2Module = { readonly RE2JS: typeof RE2JS };

let re2: Re2Module | undefined;

/**
 * Loaded on the first regex attribute only: most projects have none. The package's CommonJS
 * build is required synchronously because schema normalisation is synchronous.
 */
function re2Module(): Re2Module {
  re2 ??= createRequire(import.meta.url)('re2js') as Re2Module;
  return re2;
}

/**
 * Compiles once, when the schema is read. A pattern JavaScript rejects is `invalid`; one that
 * JavaScript accepts but RE2 cannot run in linear time (backreferences, lookahead, lookbehind)
 * is `unsupported`, refused at start and in the builder rather than run with backtracking.
 */
export function compileAttributePattern(source: string): PatternResult {
  try {
    new RegExp(source);
  } catch (error) {
    return { ok: false, problem: 'invalid', detail: (error as Error).message };
  }
  let compiled: RE2JS;
  try {
    compiled = re2Module().RE2JS.compile(source);
  } catch (error) {
    return { ok: false, problem: 'unsupported', detail: (error as Error).message };
  }
  const text = `/${source}/`;
  return { ok: true, pattern: Object.freeze({ source, test: (input: string) => compiled.test(input), toString: () => text }) };
}
