import type { Database } from '../../db/database.js';
import type { SyncReport } from '../../db/sync-schema.js';
import { boundValue } from '../../query/compile/sql-expressions.js';
import { linkOwnerLocale, selectPublishedWithoutDraft } from '../../query/compile/compile-model-migration.js';
import type { SchemaRegistry } from '../../schema/registry.js';
import { LINK_COLUMNS } from '../../schema/relation-link.js';
import type { KeyValueStore } from '../../store/key-value-store.js';
import { cloneVersion } from './copy-version.js';

/** The Draft & Publish types whose documents all have drafts (store key: a JSON list of uids). */
export const DRAFTS_KEY = 'versions.draftsFor';

export interface UpgradeVersionsOptions {
  readonly database: Database;
  readonly registry: SchemaRegistry;
  readonly sync: SyncReport;
  readonly store: KeyValueStore;
  readonly defaultLocale: string;
  readonly log: (message: string) => void;
}

/**
 * Brings stored documents up to the model's versions after schema sync, so that a database
 * written before a type had Draft & Publish or locales (an older Tessera, or a schema.json
 * edited by hand) keeps working:
 * - a `locale` column just added to a localized type puts its rows in the default locale, and
 *   a `target_locale` just added to a link table gives each link its owner's locale (the
 *   default one for owners that are not localized);
 * - a Draft & Publish type not yet known to have drafts gets a draft for every published
 *   version that lacks one (a copy, with its relations and components).
 * Runs in one transaction, each type under its write lock; when there is nothing to do it
 * costs one read of the store (none without Draft & Publish types).
 */
export async function upgradeVersions({ database, registry, sync, store, defaultLocale, log }: UpgradeVersionsOptions): Promise<void> {
  const added = new Set(sync.addedColumns);
  const withDrafts = registry.contentTypes.filter((type) => type.draftAndPublish);
  const known = new Set(withDrafts.length === 0 ? [] : (((await store.get(DRAFTS_KEY)) as string[] | undefined) ?? []));
  const needDrafts = withDrafts.filter((type) => !known.has(type.uid));
  const newLocales = registry.contentTypes.filter((type) => type.localized && added.has(`${type.collectionName}.locale`));
  const newLinkLocales = registry.links.filter((link) => link.targetLocalized && added.has(`${link.table}.${LINK_COLUMNS.targetLocale}`));
  if (needDrafts.length === 0 && newLocales.length === 0 && newLinkLocales.length === 0) return;
  const { dialect } = database;
  await database.transaction(async (trx) => {
    for (const type of newLocales) await trx.updateTable(type.collectionName).set({ locale: defaultLocale }).where('locale', 'is', null).execute();
    for (const link of newLinkLocales) {
      const owner = link.owner;
      const locale =
        owner.modelType === 'contentType' && owner.localized
          ? linkOwnerLocale(link.table, LINK_COLUMNS.entity, owner.collectionName)
          : boundValue(defaultLocale);
      await trx.updateTable(link.table).set({ [LINK_COLUMNS.targetLocale]: locale }).where(LINK_COLUMNS.targetLocale, 'is', null).execute();
    }
    for (const type of needDrafts) {
      await dialect.lockForUniqueCheck(trx, type.collectionName);
      const missing = await selectPublishedWithoutDraft(type).execute(trx);
      for (const row of missing.rows) await cloneVersion(trx, type, Number(row.id), { published_at: null }, { dialect, registry });
      if (missing.rows.length > 0) log(`${type.uid}: created drafts for ${missing.rows.length} published version(s) that had none (Draft & Publish)`);
    }
  });
  if (needDrafts.length > 0) await store.set(DRAFTS_KEY, [...known, ...needDrafts.map((type) => type.uid)].sort());
}
