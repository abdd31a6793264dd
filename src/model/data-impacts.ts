import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/database.js';
import { COMPONENT_OWNER_COLUMNS } from '../schema/component-model.js';
import type { ContentType } from '../schema/content-type.js';
import type { DataImpact } from './model-change.js';
import type { ModelDiff } from './model-diff.js';

async function count(db: Executor, query: RawBuilder<{ n: unknown }>): Promise<number> {
  const { rows } = await query.execute(db);
  return Number(rows[0]?.n ?? 0);
}

function countAll(table: string, where: RawBuilder<unknown> = sql`1 = 1`): RawBuilder<{ n: unknown }> {
  return sql<{ n: unknown }>`select count(*) as n from ${sql.table(table)} where ${where}`;
}

/** Drafts that publishing has not made equal to a published version: turning Draft & Publish off loses them. */
function unpublishedDrafts(type: ContentType): RawBuilder<{ n: unknown }> {
  const same = type.scalarAttributes.map((attribute) => {
    const [p, d] = [sql.ref(`p.${attribute.column}`), sql.ref(`d.${attribute.column}`)];
    return sql`and (${p} = ${d} or (${p} is null and ${d} is null))`;
  });
  const locale = type.localized ? sql`and ${sql.ref('p.locale')} = ${sql.ref('d.locale')}` : sql``;
  return sql<{ n: unknown }>`select count(*) as n from ${sql.table(type.collectionName)} as d
    where ${sql.ref('d.published_at')} is null and not exists (select 1 from ${sql.table(type.collectionName)} as p
      where ${sql.ref('p.document_id')} = ${sql.ref('d.document_id')} and ${sql.ref('p.published_at')} is not null ${locale} ${sql.join(same, sql` `)})`;
}

/** Counts, in the database, the rows that each change of `diff` removes or converts; only impacts with rows are listed. */
export async function countImpacts(db: Executor, diff: ModelDiff, defaultLocale: string): Promise<DataImpact[]> {
  const impacts: DataImpact[] = [];
  const add = async (impact: Omit<DataImpact, 'rows'>, query: RawBuilder<{ n: unknown }>) => {
    const rows = await count(db, query);
    if (rows > 0) impacts.push({ ...impact, rows });
  };
  for (const model of diff.deletedModels) {
    const what = model.modelType === 'contentType' ? 'version(s)' : 'item(s)';
    await add({ model: model.uid, attribute: null, change: 'delete-model', message: `Deletes ${model.uid} and its stored ${what}` }, countAll(model.collectionName));
  }
  for (const { model, attribute } of diff.deletedScalars) {
    const where = sql`${sql.ref(attribute.column)} is not null`;
    await add({ model: model.uid, attribute: attribute.name, change: 'delete-attribute', message: `Deletes the values of "${attribute.name}"` }, countAll(model.collectionName, where));
  }
  for (const { model, attribute } of diff.changedScalars) {
    const where = sql`${sql.ref(attribute.column)} is not null`;
    await add({ model: model.uid, attribute: attribute.name, change: 'change-type', message: `Changes the type of "${attribute.name}": its stored values are deleted` }, countAll(model.collectionName, where));
  }
  for (const rename of diff.renames) {
    const where = sql`${sql.ref(rename.from.column)} is not null`;
    await add(
      { model: rename.model.uid, attribute: rename.from.name, change: 'rename-attribute', message: `Moves the values of "${rename.from.name}" to "${rename.to.name}"` },
      countAll(rename.table, where),
    );
  }
  for (const link of diff.deletedLinks) {
    const name = link.ownerAttribute.name;
    await add({ model: link.owner.uid, attribute: name, change: 'delete-attribute', message: `Deletes the links of "${name}"` }, countAll(link.table));
  }
  for (const items of diff.deletedItems) {
    const owner = COMPONENT_OWNER_COLUMNS;
    let rows = 0;
    for (const table of new Set(items.tables)) {
      rows += await count(db, countAll(table, sql`${sql.ref(owner.parentType)} = ${items.model.uid} and ${sql.ref(owner.field)} = ${items.field}`));
    }
    if (rows > 0) impacts.push({ model: items.model.uid, attribute: items.field, change: 'delete-attribute', rows, message: `Deletes the component items of "${items.field}"` });
  }
  for (const type of diff.draftAndPublishOff) {
    await add(
      { model: type.uid, attribute: null, change: 'disable-draft-and-publish', message: 'Keeps the published version of each document (the draft where there is none, published); other drafts are deleted' },
      unpublishedDrafts(type),
    );
  }
  for (const type of diff.i18nOff) {
    await add(
      { model: type.uid, attribute: null, change: 'disable-i18n', message: `Keeps the versions in the default locale (${defaultLocale}); the other locales' versions are deleted` },
      countAll(type.collectionName, sql`${sql.ref('locale')} is null or ${sql.ref('locale')} <> ${defaultLocale}`),
    );
  }
  return impacts;
}
