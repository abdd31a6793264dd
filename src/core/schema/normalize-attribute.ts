import { DefinitionError } from '../shared/errors.js';
import { compileAttributePattern, type AttributePattern } from './attribute-pattern.js';
import { isScalarType, LINKED_TYPES, type Attribute, type ScalarAttribute, type ScalarType, type UidOptions } from './attribute.js';
import { NO_CUSTOM_FIELDS, type CustomFieldTypes } from './custom-fields.js';
import type { AttributeDefinition } from './definition.js';
import { shortenIdentifier, toSnakeCase } from './names.js';
import { normalizeLinkedAttribute } from './normalize-linked-attribute.js';

const NUMERIC: ReadonlySet<ScalarType> = new Set(['integer', 'biginteger', 'float', 'decimal']);
const LENGTHED: ReadonlySet<ScalarType> = new Set(['string', 'text', 'richtext', 'email', 'password', 'uid']);
const UID_SOURCE: ReadonlySet<ScalarType> = new Set(['string', 'text', 'uid']);

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

const UID_BOOLEAN_OPTIONS = ['lowercase', 'decamelize', 'preserveLeadingUnderscore', 'preserveTrailingDash', 'transliterate'] as const;

function isStringPair(value: unknown): value is [string, string] {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string';
}

/**
 * A uid attribute's `options`, which Strapi hands to `@sindresorhus/slugify` as they are. The
 * keys slugify reads are type-checked here so that a mistake stops the start instead of failing
 * every create; other keys are ignored, as slugify ignores them.
 */
function readUidOptions(definition: AttributeDefinition, where: Where): UidOptions | undefined {
  const value = definition.options;
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(where, 'option "options" must be an object');
  const raw = value as Record<string, unknown>;
  const options: { -readonly [K in keyof UidOptions]: UidOptions[K] } = {};
  if (raw.separator !== undefined) {
    if (typeof raw.separator !== 'string') fail(where, 'option "options.separator" must be a string');
    options.separator = raw.separator;
  }
  if (raw.locale !== undefined) {
    if (typeof raw.locale !== 'string') fail(where, 'option "options.locale" must be a string');
    options.locale = raw.locale;
  }
  for (const key of UID_BOOLEAN_OPTIONS) {
    if (raw[key] === undefined) continue;
    if (typeof raw[key] !== 'boolean') fail(where, `option "options.${key}" must be a boolean`);
    options[key] = raw[key];
  }
  if (raw.customReplacements !== undefined) {
    if (!Array.isArray(raw.customReplacements) || !raw.customReplacements.every(isStringPair)) {
      fail(where, 'option "options.customReplacements" must be an array of [from, to] string pairs');
    }
    options.customReplacements = raw.customReplacements.map(([from, to]) => [from, to] as [string, string]);
  }
  if (raw.preserveCharacters !== undefined) {
    if (!Array.isArray(raw.preserveCharacters) || !raw.preserveCharacters.every((item) => typeof item === 'string' && item.length === 1)) {
      fail(where, 'option "options.preserveCharacters" must be an array of single characters');
    }
    options.preserveCharacters = [...(raw.preserveCharacters as string[])];
  }
  if (options.preserveCharacters?.includes(options.separator ?? '-')) fail(where, 'option "options.preserveCharacters" must not contain the separator');
  return Object.freeze(options);
}

/**
 * The stored type of a custom field: the type registered for its uid (in `register()`, in
 * `config/server` `customFields`, or built in); an unknown one stops the start saying how to map it.
 */
function customFieldType(definition: AttributeDefinition, where: Where, customFields: CustomFieldTypes): ScalarType {
  const uid = definition.customField;
  if (typeof uid !== 'string' || uid === '') fail(where, 'a custom field needs "customField": the uid of the field (plugin::<plugin>.<name> or global::<name>)');
  const type = customFields.get(uid);
  if (type !== undefined) return type;
  const [, plugin, name] = /^plugin::([^.]+)\.(.+)$/.exec(uid) ?? /^global::()(.+)$/.exec(uid) ?? [];
  const registration = `strapi.customFields.register({ name: '${name ?? uid}',${plugin ? ` plugin: '${plugin}',` : ''} type: 'string' })`;
  return fail(
    where,
    `custom field "${uid}" is not registered, and Tessera does not run its plugin's code: register it in the register() of src/index with ${registration}, or map it to the type it stores in config/server: customFields: { '${uid}': 'string' } (any of string, text, richtext, json, integer, …)`,
  );
}

/**
 * Checks one attribute definition and builds its normalized model. Keys Tessera does not read
 * are ignored, as Strapi ignores them (schema/unused-schema-keys.ts lists them at start); the
 * keys it reads are checked.
 */
export function normalizeAttribute(name: string, definition: AttributeDefinition, file: string, customFields: CustomFieldTypes = NO_CUSTOM_FIELDS): Attribute {
  const where = { file, name };
  if (definition === null || typeof definition !== 'object' || Array.isArray(definition)) fail(where, 'must be an object');
  const declared = definition.type;
  if (typeof declared !== 'string') fail(where, 'missing "type"');
  if ((LINKED_TYPES as readonly string[]).includes(declared)) return normalizeLinkedAttribute(name, definition, file);
  const type = declared === 'customField' ? customFieldType(definition, where, customFields) : declared;
  if (!isScalarType(type)) fail(where, `unknown type "${type}"`);

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

  const uidOptions = type === 'uid' ? readUidOptions(definition, where) : undefined;

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
    ...(uidOptions ? { uidOptions } : {}),
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
