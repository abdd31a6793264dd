import { sql, type CompiledQuery } from 'kysely';
import type { Database, DbTransaction, Executor } from '../db/database.js';
import { StatementShapes } from '../db/statement-shapes.js';
import type { ContentType } from '../schema/content-type.js';
import { ValidationError } from '../shared/errors.js';
import { columnTypeOf } from '../schema/to-table-model.js';
import { toOffsetLimit, type DocumentQuery } from '../query/document-query.js';
import { compileCount, compileFindFirst, compileFindMany, compileFindOne, findOneShapeKey, literalLimit, returningSelection } from '../query/compile/compile-select.js';
import type { StoredValue } from './check-scalar-value.js';
import { completeUniqueValues } from './check-unique.js';
import { createRowDecoder, type RowDecoder } from './decode-row.js';
import type { Document, DocumentPage } from './document.js';
import { createDocumentId } from './document-id.js';
import { hashPassword } from './hash-password.js';
import { applyComponentWrites, deleteComponents } from './components/apply-component-writes.js';
import type { LinkedContext } from './linked-context.js';
import { hasLinks, linkTablesAround, linkTablesOf } from './link-tables.js';
import { writesLinks, type DocumentWrite, type WriteMode } from './model-write.js';
import { populateRows } from './populate/populate-documents.js';
import { applyRelationWrites, deleteRelationLinks } from './relations/apply-relation-writes.js';
import type { SchemaRegistry } from '../schema/registry.js';

/**
 * The only data API the transports call. It knows content-types, documents and SQL, and
 * nothing of HTTP. Every write runs in one transaction and is read back through the same
 * read path as a GET, so a write's response is exactly what a later read returns.
 */
export interface DocumentService {
  findMany(query: DocumentQuery): Promise<DocumentPage>;
  findOne(query: DocumentQuery, documentId: string): Promise<Document | null>;
  /** The document of a single type, if it exists. */
  findFirst(query: DocumentQuery): Promise<Document | null>;
  /**
   * `guard` runs inside the write's transaction, after its locks and before the insert: checks
   * that must see what concurrent writers committed (a plugin's own uniqueness rule) throw there.
   */
  create(write: DocumentWrite, query: DocumentQuery, guard?: WriteGuard): Promise<Document>;
  /** null when no document has this documentId. */
  update(documentId: string, write: DocumentWrite, query: DocumentQuery): Promise<Document | null>;
  /** false when no document has this documentId. */
  delete(contentType: ContentType, documentId: string): Promise<boolean>;
  /**
   * A single type's PUT: updates its document, or creates it when there is none, in one
   * transaction. `writeFor` checks the body for the case that applies (defaults and required
   * attributes only on create).
   */
  putSingle(contentType: ContentType, writeFor: (mode: WriteMode) => DocumentWrite, query: DocumentQuery): Promise<Document>;
}

/** A check run inside a write's transaction (see DocumentService.create). */
export type WriteGuard = (trx: DbTransaction) => Promise<void>;

export interface DocumentServiceOptions {
  readonly database: Database;
  readonly registry: SchemaRegistry;
  /** The clock, so tests can fix time. */
  readonly now?: () => Date;
}

/** Statement shapes kept per service (content-types × field lists and written column sets). */
const STATEMENT_CACHE_SIZE = 256;

export function createDocumentService({ database, registry, now = () => new Date() }: DocumentServiceOptions): DocumentService {
  const { dialect } = database;
  const linked: LinkedContext = { dialect, registry };
  const decoders = new Map<ContentType, RowDecoder>();
  const decode = (contentType: ContentType, rows: Record<string, unknown>[]): Document[] => {
    let decoder = decoders.get(contentType);
    if (!decoder) decoders.set(contentType, (decoder = createRowDecoder(contentType)));
    return rows.map(decoder);
  };

  /** Decoded documents with their populated attributes: a fixed number of statements per populate tree. */
  async function complete(executor: Executor, query: DocumentQuery, rows: Record<string, unknown>[]): Promise<Document[]> {
    const documents = decode(query.contentType, rows);
    if (query.populate.length > 0 && documents.length > 0) {
      await populateRows(executor, query.contentType, documents, query.populate, { ...linked, status: query.status, locale: query.locale });
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

  async function rowIdOf(executor: Executor, contentType: ContentType, documentId: string): Promise<number> {
    const row = await executor.selectFrom(contentType.collectionName).select('id').where('document_id', '=', documentId).orderBy('id').limit(literalLimit(1)).executeTakeFirst();
    if (!row) throw new Error(`The document ${documentId} was not found right after its write`);
    return Number(row.id);
  }

  /** Relations and components of a written row, after the row itself. */
  async function writeLinked(trx: DbTransaction, write: DocumentWrite, documentId: string, created: boolean): Promise<void> {
    if (!writesLinks(write)) return;
    const owner = { rowId: await rowIdOf(trx, write.contentType, documentId), documentId, created };
    await applyRelationWrites(trx, write.contentType, owner, write.relations, linked);
    await applyComponentWrites(trx, write.contentType, owner, write.components, linked);
  }

  /** Reads by documentId and writes are compiled once per shape; only their values change. */
  const shapes = new StatementShapes(STATEMENT_CACHE_SIZE);

  async function readOne(executor: Executor, query: DocumentQuery, documentId: string): Promise<Document | null> {
    const key = findOneShapeKey(query);
    const { rows } = key
      ? await executor.executeQuery<Record<string, unknown>>(shapes.resolve(`read:${key}`, [documentId], () => compileFindOne(executor, dialect, query, documentId).compile()))
      : { rows: await compileFindOne(executor, dialect, query, documentId).execute() };
    return (await complete(executor, query, rows))[0] ?? null;
  }

  /**
   * The document just written, read back with the query's fields but not its filters: a filter
   * chooses documents to read and must not hide the one written (it made a filtered POST a 500
   * after rolling back, and a filtered PUT a 404 after committing its change).
   */
  function readWritten(executor: Executor, query: DocumentQuery, documentId: string): Promise<Document | null> {
    return readOne(executor, { ...query, filters: null }, documentId);
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

  /** An update's columns: without Draft & Publish every save is a publish, so publishedAt follows updatedAt (as in the reference). */
  function stampedColumns(write: DocumentWrite): Record<string, unknown> {
    const timestamp = dialect.encode('datetime', now().toISOString());
    return { ...encodeColumns(write), updated_at: timestamp, published_at: timestamp };
  }

  /** UPDATE … RETURNING the columns the query reads, compiled once per shape. */
  function updateReturning(contentType: ContentType, columns: Record<string, unknown>, documentId: string, query: DocumentQuery): CompiledQuery {
    const table = contentType.collectionName;
    const key = `update-returning:${table}:${Object.keys(columns).join(',')}:${findOneShapeKey({ ...query, filters: null })}`;
    return shapes.resolve(key, [...Object.values(columns), documentId], () =>
      database.db.updateTable(table).set(columns).where('document_id', '=', documentId).returning(returningSelection(dialect, query)).compile(),
    );
  }

  /** Password attributes are stored as hashes; hashing is slow, so it happens before the transaction. */
  async function hashPasswords(write: DocumentWrite): Promise<DocumentWrite> {
    const passwords = [...write.values].filter(([attribute, value]) => attribute.type === 'password' && typeof value === 'string');
    if (passwords.length === 0) return write;
    const values = new Map(write.values);
    for (const [attribute, value] of passwords) values.set(attribute, await hashPassword(value as string));
    return { ...write, values };
  }

  /** Column → bound value of a write, in the write's (definition) order. */
  function encodeColumns(write: DocumentWrite): Record<string, unknown> {
    const columns: Record<string, unknown> = {};
    for (const [attribute, value] of write.values) columns[attribute.column] = dialect.encode(columnTypeOf(attribute.type), value as StoredValue);
    return columns;
  }

  /** An INSERT or UPDATE of these columns; the key is its shape, the values are bound in column order. */
  function writeStatement(kind: 'insert' | 'update', executor: Executor, contentType: ContentType, columns: Record<string, unknown>, documentId: string): CompiledQuery {
    const table = contentType.collectionName;
    const values = Object.values(columns);
    const key = `${kind}:${table}:${Object.keys(columns).join(',')}`;
    if (kind === 'insert') {
      return shapes.resolve(key, values, () => executor.insertInto(table).values(columns).compile());
    }
    return shapes.resolve(key, [...values, documentId], () => executor.updateTable(table).set(columns).where('document_id', '=', documentId).compile());
  }

  /** Inserts a new document and reads it back, inside `trx`; `locked`: the unique-check lock is held. */
  async function insertDocument(trx: DbTransaction, write: DocumentWrite, query: DocumentQuery, locked: boolean): Promise<Document> {
    const documentId = createDocumentId();
    const completed = await completeUniqueValues(write, 'create', { executor: trx, dialect, documentId, locked });
    const timestamp = dialect.encode('datetime', now().toISOString());
    const columns = { document_id: documentId, ...encodeColumns(completed), created_at: timestamp, updated_at: timestamp, published_at: timestamp };
    await trx.executeQuery(writeStatement('insert', trx, write.contentType, columns, documentId));
    await writeLinked(trx, completed, documentId, true);
    const document = await readWritten(trx, query, documentId);
    if (!document) throw new Error(`The document ${documentId} was not found right after its insert`);
    return document;
  }

  /** Updates an existing document and reads it back, inside `trx`; null when no row changed. */
  async function updateDocument(trx: DbTransaction, documentId: string, write: DocumentWrite, query: DocumentQuery, locked: boolean): Promise<Document | null> {
    const completed = locked ? await completeUniqueValues(write, 'update', { executor: trx, dialect, documentId, locked: true }) : write;
    const result = await trx.executeQuery(writeStatement('update', trx, write.contentType, stampedColumns(completed), documentId));
    if (Number(result.numAffectedRows ?? 0) === 0) return null;
    await writeLinked(trx, completed, documentId, false);
    return readWritten(trx, query, documentId);
  }

  async function documentExists(executor: Executor, contentType: ContentType, documentId: string): Promise<boolean> {
    const row = await executor.selectFrom(contentType.collectionName).select('id').where('document_id', '=', documentId).limit(literalLimit(1)).executeTakeFirst();
    return row !== undefined;
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

    findOne: (query, documentId) => readOne(database.db, query, documentId),

    async findFirst(query) {
      const rows = await compileFindFirst(database.db, dialect, query).execute();
      return (await complete(database.db, query, rows))[0] ?? null;
    },

    create: async (write, query, guard) => {
      const hashed = await hashPasswords(write);
      return inTransaction(async (trx) => {
        await lockForWrite(trx, linkTablesOf(hashed, registry), null);
        if (guard) await guard(trx);
        return insertDocument(trx, hashed, query, false);
      });
    },

    async update(documentId, write, query) {
      const hashed = await hashPasswords(write);
      const checksUniqueness = [...hashed.values.keys()].some((attribute) => attribute.unique || attribute.type === 'uid');
      const links = linkTablesOf(hashed, registry);
      if (!checksUniqueness && dialect.updateReturning && links.length === 0 && query.populate.length === 0) {
        // One statement, atomic by itself: the change and the row it left in one round trip,
        // selected exactly as a read by documentId would select it.
        return translateClientErrors(async () => {
          const { rows } = await database.db.executeQuery<Record<string, unknown>>(updateReturning(write.contentType, stampedColumns(hashed), documentId, query));
          return decode(query.contentType, rows)[0] ?? null;
        });
      }
      return inTransaction(async (trx) => {
        // A missing document is a 404 even when the body would also break a uniqueness rule, so
        // existence is checked first when there is uniqueness to check; otherwise the UPDATE's
        // own row count tells, one statement fewer.
        if (checksUniqueness) {
          // The lock comes before the existence check: under MySQL's REPEATABLE READ every plain
          // read of a transaction sees the snapshot of its first one, and a snapshot taken
          // before the lock hid values the previous holder committed, so two documents stored
          // one unique value (test/cluster/concurrent-writes on MariaDB).
          await lockForWrite(trx, links, write.contentType.collectionName);
          if (!(await documentExists(trx, write.contentType, documentId))) return null;
        } else await lockForWrite(trx, links, null);
        return updateDocument(trx, documentId, hashed, query, checksUniqueness);
      });
    },

    async putSingle(contentType, writeFor, query) {
      return inTransaction(async (trx) => {
        // Taken before the first read (see update): two first PUTs must not both find the type
        // empty and create two documents. The link tables any body could touch come first.
        await lockForWrite(trx, linkTablesOf(writeFor('update'), registry), contentType.collectionName);
        const existing = await trx.selectFrom(contentType.collectionName).select('document_id').orderBy('id').limit(literalLimit(1)).executeTakeFirst();
        const documentId = existing?.document_id;
        // Hashing inside the lock: a single type is written rarely, and only one writer waits.
        const write = await hashPasswords(writeFor(typeof documentId === 'string' ? 'update' : 'create'));
        if (typeof documentId !== 'string') return insertDocument(trx, write, query, true);
        const document = await updateDocument(trx, documentId, write, query, true);
        if (!document) throw new Error(`The document ${documentId} vanished while its table was locked`);
        return document;
      });
    },

    async delete(contentType, documentId) {
      if (!hasLinks(contentType, registry)) {
        const result = await database.db.deleteFrom(contentType.collectionName).where(sql.ref('document_id'), '=', documentId).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      }
      return inTransaction(async (trx) => {
        await lockForWrite(trx, linkTablesAround(contentType, registry), null);
        const rows = await trx.selectFrom(contentType.collectionName).select('id').where('document_id', '=', documentId).execute();
        if (rows.length === 0) return false;
        const rowIds = rows.map((row) => Number(row.id));
        await deleteComponents(trx, contentType, rowIds, linked);
        await deleteRelationLinks(trx, contentType, rowIds, documentId, linked);
        await trx.deleteFrom(contentType.collectionName).where('document_id', '=', documentId).execute();
        return true;
      });
    },
  };
}
