import type { RelationAttribute } from '../../schema/attribute.js';
import type { ValueContext } from '../model-write.js';
import { parseRelationItems, RelationPayloadError, type ItemRole } from './parse-relation-item.js';

/**
 * A reference to a related document as a body names it: a documentId, or (as the reference
 * allows) a numeric row id, resolved to its document before anything is compared.
 */
export type RelationRef = ({ readonly documentId: string } | { readonly rowId: number }) & VersionChoice;

/**
 * A longhand item's choice of the target's version (spec, Relation management 8–9): `locale`
 * when the source is not localized and the target is, `status` when the target has Draft &
 * Publish and the source does not. Absent: the request's locale, and the read's status.
 */
export interface VersionChoice {
  readonly locale?: string;
  readonly status?: 'draft' | 'published';
}

/** Where a connected item goes: before or after an anchor, first, or last (the default). */
export type RelationPosition<R = RelationRef> = { readonly before: R } | { readonly after: R } | { readonly start: true } | { readonly end: true };

export interface RelationItem<R = RelationRef> {
  readonly ref: R;
  readonly position: RelationPosition<R> | null;
}

/**
 * A relation change from a body. `set` replaces the list in the given order (shorthand
 * values, `null` and `[]` are sets); `change` disconnects, then connects item by item.
 */
export type RelationChange<R = RelationRef> =
  | { readonly mode: 'set'; readonly items: readonly RelationItem<R>[] }
  | { readonly mode: 'change'; readonly connect: readonly RelationItem<R>[]; readonly disconnect: readonly R[]; readonly strict: boolean };

export type RelationWrite = RelationChange & {
  readonly attribute: RelationAttribute;
  /** Where the value was in the body, for error paths (inside components too). */
  readonly path: readonly string[];
};

/** Keys of a relation object; `options.strict` is the reference's only option. */
const RELATION_KEYS = new Set(['connect', 'disconnect', 'set', 'options']);

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseStrict(raw: unknown): boolean {
  if (raw === undefined) return true;
  if (!isPlainObject(raw)) throw new RelationPayloadError('options must be an object');
  for (const key of Object.keys(raw)) if (key !== 'strict') throw new RelationPayloadError(`Invalid key ${key} in options: only strict is allowed`);
  if (raw.strict === undefined) return true;
  if (typeof raw.strict !== 'boolean') throw new RelationPayloadError('options.strict must be a boolean');
  return raw.strict;
}

function listOf(raw: unknown, key: string, role: ItemRole) {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new RelationPayloadError(`${key} must be an array`);
  return parseRelationItems(raw, role, key);
}

function parseChange(raw: unknown, mode: ValueContext['mode']): RelationChange {
  if (raw === null) return { mode: 'set', items: [] };
  if (Array.isArray(raw)) return { mode: 'set', items: parseRelationItems(raw, 'set', 'set') };
  if (!isPlainObject(raw)) return { mode: 'set', items: parseRelationItems([raw], 'set', 'set') };
  for (const key of Object.keys(raw)) {
    if (!RELATION_KEYS.has(key)) throw new RelationPayloadError(`Invalid key ${key}: a relation object takes connect, disconnect, set and options`);
  }
  // As in the reference, positions are always strict when the row is created.
  const strict = parseStrict(raw.options) || mode === 'create';
  if (raw.set !== undefined) {
    if (raw.connect !== undefined || raw.disconnect !== undefined) throw new RelationPayloadError('set cannot be combined with connect or disconnect');
    return { mode: 'set', items: listOf(raw.set, 'set', 'set') };
  }
  return { mode: 'change', connect: listOf(raw.connect, 'connect', 'connect'), disconnect: listOf(raw.disconnect, 'disconnect', 'disconnect').map((item) => item.ref), strict };
}

/**
 * A relation value of a body → a RelationWrite, checking its form only (keys, types, sizes,
 * positions). Whether the documents exist, duplicates and anchors are checked when the write
 * is applied, once ids are resolved, before any link changes. A malformed value adds a field
 * error under `path` (the write then fails with every error of the body).
 */
export function parseRelationWrite(attribute: RelationAttribute, raw: unknown, path: readonly string[], context: ValueContext): RelationWrite {
  try {
    // Media are set by file id (the spec: connect cannot be used for media attributes).
    if (attribute.media && isPlainObject(raw) && ('connect' in raw || 'disconnect' in raw || 'set' in raw)) {
      throw new RelationPayloadError('media attributes take file ids (a number, an array of numbers or null); connect, disconnect and set cannot be used');
    }
    return { ...parseChange(raw, context.mode), attribute, path };
  } catch (error) {
    if (!(error instanceof RelationPayloadError)) throw error;
    context.errors.push({ path, message: `${attribute.name}: ${error.message}`, name: 'ValidationError', value: null });
    return { mode: 'change', connect: [], disconnect: [], strict: true, attribute, path };
  }
}
