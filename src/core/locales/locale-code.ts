/** What a locale code may look like: a BCP 47 language tag in its common shapes (`en`, `fr-CA`, `zh-Hans-CN`). */
const LOCALE_CODE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** Longest code kept: the column is a short string and nothing real comes near it. */
const MAX_CODE_LENGTH = 64;

export function isLocaleCode(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_CODE_LENGTH && LOCALE_CODE.test(value);
}

/**
 * The name a locale gets when nobody gave one, as the reference names them: its English display
 * name followed by the code, `French (fr)`. Node's ICU data knows the names offline; a code it
 * cannot name is shown as itself. Built per call: loading the display names costs ~7 MB of
 * memory for good, and names are needed only when a locale is created.
 */
export function defaultLocaleName(code: string): string {
  let english: string | undefined;
  try {
    english = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' }).of(code);
  } catch {
    english = undefined;
  }
  return english === undefined || english === code ? code : `${english} (${code})`;
}
