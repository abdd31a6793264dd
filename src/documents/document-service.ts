import { sql, type CompiledQuery } from 'kysely';
import type { Database, DbTransaction, Executor } from '../db/database.js';
import { StatementShapes } from '../db/statement-shapes.js';
import type { ContentType } from '../schema/content-type.js';
import { ValidationError } from '../shared/errors.js';
import { toOffsetLimit, type DocumentQuery, type Status } from '../query/document-query.js';
import { compileCount, compileFindFirst, compileFindMany, compileFindOne, findOneShapeKey, literalLimit, returningSelection } from '../query/compile/compile-select.js';
import { completeUniqueValues } from './check-unique.js';
import { createRowDecoder, type RowDecoder } from './decode-row.js';
import type { Document, DocumentPage } from './document.js';
import { createDocumentId } from './document-id.js';
import { encodeColumns, hashPasswords } from './write-values.js';
import { applyComponentWrites } from './components/apply-component-writes.js';
import type { LinkedContext, OwnerRow, WriteContext, WriteVersion } from './linked-context.js';
import { syncSharedValues } from './versions/sync-shared-values.js';
import { joinSharedLinked, syncSharedLinked, writtenShared } from './versions/sync-shared-linked.js';
import { deleteVersions, discardDraftVersion, publishVersion, sharedData, sharedSource, unpublishVersion, type VersionContext } from './versions/version-operations.js';
import { localeColumn, versionOf, versionRows, writtenStatus, type VersionRow } from './versions/version-rows.js';
import { hasLinks, linkTablesAround, linkTablesOf } from './link-tables.js';
import { writesLinks, type DocumentWrite, type WriteMode } from './model-write.js';
import { answerSize, populateTooLarge } from './populate/answer-size.js';
import { populateRows } from './populate/populate-documents.js';
import { DEFAULT_REST_CONFIG } from '../config/app-config.js';
import { applyRelationWrites, deleteRelationLinks } from './relations/apply-relation-writes.js';
import type { SchemaRegistry } from '../schema/registry.js';

/**
 * The only data API the transports call. It knows content-types, documents and SQL, and
 * nothing of HTTP. Every write runs in one transaction and is read back through the same
 * read path as a GET, so a write's response is exactly what a later read returns.
 */
export interface DocumentService {
  /** Versions of the query's status and locale ('*': every locale). */
  findMany(query: DocumentQuery): Promise<DocumentPage>;
  /** The document's version of the query's status and locale. */
  findOne(query: DocumentQuery, documentId: string): Promise<Document | null>;
  /** The document of a single type, if it exists (in the query's status and locale). */
  findFirst(query: DocumentQuery): Promise<Document | null>;
  /**
   * Creates a document in the query's locale: its draft, published at once unless the query's
   * status is `draft` (types without Draft & Publish have only the published version).
   * `guard` runs inside the write's transaction, after its locks and before the insert: checks
   * that must see what concurrent writers committed (a plugin's own uniqueness rule) throw there.
   */
  create(write: DocumentWrite, query: DocumentQuery, guard?: WriteGuard): Promise<Document>;
  /** Several documents of the query's content-type in one transaction: all are created, or none. */
  createMany(writes: readonly DocumentWrite[], query: DocumentQuery): Promise<Document[]>;
  /**
   * Updates the document's version in the query's locale (its draft, then publishes unless the
   * status is `draft`). null when no document has this documentId, or when it has no version
   * in that locale and `localize` is not given; with `localize`, that locale's version is
   * created from the write it returns for the document's shared values (docs/versions.md).
   */
  update(documentId: string, write: DocumentWrite, query: DocumentQuery, localize?: Localize): Promise<Document | null>;
  /** Removes every version of the locale ('*': all locales); false when there was none. */
  delete(contentType: ContentType, documentId: string, locale: string): Promise<boolean>;
  /**
   * A single type's PUT: updates its document, or creates it when there is none, in one
   * transaction. `writeFor` checks the body for the case that applies (defaults and required
   * attributes only on create; `base` holds shared values when a new locale is created, and
   * `joining` says so: shared attributes left out of the body come from the document).
   */
  putSingle(contentType: ContentType, writeFor: (mode: WriteMode, base: Readonly<Record<string, unknown>>, joining: boolean) => DocumentWrite, query: DocumentQuery): Promise<Document>;
  /** The documentId of a single type's document (in any locale and status), if it exists. */
  singleDocumentId(contentType: ContentType): Promise<string | null>;
  /** Draft & Publish actions on the version of the query's locale; null when it does not exist. */
  publish(contentType: ContentType, documentId: string, query: DocumentQuery): Promise<Document | null>;
  unpublish(contentType: ContentType, documentId: string, query: DocumentQuery): Promise<Document | null>;
  discardDraft(contentType: ContentType, documentId: string, query: DocumentQuery): Promise<Document | null>;
}

/** The write that creates a new locale of a document, given the document's shared values (as API data). */
export type Localize = (base: Readonly<Record<string, unknown>>) => DocumentWrite;

/** A check run inside a write's transaction (see DocumentService.create). */
export type WriteGuard = (trx: DbTransaction) => Promise<void>;

export interface DocumentServiceOptions {
  readonly database: Database;
  readonly registry: SchemaRegistry;
  /** The clock, so tests can fix time. */
  readonly now?: () => Date;
  /** The most objects one populated answer may hold (`api.rest.maxResponseItems`). */
  readonly maxResponseItems?: number;
}

/** Statement shapes kept per service (content-types × field lists and written column sets). */
const STATEMENT_CACHE_SIZE = 256;

export function createDocumentService({ database, registry, now = () => new Date(), maxResponseItems = DEFAULT_REST_CONFIG.maxResponseItems }: DocumentServiceOptions): DocumentService {
  const { dialect } = database;
  const linked: LinkedContext = { dialect, registry };
  const decoders = new Map<ContentType, RowDecoder>();
  const decode = (contentType: ContentType, rows: Record<string, unknown>[]): Document[] => {
    let decoder = decoders.get(contentType);
    if (!decoder) decoders.set(contentType, (decoder = createRowDecoder(contentType)));
    return rows.map(decoder);
  };
  const timestamp = (): unknown => dialect.encode('datetime', now().toISOString());
  const versions: VersionContext = { ...linked, timestamp };

  /** Decoded documents with their populated attributes: a fixed number of statements per populate tree. */
  async function complete(executor: Executor, query: DocumentQuery, rows: Record<string, unknown>[]): Promise<Document[]> {
    const documents = decode(query.contentType, rows);
    if (query.populate.length > 0 && documents.length > 0) {
      const budget = { limit: maxResponseItems, read: 0 };
      await populateRows(executor, query.contentType, documents, query.populate, { ...linked, status: query.status, locale: query.locale, budget });
      // Checked before anything is serialised: shared lists make a JSON text far larger than the rows read.
      if (answerSize(documents, query.populate, maxResponseItems) > maxResponseItems) throw populateTooLarge(maxResponseItems);
    }
    return documents;
  }

  /**
   * Takes the locks a write needs before its first read (on MySQL later reads see the snapshot
   * of the first): the link tables it changes, then the unique-check lock. Always in this
   * order, so two writers never wait on each other in a cycle.
   */
  async function lockForWrite(trx: DbTransaction, tables: readonly string[], uniqueTable: string | null): Promise<void> {
    for (const table of tables) await dialect.lockForUniqueCheck(trx, `link:${table}`);
    if (uniqueTable !== null) await dialect.lockForUniqueCheck(trx, uniqueTable);
  }

  /**
   * Writes to a type with versions (Draft & Publish or locales) create, copy and delete rows of a
   * document: they hold the type's version lock, so that two writers never both create a
   * document's published version or a locale. Plain types have one row per document and skip it.
   */
  function versioned(contentType: ContentType): boolean {
    return contentType.draftAndPublish || contentType.localized;
  }

  /** Relations and components of a written row, after the row itself. */
  async function writeLinked(trx: DbTransaction, write: DocumentWrite, owner: OwnerRow, version: WriteVersion): Promise<void> {
    if (!writesLinks(write)) return;
    const context: WriteContext = { ...linked, version };
    await applyRelationWrites(trx, write.contentType, owner, write.relations, context);
    await applyComponentWrites(trx, write.contentType, owner, write.components, context);
  }

  /** Reads by documentId and writes are compiled once per shape; only their values change. */
  const shapes = new StatementShapes(STATEMENT_CACHE_SIZE);

  async function readOne(executor: Executor, query: DocumentQuery, documentId: string): Promise<Document | null> {
    const key = findOneShapeKey(query);
    // The version's locale is bound before the documentId (compile-select puts it first).
    const values = query.contentType.localized && query.locale !== '*' ? [query.locale, documentId] : [documentId];
    const { rows } = key
      ? await executor.executeQuery<Record<string, unknown>>(shapes.resolve(`read:${key}`, values, () => compileFindOne(executor, dialect, query, documentId).compile()))
      : { rows: await compileFindOne(executor, dialect, query, documentId).execute() };
    return (await complete(executor, query, rows))[0] ?? null;
  }

  /**
   * The version just written, read back with the query's fields but not its filters: a filter
   * chooses documents to read and must not hide the one written (it made a filtered POST a 500
   * after rolling back, and a filtered PUT a 404 after committing its change).
   */
  async function readWritten(executor: Executor, query: DocumentQuery, documentId: string): Promise<Document> {
    const document = await readOne(executor, { ...query, filters: null }, documentId);
    if (!document) throw new Error(`The document ${documentId} was not found right after its write`);
    return document;
  }

  /**
   * A write transaction whose database errors caused by a value (one past a column's range
   * that validation could not know of, such as MySQL's decimal(65,30)) become a 400.
   */
  async function translateClientErrors<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const problem = dialect.clientErrorOf(error);
      if (problem !== null) throw new ValidationError(`Invalid value: ${problem}`);
      throw error;
    }
  }

  function inTransaction<T>(fn: (trx: DbTransaction) => Promise<T>): Promise<T> {
    return translateClientErrors(() => database.transaction(fn));
  }

  /**
   * An update's columns. A draft's publishedAt stays null; without Draft & Publish every save
   * is a publish, so publishedAt follows updatedAt (as in the reference).
   */
  function stampedColumns(write: DocumentWrite): Record<string, unknown> {
    const stamp = timestamp();
    return { ...encodeColumns(dialect, write), updated_at: stamp, ...(write.contentType.draftAndPublish ? {} : { published_at: stamp }) };
  }

  /** UPDATE … RETURNING the columns the query reads, compiled once per shape (plain types only: one row per document). */
  function updateReturning(contentType: ContentType, columns: Record<string, unknown>, documentId: string, query: DocumentQuery): CompiledQuery {
    const table = contentType.collectionName;
    const key = `update-returning:${table}:${Object.keys(columns).join(',')}:${findOneShapeKey({ ...query, filters: null })}`;
    return shapes.resolve(key, [...Object.values(columns), documentId], () =>
      database.db.updateTable(table).set(columns).where('document_id', '=', documentId).returning(returningSelection(dialect, query)).compile(),
    );
  }

  /** An INSERT, or an UPDATE of one row by id; the key is its shape, the values are bound in column order. */
  function writeStatement(kind: 'insert' | 'update', executor: Executor, contentType: ContentType, columns: Record<string, unknown>, rowId: number): CompiledQuery {
    const table = contentType.collectionName;
    const values = Object.values(columns);
    const key = `${kind}:${table}:${Object.keys(columns).join(',')}`;
    if (kind === 'insert') {
      return shapes.resolve(key, values, () => (dialect.updateReturning ? executor.insertInto(table).values(columns).returning('id').compile() : executor.insertInto(table).values(columns).compile()));
    }
    return shapes.resolve(key, [...values, rowId], () => executor.updateTable(table).set(columns).where('id', '=', rowId).compile());
  }

  function localeOf(contentType: ContentType, query: DocumentQuery): string {
    if (contentType.localized && query.locale === '*') throw new ValidationError('Every locale (locale=*, or a locale filter that is not one locale code) can only be read as a list or deleted: a single document is read and written in one locale', { key: 'locale', path: null, source: 'query', param: 'locale' });
    return query.locale;
  }

  /** The version row of a document a write changes directly: its draft, or its only row. */
  async function insertVersion(trx: DbTransaction, write: DocumentWrite, documentId: string, locale: string, status: Status, locked: boolean): Promise<number> {
    const { contentType } = write;
    const completed = await completeUniqueValues(write, 'create', { executor: trx, dialect, documentId, locked, locale: contentType.localized ? locale : null });
    const stamp = timestamp();
    const columns = {
      document_id: documentId,
      ...encodeColumns(dialect, completed),
      created_at: stamp,
      updated_at: stamp,
      published_at: contentType.draftAndPublish ? null : stamp,
      ...localeColumn(contentType, locale),
    };
    const result = await trx.executeQuery<{ id?: unknown }>(writeStatement('insert', trx, contentType, columns, 0));
    // The id RETURNING gave, or (MySQL) the one the driver reports: no read-back.
    const rowId = Number(result.rows[0]?.id ?? result.insertId);
    if (!Number.isSafeInteger(rowId) || rowId <= 0) throw new Error(`The version of ${documentId} got no id`);
    // The row is the draft (or only row); the status tells inverse-side writes which owner versions to reach.
    await writeLinked(trx, completed, { rowId, documentId, created: true }, { locale, status });
    return rowId;
  }

  /**
   * Writes a document's version of `query`'s locale inside `trx`: updates the draft (or only
   * row), or creates the locale's version when the document exists in other locales only
   * (given `localize`), then publishes unless the query says `draft`. null: nothing to write.
   */
  async function writeVersion(trx: DbTransaction, documentId: string, write: DocumentWrite, query: DocumentQuery, localize: Localize | undefined, locked: boolean): Promise<Document | null> {
    const { contentType } = write;
    const locale = localeOf(contentType, query);
    // Locked as read (after the write locks, as the UPDATE would lock them anyway): a plain
    // type's lone DELETE takes none of our locks, and a row it removed between this read and
    // the UPDATE left nothing to read back (a 500 on PostgreSQL) or, on MySQL, a 200 showing the
    // deleted snapshot for a write that changed nothing. Now the delete came first (no rows:
    // 404) or waits for this write; on InnoDB both now lock the document_id index entry before
    // the row, which also ended their deadlocks.
    const all = await versionRows(trx, contentType, documentId, '*', dialect.rowLocks);
    if (all.length === 0) return null;
    const own = all.filter((row) => row.locale === (contentType.localized ? locale : null));
    const row = versionOf(own, writtenStatus(contentType));
    let rowId: number;
    if (row) {
      const completed = locked ? await completeUniqueValues(write, 'update', { executor: trx, dialect, documentId, locked: true, locale: contentType.localized ? locale : null }) : write;
      await trx.executeQuery(writeStatement('update', trx, contentType, stampedColumns(completed), row.id));
      await writeLinked(trx, completed, { rowId: row.id, documentId, created: false }, { locale, status: query.status });
      rowId = row.id;
      await syncSharedLinked(trx, contentType, rowId, documentId, writtenStatus(contentType), writtenShared(contentType, completed), linked);
    } else {
      const source = sharedSource(contentType, all);
      if (!localize || !source) return null;
      const created = await hashPasswords(localize(await sharedData(trx, contentType, all, linked)));
      rowId = await insertVersion(trx, created, documentId, locale, query.status, locked);
      await joinSharedLinked(trx, contentType, source.id, rowId, documentId, writtenStatus(contentType), created, linked);
    }
    await syncSharedValues(trx, dialect, contentType, rowId, documentId, writtenStatus(contentType));
    if (contentType.draftAndPublish && query.status === 'published') await publishVersion(trx, contentType, documentId, locale, versions);
    return readWritten(trx, { ...query, locale }, documentId);
  }

  async function lockVersions(trx: DbTransaction, contentType: ContentType, write: DocumentWrite | null): Promise<void> {
    const tables = write && !versioned(contentType) ? linkTablesOf(write, registry) : linkTablesAround(contentType, registry);
    await lockForWrite(trx, tables, contentType.collectionName);
  }

  /** Creates documents of one content-type in one transaction (see DocumentService.create). */
  async function createAll(writes: readonly DocumentWrite[], query: DocumentQuery, guard?: WriteGuard): Promise<Document[]> {
    const hashed = await Promise.all(writes.map(hashPasswords));
    const { contentType } = query;
    const locale = localeOf(contentType, query);
    return inTransaction(async (trx) => {
      const links = [...new Set(hashed.flatMap((write) => linkTablesOf(write, registry)))].sort();
      if (versioned(contentType)) await lockForWrite(trx, linkTablesAround(contentType, registry), contentType.collectionName);
      else await lockForWrite(trx, links, null);
      if (guard) await guard(trx);
      const created: Document[] = [];
      for (const write of hashed) {
        const documentId = createDocumentId();
        await insertVersion(trx, write, documentId, locale, query.status, versioned(contentType));
        if (contentType.draftAndPublish && query.status === 'published') await publishVersion(trx, contentType, documentId, locale, versions);
        created.push(await readWritten(trx, { ...query, locale }, documentId));
      }
      return created;
    });
  }

  /** Runs a Draft & Publish action in one transaction under the type's locks; null when the version does not exist. */
  async function versionAction(contentType: ContentType, documentId: string, query: DocumentQuery, act: (trx: DbTransaction, rows: VersionRow[], locale: string) => Promise<void>): Promise<Document | null> {
    if (!contentType.draftAndPublish) throw new ValidationError(`${contentType.uid} does not have Draft & Publish enabled`);
    const locale = localeOf(contentType, query);
    return inTransaction(async (trx) => {
      await lockVersions(trx, contentType, null);
      const rows = await versionRows(trx, contentType, documentId, locale);
      if (rows.length === 0) return null;
      await act(trx, rows, locale);
      return readWritten(trx, { ...query, locale }, documentId);
    });
  }

  return {
    async findMany(query) {
      const { offset, limit } = toOffsetLimit(query.pagination);
      const rows = await compileFindMany(database.db, dialect, query).execute();
      let total: number | null = null;
      if (query.pagination.withCount) {
        // A page that is neither empty nor full tells the total by itself: no count query needed.
        const isPartialPage = rows.length > 0 && (limit === null || rows.length < limit);
        total = isPartialPage ? offset + rows.length : Number((await compileCount(database.db, dialect, query).executeTakeFirst())?.total ?? 0);
      }
      return { documents: await complete(database.db, query, rows), total };
    },

    findOne: (query, documentId) => readOne(database.db, { ...query, locale: localeOf(query.contentType, query) }, documentId),

    async findFirst(query) {
      const rows = await compileFindFirst(database.db, dialect, { ...query, locale: localeOf(query.contentType, query) }).execute();
      return (await complete(database.db, query, rows))[0] ?? null;
    },

    create: async (write, query, guard) => {
      const [document] = await createAll([write], query, guard);
      if (!document) throw new Error('A create returned no document');
      return document;
    },

    createMany: (writes, query) => createAll(writes, query),

    async update(documentId, write, query, localize) {
      const hashed = await hashPasswords(write);
      const { contentType } = hashed;
      const checksUniqueness = [...hashed.values.keys()].some((attribute) => attribute.unique || attribute.type === 'uid');
      const links = linkTablesOf(hashed, registry);
      if (!versioned(contentType) && !checksUniqueness && dialect.updateReturning && !writesLinks(hashed) && query.populate.length === 0) {
        // One statement, atomic by itself: the change and the row it left in one round trip,
        // selected exactly as a read by documentId would select it.
        return translateClientErrors(async () => {
          const statement = updateReturning(contentType, stampedColumns(hashed), documentId, query);
          const { rows } = await database.retrying(() => database.db.executeQuery<Record<string, unknown>>(statement));
          return decode(query.contentType, rows)[0] ?? null;
        });
      }
      return inTransaction(async (trx) => {
        // The lock comes before the first read: under MySQL's REPEATABLE READ every plain read
        // of a transaction sees the snapshot of its first one, and a snapshot taken before the
        // lock hid values the previous holder committed, so two documents stored one unique
        // value (test/cluster/concurrent-writes on MariaDB).
        if (versioned(contentType)) await lockVersions(trx, contentType, hashed);
        else await lockForWrite(trx, links, checksUniqueness ? contentType.collectionName : null);
        return writeVersion(trx, documentId, hashed, query, localize, versioned(contentType) || checksUniqueness);
      });
    },

    async putSingle(contentType, writeFor, query) {
      const locale = localeOf(contentType, query);
      return inTransaction(async (trx) => {
        // Taken before the first read (see update): two first PUTs must not both find the type
        // empty and create two documents. The link tables any body could touch come first.
        await lockForWrite(trx, versioned(contentType) ? linkTablesAround(contentType, registry) : linkTablesOf(writeFor('update', {}, false), registry), contentType.collectionName);
        const existing = await trx.selectFrom(contentType.collectionName).select('document_id').orderBy('id').limit(literalLimit(1)).executeTakeFirst();
        const documentId = existing?.document_id;
        if (typeof documentId !== 'string') {
          // Hashing inside the lock: a single type is written rarely, and only one writer waits.
          const write = await hashPasswords(writeFor('create', {}, false));
          const created = createDocumentId();
          await insertVersion(trx, write, created, locale, query.status, true);
          if (contentType.draftAndPublish && query.status === 'published') await publishVersion(trx, contentType, created, locale, versions);
          return readWritten(trx, { ...query, locale }, created);
        }
        const write = await hashPasswords(writeFor('update', {}, false));
        const document = await writeVersion(trx, documentId, write, query, (base) => writeFor('create', base, true), true);
        if (!document) throw new Error(`The document ${documentId} vanished while its table was locked`);
        return document;
      });
    },

    async delete(contentType, documentId, locale) {
      if (!versioned(contentType) && !hasLinks(contentType, registry)) {
        const result = await database.retrying(() => database.db.deleteFrom(contentType.collectionName).where(sql.ref('document_id'), '=', documentId).executeTakeFirst());
        return Number(result.numDeletedRows) > 0;
      }
      return inTransaction(async (trx) => {
        await lockVersions(trx, contentType, null);
        const rows = await versionRows(trx, contentType, documentId, locale);
        if (rows.length === 0) return false;
        await deleteVersions(trx, contentType, rows, linked);
        const remaining = contentType.localized && locale !== '*' ? await versionRows(trx, contentType, documentId, '*') : [];
        // Links to the document go with it; a localized document keeps those of its other locales.
        const removed = remaining.length === 0 ? { documentId, locale: null } : { documentId, locale };
        await deleteRelationLinks(trx, contentType, { ids: [], status: null }, removed, linked);
        return true;
      });
    },

    async singleDocumentId(contentType) {
      const row = await database.db.selectFrom(contentType.collectionName).select('document_id').orderBy('id').limit(literalLimit(1)).executeTakeFirst();
      return typeof row?.document_id === 'string' ? row.document_id : null;
    },

    publish: (contentType, documentId, query) =>
      versionAction(contentType, documentId, { ...query, status: 'published' }, async (trx, _rows, locale) => {
        await publishVersion(trx, contentType, documentId, locale, versions);
      }),

    unpublish: (contentType, documentId, query) =>
      versionAction(contentType, documentId, { ...query, status: 'draft' }, (trx, rows) => unpublishVersion(trx, contentType, rows, linked)),

    discardDraft: (contentType, documentId, query) =>
      versionAction(contentType, documentId, { ...query, status: 'draft' }, (trx, rows) => discardDraftVersion(trx, contentType, documentId, rows, versions)),
  };
}
