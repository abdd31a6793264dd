import {
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  GraphQLIncludeDirective,
  GraphQLObjectType,
  GraphQLSkipDirective,
  Kind,
  type FieldNode,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type SelectionSetNode,
} from 'graphql';
import type { Model } from '../../../core/schema/content-type.js';
import type { SchemaRegistry } from '../../../core/schema/registry.js';
import { ValidationError } from '../../../core/shared/errors.js';
import type { OutputTypes } from '../types/output-types.js';
import { filtersToParams } from './filters-to-params.js';

/**
 * Plans a root field's whole selection into the `populate` of one DocumentQuery, so that the
 * document service loads every level in one statement per populated attribute, whatever the
 * number of rows (no N+1). The walk goes through any wrapper type (`data`, `attributes`,
 * `nodes`, `…_connection`) down to the object types of models, so both schema shapes share it.
 */

export interface PlanContext {
  readonly info: GraphQLResolveInfo;
  readonly output: OutputTypes;
  readonly registry: SchemaRegistry;
}

/** A raw populate tree in the REST parser's object form (`{ categories: { filters, sort, populate } }`). */
export type RawPopulate = Record<string, unknown>;

function included(node: FieldNode | { readonly directives?: FieldNode['directives'] }, info: GraphQLResolveInfo): boolean {
  const skip = getDirectiveValues(GraphQLSkipDirective, node, info.variableValues);
  if (skip?.if === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, node, info.variableValues);
  return include?.if !== false;
}

/**
 * The fields of a selection set, fragments expanded (those whose type condition is `typeName`,
 * or none). A named fragment is expanded once per call, as graphql-js collects fields: spread
 * again it adds the same fields, and expanding each spread would make n fragments that each
 * spread the next twice cost 2^n.
 */
export function flattenSelections(selectionSet: SelectionSetNode, typeName: string, info: GraphQLResolveInfo): FieldNode[] {
  const fields: FieldNode[] = [];
  const expanded = new Set<string>();
  const collect = (set: SelectionSetNode): void => {
    for (const selection of set.selections) {
      if (!included(selection, info)) continue;
      if (selection.kind === Kind.FIELD) fields.push(selection);
      else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (!selection.typeCondition || selection.typeCondition.name.value === typeName) collect(selection.selectionSet);
      } else {
        const name = selection.name.value;
        const fragment = info.fragments[name];
        if (!fragment || expanded.has(name) || fragment.typeCondition.name.value !== typeName) continue;
        expanded.add(name);
        collect(fragment.selectionSet);
      }
    }
  };
  collect(selectionSet);
  return fields;
}

/** The fields selected on a model's object type under `nodes`, walking through wrapper types. */
export function modelSelections(nodes: readonly FieldNode[], type: GraphQLOutputType, context: PlanContext): FieldNode[] {
  const named = getNamedType(type);
  if (!(named instanceof GraphQLObjectType)) return [];
  const fields = nodes.flatMap((node) => (node.selectionSet ? flattenSelections(node.selectionSet, named.name, context.info) : []));
  if (context.output.modelOfType(named.name)) return fields;
  const definitions = named.getFields();
  return fields.flatMap((field) => {
    const definition = definitions[field.name.value];
    return definition ? modelSelections([field], definition.type, context) : [];
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Two selections of one attribute (aliases, `x` and `x_connection`) load once: their nested trees merge. */
function mergeEntry(existing: unknown, added: unknown, name: string): unknown {
  if (existing === undefined || existing === true) return added;
  if (added === true) return existing;
  if (!isRecord(existing) || !isRecord(added)) return added;
  const { populate: left, on: leftOn, ...leftOptions } = existing;
  const { populate: right, on: rightOn, ...rightOptions } = added;
  if (JSON.stringify(leftOptions) !== JSON.stringify(rightOptions)) {
    throw new ValidationError(`The field ${name} is selected more than once with different filters or sort; select it once (aliases of one relation must share their arguments)`);
  }
  const merged: Record<string, unknown> = { ...leftOptions };
  const populate = mergePopulate(left as RawPopulate | undefined, right as RawPopulate | undefined);
  if (populate) merged.populate = populate;
  const on = mergePopulate(leftOn as RawPopulate | undefined, rightOn as RawPopulate | undefined);
  if (on) merged.on = on;
  return merged;
}

function mergePopulate(left: RawPopulate | undefined, right: RawPopulate | undefined): RawPopulate | undefined {
  if (!left) return right;
  if (!right) return left;
  const merged: RawPopulate = { ...left };
  for (const [key, value] of Object.entries(right)) merged[key] = mergeEntry(merged[key], value, key);
  return merged;
}

/** The populate tree for the fields selected on `model`'s object type; undefined when nothing linked is selected. */
export function populateOf(model: Model, fields: readonly FieldNode[], context: PlanContext): RawPopulate | undefined {
  const { registry, info } = context;
  const definitions = context.output.objectOf(model).getFields();
  let populate: RawPopulate | undefined;
  const add = (name: string, entry: unknown) => {
    populate ??= {};
    populate[name] = mergeEntry(populate[name], entry, name);
  };
  for (const field of fields) {
    const fieldName = field.name.value;
    const definition = definitions[fieldName];
    if (!definition || fieldName.startsWith('__')) continue;
    const name = fieldName.endsWith('_connection') ? fieldName.slice(0, -'_connection'.length) : fieldName;
    if (name === 'localizations' && model.modelType === 'contentType' && model.localized) {
      add(name, true);
      continue;
    }
    const attribute = model.attributes.get(name);
    if (!attribute || attribute.kind === 'scalar') continue;
    if (attribute.kind === 'relation') {
      const target = registry.get(attribute.target);
      if (!target) continue;
      const args = getArgumentValues(definition, field, info.variableValues);
      const entry: Record<string, unknown> = {};
      if (isRecord(args.filters)) entry.filters = filtersToParams(args.filters, target, registry);
      if (Array.isArray(args.sort) && args.sort.length > 0) entry.sort = args.sort;
      const nested = populateOf(target, modelSelections([field], definition.type, context), context);
      if (nested) entry.populate = nested;
      add(name, Object.keys(entry).length === 0 ? true : entry);
    } else if (attribute.kind === 'component') {
      const component = registry.component(attribute.component);
      if (!component) continue;
      const nested = populateOf(component, modelSelections([field], definition.type, context), context);
      add(name, nested ? { populate: nested } : true);
    } else {
      const on: RawPopulate = {};
      let deep = false;
      for (const uid of attribute.components) {
        const component = registry.component(uid);
        if (!component) continue;
        const selected = field.selectionSet ? flattenSelections(field.selectionSet, context.output.objectOf(component).name, info) : [];
        const nested = populateOf(component, selected, context);
        deep ||= nested !== undefined;
        on[uid] = nested ? { populate: nested } : true;
      }
      add(name, deep ? { on } : true);
    }
  }
  return populate;
}

/** Whether the root field's selection asks for the list's numbers (a count is only run then). */
export function selectsPagination(info: GraphQLResolveInfo, typeName: string): boolean {
  return info.fieldNodes.some((node) => node.selectionSet !== undefined && flattenSelections(node.selectionSet, typeName, info).some((field) => field.name.value === 'meta' || field.name.value === 'pageInfo'));
}
