import type { Model } from '../../schema/content-type.js';
import type { RelationSide } from '../../schema/relation-link.js';
import type { RelationRef, RelationWrite } from './relation-write.js';

/** An item names another locale than a localized source's own: the caller makes it a 400. */
export class LocaleChoiceError extends Error {}

/** One locale's part of a relation write: the list of that target locale it changes. */
export interface LocalePart {
  readonly locale: string;
  readonly write: RelationWrite;
}

function isLocalized(model: Model): boolean {
  return model.modelType === 'contentType' && model.localized;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * Splits a write on the owner side of a link to a localized type by the target locale its
 * items name (spec, Relation management 8 and 10): items without `locale` go to the request's
 * locale. A localized source links targets in its own locale only. A `set` sets the lists of
 * the locales it names (the request's when it names none); anchors are looked up in their
 * item's locale. Other writes are one part, in the request's locale.
 */
export function splitByLocale(write: RelationWrite, side: RelationSide, locale: string): LocalePart[] {
  if (side.side !== 'owner' || !side.link.targetLocalized) return [{ locale, write }];
  const localeOf = (ref: RelationRef): string => ref.locale ?? locale;
  const refs = write.mode === 'set' ? write.items.map((item) => item.ref) : [...write.connect.map((item) => item.ref), ...write.disconnect];
  if (isLocalized(side.link.owner)) {
    const other = refs.find((ref) => localeOf(ref) !== locale);
    if (other) throw new LocaleChoiceError(`A localized document links targets in its own locale ("${locale}"), not "${localeOf(other)}"`);
    return [{ locale, write }];
  }
  if (write.mode === 'set') {
    const groups = groupBy(write.items, (item) => localeOf(item.ref));
    if (groups.size === 0) return [{ locale, write }];
    return [...groups].map(([part, items]) => ({ locale: part, write: { ...write, items } }));
  }
  const connect = groupBy(write.connect, (item) => localeOf(item.ref));
  const disconnect = groupBy(write.disconnect, localeOf);
  const locales = new Set([...connect.keys(), ...disconnect.keys()]);
  if (locales.size === 0) return [{ locale, write }];
  return [...locales].map((part) => ({ locale: part, write: { ...write, connect: connect.get(part) ?? [], disconnect: disconnect.get(part) ?? [] } }));
}
