import { en, type MessageKey, type Messages } from './en';

/** Values put in a message's `{name}` placeholders. */
export type MessageValues = Readonly<Record<string, string | number>>;

/**
 * The message of `key` in `messages` with its placeholders filled. A placeholder with no value
 * is left as written, so that a missing value shows in the UI instead of vanishing.
 */
export function translate(messages: Messages, key: MessageKey, values?: MessageValues): string {
  const text = messages[key];
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The keys that have plural forms: `<base>.one` and `<base>.other` both exist. */
export type PluralKey = { [K in MessageKey]: K extends `${infer Base}.one` ? (`${Base}.other` extends MessageKey ? Base : never) : never }[MessageKey];

/**
 * The plural form of `base` for `count` in `locale` (Intl.PluralRules), `{count}` filled. A
 * category the catalogue lacks (English has only one and other) falls back to `other`.
 */
export function translatePlural(messages: Messages, locale: string, base: PluralKey, count: number, values?: MessageValues): string {
  const category = new Intl.PluralRules(locale).select(count);
  const key = `${base}.${category}`;
  const chosen = (key in messages ? key : `${base}.other`) as MessageKey;
  return translate(messages, chosen, { count, ...values });
}

/** The app's messages: English, the only catalogue so far. */
export function t(key: MessageKey, values?: MessageValues): string {
  return translate(en, key, values);
}

/** The plural form of `base` for `count`, in English. */
export function tPlural(base: PluralKey, count: number, values?: MessageValues): string {
  return translatePlural(en, 'en', base, count, values);
}
