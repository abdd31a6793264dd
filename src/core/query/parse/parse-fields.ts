import { asPublicScalar, type ScalarAttribute } from '../../schema/attribute.js';
import type { StoredModel } from '../../schema/model.js';
import { ValidationError } from '../../shared/errors.js';
import { toList } from './raw-values.js';

/** Every attribute a response shows by default, in output order (id and documentId excluded). */
export function defaultFields(contentType: StoredModel): readonly ScalarAttribute[] {
  return contentType.readableAttributes;
}

/**
 * `fields`: a comma list or an indexed array of scalar attribute names, or `*`.
 * id and documentId are always returned, so naming them is allowed and changes nothing.
 * Relations, media, components and dynamic zones are not fields (they are populated): naming
 * one is an invalid key, as in the reference, rather than a request silently answered without it.
 */
export function parseFields(raw: unknown, contentType: StoredModel): readonly ScalarAttribute[] {
  if (raw === undefined || raw === null) return defaultFields(contentType);
  const items = typeof raw === 'string' ? [raw] : toList(raw);
  if (!items || !items.every((item): item is string => typeof item === 'string')) {
    throw new ValidationError('Invalid fields parameter: expected attribute names', { key: 'fields', path: null, source: 'query', param: 'fields' });
  }
  const names = items.flatMap((item) => item.split(',')).map((name) => name.trim()).filter((name) => name.length > 0);
  if (names.length === 0 || names.includes('*')) return defaultFields(contentType);
  const selected = new Set<string>();
  for (const name of names) {
    // As the reference's `details.path`: the attribute's name when it exists, null when unknown.
    if (!asPublicScalar(contentType.attributes.get(name))) throw ValidationError.invalidKey(name, { source: 'query', param: 'fields', path: contentType.attributes.has(name) ? name : null });
    selected.add(name);
  }
  return defaultFields(contentType).filter((attribute) => selected.has(attribute.name));
}
