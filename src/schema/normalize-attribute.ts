import { DefinitionError } from '../shared/errors.js';
import { compileAttributePattern, type AttributePattern } from './attribute-pattern.js';
import { isScalarType, LINKED_TYPES, type Attribute, type ScalarAttribute, type ScalarType } from './attribute.js';
import type { AttributeDefinition } from './definition.js';
import { shortenIdentifier, toSnakeCase } from './names.js';
import { normalizeLinkedAttribute } from './normalize-linked-attribute.js';

const NUMERIC: ReadonlySet<ScalarType> = new Set(['integer', 'biginteger', 'float', 'decimal']);
const LENGTHED: ReadonlySet<ScalarType> = new Set(['string', 'text', 'richtext', 'email', 'password', 'uid']);
const UID_SOURCE: ReadonlySet<ScalarType> = new Set(['string', 'text', 'uid']);

/** Options each attribute may carry; anything else in a definition is kept out of the model. */
const KNOWN_OPTIONS = new Set([
  'type', 'required', 'unique', 'private', 'default', 'min', 'max', 'minLength', 'maxLength', 'regex',
  'enum', 'targetField', 'configurable', 'pluginOptions', 'options', 'writable', 'visible', 'searchable', 'column',
  'enumName', 'useJoinTable', 'description',
]);

interface Where {
  readonly file: string;
  readonly name: string;
}

function fail(where: Where, problem: string): never {
  throw new DefinitionError(where.file, `attribute "${where.name}": ${problem}`);
}

function readBoolean(definition: AttributeDefinition, key: string, where: Where): boolean {
  const value = definition[key];
  if (value === undefined) return false;
  if (typeof value !== 'boolean') fail(where, `option "${key}" must be a boolean`);
  return value;
}

function readLength(definition: AttributeDefinition, key: string, where: Where): number | undefined {
  const value = definition[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) fail(where, `option "${key}" must be a non-negative integer`);
  return value;
}

function readBound(definition: AttributeDefinition, key: 'min' | 'max', type: ScalarType, where: Where): number | string | undefined {
  const value = definition[key];
  if (value === undefined) return undefined;
  if (type === 'biginteger') {
    // Writes compare with BigInt(bound), which throws (→ 500 on every write) for a fraction.
    if ((typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && /^-?\d+$/.test(value))) return value;
    fail(where, `option "${key}" must be an integer (written as a string beyond ±2^53)`);
  }
  if (type === 'decimal') {
    if ((typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value))) return value;
    fail(where, `option "${key}" must be a number`);
  }
  if (!NUMERIC.has(type)) fail(where, `option "${key}" applies only to numeric attributes (use minLength/maxLength for text)`);
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(where, `option "${key}" must be a number`);
  return value;
}

function readRegex(definition: AttributeDefinition, where: Where): AttributePattern | undefined {
  const value = definition.regex;
  if (value === undefined) return undefined;
  if (typeof value !== 'string') fail(where, 'option "regex" must be a string');
  const result = compileAttributePattern(value);
  if (result.ok) return result.pattern;
  if (result.problem === 'invalid') return fail(where, `option "regex" is not a valid regular expression: ${value}`);
  return fail(
    where,
    `option "regex" uses syntax the linear-time regex engine (RE2) cannot run — backreferences, lookahead or lookbehind: ${value} (${result.detail}); rewrite the pattern without it`,
  );
}

function readEnum(definition: AttributeDefinition, where: Where): readonly string[] {
  const value = definition.enum;
  if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === 'string' && item.length > 0)) {
    fail(where, 'an enumeration needs "enum": a non-empty array of non-empty strings');
  }
  if (new Set(value).size !== value.length) fail(where, '"enum" has duplicate values');
  return Object.freeze([...(value as string[])]);
}

/** Checks one attribute definition and builds its normalized model. */
export function normalizeAttribute(name: string, definition: AttributeDefinition, file: string): Attribute {
  const where = { file, name };
  if (definition === null || typeof definition !== 'object' || Array.isArray(definition)) fail(where, 'must be an object');
  const type = definition.type;
  if (typeof type !== 'string') fail(where, 'missing "type"');
  if ((LINKED_TYPES as readonly string[]).includes(type)) return normalizeLinkedAttribute(name, definition, file);
  if (!isScalarType(type)) fail(where, `unknown type "${type}"`);
  for (const key of Object.keys(definition)) {
    if (!KNOWN_OPTIONS.has(key)) fail(where, `unknown option "${key}"`);
  }

  const minLength = readLength(definition, 'minLength', where);
  const maxLength = readLength(definition, 'maxLength', where);
  if ((minLength !== undefined || maxLength !== undefined) && !LENGTHED.has(type)) {
    fail(where, 'minLength/maxLength apply only to text attributes');
  }
  if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) fail(where, 'minLength is greater than maxLength');
  const min = readBound(definition, 'min', type, where);
  const max = readBound(definition, 'max', type, where);
  // BigInt for biginteger: Number() rounds bounds past 2^53 and would miss min > max there.
  const greater = type === 'biginteger' ? (a: number | string, b: number | string) => BigInt(a) > BigInt(b) : (a: number | string, b: number | string) => Number(a) > Number(b);
  if (min !== undefined && max !== undefined && greater(min, max)) fail(where, 'min is greater than max');
  const regex = readRegex(definition, where);
  if (regex && !LENGTHED.has(type)) fail(where, 'regex applies only to text attributes');

  const attribute: ScalarAttribute = {
    kind: 'scalar',
    name,
    type,
    column: shortenIdentifier(toSnakeCase(name)),
    required: readBoolean(definition, 'required', where),
    unique: readBoolean(definition, 'unique', where),
    private: readBoolean(definition, 'private', where) || type === 'password',
    writable: definition.writable === undefined ? true : readBoolean(definition, 'writable', where),
    ...(definition.default !== undefined ? { default: definition.default } : {}),
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
    ...(minLength !== undefined ? { minLength } : {}),
    ...(maxLength !== undefined ? { maxLength } : {}),
    ...(regex ? { regex } : {}),
    ...(type === 'enumeration' ? { enum: readEnum(definition, where) } : {}),
    ...(type === 'uid' && definition.targetField !== undefined ? { targetField: String(definition.targetField) } : {}),
  };
  if (attribute.unique && (type === 'password' || type === 'json' || type === 'blocks' || type === 'array')) {
    fail(where, `"unique" is not supported on ${type} attributes`);
  }
  return Object.freeze(attribute);
}

/** Checks what can only be checked with every attribute known (uid targets). */
export function checkAttributeReferences(attributes: ReadonlyMap<string, Attribute>, file: string): void {
  for (const attribute of attributes.values()) {
    if (attribute.type !== 'uid' || attribute.targetField === undefined) continue;
    const target = attributes.get(attribute.targetField);
    if (!target || target.kind !== 'scalar') fail({ file, name: attribute.name }, `targetField "${attribute.targetField}" is not an attribute of this content-type`);
    if (!UID_SOURCE.has(target.type)) {
      fail({ file, name: attribute.name }, `targetField "${attribute.targetField}" must be a string or text attribute`);
    }
  }
}
