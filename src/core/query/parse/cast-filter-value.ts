import { isPublicAttribute, JSON_TYPES, TEXT_TYPES, type ScalarAttribute } from '../../schema/attribute.js';
import {
  parseBigInteger,
  parseBoolean,
  parseDate,
  parseDateTime,
  parseDecimal,
  parseFloatValue,
  parseSafeInteger,
  parseTime,
} from '../../schema/scalar-values.js';
import { ValidationError } from '../../shared/errors.js';
import { unstorableTextProblem } from '../../shared/storable-text.js';
import type { ComparisonOperator, ScalarValue } from '../document-query.js';

const LIKE_OPERATORS: ReadonlySet<ComparisonOperator> = new Set([
  '$contains', '$notContains', '$containsi', '$notContainsi', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi', '$eqi', '$nei',
]);

/** Operators whose value is compared as text, not cast (reference §3). */
export function isTextOperator(operator: ComparisonOperator): boolean {
  return LIKE_OPERATORS.has(operator);
}

function reject(message: string, path: string): never {
  throw new ValidationError(message, { key: path.split('.').at(-1), path, source: 'query', param: 'filters' });
}

/** Which operators an attribute type admits; others get a 400 naming both. */
export function checkOperatorAllowed(attribute: ScalarAttribute, operator: ComparisonOperator, path: string): void {
  if (!isPublicAttribute(attribute)) reject(`Invalid key ${attribute.name}`, path);
  if (operator === '$null' || operator === '$notNull') return;
  if (JSON_TYPES.has(attribute.type)) {
    if (operator === '$contains' || operator === '$notContains' || operator === '$containsi' || operator === '$notContainsi') return;
    reject(`Operator ${operator} is not supported on ${attribute.type} attribute "${attribute.name}"`, path);
  }
  if (attribute.type === 'boolean' && isTextOperator(operator)) {
    reject(`Operator ${operator} is not supported on boolean attribute "${attribute.name}"`, path);
  }
}

/** Casts one filter value to the attribute's stored form, or rejects it with a 400. */
export function castFilterValue(attribute: ScalarAttribute, operator: ComparisonOperator, raw: unknown, path: string): ScalarValue {
  if (raw === null) return null;
  if (typeof raw === 'object') reject(`Invalid value for ${operator} on "${attribute.name}": expected a scalar value`, path);
  // No stored text holds what writes refuse (shared/storable-text), and PostgreSQL cannot even compare it.
  const unstorable = typeof raw === 'string' ? unstorableTextProblem(raw) : null;
  if (unstorable !== null) reject(`Invalid value for ${operator} on "${attribute.name}": the value ${unstorable}`, path);
  if (isTextOperator(operator)) {
    if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'bigint') {
      reject(`Invalid value for ${operator} on "${attribute.name}": expected a string`, path);
    }
    return String(raw);
  }
  const type = attribute.type;
  let value: ScalarValue | undefined;
  if (TEXT_TYPES.has(type) || JSON_TYPES.has(type)) value = typeof raw === 'string' ? raw : String(raw);
  else if (type === 'integer') value = parseSafeInteger(raw);
  else if (type === 'biginteger') value = parseBigInteger(raw);
  else if (type === 'float') value = parseFloatValue(raw);
  else if (type === 'decimal') value = parseDecimal(raw);
  else if (type === 'boolean') value = parseBoolean(raw);
  else if (type === 'date') value = parseDate(raw);
  else if (type === 'time') value = parseTime(raw);
  else value = parseDateTime(raw);
  if (value === undefined) reject(invalidValueMessage(attribute, raw), path);
  return value;
}

function invalidValueMessage(attribute: ScalarAttribute, raw: unknown): string {
  const shown = JSON.stringify(String(raw)).slice(0, 80);
  switch (attribute.type) {
    case 'date':
      return `Invalid format, expected yyyy-MM-dd (attribute "${attribute.name}", value ${shown})`;
    case 'time':
      return `Invalid format, expected HH:mm:ss.SSS (attribute "${attribute.name}", value ${shown})`;
    case 'datetime':
    case 'timestamp':
      return `Invalid format, expected a timestamp or an ISO date (attribute "${attribute.name}", value ${shown})`;
    case 'boolean':
      return `Invalid boolean value ${shown} for attribute "${attribute.name}"`;
    default:
      return `Invalid ${attribute.type} value ${shown} for attribute "${attribute.name}"`;
  }
}
