import type { App } from '../../src/server/app.js';
import { COMPONENT_OWNER_COLUMNS } from '../../src/core/schema/component-model.js';
import { LINK_COLUMNS } from '../../src/core/schema/relation-link.js';

/**
 * Writes links and component rows straight into their tables, in the layout the storage
 * model defines (docs/architecture.md). Read-path tests use it to build data independently
 * of the write path they are not about.
 */

function modelOf(app: App, uid: string) {
  const model = app.registry.model(uid);
  if (!model) throw new Error(`No model ${uid}`);
  return model;
}

/** The row id of a document (its only version, without Draft & Publish). */
export async function rowIdOf(app: App, uid: string, documentId: string): Promise<number> {
  const row = await app.database.db.selectFrom(modelOf(app, uid).collectionName).select('id').where('document_id', '=', documentId).executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Links the row `ownerRowId` of `ownerUid` to `targets` (documentIds) through the owning
 * relation `attribute`, in that order, appended to whatever the targets' inverse lists hold.
 */
export async function seedLinks(app: App, ownerUid: string, attribute: string, ownerRowId: number, targets: readonly string[]): Promise<void> {
  const relation = modelOf(app, ownerUid).attributes.get(attribute);
  if (!relation || relation.kind !== 'relation') throw new Error(`${ownerUid}.${attribute} is not a relation`);
  const { link, side } = app.registry.relation(relation);
  if (side !== 'owner') throw new Error(`${ownerUid}.${attribute} is the inverse side; seed its owner`);
  const db = app.database.db;
  for (const [index, target] of targets.entries()) {
    const inverse = await db
      .selectFrom(link.table)
      .select((eb) => eb.fn.max(LINK_COLUMNS.entityOrder).as('last'))
      .where(LINK_COLUMNS.target, '=', target)
      .executeTakeFirst();
    await db
      .insertInto(link.table)
      .values({
        [LINK_COLUMNS.entity]: ownerRowId,
        [LINK_COLUMNS.target]: target,
        [LINK_COLUMNS.targetOrder]: link.ownerMany ? index + 1 : null,
        [LINK_COLUMNS.entityOrder]: link.inverseMany ? Number(inverse?.last ?? 0) + 1 : null,
      })
      .execute();
  }
}

/** Inserts one component row owned by `parentRowId` of `parentUid` in `field` at `order`; returns its id. */
export async function seedComponent(
  app: App,
  componentUid: string,
  parent: { readonly uid: string; readonly rowId: number; readonly field: string; readonly order: number },
  values: Readonly<Record<string, unknown>>,
): Promise<number> {
  const component = modelOf(app, componentUid);
  const columns: Record<string, unknown> = {
    [COMPONENT_OWNER_COLUMNS.parentId]: parent.rowId,
    [COMPONENT_OWNER_COLUMNS.parentType]: parent.uid,
    [COMPONENT_OWNER_COLUMNS.field]: parent.field,
    [COMPONENT_OWNER_COLUMNS.order]: parent.order,
  };
  for (const [name, value] of Object.entries(values)) {
    const attribute = component.attributes.get(name);
    if (!attribute || attribute.kind !== 'scalar') throw new Error(`${componentUid}.${name} is not a scalar attribute`);
    columns[attribute.column] = value;
  }
  const db = app.database.db;
  await db.insertInto(component.collectionName).values(columns).execute();
  const row = await db
    .selectFrom(component.collectionName)
    .select('id')
    .where(COMPONENT_OWNER_COLUMNS.parentId, '=', parent.rowId)
    .where(COMPONENT_OWNER_COLUMNS.parentType, '=', parent.uid)
    .where(COMPONENT_OWNER_COLUMNS.field, '=', parent.field)
    .where(COMPONENT_OWNER_COLUMNS.order, '=', parent.order)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
