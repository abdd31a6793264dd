import { INT32_MAX } from '../../schema/scalar-values.js';
import { unstorableTextProblem } from '../../shared/storable-text.js';
import type { RelationItem, RelationPosition, RelationRef } from './relation-write.js';

/** A malformed relation value; parseRelationWrite turns it into a field error of the body. */
export class RelationPayloadError extends Error {}

/** Items one connect, disconnect or set list may hold: bounds the work a single body can ask for. */
export const MAX_RELATION_ITEMS = 1000;

/** Row ids are 32-bit integers on every database. */
const MAX_ROW_ID = INT32_MAX;

/** The reference's document ids are 24 characters; anything much longer is certainly not one. */
const MAX_DOCUMENT_ID_LENGTH = 255;

/** Which list an item is in: only connect items may carry a position. */
export type ItemRole = 'connect' | 'disconnect' | 'set';

const ITEM_KEYS: Readonly<Record<ItemRole, ReadonlySet<string>>> = {
  connect: new Set(['documentId', 'id', 'position', 'locale', 'status']),
  disconnect: new Set(['documentId', 'id', 'locale', 'status']),
  set: new Set(['documentId', 'id', 'locale', 'status']),
};

const POSITION_KEYS = new Set(['before', 'after', 'start', 'end']);

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : JSON.stringify(value);
}

/** A documentId, or a row id given as a number or a string of digits (as the reference reads them). */
export function parseRef(value: unknown, where: string): RelationRef {
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 1 || value > MAX_ROW_ID) throw new RelationPayloadError(`${where}: ${value} is not a valid id (a documentId string or a positive integer row id)`);
    return { rowId: value };
  }
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_DOCUMENT_ID_LENGTH) {
    throw new RelationPayloadError(`${where}: expected a documentId string, got ${typeof value === 'string' ? 'an invalid string' : describe(value)}`);
  }
  // Looked up in the database, which must never see what it cannot store (PostgreSQL: a 500).
  const unstorable = unstorableTextProblem(value);
  if (unstorable !== null) throw new RelationPayloadError(`${where} ${unstorable}`);
  if (/^[0-9]+$/.test(value)) return parseRef(Number(value), where);
  return { documentId: value };
}

function parsePosition(raw: unknown, where: string): RelationPosition {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new RelationPayloadError(`${where}.position must be an object`);
  const keys = Object.keys(raw);
  const unknown = keys.find((key) => !POSITION_KEYS.has(key));
  if (unknown !== undefined) throw new RelationPayloadError(`Invalid key ${unknown} in ${where}.position: use one of before, after, start, end`);
  if (keys.length !== 1) throw new RelationPayloadError(`${where}.position must have exactly one of before, after, start, end (got ${keys.length === 0 ? 'none' : keys.join(', ')})`);
  const position = raw as Readonly<Record<string, unknown>>;
  if ('before' in position) return { before: parseRef(position.before, `${where}.position.before`) };
  if ('after' in position) return { after: parseRef(position.after, `${where}.position.after`) };
  const key = keys[0] as 'start' | 'end';
  if (position[key] !== true) throw new RelationPayloadError(`${where}.position.${key} must be true`);
  return key === 'start' ? { start: true } : { end: true };
}

function parseItem(raw: unknown, role: ItemRole, where: string): RelationItem {
  if (typeof raw !== 'object' || raw === null) return { ref: parseRef(raw, where), position: null };
  if (Array.isArray(raw)) throw new RelationPayloadError(`${where}: expected a documentId or an object with a documentId, got an array`);
  const item = raw as Readonly<Record<string, unknown>>;
  for (const key of Object.keys(item)) {
    if (!ITEM_KEYS[role].has(key)) throw new RelationPayloadError(`Invalid key ${key} in ${where}${key === 'position' ? ': position is only allowed in connect' : ''}`);
  }
  if ((item.documentId === undefined) === (item.id === undefined)) throw new RelationPayloadError(`${where} must have a documentId`);
  if (item.locale !== undefined && item.locale !== null && typeof item.locale !== 'string') throw new RelationPayloadError(`${where}.locale must be a string`);
  // Checked whatever the target: a locale on a relation to a type without i18n is ignored, not stored, and yet NUL is refused everywhere.
  const localeProblem = typeof item.locale === 'string' ? unstorableTextProblem(item.locale) : null;
  if (localeProblem !== null) throw new RelationPayloadError(`${where}.locale ${localeProblem}`);
  if (item.status !== undefined && item.status !== 'draft' && item.status !== 'published') throw new RelationPayloadError(`${where}.status must be "draft" or "published"`);
  const named = item.documentId !== undefined ? parseRef(item.documentId, `${where}.documentId`) : parseRef(item.id, `${where}.id`);
  // locale and status choose a target version; whether the relation allows it is checked when it is applied.
  const ref: RelationRef = {
    ...named,
    ...(typeof item.locale === 'string' && item.locale !== '' ? { locale: item.locale } : {}),
    ...(item.status === 'draft' || item.status === 'published' ? { status: item.status } : {}),
  };
  return { ref, position: item.position === undefined ? null : parsePosition(item.position, where) };
}

/**
 * The items of one list. Byte-identical entries are dropped first, as the reference does;
 * entries naming the same document differently are found later, once ids are resolved.
 */
export function parseRelationItems(raw: readonly unknown[], role: ItemRole, key: string): RelationItem[] {
  if (raw.length > MAX_RELATION_ITEMS) throw new RelationPayloadError(`${key} has ${raw.length} items; at most ${MAX_RELATION_ITEMS} are allowed`);
  const seen = new Set<string>();
  const items: RelationItem[] = [];
  raw.forEach((value, index) => {
    // Parsed first: a value that parses is shallow, so serializing it cannot overflow.
    const item = parseItem(value, role, `${key}[${index}]`);
    const text = JSON.stringify(value);
    if (seen.has(text)) return;
    seen.add(text);
    items.push(item);
  });
  return items;
}
