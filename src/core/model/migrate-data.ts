import type { RawBuilder } from 'kysely';
import type { DbTransaction } from '../db/database.js';
import type { Dialect } from '../db/dialect.js';
import { columnRef } from '../query/compile/sql-expressions.js';
import { deleteLinksOutsideLocale, publishRemainingDrafts, selectRowIds, selectSupersededDrafts, selectVersionsOutsideLocale, type StoredVersionRow } from '../query/compile/compile-model-migration.js';
import { deleteComponentRows, deleteOwnedComponents } from '../documents/components/delete-component-rows.js';
import { deleteVersions } from '../documents/versions/version-operations.js';
import { COMPONENT_OWNER_COLUMNS as OWNER } from '../schema/component-model.js';
import type { ContentType } from '../schema/content-type.js';
import { LINK_COLUMNS } from '../schema/relation-link.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { ModelDiff } from './model-diff.js';

interface DataContext {
  readonly dialect: Dialect;
  /** The model being replaced: its tables still hold the data. */
  readonly registry: SchemaRegistry;
  readonly defaultLocale: string;
}

async function versionsOf(trx: DbTransaction, type: ContentType, select: RawBuilder<StoredVersionRow>) {
  const { rows } = await select.execute(trx);
  return rows.map((row) => ({ id: Number(row.id), locale: null, status: type.draftAndPublish && row.published_at === null ? ('draft' as const) : ('published' as const) }));
}

/** i18n off: the default locale's versions stay; the others go, with what they own and the links naming them. */
async function dropOtherLocales(trx: DbTransaction, type: ContentType, context: DataContext): Promise<void> {
  await deleteVersions(trx, type, await versionsOf(trx, type, selectVersionsOutsideLocale(type, context.defaultLocale)), context);
  for (const link of context.registry.links.filter((candidate) => candidate.target.uid === type.uid && candidate.targetLocalized)) {
    await deleteLinksOutsideLocale(link.table, LINK_COLUMNS.targetLocale, context.defaultLocale).execute(trx);
  }
}

/** Draft & Publish off: one row per document and locale, the published version where there is one, else the draft made published. */
async function keepOneVersion(trx: DbTransaction, type: ContentType, context: DataContext): Promise<void> {
  await deleteVersions(trx, type, await versionsOf(trx, type, selectSupersededDrafts(type)), context);
  await publishRemainingDrafts(type).execute(trx);
}

/**
 * Moves or deletes the stored data that the confirmed changes of `diff` concern, before their
 * columns and tables are dropped: renamed columns' values, versions that Draft & Publish or
 * i18n turned off leaves out, and items of components that lose their owner.
 */
export async function migrateData(trx: DbTransaction, diff: ModelDiff, context: DataContext): Promise<void> {
  for (const rename of diff.renames) {
    await trx.updateTable(rename.table).set({ [rename.to.column]: columnRef(rename.from.column) }).execute();
  }
  for (const type of diff.i18nOff) await dropOtherLocales(trx, type, context);
  for (const type of diff.draftAndPublishOff) await keepOneVersion(trx, type, context);
  for (const items of diff.deletedItems) {
    for (const table of new Set(items.tables)) {
      const component = context.registry.components.find((candidate) => candidate.collectionName === table);
      if (!component) continue;
      const rows = await trx.selectFrom(table).select('id').where(OWNER.parentType, '=', items.model.uid).where(OWNER.field, '=', items.field).execute();
      await deleteComponentRows(trx, component, rows.map((row) => Number(row.id)), context);
    }
  }
  // A deleted model's own table goes whole; the component items it owned live in other tables.
  for (const model of diff.deletedModels) {
    const { rows } = await selectRowIds(model.collectionName).execute(trx);
    await deleteOwnedComponents(trx, model, rows.map((row) => Number(row.id)), context);
  }
}
