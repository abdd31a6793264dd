import type { ScalarAttribute } from '../schema/attribute.js';
import type { ContentType, Model } from '../schema/content-type.js';
import type { RelationLink } from '../schema/relation-link.js';
import type { SchemaRegistry } from '../schema/registry.js';
import { columnTypeOf } from '../schema/to-table-model.js';
import { ValidationError } from '../shared/errors.js';
import type { AttributeRename } from './next-source.js';

export interface ScalarChange {
  /** The model as currently served. */
  readonly model: Model;
  readonly attribute: ScalarAttribute;
}

export interface ColumnRename {
  readonly model: Model;
  readonly table: string;
  readonly from: ScalarAttribute;
  readonly to: ScalarAttribute;
}

export interface OwnedItems {
  readonly model: Model;
  /** The component or dynamic-zone attribute that goes. */
  readonly field: string;
  /** The tables its items are in (current model). */
  readonly tables: readonly string[];
}

/** What changes between the served model and the next one, as far as stored data goes. */
export interface ModelDiff {
  readonly deletedModels: readonly Model[];
  readonly deletedScalars: readonly ScalarChange[];
  readonly changedScalars: readonly ScalarChange[];
  readonly renames: readonly ColumnRename[];
  /** Link tables of models that stay, whose relation goes. */
  readonly deletedLinks: readonly RelationLink[];
  readonly deletedItems: readonly OwnedItems[];
  readonly draftAndPublishOff: readonly ContentType[];
  readonly draftAndPublishOn: readonly ContentType[];
  readonly i18nOff: readonly ContentType[];
}

function renameError(rename: AttributeRename, message: string): ValidationError {
  return new ValidationError(message, { errors: [{ path: [rename.uid, rename.to], message }] });
}

function checkedRenames(current: SchemaRegistry, next: SchemaRegistry, renames: readonly AttributeRename[]): ColumnRename[] {
  return renames.map((rename) => {
    const before = current.model(rename.uid);
    const after = next.model(rename.uid);
    const from = before?.attributes.get(rename.from);
    const to = after?.attributes.get(rename.to);
    if (!before || !after) throw renameError(rename, `${rename.uid} must exist before and after a rename of its attributes`);
    if (from?.kind !== 'scalar') throw renameError(rename, `${rename.uid} has no attribute "${rename.from}" with a value of its own to rename`);
    if (to?.kind !== 'scalar') throw renameError(rename, `The renamed attribute "${rename.to}" must be in the new definition of ${rename.uid}, with a value of its own`);
    if (after.attributes.has(rename.from)) throw renameError(rename, `The new definition of ${rename.uid} must no longer have "${rename.from}"`);
    if (before.attributes.has(rename.to)) throw renameError(rename, `${rename.uid} already has an attribute "${rename.to}"`);
    if (columnTypeOf(from.type) !== columnTypeOf(to.type)) throw renameError(rename, `A rename keeps the attribute's type: "${rename.from}" is ${from.type}, "${rename.to}" is ${to.type}`);
    return { model: before, table: before.collectionName, from, to };
  });
}

export function diffModels(current: SchemaRegistry, next: SchemaRegistry, renames: readonly AttributeRename[]): ModelDiff {
  const columnRenames = checkedRenames(current, next, renames);
  const renamedFrom = new Set(columnRenames.map((rename) => `${rename.model.uid}.${rename.from.name}`));
  const models: Model[] = [...current.contentTypes, ...current.components];
  const deletedModels = models.filter((model) => !next.model(model.uid));
  const deletedScalars: ScalarChange[] = [];
  const changedScalars: ScalarChange[] = [];
  const deletedItems: OwnedItems[] = [];
  for (const model of models) {
    const after = next.model(model.uid);
    if (!after) continue;
    for (const attribute of model.attributes.values()) {
      const successor = after.attributes.get(attribute.name);
      if (attribute.kind === 'scalar') {
        // System attributes (createdAt, locale…) follow the model's options, not the attribute list.
        if (!attribute.writable || renamedFrom.has(`${model.uid}.${attribute.name}`)) continue;
        if (successor?.kind !== 'scalar' || successor.column !== attribute.column) deletedScalars.push({ model, attribute });
        else if (columnTypeOf(successor.type) !== columnTypeOf(attribute.type)) changedScalars.push({ model, attribute });
      } else if (attribute.kind === 'component' || attribute.kind === 'dynamiczone') {
        const uids = attribute.kind === 'component' ? [attribute.component] : attribute.components;
        const kept = successor?.kind === attribute.kind ? new Set(successor.kind === 'component' ? [successor.component] : successor.components) : new Set<string>();
        const tables = uids.filter((uid) => !kept.has(uid)).flatMap((uid) => current.component(uid)?.collectionName ?? []);
        if (tables.length > 0) deletedItems.push({ model, field: attribute.name, tables });
      }
    }
  }
  const nextLinks = new Set(next.links.map((link) => link.table));
  const deletedLinks = current.links.filter((link) => !nextLinks.has(link.table) && next.model(link.owner.uid));
  const pairs = current.contentTypes.flatMap((type) => {
    const after = next.get(type.uid);
    return after ? [[type, after] as const] : [];
  });
  return {
    deletedModels,
    deletedScalars,
    changedScalars,
    renames: columnRenames,
    deletedLinks,
    deletedItems,
    draftAndPublishOff: pairs.filter(([before, after]) => before.draftAndPublish && !after.draftAndPublish).map(([before]) => before),
    draftAndPublishOn: pairs.filter(([before, after]) => !before.draftAndPublish && after.draftAndPublish).map(([, after]) => after),
    i18nOff: pairs.filter(([before, after]) => before.localized && !after.localized).map(([before]) => before),
  };
}
