import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Large answers written as a stream: `JSON.stringify` of an answer of 100,000 objects holds the
 * event loop for the whole text (issue 15: `/_health` waited seconds behind one request). Past
 * `STREAM_ABOVE_OBJECTS` the answer's text is made in batches of about `OBJECTS_PER_CHUNK`
 * objects (or 1 MiB of text), each handed to the socket only when it asks for more (backpressure), with a turn of
 * the event loop between batches. The bytes are those `JSON.stringify` writes.
 */
export const STREAM_ABOVE_OBJECTS = 2000;
export const OBJECTS_PER_CHUNK = 1000;
/** A chunk is cut sooner when its text reaches this length (objects holding long texts). */
const CHUNK_TEXT_LENGTH = 1 << 20;

type Container = Readonly<Record<string, unknown>> | readonly unknown[];

/** A value `JSON.stringify` writes as an object or array by walking it (not through `toJSON`, not a boxed primitive). */
function isContainer(value: unknown): value is Container {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  return typeof (value as { toJSON?: unknown }).toJSON !== 'function' && !(value instanceof Number || value instanceof String || value instanceof Boolean);
}

/**
 * Objects and arrays in a value's JSON text, counted past `cap` only as far as needed to know
 * it is passed. Each object or array is measured once (memoized by identity): populated rows
 * share lists, so the text may hold a subtree many times while the count costs it once.
 */
export class ObjectCounter {
  private readonly sizes = new WeakMap<object, number>();

  constructor(readonly cap: number) {}

  count(value: unknown): number {
    if (value === null || typeof value !== 'object') return 0;
    if (!isContainer(value)) return 1;
    const known = this.sizes.get(value);
    if (known !== undefined) return known;
    let total = 1;
    const items = Array.isArray(value) ? value : Object.values(value);
    for (const item of items) {
      total += this.count(item);
      if (total > this.cap) {
        total = this.cap + 1;
        break;
      }
    }
    this.sizes.set(value, total);
    return total;
  }
}

/**
 * Whether a value's JSON text holds more than `limit` objects and arrays: a plain walk that
 * stops as soon as it knows, without the memo of ObjectCounter (whose WeakMap costs about as
 * much as serialising a small answer). A list shared by many rows is walked each time it is
 * met, as it is written each time, so the walk never visits more than `limit + 1` objects.
 */
export function holdsMoreObjectsThan(value: unknown, limit: number): boolean {
  let left = limit;
  // Called for objects only: the members' type is checked before the call (most are strings and numbers).
  const walk = (item: object): boolean => {
    left -= 1;
    if (left < 0) return true;
    if (Array.isArray(item)) {
      for (let index = 0; index < item.length; index += 1) {
        const member: unknown = item[index];
        if (typeof member === 'object' && member !== null && walk(member)) return true;
      }
      return false;
    }
    // Answers are plain objects (a Date, with no keys of its own, counts as one object): for…in sees their own keys, and is the fastest way through them.
    for (const key in item) {
      const member = (item as Readonly<Record<string, unknown>>)[key];
      if (typeof member === 'object' && member !== null && walk(member)) return true;
    }
    return false;
  };
  return typeof value === 'object' && value !== null && walk(value);
}

/** What `JSON.stringify` hands on for a member: the result of its `toJSON(key)`, if it has one. */
function prepared(value: unknown, key: string): unknown {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') return (value as { toJSON(key: string): unknown }).toJSON(key);
  return value;
}

/** Pieces of the text of a container larger than a chunk; `written` is told how many objects each piece holds. */
function* pieces(value: Container, counter: ObjectCounter, chunk: number, written: (objects: number) => void): Generator<string, void, undefined> {
  const member = function* (item: unknown): Generator<string, void, undefined> {
    if (isContainer(item) && counter.count(item) > chunk) {
      yield* pieces(item, counter, chunk, written);
      return;
    }
    written(counter.count(item));
    // undefined for undefined, functions and symbols: the caller decides (null in arrays, left out of objects).
    yield JSON.stringify(item);
  };
  written(1);
  if (Array.isArray(value)) {
    yield '[';
    for (let index = 0; index < value.length; index += 1) {
      if (index > 0) yield ',';
      const item = prepared(value[index], String(index));
      if (isContainer(item) && counter.count(item) > chunk) yield* pieces(item, counter, chunk, written);
      else {
        written(counter.count(item));
        yield JSON.stringify(item) ?? 'null';
      }
    }
    yield ']';
    return;
  }
  yield '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const item = prepared((value as Readonly<Record<string, unknown>>)[key], key);
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* member(item);
  }
  yield '}';
}

/**
 * The JSON text of `value` in chunks of about `chunk` objects, the event loop turned between
 * them. Identical to `JSON.stringify(value)` for values whose `toJSON` ignores its key (those
 * of answers: plain objects, arrays, strings, numbers, booleans, null, Dates).
 */
export async function* jsonChunks(value: unknown, counter: ObjectCounter, chunk = OBJECTS_PER_CHUNK): AsyncGenerator<string, void, undefined> {
  const root = prepared(value, '');
  if (!isContainer(root) || counter.count(root) <= chunk) {
    const text = JSON.stringify(root);
    if (text !== undefined) yield text;
    return;
  }
  let parts: string[] = [];
  let objects = 0;
  let length = 0;
  for (const piece of pieces(root, counter, chunk, (count) => (objects += count))) {
    parts.push(piece);
    length += piece.length;
    if (objects < chunk && length < CHUNK_TEXT_LENGTH) continue;
    yield parts.join('');
    parts = [];
    objects = 0;
    length = 0;
    await nextTurn();
  }
  if (parts.length > 0) yield parts.join('');
}

/** The answer as a byte stream that makes each chunk only when the socket has taken the previous ones. */
export function jsonStream(value: unknown, counter: ObjectCounter): Readable {
  return Readable.from(jsonChunks(value, counter), { objectMode: false, highWaterMark: 64 * 1024 });
}
