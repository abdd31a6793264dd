import type { StoredModel } from '../../schema/model.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import { ValidationError } from '../../shared/errors.js';
import type { PopulateNode } from '../document-query.js';
import { isPlainRecord, toList } from './raw-values.js';

/** `populate` of the query string → the populate tree. (Being built: only `*` and unknown keys so far.) */
export function parsePopulate(raw: unknown, _model: StoredModel, _registry: SchemaRegistry): readonly PopulateNode[] {
  if (raw === undefined || raw === null || raw === '' || raw === '*') return [];
  const names = typeof raw === 'string' ? raw.split(',') : (toList(raw) ?? (isPlainRecord(raw) ? Object.keys(raw) : undefined));
  const first = names?.find((name) => name !== '*');
  if (names === undefined) throw new ValidationError('Invalid populate parameter', { key: 'populate', path: null, source: 'query', param: 'populate' });
  if (first !== undefined) throw ValidationError.invalidKey(typeof first === 'string' ? first.trim() : String(first), { source: 'query', param: 'populate' });
  return [];
}
