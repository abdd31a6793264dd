import type { AttributeDefinition } from '../../core/schema/definition.js';
import { isValidAttributeName } from '../../core/schema/names.js';
import { BodyChecker, type BodyDialect, type Json } from '../../core/shared/body-checker.js';
import { problemsError } from './builder-errors.js';

const NON_EMPTY = 'must be a non-empty string';

/**
 * Reading the builder's request bodies: the shape only (keys, JSON types), every problem at
 * once. What the names and attributes mean is checked by the start's own checks (model-draft.ts),
 * and no text here reaches a column as sent (the definitions go to schema files).
 */
const BUILDER_BODY: BodyDialect = {
  notAnObject: (value) => problemsError([{ path: [], message: 'The request body must be a JSON object', value }]),
  unknownKeys: 'each',
  collect: true,
  toError: problemsError,
  strings: { trim: true, min: 1, storable: false, words: { notAString: NON_EMPTY, empty: NON_EMPTY } },
};

/** An optional string: null reads as not sent. */
function optionalString(check: BodyChecker, key: string): string | undefined {
  return check.string(key, { nullable: true }) ?? undefined;
}

function readRenames(check: BodyChecker): Map<string, string> {
  const renames = new Map<string, string>();
  const value = check.object('renames');
  for (const [from, to] of Object.entries(value?.body ?? {})) {
    if (typeof to !== 'string' || !isValidAttributeName(to)) value?.problem([from], 'a rename maps an attribute name to its new name', to);
    else renames.set(from, to);
  }
  return renames;
}

function readAttributes(check: BodyChecker): Record<string, AttributeDefinition> {
  const attributes = check.object('attributes', { required: true });
  for (const [name, attribute] of Object.entries(attributes.body)) {
    if (!isValidAttributeName(name)) attributes.problem([name], 'an attribute name starts with a letter, holds only letters, digits and underscores, and has at most 60 characters', name);
    else if (!BodyChecker.isObject(attribute)) attributes.problem([name], 'an attribute must be an object', attribute);
    else if (typeof attribute.type !== 'string') attributes.problem([name, 'type'], 'type is a required string', attribute.type);
  }
  return attributes.body as Record<string, AttributeDefinition>;
}

export interface ContentTypeInput {
  readonly singularName: string;
  readonly pluralName: string;
  readonly displayName: string;
  readonly description?: string;
  readonly kind?: unknown;
  readonly draftAndPublish?: boolean;
  readonly pluginOptions?: Json;
  readonly collectionName?: unknown;
  readonly attributes: Record<string, AttributeDefinition>;
}

export interface ContentTypeBody {
  readonly contentType: ContentTypeInput;
  /** Old attribute name → new name: the data moves with the attribute. */
  readonly renames: ReadonlyMap<string, string>;
  readonly confirm?: boolean;
}

const CONTENT_TYPE_KEYS = ['singularName', 'pluralName', 'displayName', 'description', 'kind', 'draftAndPublish', 'pluginOptions', 'collectionName', 'attributes'];

/** `{ contentType: {…}, renames?, confirm? }` (renames only when `allowRenames`). */
export function readContentTypeBody(body: unknown, allowRenames: boolean): ContentTypeBody {
  const check = BodyChecker.of(body, BUILDER_BODY);
  check.onlyKeys(['contentType', 'confirm', ...(allowRenames ? ['renames'] : [])]);
  const confirm = check.boolean('confirm');
  const renames = readRenames(check);
  const input = check.object('contentType', { required: true });
  input.onlyKeys(CONTENT_TYPE_KEYS);
  const contentType: ContentTypeInput = {
    singularName: input.string('singularName', { required: true }),
    pluralName: input.string('pluralName', { required: true }),
    displayName: input.string('displayName', { required: true }),
    description: optionalString(input, 'description'),
    kind: input.body.kind,
    draftAndPublish: input.boolean('draftAndPublish'),
    pluginOptions: input.object('pluginOptions')?.body,
    collectionName: input.body.collectionName,
    attributes: readAttributes(input),
  };
  check.done();
  return { contentType, renames, ...(confirm === undefined ? {} : { confirm }) };
}

export interface ComponentInput {
  readonly category: string;
  readonly displayName: string;
  readonly icon?: string;
  readonly description?: string;
  readonly collectionName?: unknown;
  readonly attributes: Record<string, AttributeDefinition>;
}

export interface ComponentBody {
  readonly component: ComponentInput;
  readonly renames: ReadonlyMap<string, string>;
  readonly confirm?: boolean;
}

const COMPONENT_KEYS = ['category', 'displayName', 'icon', 'description', 'collectionName', 'attributes'];

/** `{ component: { category, displayName, icon?, attributes }, renames?, confirm? }`. */
export function readComponentBody(body: unknown, allowRenames: boolean): ComponentBody {
  const check = BodyChecker.of(body, BUILDER_BODY);
  check.onlyKeys(['component', 'confirm', ...(allowRenames ? ['renames'] : [])]);
  const confirm = check.boolean('confirm');
  const renames = readRenames(check);
  const input = check.object('component', { required: true });
  input.onlyKeys(COMPONENT_KEYS);
  const component: ComponentInput = {
    category: input.string('category', { required: true }),
    displayName: input.string('displayName', { required: true }),
    icon: optionalString(input, 'icon'),
    description: optionalString(input, 'description'),
    collectionName: input.body.collectionName,
    attributes: readAttributes(input),
  };
  check.done();
  return { component, renames, ...(confirm === undefined ? {} : { confirm }) };
}

/** `{ name }` of a category rename. */
export function readCategoryBody(body: unknown): { readonly name: string; readonly confirm?: boolean } {
  const check = BodyChecker.of(body, BUILDER_BODY);
  check.onlyKeys(['name', 'confirm']);
  const name = check.string('name', { required: true });
  const confirm = check.boolean('confirm');
  check.done();
  return { name, ...(confirm === undefined ? {} : { confirm }) };
}

export interface BuilderFlags {
  readonly confirm?: boolean;
  readonly dryRun: boolean;
}

/** `?confirm=true&dryRun=true` (any other query key → 400). */
export function readFlags(query: unknown): BuilderFlags {
  const check = BodyChecker.over(BodyChecker.isObject(query) ? query : {}, BUILDER_BODY);
  check.onlyKeys(['confirm', 'dryRun']);
  const flag = (key: string): boolean | undefined => {
    const raw = check.body[key];
    if (raw === undefined) return undefined;
    if (raw === 'true' || raw === true) return true;
    if (raw === 'false' || raw === false) return false;
    check.problem([key], `${key} must be true or false`, raw);
    return undefined;
  };
  const confirm = flag('confirm');
  const dryRun = flag('dryRun') ?? false;
  check.done();
  return { dryRun, ...(confirm === undefined ? {} : { confirm }) };
}

/**
 * A DELETE's flags: `?confirm=true&dryRun=true`, or `{ "confirm": true }` as its body (what a
 * POST or PUT takes; the body wins, as there). No body, or an empty one, is no confirmation.
 */
export function readDeleteFlags(query: unknown, body: unknown): BuilderFlags {
  const flags = readFlags(query);
  if (body === undefined) return flags;
  const check = BodyChecker.of(body, BUILDER_BODY);
  check.onlyKeys(['confirm']);
  const confirm = check.boolean('confirm');
  check.done();
  return confirm === undefined ? flags : { ...flags, confirm };
}
