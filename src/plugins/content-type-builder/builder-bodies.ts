import type { AttributeDefinition } from '../../core/schema/definition.js';
import { isValidAttributeName } from '../../core/schema/names.js';
import { problemsError, type BodyProblem } from './builder-errors.js';

/**
 * Reading the builder's request bodies: the shape only (keys, JSON types), every problem at
 * once. What the names and attributes mean is checked by the start's own checks (model-draft.ts).
 */
type Json = Readonly<Record<string, unknown>>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

class Problems {
  readonly list: BodyProblem[] = [];
  add(path: readonly string[], message: string, value?: unknown): void {
    this.list.push({ path, message, value });
  }
  keys(value: Json, allowed: readonly string[], at: readonly string[]): void {
    for (const key of Object.keys(value)) if (!allowed.includes(key)) this.add([...at, key], `Invalid key ${key}`, value[key]);
  }
  string(value: Json, key: string, at: readonly string[], required: boolean): string | undefined {
    const field = value[key];
    if (field === undefined || (field === null && !required)) {
      if (required) this.add([...at, key], `${key} is a required field`);
      return undefined;
    }
    if (typeof field !== 'string' || field.trim().length === 0) {
      this.add([...at, key], `${key} must be a non-empty string`, field);
      return undefined;
    }
    return field.trim();
  }
  boolean(value: Json, key: string, at: readonly string[]): boolean | undefined {
    const field = value[key];
    if (field === undefined) return undefined;
    if (typeof field !== 'boolean') {
      this.add([...at, key], `${key} must be a boolean`, field);
      return undefined;
    }
    return field;
  }
  object(value: Json, key: string, at: readonly string[], required: boolean): Json | undefined {
    const field = value[key];
    if (field === undefined && !required) return undefined;
    if (!isObject(field)) {
      this.add([...at, key], field === undefined ? `${key} is a required field` : `${key} must be an object`, field);
      return undefined;
    }
    return field;
  }
  attributes(value: Json, at: readonly string[]): Record<string, AttributeDefinition> {
    const attributes = this.object(value, 'attributes', at, true) ?? {};
    for (const [name, attribute] of Object.entries(attributes)) {
      const path = [...at, 'attributes', name];
      if (!isValidAttributeName(name)) this.add(path, 'an attribute name starts with a letter, holds only letters, digits and underscores, and has at most 60 characters', name);
      else if (!isObject(attribute)) this.add(path, 'an attribute must be an object', attribute);
      else if (typeof attribute.type !== 'string') this.add([...path, 'type'], 'type is a required string', attribute.type);
    }
    return attributes as Record<string, AttributeDefinition>;
  }
  done(): void {
    if (this.list.length > 0) throw problemsError(this.list);
  }
}

function root(body: unknown): Json {
  if (!isObject(body)) throw problemsError([{ path: [], message: 'The request body must be a JSON object', value: body }]);
  return body;
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
  const value = root(body);
  const problems = new Problems();
  problems.keys(value, ['contentType', 'confirm', ...(allowRenames ? ['renames'] : [])], []);
  const confirm = problems.boolean(value, 'confirm', []);
  const renames = new Map<string, string>();
  for (const [from, to] of Object.entries(problems.object(value, 'renames', [], false) ?? {})) {
    if (typeof to !== 'string' || !isValidAttributeName(to)) problems.add(['renames', from], 'a rename maps an attribute name to its new name', to);
    else renames.set(from, to);
  }
  const input = problems.object(value, 'contentType', [], true) ?? {};
  const at = ['contentType'];
  problems.keys(input, CONTENT_TYPE_KEYS, at);
  const contentType: ContentTypeInput = {
    singularName: problems.string(input, 'singularName', at, true) ?? '',
    pluralName: problems.string(input, 'pluralName', at, true) ?? '',
    displayName: problems.string(input, 'displayName', at, true) ?? '',
    description: problems.string(input, 'description', at, false),
    kind: input.kind,
    draftAndPublish: problems.boolean(input, 'draftAndPublish', at),
    pluginOptions: problems.object(input, 'pluginOptions', at, false),
    collectionName: input.collectionName,
    attributes: problems.attributes(input, at),
  };
  problems.done();
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
  const value = root(body);
  const problems = new Problems();
  problems.keys(value, ['component', 'confirm', ...(allowRenames ? ['renames'] : [])], []);
  const confirm = problems.boolean(value, 'confirm', []);
  const renames = new Map<string, string>();
  for (const [from, to] of Object.entries(problems.object(value, 'renames', [], false) ?? {})) {
    if (typeof to !== 'string' || !isValidAttributeName(to)) problems.add(['renames', from], 'a rename maps an attribute name to its new name', to);
    else renames.set(from, to);
  }
  const input = problems.object(value, 'component', [], true) ?? {};
  const at = ['component'];
  problems.keys(input, COMPONENT_KEYS, at);
  const component: ComponentInput = {
    category: problems.string(input, 'category', at, true) ?? '',
    displayName: problems.string(input, 'displayName', at, true) ?? '',
    icon: problems.string(input, 'icon', at, false),
    description: problems.string(input, 'description', at, false),
    collectionName: input.collectionName,
    attributes: problems.attributes(input, at),
  };
  problems.done();
  return { component, renames, ...(confirm === undefined ? {} : { confirm }) };
}

/** `{ name }` of a category rename. */
export function readCategoryBody(body: unknown): { readonly name: string; readonly confirm?: boolean } {
  const value = root(body);
  const problems = new Problems();
  problems.keys(value, ['name', 'confirm'], []);
  const name = problems.string(value, 'name', [], true) ?? '';
  const confirm = problems.boolean(value, 'confirm', []);
  problems.done();
  return { name, ...(confirm === undefined ? {} : { confirm }) };
}

export interface BuilderFlags {
  readonly confirm?: boolean;
  readonly dryRun: boolean;
}

/** `?confirm=true&dryRun=true` (any other query key → 400). */
export function readFlags(query: unknown): BuilderFlags {
  const value = isObject(query) ? query : {};
  const problems = new Problems();
  problems.keys(value, ['confirm', 'dryRun'], []);
  const flag = (key: string): boolean | undefined => {
    const raw = value[key];
    if (raw === undefined) return undefined;
    if (raw === 'true' || raw === true) return true;
    if (raw === 'false' || raw === false) return false;
    problems.add([key], `${key} must be true or false`, raw);
    return undefined;
  };
  const confirm = flag('confirm');
  const dryRun = flag('dryRun') ?? false;
  problems.done();
  return { dryRun, ...(confirm === undefined ? {} : { confirm }) };
}

/**
 * A DELETE's flags: `?confirm=true&dryRun=true`, or `{ "confirm": true }` as its body (what a
 * POST or PUT takes; the body wins, as there). No body, or an empty one, is no confirmation.
 */
export function readDeleteFlags(query: unknown, body: unknown): BuilderFlags {
  const flags = readFlags(query);
  if (body === undefined) return flags;
  const value = root(body);
  const problems = new Problems();
  problems.keys(value, ['confirm'], []);
  const confirm = problems.boolean(value, 'confirm', []);
  problems.done();
  return confirm === undefined ? flags : { ...flags, confirm };
}
