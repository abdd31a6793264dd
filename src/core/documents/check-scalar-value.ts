import { isPublicAttribute, JSON_TYPES, type ScalarAttribute } from '../schema/attribute.js';
import {
  DECIMAL_FRACTION_DIGITS,
  DECIMAL_WHOLE_DIGITS,
  decimalFits,
  INT32_MAX,
  INT32_MIN,
  parseBigInteger,
  parseBoolean,
  parseDate,
  parseDateTime,
  parseDecimal,
  parseFloatValue,
  parseInteger,
  parseTime,
} from '../schema/scalar-values.js';
import { unstorableTextIn, unstorableTextProblem } from '../shared/storable-text.js';
import { blocksMessage, checkBlocks, type BlocksProblem } from './check-blocks.js';

/** A value in the canonical form the database layer encodes (JSON types as JSON text). */
export type StoredValue = string | number | bigint | boolean | null;

export type CheckResult =
  | { readonly ok: true; readonly value: StoredValue }
  /** `blocks`: every failure of a blocks value (Strapi reports each at its own path); `message` is the first. */
  | { readonly ok: false; readonly message: string; readonly blocks?: readonly BlocksProblem[] };

/**
 * Longer numeric text is refused before parsing: the decimal pattern in schema/scalar-values
 * backtracks quadratically, so a megabyte of digits would block the process for hours.
 */
const MAX_NUMBER_TEXT = 1000;
const UID = /^[A-Za-z0-9-_.~]*$/;
/** Keeps one attribute from holding a pathological JSON document. */
const MAX_JSON_DEPTH = 32;

/**
 * `local@domain.tld`: no whitespace, one `@`, a dot inside the domain. Checked by hand
 * because the equivalent regex (`^[^\s@]+@[^\s@]+\.[^\s@]+$`) backtracks quadratically:
 * 20 000 × "a." took seconds.
 */
function isEmail(value: string): boolean {
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@') || /\s/.test(value)) return false;
  return value.slice(at + 2, -1).includes('.');
}

function printValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value).slice(0, 80);
  if (typeof value === 'bigint') return `${value}n`;
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 80);
  } catch {
    // Too deep for JSON.stringify, and String() of a nested array recurses just the same (→ 500).
    return Array.isArray(value) ? '[…]' : '{…}';
  }
}

/**
 * What a message quotes of the value sent: nothing for attributes the API never returns
 * (passwords, private attributes), whose values must not come back in errors either.
 */
function quoted(attribute: ScalarAttribute, value: unknown, lead: string, close = ''): string {
  return isPublicAttribute(attribute) ? `${lead}${printValue(value)}${close}` : '';
}

function typeError(attribute: ScalarAttribute, type: string, value: unknown): CheckResult {
  return { ok: false, message: `${attribute.name} must be a \`${type}\` type${quoted(attribute, value, ', but the final value was: `', '`')}.` };
}

function fail(message: string): CheckResult {
  return { ok: false, message };
}

/**
 * Levels of nesting: 0 for a scalar, 1 for a flat array or object, counted up to one past
 * `limit` (so the recursion stays shallow whatever the input). The earlier count gave empty
 * containers no level, which let 33 levels through a "more than 32 levels" check.
 */
function nestingOf(value: unknown, limit: number): number {
  if (value === null || typeof value !== 'object') return 0;
  if (limit === 0) return 1;
  let deepest = 0;
  for (const item of Object.values(value)) deepest = Math.max(deepest, nestingOf(item, limit - 1));
  return 1 + deepest;
}

/** Text types stored in a varchar(255) column (password holds a 60-character hash). */
const SHORT_TEXT: ReadonlySet<ScalarAttribute['type']> = new Set(['string', 'email', 'uid', 'enumeration', 'password']);
const SHORT_TEXT_LIMIT = 255;

function countCodePoints(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** The `minLength` rule, which the reference checks when a version is published (and on writes of types without drafts). */
export function minLengthMessage(attribute: ScalarAttribute, value: string): string | null {
  return attribute.minLength !== undefined && value.length < attribute.minLength ? `${attribute.name} must be at least ${attribute.minLength} characters` : null;
}

function checkText(attribute: ScalarAttribute, value: unknown, options: ScalarCheckOptions): CheckResult {
  const { name } = attribute;
  if (typeof value !== 'string') return typeError(attribute, 'string', value);
  // NUL and lone surrogates: what one database refuses and another would store altered.
  const unstorable = unstorableTextProblem(value);
  if (unstorable !== null) return fail(`${name} ${unstorable}`);
  // A password is stored hashed, so its length can only be checked now, even on a draft.
  const tooShort = options.draft && attribute.type !== 'password' ? null : minLengthMessage(attribute, value);
  if (tooShort !== null) return fail(tooShort);
  // These types are varchar(255) columns on PostgreSQL and MySQL: held to it on every database.
  if (SHORT_TEXT.has(attribute.type) && attribute.type !== 'password' && countCodePoints(value) > SHORT_TEXT_LIMIT) {
    return fail(`${name} must be at most ${SHORT_TEXT_LIMIT} characters`);
  }
  if (attribute.maxLength !== undefined && value.length > attribute.maxLength) {
    return fail(`${name} must be at most ${attribute.maxLength} characters`);
  }
  // As in the reference, an empty optional value is not held to the pattern.
  if (attribute.regex && !(value === '' && !attribute.required) && !attribute.regex.test(value)) {
    return fail(`${name} must match the following: "${attribute.regex.toString()}"`);
  }
  if (attribute.type === 'email' && value !== '' && !isEmail(value)) return fail(`${name} must be a valid email`);
  if (attribute.type === 'uid' && !UID.test(value)) return fail(`${name} must match the following: "${UID.toString()}"`);
  if (attribute.type === 'enumeration' && !attribute.enum?.includes(value)) {
    return fail(`${name} must be one of the following values: ${attribute.enum?.join(', ')}`);
  }
  if (attribute.type === 'password' && Buffer.byteLength(value) > 72) return fail(`${name} must be less than 73 bytes`);
  return { ok: true, value };
}

function checkBounds(attribute: ScalarAttribute, value: number | bigint | string): CheckResult | null {
  const { name, min, max } = attribute;
  const numeric = typeof value === 'string' ? Number(value) : value;
  if (min !== undefined && numeric < (typeof numeric === 'bigint' ? BigInt(min) : Number(min))) {
    return fail(`${name} must be greater than or equal to ${min}`);
  }
  if (max !== undefined && numeric > (typeof numeric === 'bigint' ? BigInt(max) : Number(max))) {
    return fail(`${name} must be less than or equal to ${max}`);
  }
  return null;
}

function checkNumber(attribute: ScalarAttribute, value: unknown): CheckResult {
  const { name, type } = attribute;
  if (typeof value === 'string' && value.length > MAX_NUMBER_TEXT) return typeError(attribute, 'number', value);
  let parsed: number | bigint | string | undefined;
  if (type === 'integer') {
    parsed = parseInteger(value);
    if (parsed === undefined) {
      const number = parseFloatValue(value);
      if (number === undefined) return typeError(attribute, 'number', value);
      if (!Number.isInteger(number)) return fail(`${name} must be an integer`);
      if (number < INT32_MIN || number > INT32_MAX) return fail(`${name} must be between ${INT32_MIN} and ${INT32_MAX}`);
      // An integral number spelled as a decimal ("1.0", "1e3") is that integer; it used to be
      // reported as out of range.
      parsed = number;
    }
  } else if (type === 'biginteger') {
    parsed = parseBigInteger(value);
    if (parsed === undefined) return fail(`${name} must be an integer between -9223372036854775808 and 9223372036854775807`);
  } else if (type === 'float') {
    parsed = parseFloatValue(value);
    if (parsed === undefined) return typeError(attribute, 'number', value);
  } else {
    parsed = parseDecimal(value);
    if (parsed === undefined) return typeError(attribute, 'number', value);
    if (!decimalFits(parsed)) {
      return fail(`${name} must have at most ${DECIMAL_WHOLE_DIGITS} digits before the decimal point and ${DECIMAL_FRACTION_DIGITS} after it`);
    }
  }
  return checkBounds(attribute, parsed) ?? { ok: true, value: parsed };
}

function checkJson(attribute: ScalarAttribute, value: unknown): CheckResult {
  const { name, type } = attribute;
  if (nestingOf(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return fail(`${name} is nested more than ${MAX_JSON_DEPTH} levels deep`);
  // PostgreSQL's jsonb refuses `\u0000` and lone surrogate escapes as its text columns do.
  const unstorable = unstorableTextIn(value);
  if (unstorable) return fail(`${[name, ...unstorable.path].join('.')} ${unstorable.problem}`);
  if (type === 'blocks') {
    const problems = checkBlocks(value);
    const [first] = problems;
    if (first) return { ok: false, message: blocksMessage(first, [name]), blocks: problems };
  }
  if (type === 'array') {
    if (!Array.isArray(value)) return typeError(attribute, 'array', value);
    if (!value.every((item) => item === null || ['string', 'number', 'boolean'].includes(typeof item))) {
      return fail(`${name} must be an array of scalar values (strings, numbers, booleans)`);
    }
  }
  return { ok: true, value: JSON.stringify(value) };
}

export interface ScalarCheckOptions {
  /** A draft is written: the rules the reference defers to publishing (`minLength`) are not checked. */
  readonly draft?: boolean;
}

/** Checks one non-null attribute value of a write and converts it to its stored form. */
export function checkScalarValue(attribute: ScalarAttribute, value: unknown, options: ScalarCheckOptions = {}): CheckResult {
  const { name, type } = attribute;
  if (JSON_TYPES.has(type)) return checkJson(attribute, value);
  switch (type) {
    case 'integer':
    case 'biginteger':
    case 'float':
    case 'decimal':
      return checkNumber(attribute, value);
    case 'boolean': {
      const parsed = parseBoolean(value);
      return parsed === undefined ? typeError(attribute, 'boolean', value) : { ok: true, value: parsed };
    }
    case 'date': {
      const parsed = parseDate(value);
      return parsed === undefined ? fail(`${name} must be a valid date (yyyy-MM-dd)${quoted(attribute, value, ', got ')}`) : { ok: true, value: parsed };
    }
    case 'time': {
      const parsed = parseTime(value);
      return parsed === undefined ? fail(`${name} must be a valid time (HH:mm:ss.SSS)${quoted(attribute, value, ', got ')}`) : { ok: true, value: parsed };
    }
    case 'datetime':
    case 'timestamp': {
      const parsed = parseDateTime(value);
      return parsed === undefined ? fail(`${name} must be a valid ISO 8601 date-time${quoted(attribute, value, ', got ')}`) : { ok: true, value: parsed };
    }
    default:
      return checkText(attribute, value, options);
  }
}
