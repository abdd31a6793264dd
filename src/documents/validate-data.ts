import type { ScalarAttribute } from '../schema/attribute.js';
import type { ContentType } from '../schema/content-type.js';
import { ValidationError, type FieldError } from '../shared/errors.js';
import { checkScalarValue, type StoredValue } from './check-scalar-value.js';

/** Keys a body may carry that are accepted and ignored, as the reference does. */
const IGNORED_KEYS = new Set(['publishedAt']);

/** A write body, checked: stored values per attribute, in definition order. */
export interface DocumentWrite {
  readonly contentType: ContentType;
  readonly values: ReadonlyMap<ScalarAttribute, StoredValue>;
}

export type WriteMode = 'create' | 'update';

/** Deeper than this, a value sent is not echoed back in error details (see `echo`). */
const MAX_ECHO_DEPTH = 32;

function isShallow(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object') return true;
  return depth < MAX_ECHO_DEPTH && Object.values(value).every((item) => isShallow(item, depth + 1));
}

/**
 * The value an error entry reports: what was sent, except a pathologically nested one, whose
 * serialization would overflow the stack and turn a 400 into a broken response.
 */
function echo(value: unknown): unknown {
  return value === undefined || !isShallow(value) ? null : value;
}

function isMissing(value: StoredValue | undefined): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * The `data` of a POST or PUT → a DocumentWrite, or a 400 listing every failing attribute.
 * Unknown and read-only keys are rejected first, naming the key. On create, defaults fill
 * absent attributes and required attributes must have a value; on update only the keys sent
 * are checked and changed, and `null` clears an attribute.
 */
export function validateData(data: Readonly<Record<string, unknown>>, contentType: ContentType, mode: WriteMode): DocumentWrite {
  const userAttributes = new Set(contentType.scalarAttributes);
  for (const key of Object.keys(data)) {
    if (IGNORED_KEYS.has(key)) continue;
    const attribute = contentType.attributes.get(key);
    if (!attribute || attribute.kind !== 'scalar' || !attribute.writable || !userAttributes.has(attribute)) {
      throw ValidationError.invalidKey(key, { source: 'body' });
    }
  }

  const values = new Map<ScalarAttribute, StoredValue>();
  const errors: FieldError[] = [];
  const addError = (attribute: ScalarAttribute, message: string, value: unknown): void => {
    errors.push({ path: [attribute.name], message, name: 'ValidationError', value: echo(value) });
  };

  for (const attribute of contentType.scalarAttributes) {
    const sent = Object.hasOwn(data, attribute.name);
    let raw = sent ? data[attribute.name] : undefined;
    if (!sent && mode === 'create' && attribute.default !== undefined) raw = attribute.default;
    if (raw === undefined) {
      if (mode === 'create' && attribute.required && !(attribute.type === 'uid' && attribute.targetField)) {
        addError(attribute, `${attribute.name} must be defined.`, raw);
      }
      continue;
    }
    if (raw === null) {
      if (attribute.required && !(mode === 'create' && attribute.type === 'uid' && attribute.targetField)) {
        addError(attribute, `${attribute.name} must be defined.`, raw);
      } else values.set(attribute, null);
      continue;
    }
    const result = checkScalarValue(attribute, raw);
    if (!result.ok) {
      addError(attribute, result.message, raw);
      continue;
    }
    if (attribute.required && isMissing(result.value) && !(mode === 'create' && attribute.type === 'uid' && attribute.targetField)) {
      addError(attribute, `${attribute.name} must be defined.`, raw);
      continue;
    }
    values.set(attribute, result.value);
  }
  if (errors.length > 0) throw ValidationError.fromFieldErrors(errors);
  return { contentType, values };
}
