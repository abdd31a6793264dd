import { isPublicAttribute, type ComponentAttribute, type DynamicZoneAttribute, type RelationAttribute, type ScalarAttribute } from '../schema/attribute.js';
import type { ContentType } from '../schema/content-type.js';
import type { StoredModel } from '../schema/model.js';
import type { SchemaRegistry } from '../schema/registry.js';
import { ValidationError, type FieldError } from '../shared/errors.js';
import { blocksMessage } from './check-blocks.js';
import { checkScalarValue, type StoredValue } from './check-scalar-value.js';
import { parseComponentValue, type ComponentValueWrite } from './components/component-write.js';
import type { DocumentWrite, ModelWrite, ValueContext, WriteMode } from './model-write.js';
import { parseRelationWrite, type RelationWrite } from './relations/relation-write.js';

export type { DocumentWrite, WriteMode } from './model-write.js';

/** Keys a body may carry that are accepted and ignored, as the reference does. */
const IGNORED_KEYS = new Set(['publishedAt']);

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

function checkKeys(data: Readonly<Record<string, unknown>>, model: StoredModel, path: readonly string[]): void {
  for (const key of Object.keys(data)) {
    if (IGNORED_KEYS.has(key) && model.attributes.has('documentId')) continue;
    const attribute = model.attributes.get(key);
    const userDefined = attribute !== undefined && (attribute.kind !== 'scalar' || model.scalarAttributes.includes(attribute));
    if (!attribute || !attribute.writable || !userDefined) {
      throw ValidationError.invalidKey(key, { source: 'body', path: path.length > 0 ? [...path, key].join('.') : null });
    }
  }
}

function checkScalars(data: Readonly<Record<string, unknown>>, model: StoredModel, mode: WriteMode, path: readonly string[], context: ValueContext): Map<ScalarAttribute, StoredValue> {
  const { errors, draft } = context;
  const values = new Map<ScalarAttribute, StoredValue>();
  const addError = (attribute: ScalarAttribute, message: string, value: unknown): void => {
    // The API never returns a password or a private attribute, so an error does not either.
    const shown = isPublicAttribute(attribute) ? { value: echo(value) } : {};
    errors.push({ path: [...path, attribute.name], message, name: 'ValidationError', ...shown });
  };
  // A uid generated from its targetField may be absent or empty on create (check-unique fills it).
  const generated = (attribute: ScalarAttribute) => mode === 'create' && attribute.type === 'uid' && attribute.targetField !== undefined && model.attributes.has('documentId');
  const required = (attribute: ScalarAttribute) => attribute.required && !draft && !generated(attribute);
  for (const attribute of model.scalarAttributes) {
    const sent = Object.hasOwn(data, attribute.name);
    let raw = sent ? data[attribute.name] : undefined;
    if (!sent && mode === 'create' && attribute.default !== undefined) raw = attribute.default;
    if (raw === undefined) {
      if (mode === 'create' && required(attribute)) addError(attribute, `${attribute.name} must be defined.`, raw);
      continue;
    }
    if (raw === null) {
      if (required(attribute)) addError(attribute, `${attribute.name} must be defined.`, raw);
      else values.set(attribute, null);
      continue;
    }
    const result = checkScalarValue(attribute, raw, { draft });
    if (!result.ok && result.blocks) {
      // Strapi reports each failure of a blocks value at its own path, with the value yup cast.
      const base = [...path, attribute.name];
      for (const problem of result.blocks) {
        const shown = isPublicAttribute(attribute) && Object.hasOwn(problem, 'value') ? { value: echo(problem.value) } : {};
        errors.push({ path: [...base, ...problem.path], message: blocksMessage(problem, base), name: 'ValidationError', ...shown });
      }
      continue;
    }
    if (!result.ok) {
      addError(attribute, result.message, raw);
      continue;
    }
    if (required(attribute) && isMissing(result.value)) {
      addError(attribute, `${attribute.name} must be defined.`, raw);
      continue;
    }
    values.set(attribute, result.value);
  }
  return values;
}

/** The data of one row (a document's, or a component item's), checked against its model. */
function validateModel(data: Readonly<Record<string, unknown>>, model: StoredModel, mode: WriteMode, path: readonly string[], context: ValueContext): ModelWrite {
  checkKeys(data, model, path);
  const values = checkScalars(data, model, mode, path, context);
  const relations = new Map<RelationAttribute, RelationWrite>();
  const components = new Map<ComponentAttribute | DynamicZoneAttribute, ComponentValueWrite>();
  const nested: ValueContext = { ...context, mode };
  for (const attribute of model.linkedAttributes) {
    const raw = data[attribute.name];
    const attributePath = [...path, attribute.name];
    if (raw === undefined || (raw === null && attribute.kind === 'relation')) {
      // A new locale of a document takes the shared attributes it is not sent with from the document.
      const missing = mode === 'create' && attribute.required && !context.draft && !(context.joining && attribute.shared === true);
      if (missing) context.errors.push({ path: attributePath, message: `${attribute.name} must be defined.`, name: 'ValidationError', value: echo(raw) });
      if (raw === undefined) continue;
    }
    if (attribute.kind === 'relation') relations.set(attribute, parseRelationWrite(attribute, raw, attributePath, nested));
    else components.set(attribute, parseComponentValue(attribute, raw, attributePath, nested));
  }
  return { model, values, relations, components };
}

export interface ValidateOptions {
  /** The write creates a new locale of an existing document (its `base` holds the shared scalars; shared linked values are copied). */
  readonly joining?: boolean;
}

/**
 * The `data` of a POST or PUT → a DocumentWrite, or a 400 listing every failing attribute.
 * Unknown and read-only keys are rejected first, naming the key. On create, defaults fill
 * absent attributes and required attributes must have a value; on update only the keys sent
 * are checked and changed, and `null` clears an attribute. On a Draft & Publish type the body
 * is the draft's: the rules the reference checks when publishing (`required`, `minLength`,
 * the `min` of lists) are left to the publish (versions/check-publishable.ts).
 */
export function validateData(data: Readonly<Record<string, unknown>>, contentType: ContentType, mode: WriteMode, registry: SchemaRegistry, options: ValidateOptions = {}): DocumentWrite {
  const errors: FieldError[] = [];
  const context: ValueContext = {
    registry,
    mode,
    // Every write of a Draft & Publish type saves the draft first (then publishes it, unless
    // `status=draft`): the body is held to the draft's rules, the publish to the others.
    draft: contentType.draftAndPublish,
    joining: options.joining === true,
    errors,
    validateModel: (itemData, model, itemMode, path) => validateModel(itemData, model, itemMode, path, context),
  };
  const write = validateModel(data, contentType, mode, [], context);
  if (errors.length > 0) throw ValidationError.fromFieldErrors(errors);
  return { ...write, model: contentType, contentType, data, mode, joining: context.joining };
}
