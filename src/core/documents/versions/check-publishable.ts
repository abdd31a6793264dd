import type { DbTransaction } from '../../db/database.js';
import { columnRef, readColumn } from '../../query/compile/sql-expressions.js';
import type { PopulateNode, PopulateSelection } from '../../query/document-query.js';
import type { ComponentAttribute, DynamicZoneAttribute, ScalarAttribute } from '../../schema/attribute.js';
import type { ComponentModel } from '../../schema/component-model.js';
import type { ContentType } from '../../schema/content-type.js';
import type { StoredModel } from '../../schema/model.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import { columnTypeOf } from '../../schema/to-table-model.js';
import { ValidationError, type FieldError } from '../../shared/errors.js';
import { minLengthMessage } from '../check-scalar-value.js';
import { componentError } from '../components/component-errors.js';
import { shortListMessage } from '../components/component-write.js';
import { createRowDecoder } from '../decode-row.js';
import type { LinkedContext } from '../linked-context.js';
import { populateRows } from '../populate/populate-documents.js';

/**
 * The rules the reference checks when a version is published rather than when its draft is
 * saved (its entity validator's draft mode): `required` scalars and single components,
 * `minLength`, and the `min` (or `required`: not empty) of repeatable components and dynamic
 * zones, at every component level. A draft may miss them; publishing it may not. Messages are
 * the reference's for the stored draft it validates (a missing title is null there: "title
 * must be a `string` type, but the final value was: `null`.").
 */

type Listed = ComponentAttribute | DynamicZoneAttribute;

/** A password is stored hashed: its length was checked when it was written. */
function scalarRuled(attribute: ScalarAttribute): boolean {
  return attribute.required || (attribute.minLength !== undefined && attribute.type !== 'password');
}

function componentsOf(attribute: Listed, registry: SchemaRegistry): ComponentModel[] {
  const uids = attribute.kind === 'component' ? [attribute.component] : attribute.components;
  return uids.flatMap((uid) => registry.component(uid) ?? []);
}

/** What must be read of a model's rows to check them: ruled scalars, and the component attributes with rules at or below them. */
function selectionOf(model: StoredModel, registry: SchemaRegistry): { fields: ScalarAttribute[]; populate: PopulateNode[] } | null {
  const fields = model.scalarAttributes.filter(scalarRuled);
  const populate: PopulateNode[] = [];
  for (const attribute of model.linkedAttributes) {
    if (attribute.kind === 'relation') continue;
    const below = new Map<string, PopulateSelection>();
    for (const component of componentsOf(attribute, registry)) {
      const nested = selectionOf(component, registry);
      if (nested) below.set(component.uid, { model: component, ...nested });
    }
    const counted = attribute.required || attribute.min !== undefined;
    if (below.size === 0 && !counted) continue;
    if (attribute.kind === 'component') {
      const component = registry.component(attribute.component);
      if (!component) continue;
      const nested = below.get(component.uid);
      populate.push({ kind: 'component', attribute, model: component, fields: nested?.fields ?? [], populate: nested?.populate ?? [] });
    } else {
      // Every kind is read, so that the zone's length counts all of its items.
      const kinds = new Map(componentsOf(attribute, registry).map((component) => [component.uid, below.get(component.uid) ?? { model: component, fields: [], populate: [] }]));
      populate.push({ kind: 'dynamiczone', attribute, components: kinds, count: false });
    }
  }
  return fields.length > 0 || populate.length > 0 ? { fields, populate } : null;
}

/** What the reference's validator calls the type of a required value it finds missing (its schema per attribute type). */
const TYPE_NAMES: Partial<Record<ScalarAttribute['type'], string>> = {
  string: 'string', text: 'string', richtext: 'string', email: 'string', password: 'string', uid: 'string', enumeration: 'string',
  integer: 'number', float: 'number', decimal: 'number', boolean: 'boolean',
};

/**
 * The reference's message for a required value that is null: its validator checks the type
 * first, and null is not a string, number, boolean or object (a required attribute is not
 * nullable); types it does not check say "must be defined." (`""` is a value: it passes).
 */
function missingMessage(name: string, type: string | undefined): string {
  return type === undefined ? `${name} must be defined.` : `${name} must be a \`${type}\` type, but the final value was: \`null\`.`;
}

/** The errors of one stored row (as read: scalars decoded, components populated) against the publish rules. Pure. */
export function publishErrors(model: StoredModel, row: Readonly<Record<string, unknown>>, registry: SchemaRegistry, path: readonly string[] = []): FieldError[] {
  const errors: FieldError[] = [];
  for (const attribute of model.scalarAttributes.filter(scalarRuled)) {
    const value = row[attribute.name];
    const at = [...path, attribute.name];
    if (value === undefined || value === null) {
      if (attribute.required) errors.push({ path: at, message: missingMessage(attribute.name, TYPE_NAMES[attribute.type]), name: 'ValidationError', value: null });
      continue;
    }
    const short = typeof value === 'string' && attribute.type !== 'password' ? minLengthMessage(attribute, value) : null;
    if (short !== null) errors.push({ path: at, message: short, name: 'ValidationError', value });
  }
  for (const attribute of model.linkedAttributes) {
    if (attribute.kind === 'relation' || !(attribute.name in row)) continue;
    const value = row[attribute.name];
    const at = [...path, attribute.name];
    const listed = attribute.kind === 'dynamiczone' || attribute.repeatable;
    const items = (Array.isArray(value) ? value : value ? [value] : []) as Readonly<Record<string, unknown>>[];
    if (listed) {
      const short = shortListMessage(attribute, items.length);
      if (short !== null) errors.push(componentError(at, short, value));
    } else if (items.length === 0 && attribute.required) {
      errors.push(componentError(at, missingMessage(attribute.name, 'object'), null));
    }
    items.forEach((item, index) => {
      const uid = attribute.kind === 'component' ? attribute.component : String(item.__component);
      const component = registry.component(uid);
      if (component) errors.push(...publishErrors(component, item, registry, listed ? [...at, String(index)] : at));
    });
  }
  return errors;
}

/** Whether publishing a type's versions can fail these rules at all (most types: no, and nothing is read). */
export function hasPublishRules(contentType: ContentType, registry: SchemaRegistry): boolean {
  return selectionOf(contentType, registry) !== null;
}

/**
 * Reads a draft as stored (one statement for the row, one per component kind and level with
 * rules) and refuses to publish it, with the reference's 400 listing every failing value, when
 * it breaks a publish rule. Nothing is read for types without such rules.
 */
export async function checkPublishable(trx: DbTransaction, contentType: ContentType, draftId: number, locale: string, context: LinkedContext): Promise<void> {
  const selection = selectionOf(contentType, context.registry);
  if (!selection) return;
  const select = [columnRef('id').as('id'), ...selection.fields.map((attribute) => readColumn(context.dialect, attribute.column, columnTypeOf(attribute.type)).as(attribute.name))];
  const rows = (await trx.selectFrom(contentType.collectionName).select(select).where('id', '=', draftId).execute()) as Record<string, unknown>[];
  const row = rows[0];
  if (!row) return;
  createRowDecoder(contentType)(row);
  await populateRows(trx, contentType, [row], selection.populate, { ...context, status: 'draft', locale });
  const errors = publishErrors(contentType, row, context.registry);
  if (errors.length > 0) throw ValidationError.fromFieldErrors(errors);
}
