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

/** The app's messages: English, the only catalogue so far. */
export function t(key: MessageKey, values?: MessageValues): string {
  return translate(en, key, values);
}
