/**
 * An order-preserving text key for a decimal: comparing two keys as text orders their numbers
 * exactly, whatever their digits. SQLite stores decimals as exact text and has no exact
 * numeric comparison, so ordering comparisons and sorts go through this key.
 *
 * Layout: a class digit (0 negative, 1 zero, 2 positive), then the decimal exponent offset into
 * five digits, then the significant digits. Negative numbers complement exponent and digits and
 * end with `~`, which sorts after every digit, so that a longer negative mantissa (a larger
 * magnitude) sorts first.
 */
const EXPONENT_OFFSET = 50_000;

export function decimalKey(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  const digits = `${whole}${fraction}`;
  const firstSignificant = digits.search(/[1-9]/);
  if (firstSignificant === -1) return '1';
  // value = 0.<significant> × 10^exponent
  const exponent = whole.length - firstSignificant + Number(exponentText);
  const significant = digits.slice(firstSignificant).replace(/0+$/, '');
  if (sign !== '-') return `2${String(exponent + EXPONENT_OFFSET).padStart(5, '0')}${significant}`;
  const complement = significant.replace(/\d/g, (digit) => String(9 - Number(digit)));
  return `0${String(2 * EXPONENT_OFFSET - (exponent + EXPONENT_OFFSET)).padStart(5, '0')}${complement}~`;
}
