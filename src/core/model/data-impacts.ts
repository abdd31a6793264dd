import type { Executor } from '../db/database.js';
import { countAllRows, countOutsideLocale, countOwnedItems, countUnpublishedDrafts, countValues, type CountStatement } from '../query/compile/compile-impact-counts.js';
import { COMPONENT_OWNER_COLUMNS } from '../schema/component-model.js';
import type { DataImpact } from './model-change.js';
import type { ModelDiff } from './model-diff.js';

async function count(db: Executor, query: CountStatement): Promise<number> {
  const { rows } = await query.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Counts, in the database, the rows that each change of `diff` removes or converts; only impacts with rows are listed. */
export async function countImpacts(db: Executor, diff: ModelDiff, defaultLocale: string): Promise<DataImpact[]> {
  const impacts: DataImpact[] = [];
  const add = async (impact: Omit<DataImpact, 'rows'>, query: CountStatement) => {
    const rows = await count(db, query);
    if (rows > 0) impacts.push({ ...impact, rows });
  };
  for (const model of diff.deletedModels) {
    const what = model.modelType === 'contentType' ? 'version(s)' : 'item(s)';
    await add({ model: model.uid, attribute: null, change: 'delete-model', message: `Deletes ${model.uid} and its stored ${what}` }, countAllRows(model.collectionName));
  }
  for (const { model, attribute } of diff.deletedScalars) {
    await add({ model: model.uid, attribute: attribute.name, change: 'delete-attribute', message: `Deletes the values of "${attribute.name}"` }, countValues(model.collectionName, attribute.column));
  }
  for (const { model, attribute } of diff.changedScalars) {
    await add({ model: model.uid, attribute: attribute.name, change: 'change-type', message: `Changes the type of "${attribute.name}": its stored values are deleted` }, countValues(model.collectionName, attribute.column));
  }
  for (const rename of diff.renames) {
    await add(
      { model: rename.model.uid, attribute: rename.from.name, change: 'rename-attribute', message: `Moves the values of "${rename.from.name}" to "${rename.to.name}"` },
      countValues(rename.table, rename.from.column),
    );
  }
  for (const link of diff.deletedLinks) {
    const name = link.ownerAttribute.name;
    await add({ model: link.owner.uid, attribute: name, change: 'delete-attribute', message: `Deletes the links of "${name}"` }, countAllRows(link.table));
  }
  for (const items of diff.deletedItems) {
    const owner = COMPONENT_OWNER_COLUMNS;
    let rows = 0;
    for (const table of new Set(items.tables)) {
      rows += await count(db, countOwnedItems(table, { parentTypeColumn: owner.parentType, fieldColumn: owner.field, parentType: items.model.uid, field: items.field }));
    }
    if (rows > 0) impacts.push({ model: items.model.uid, attribute: items.field, change: 'delete-attribute', rows, message: `Deletes the component items of "${items.field}"` });
  }
  for (const type of diff.draftAndPublishOff) {
    await add(
      { model: type.uid, attribute: null, change: 'disable-draft-and-publish', message: 'Keeps the published version of each document (the draft where there is none, published); other drafts are deleted' },
      countUnpublishedDrafts(type),
    );
  }
  for (const type of diff.i18nOff) {
    await add(
      { model: type.uid, attribute: null, change: 'disable-i18n', message: `Keeps the versions in the default locale (${defaultLocale}); the other locales' versions are deleted` },
      countOutsideLocale(type.collectionName, defaultLocale),
    );
  }
  return impacts;
}
