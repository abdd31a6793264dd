/**
 * Parsing of scalar values into their canonical stored form. Used by the query parser (filter
 * values) and by write validation, so that a value means the same thing in both.
 * Each parser returns `undefined` for a value it cannot read.
 */

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

const INTEGER_TEXT = /^[+-]?\d+$/;
// Written so that no input backtracks: a long digit string is matched in linear time.
const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})/;
const TIME_TEXT = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;
const ISO_DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
/**
 * Largest decimal exponent accepted. Canonical text spells every digit, so `1e999999999` would
 * build a gigabyte string (or throw RangeError → 500) from a 12-byte query value.
 */
const MAX_DECIMAL_EXPONENT = 1000;

/** A safe integer within the 32-bit range the integer type promises on every database. */
export function parseInteger(value: unknown): number | undefined {
  const number = typeof value === 'string' && INTEGER_TEXT.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < INT32_MIN || number > INT32_MAX) return undefined;
  return number;
}

/**
 * A row id as a route spells it: decimal digits, no sign or leading zero, within the id
 * column (a 32-bit integer on every database). Every `:id` route parameter is read here, so
 * `/api/users/2147483648` is "no such row" on all three databases instead of a PostgreSQL error.
 */
export function parseRowId(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= INT32_MAX ? id : undefined;
}

/** Any safe integer (ids, pagination). */
export function parseSafeInteger(value: unknown): number | undefined {
  const number = typeof value === 'string' && INTEGER_TEXT.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) ? number : undefined;
}

/** A 64-bit integer, exact. */
export function parseBigInteger(value: unknown): bigint | undefined {
  let big: bigint;
  if (typeof value === 'bigint') big = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) big = BigInt(value);
  else if (typeof value === 'string' && INTEGER_TEXT.test(value.trim())) big = BigInt(value.trim());
  else return undefined;
  return big >= INT64_MIN && big <= INT64_MAX ? big : undefined;
}

export function parseFloatValue(value: unknown): number | undefined {
  const number = typeof value === 'string' && DECIMAL_TEXT.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/** A decimal as canonical text: no exponent, no leading zeros, no trailing fractional zeros. */
export function parseDecimal(value: unknown): string | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
  } else if (typeof value === 'string' && DECIMAL_TEXT.test(value.trim())) {
    text = value.trim();
  } else {
    return undefined;
  }
  return canonicalDecimal(text);
}

function canonicalDecimal(text: string): string | undefined {
  let sign = '';
  if (text.startsWith('-') || text.startsWith('+')) {
    sign = text.startsWith('-') ? '-' : '';
    text = text.slice(1);
  }
  const [mantissa = '', exponentText] = text.toLowerCase().split('e');
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (Math.abs(exponent) > MAX_DECIMAL_EXPONENT) return undefined;
  let [whole = '', fraction = ''] = mantissa.split('.');
  if (exponent > 0) {
    fraction = fraction.padEnd(exponent, '0');
    whole += fraction.slice(0, exponent);
    fraction = fraction.slice(exponent);
  } else if (exponent < 0) {
    whole = whole.padStart(-exponent + 1, '0');
    fraction = whole.slice(whole.length + exponent) + fraction;
    whole = whole.slice(0, whole.length + exponent);
  }
  whole = whole.replace(/^0+(?=\d)/, '') || '0';
  fraction = fraction.replace(/0+$/, '');
  const result = fraction ? `${whole}.${fraction}` : whole;
  return result === '0' ? '0' : sign + result;
}

/**
 * What every database can hold exactly: MySQL's widest exact type is decimal(65,30), 35 digits
 * before the point and 30 after. PostgreSQL and SQLite could store more, but a value one of
 * them keeps and another rounds (MariaDB silently) would make the API database-dependent.
 */
export const DECIMAL_WHOLE_DIGITS = 35;
export const DECIMAL_FRACTION_DIGITS = 30;

/** Whether a canonical decimal (parseDecimal's text) fits the decimal column on every database. */
export function decimalFits(canonical: string): boolean {
  const [whole = '', fraction = ''] = canonical.replace(/^-/, '').split('.');
  return whole.length <= DECIMAL_WHOLE_DIGITS && fraction.length <= DECIMAL_FRACTION_DIGITS;
}

/** true/false from the spellings the reference accepts. */
export function parseBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true' || value === 't') return true;
  if (value === 0 || value === '0' || value === 'false' || value === 'f') return false;
  return undefined;
}

function isRealDate(year: number, month: number, day: number): boolean {
  // Not Date.UTC(year, …): it maps years 0–99 to 1900–1999, which rejected 0001-01-01…0099-12-31.
  // Year 0 is refused, as for datetimes (whose range starts at 0001-01-01).
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An ISO date-time's clock part is in range (the regex only checks the digit count). */
function isRealClock(hours: string, minutes: string, seconds: string): boolean {
  return Number(hours) <= 23 && Number(minutes) <= 59 && Number(seconds) <= 59;
}

/** `yyyy-MM-dd`; a longer ISO string is cut to its date, as the reference does. */
export function parseDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DATE_TEXT.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day] = match;
  if (!isRealDate(Number(year), Number(month), Number(day))) return undefined;
  const rest = value.trim().slice(10);
  if (rest !== '') {
    // The cut-off part must still be a real time: `2024-01-15T25:00` is not a date.
    const full = ISO_DATETIME.exec(value.trim());
    if (!full || !isRealClock(full[4] ?? '00', full[5] ?? '00', full[6] ?? '00')) return undefined;
  }
  return `${year}-${month}-${day}`;
}

/** `HH:mm:ss.SSS` from `HH:mm`, `HH:mm:ss` or `HH:mm:ss.fff…`. */
export function parseTime(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = TIME_TEXT.exec(value.trim());
  if (!match) return undefined;
  const [, hours = '', minutes = '', seconds = '00', fraction = ''] = match;
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return undefined;
  return `${hours}:${minutes}:${seconds}.${fraction.padEnd(3, '0').slice(0, 3)}`;
}

/**
 * An instant as ISO 8601 UTC with milliseconds. Accepts ISO strings (a missing zone means
 * UTC), Date objects and millisecond timestamps (numbers or digit strings).
 */
export function parseDateTime(value: unknown): string | undefined {
  let date: Date;
  if (value instanceof Date) {
    date = value;
  } else if (typeof value === 'number' && Number.isFinite(value)) {
    date = new Date(value);
  } else if (typeof value === 'string' && /^-?\d{1,16}$/.test(value.trim())) {
    date = new Date(Number(value));
  } else if (typeof value === 'string') {
    const match = ISO_DATETIME.exec(value.trim());
    if (!match) return undefined;
    const [, year, month, day, hours = '00', minutes = '00', seconds = '00', fraction = '', zone] = match;
    if (!isRealDate(Number(year), Number(month), Number(day)) || !isRealClock(hours, minutes, seconds)) {
      return undefined;
    }
    let offset = 'Z';
    if (zone && zone.toUpperCase() !== 'Z') {
      const digits = zone.replace(':', '');
      offset = `${digits.slice(0, 3)}:${digits.slice(3, 5) || '00'}`;
    }
    date = new Date(`${year}-${month}-${day}T${hours}:${minutes}:${seconds}.${fraction.padEnd(3, '0').slice(0, 3)}${offset}`);
  } else {
    return undefined;
  }
  const time = date.getTime();
  if (Number.isNaN(time) || time < -62135596800000 || time > 253402300799999) return undefined;
  return date.toISOString();
}
