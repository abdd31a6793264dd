import { containsInsensitive } from '../../core/db/contains-insensitive.js';
import type { Database, DbTransaction, Executor } from '../../core/db/database.js';
import { isoDatetimeColumn } from '../../core/db/iso-datetime-column.js';
import { createDocumentId } from '../../core/documents/document-id.js';
import { NotFoundError, ValidationError } from '../../core/shared/errors.js';
import type { KeyValueStore } from '../../core/store/key-value-store.js';
import { FILE_FOLDER_TABLE, FOLDER_PARENT_TABLE, FOLDERS_TABLE } from './folder-tables.js';

/** A folder as Strapi's admin API shows it. */
export interface Folder {
  readonly id: number;
  readonly documentId: string;
  readonly name: string;
  readonly pathId: number;
  readonly path: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly publishedAt: string | null;
  readonly locale: string | null;
}

/** A folder with its parent's id (null at the root). */
export interface PlacedFolder extends Folder {
  readonly parent: number | null;
}

/** GET /upload/folder-structure: names and ids, nested, siblings by name. */
export interface FolderNode {
  readonly id: number;
  readonly name: string;
  readonly children: FolderNode[];
}

/** Which folders a listing reads: a parent's children (null: the root's), and names containing `q`. */
export interface FolderFilter {
  readonly parent?: number | null;
  readonly q?: string;
  readonly sort?: { readonly key: 'name' | 'createdAt' | 'updatedAt' | 'id'; readonly direction: 'asc' | 'desc' };
}

export interface FolderCounts {
  readonly children: number;
  readonly files: number;
}

/** A file moved into a folder: its row id and the folder's path ('/' at the root). */
export interface FolderPlacement {
  readonly folder: number | null;
  readonly path: string;
}

const FOLDERS = FOLDERS_TABLE.name;
const PARENTS = FOLDER_PARENT_TABLE.name;
const FILE_FOLDERS = FILE_FOLDER_TABLE.name;
const FILES = 'files';

/** The root's path, which Strapi stores as the `folderPath` of files in no folder. */
export const ROOT_PATH = '/';

/** `/1/4` + child 7 → `/1/4/7`; the root `/` + 7 → `/7` (Strapi's `joinBy('/', …)`). */
export function childPath(parentPath: string, pathId: number): string {
  return `${parentPath.replace(/\/+$/, '')}/${pathId}`;
}

/** Whether `candidate` is `folder` or one of its descendants (paths compared, as Strapi does). */
export function isFolderOrChild(candidate: { readonly path: string }, folder: { readonly path: string }): boolean {
  return candidate.path === folder.path || candidate.path.startsWith(`${folder.path}/`);
}

/** The nested structure of folders from flat rows (parent null: the root). */
export function folderTree(rows: readonly { readonly id: number; readonly name: string; readonly parent: number | null }[]): FolderNode[] {
  const nodes = new Map<number, FolderNode>(rows.map((row) => [row.id, { id: row.id, name: row.name, children: [] }]));
  const roots: FolderNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id);
    if (!node) continue;
    const parent = row.parent === null ? undefined : nodes.get(row.parent);
    (parent ? parent.children : roots).push(node);
  }
  const byName = (a: FolderNode, b: FolderNode): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);
  const sortDeep = (list: FolderNode[]): void => {
    list.sort(byName);
    for (const node of list) sortDeep(node.children);
  };
  sortDeep(roots);
  return roots;
}

export interface FolderStore {
  get(id: number, db?: Executor): Promise<PlacedFolder | null>;
  list(filter: FolderFilter): Promise<PlacedFolder[]>;
  counts(ids: readonly number[]): Promise<Map<number, FolderCounts>>;
  structure(): Promise<FolderNode[]>;
  create(input: { readonly name: string; readonly parent: number | null }): Promise<PlacedFolder>;
  /** Renames and/or moves (`parent` present) the folder; descendants' paths and their files' `folderPath` follow, in one transaction. */
  update(id: number, input: { readonly name?: string; readonly parent?: number | null }): Promise<PlacedFolder>;
  /** The folders (of `ids` that exist) and every folder and file below them, for a delete. */
  trees(ids: readonly number[]): Promise<{ readonly roots: PlacedFolder[]; readonly fileIds: number[] }>;
  /** Removes the folders and every folder below them (their files must be gone already), in one transaction: `trx`, the caller's (a bulk delete's), or its own. */
  removeTrees(roots: readonly PlacedFolder[], trx?: DbTransaction): Promise<void>;
  /** Moves folders and files into `destination` (null: the root), in one transaction. */
  moveMany(destination: number | null, folderIds: readonly number[], fileIds: readonly number[]): Promise<{ readonly folders: PlacedFolder[] }>;
  /** Where a file goes: the folder's path, or a 400 with `message` at `path` when the folder does not exist. */
  placement(folder: number | null, message: string, db?: Executor, path?: readonly string[]): Promise<FolderPlacement>;
  /** Links the files to the folder (none: the root) and sets their `folder_path`, inside a write's transaction. */
  placeFiles(trx: DbTransaction, fileIds: readonly number[], folder: number | null): Promise<void>;
  /** The folder of each file that has one. */
  foldersOfFiles(fileIds: readonly number[]): Promise<Map<number, Folder>>;
  /** Drops the folder links of deleted files (Strapi's foreign keys cascade; Tessera's tables have none). */
  unlinkFiles(fileIds: readonly number[], executor?: Executor): Promise<void>;
  /**
   * The folder content API uploads go to (Strapi's "API Uploads" at the root, its id kept in
   * the store), created when it is missing, named "API Uploads (1)", "(2)"… when the name is taken.
   */
  apiUploadFolder(store: KeyValueStore): Promise<number>;
}

/** Strapi's API_UPLOAD_FOLDER_BASE_NAME. */
export const API_UPLOAD_FOLDER_NAME = 'API Uploads';
const API_FOLDER_KEY = 'plugin_upload_api_folder';

function toNumber(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}

function toText(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

export function createFolderStore(database: Database, now: () => Date): FolderStore {
  const { dialect } = database;
  const text = (column: string) => isoDatetimeColumn(dialect, `f.${column}`);
  const stamp = () => dialect.encode('datetime', now().toISOString());
  /** A folder row's columns, its dates read as ISO text on every database. */
  const folderColumns = () =>
    [
      'f.id as id',
      'f.document_id as document_id',
      'f.name as name',
      'f.path_id as path_id',
      'f.path as path',
      'f.locale as locale',
      text('created_at').as('created_at'),
      text('updated_at').as('updated_at'),
      text('published_at').as('published_at'),
    ] as const;

  const selectFolders = (db: Executor) =>
    db
      .selectFrom(`${FOLDERS} as f`)
      .leftJoin(`${PARENTS} as p`, 'p.folder_id', 'f.id')
      .select([...folderColumns(), 'p.inv_folder_id as parent']);

  const toFolder = (row: Record<string, unknown>): PlacedFolder => ({
    id: toNumber(row.id),
    documentId: String(row.document_id),
    name: String(row.name),
    pathId: toNumber(row.path_id),
    path: String(row.path),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
    publishedAt: toText(row.published_at),
    locale: toText(row.locale),
    parent: row.parent === null || row.parent === undefined ? null : toNumber(row.parent),
  });

  const get = async (id: number, db: Executor = database.db): Promise<PlacedFolder | null> => {
    const row = await selectFolders(db).where('f.id', '=', id).executeTakeFirst();
    return row ? toFolder(row) : null;
  };

  /** Whether a sibling (same parent) other than `except` has the name. */
  const nameTaken = async (db: Executor, name: string, parent: number | null, except: number | null): Promise<boolean> => {
    let query = db.selectFrom(`${FOLDERS} as f`).leftJoin(`${PARENTS} as p`, 'p.folder_id', 'f.id').select('f.id').where('f.name', '=', name);
    query = parent === null ? query.where('p.inv_folder_id', 'is', null) : query.where('p.inv_folder_id', '=', parent);
    if (except !== null) query = query.where('f.id', '<>', except);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  };

  /**
   * The folder and everything below it, shallowest first. `lock`: their rows locked for the
   * transaction (where the database has row locks), so that an upload placing a file in one of
   * them waits for a move or delete to commit, or makes it wait (see placeFiles).
   */
  const subtree = async (db: Executor, folder: { readonly path: string }, lock = false): Promise<PlacedFolder[]> => {
    if (lock && dialect.rowLocks) {
      // On the folders' table alone: PostgreSQL locks no outer join's nullable side, and MariaDB has no `FOR UPDATE OF`.
      await db.selectFrom(FOLDERS).select('id').where((eb) => eb.or([eb('path', '=', folder.path), eb('path', 'like', `${folder.path}/%`)])).forUpdate().execute();
    }
    const rows = await selectFolders(db).where((eb) => eb.or([eb('f.path', '=', folder.path), eb('f.path', 'like', `${folder.path}/%`)])).execute();
    return rows.map(toFolder).sort((a, b) => a.path.length - b.path.length);
  };

  /** Re-roots `folder`'s subtree under `parentPath`: folders' paths, then their files' folder_path (one statement per folder, never per file). */
  const rewritePaths = async (trx: DbTransaction, folder: PlacedFolder, parentPath: string): Promise<void> => {
    const newRoot = childPath(parentPath, folder.pathId);
    if (newRoot === folder.path) return;
    for (const member of await subtree(trx, folder, true)) {
      const path = newRoot + member.path.slice(folder.path.length);
      await trx.updateTable(FOLDERS).set({ path }).where('id', '=', member.id).execute();
      await trx.updateTable(FILES).set({ folder_path: path }).where('folder_path', '=', member.path).execute();
    }
  };

  const setParent = async (trx: DbTransaction, id: number, parent: number | null): Promise<void> => {
    await trx.deleteFrom(PARENTS).where('folder_id', '=', id).execute();
    if (parent !== null) await trx.insertInto(PARENTS).values({ folder_id: id, inv_folder_id: parent, folder_ord: await nextOrder(trx, PARENTS, 'folder_ord', 'inv_folder_id', parent) }).execute();
  };

  /** The order column's next value among the links of one target (Strapi's `*_ord`: position in the target's list). */
  const nextOrder = async (trx: DbTransaction, table: string, column: string, target: string, value: number): Promise<number> => {
    const row = await trx.selectFrom(table).select((eb) => eb.fn.max(column).as('max')).where(target, '=', value).executeTakeFirst();
    return (row?.max === null || row?.max === undefined ? 0 : Number(row.max)) + 1;
  };

  const placement = async (folder: number | null, message: string, db: Executor = database.db, path: readonly string[] = ['folder'], lock = false): Promise<FolderPlacement> => {
    if (folder === null) return { folder: null, path: ROOT_PATH };
    let query = db.selectFrom(FOLDERS).select('path').where('id', '=', folder);
    // A locking read sees the latest committed path (not the transaction's snapshot) and holds it until commit.
    if (lock && dialect.rowLocks) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw ValidationError.fromFieldErrors([{ path: [...path], message, name: 'ValidationError', value: folder }]);
    return { folder, path: String(row.path) };
  };

  const placeFiles = async (trx: DbTransaction, fileIds: readonly number[], folder: number | null): Promise<void> => {
    if (fileIds.length === 0) return;
    // The folder row locked: a move or delete of it waits for this write, or this write for it.
    const { path } = await placement(folder, 'the folder does not exist', trx, ['fileInfo', 'folder'], true);
    await trx.deleteFrom(FILE_FOLDERS).where('file_id', 'in', [...fileIds]).execute();
    if (folder !== null) {
      let order = await nextOrder(trx, FILE_FOLDERS, 'file_ord', 'folder_id', folder);
      await trx.insertInto(FILE_FOLDERS).values(fileIds.map((fileId) => ({ file_id: fileId, folder_id: folder, file_ord: order++ }))).execute();
    }
    await trx.updateTable(FILES).set({ folder_path: path }).where('id', 'in', [...fileIds]).execute();
  };

  const createFolder = ({ name, parent }: { readonly name: string; readonly parent: number | null }): Promise<PlacedFolder> => {
    return database.transaction(async (trx) => {
      // Before the first read: two creates must not both find the name free, or both take one path id.
      await dialect.lockForUniqueCheck(trx, FOLDERS);
      const parentPath = parent === null ? ROOT_PATH : (await placement(parent, 'parent folder does not exist', trx, ['parent'])).path;
      if (await nameTaken(trx, name, parent, null)) throw ValidationError.atField('name', 'A folder with this name already exists', name);
      const max = await trx.selectFrom(FOLDERS).select((eb) => eb.fn.max('path_id').as('max')).executeTakeFirst();
      const pathId = (max?.max === null || max?.max === undefined ? 0 : Number(max.max)) + 1;
      const at = stamp();
      const inserted = await trx
        .insertInto(FOLDERS)
        .values({ document_id: createDocumentId(), name, path_id: pathId, path: childPath(parentPath, pathId), created_at: at, updated_at: at, published_at: at })
        .executeTakeFirst();
      let id = Number(inserted.insertId ?? 0);
      if (!id) id = toNumber((await trx.selectFrom(FOLDERS).select('id').where('path_id', '=', pathId).executeTakeFirstOrThrow()).id);
      await setParent(trx, id, parent);
      const folder = await get(id, trx);
      if (!folder) throw new Error(`The folder ${id} just created cannot be read`);
      return folder;
    });
  };

  return {
    get,

    async list({ parent, q, sort }) {
      let query = selectFolders(database.db);
      if (parent === null) query = query.where('p.inv_folder_id', 'is', null);
      else if (parent !== undefined) query = query.where('p.inv_folder_id', '=', parent);
      if (q !== undefined && q !== '') {
        query = query.where(containsInsensitive(dialect, 'f.name', q));
      }
      const key = sort?.key ?? 'id';
      const column = key === 'name' ? 'f.name' : key === 'createdAt' ? 'f.created_at' : key === 'updatedAt' ? 'f.updated_at' : 'f.id';
      const rows = await query.orderBy(column, sort?.direction ?? 'asc').orderBy('f.id', 'asc').execute();
      return rows.map(toFolder);
    },

    async counts(ids) {
      const counts = new Map<number, FolderCounts>(ids.map((id) => [id, { children: 0, files: 0 }]));
      if (ids.length === 0) return counts;
      const children = await database.db.selectFrom(PARENTS).select(['inv_folder_id as id', (eb) => eb.fn.countAll().as('n')]).where('inv_folder_id', 'in', [...ids]).groupBy('inv_folder_id').execute();
      const files = await database.db
        .selectFrom(`${FILE_FOLDERS} as l`)
        .innerJoin(`${FILES} as x`, 'x.id', 'l.file_id')
        .select(['l.folder_id as id', (eb) => eb.fn.countAll().as('n')])
        .where('l.folder_id', 'in', [...ids])
        .groupBy('l.folder_id')
        .execute();
      for (const row of children) counts.set(toNumber(row.id), { children: toNumber(row.n), files: counts.get(toNumber(row.id))?.files ?? 0 });
      for (const row of files) counts.set(toNumber(row.id), { children: counts.get(toNumber(row.id))?.children ?? 0, files: toNumber(row.n) });
      return counts;
    },

    async structure() {
      const rows = await database.db.selectFrom(`${FOLDERS} as f`).leftJoin(`${PARENTS} as p`, 'p.folder_id', 'f.id').select(['f.id as id', 'f.name as name', 'p.inv_folder_id as parent']).execute();
      return folderTree(rows.map((row) => ({ id: toNumber(row.id), name: String(row.name), parent: row.parent === null ? null : toNumber(row.parent) })));
    },

    create: createFolder,

    update(id, { name, parent }) {
      return database.transaction(async (trx) => {
        await dialect.lockForUniqueCheck(trx, FOLDERS);
        const folder = await get(id, trx);
        if (!folder) throw new NotFoundError('folder not found');
        const moving = parent !== undefined && parent !== folder.parent;
        const nextParent = parent === undefined ? folder.parent : parent;
        let parentPath = ROOT_PATH;
        if (nextParent !== null) {
          const destination = await get(nextParent, trx);
          if (!destination) throw ValidationError.atField('parent', 'parent folder does not exist', nextParent);
          if (isFolderOrChild(destination, folder)) throw ValidationError.atField('parent', 'folder cannot be moved inside itself', nextParent);
          parentPath = destination.path;
        }
        const nextName = name ?? folder.name;
        if ((moving || name !== undefined) && (await nameTaken(trx, nextName, nextParent, id))) throw ValidationError.atField('name', 'A folder with this name already exists', nextName);
        if (moving) {
          await setParent(trx, id, nextParent);
          await rewritePaths(trx, folder, parentPath);
        }
        await trx.updateTable(FOLDERS).set({ ...(name !== undefined ? { name } : {}), updated_at: stamp() }).where('id', '=', id).execute();
        const updated = await get(id, trx);
        if (!updated) throw new Error(`The folder ${id} disappeared while it was updated`);
        return updated;
      });
    },

    async trees(ids) {
      if (ids.length === 0) return { roots: [], fileIds: [] };
      const found = (await selectFolders(database.db).where('f.id', 'in', [...ids]).execute()).map(toFolder);
      // A folder below another one of the list goes with it.
      const roots = found.filter((folder) => !found.some((other) => other.id !== folder.id && isFolderOrChild(folder, other)));
      if (roots.length === 0) return { roots: [], fileIds: [] };
      const files = await database.db
        .selectFrom(FILES)
        .select('id')
        .where((eb) => eb.or(roots.flatMap((root) => [eb('folder_path', '=', root.path), eb('folder_path', 'like', `${root.path}/%`)])))
        .orderBy('id')
        .execute();
      return { roots: found.filter((folder) => roots.includes(folder)), fileIds: files.map((row) => toNumber(row.id)) };
    },

    async removeTrees(roots, outer) {
      if (roots.length === 0) return;
      const inTransaction = (work: (trx: DbTransaction) => Promise<void>): Promise<void> => (outer ? work(outer) : database.transaction(work));
      await inTransaction(async (trx) => {
        await dialect.lockForUniqueCheck(trx, FOLDERS);
        const members: PlacedFolder[] = [];
        for (const root of roots) members.push(...(await subtree(trx, root, true)));
        const ids = members.map((member) => member.id);
        if (ids.length === 0) return;
        // A file uploaded into one of them since its files were removed goes to the root rather than into a folder that is gone.
        await trx.updateTable(FILES).set({ folder_path: ROOT_PATH }).where('folder_path', 'in', members.map((member) => member.path)).execute();
        await trx.deleteFrom(PARENTS).where((eb) => eb.or([eb('folder_id', 'in', ids), eb('inv_folder_id', 'in', ids)])).execute();
        await trx.deleteFrom(FILE_FOLDERS).where('folder_id', 'in', ids).execute();
        await trx.deleteFrom(FOLDERS).where('id', 'in', ids).execute();
      });
    },

    moveMany(destination, folderIds, fileIds) {
      return database.transaction(async (trx) => {
        await dialect.lockForUniqueCheck(trx, FOLDERS);
        let destinationPath = ROOT_PATH;
        let target: PlacedFolder | null = null;
        if (destination !== null) {
          target = await get(destination, trx);
          if (!target) throw ValidationError.atField('destinationFolderId', 'destination folder does not exist', destination);
          destinationPath = target.path;
        }
        const folders = folderIds.length === 0 ? [] : (await selectFolders(trx).where('f.id', 'in', [...folderIds]).execute()).map(toFolder);
        if (folders.length > 0) {
          const siblings = await trx
            .selectFrom(`${FOLDERS} as f`)
            .leftJoin(`${PARENTS} as p`, 'p.folder_id', 'f.id')
            .select(['f.id as id', 'f.name as name'])
            .where((eb) => (destination === null ? eb('p.inv_folder_id', 'is', null) : eb('p.inv_folder_id', '=', destination)))
            .execute();
          const clashing = folders.filter((folder) => siblings.some((sibling) => String(sibling.name) === folder.name && toNumber(sibling.id) !== folder.id)).map((folder) => folder.name);
          if (clashing.length > 0) throw new ValidationError(`some folders already exists: ${clashing.join(', ')}`, { errors: [{ path: [], message: `some folders already exists: ${clashing.join(', ')}`, name: 'ValidationError' }] });
          const names = folders.map((folder) => folder.name);
          const twice = names.filter((name, index) => names.indexOf(name) !== index);
          if (twice.length > 0) throw new ValidationError(`some folders already exists: ${[...new Set(twice)].join(', ')}`, { errors: [{ path: [], message: `some folders already exists: ${[...new Set(twice)].join(', ')}`, name: 'ValidationError' }] });
          if (target) {
            const inside = folders.filter((folder) => isFolderOrChild(target, folder)).map((folder) => folder.name);
            const message = `folders cannot be moved inside themselves or one of its children: ${inside.join(', ')}`;
            if (inside.length > 0) throw new ValidationError(message, { errors: [{ path: [], message, name: 'ValidationError' }] });
          }
          // Moved roots first: a folder of the list below another one of the list is moved with it, then re-placed.
          for (const folder of folders.sort((a, b) => a.path.length - b.path.length)) {
            const current = await get(folder.id, trx);
            if (!current) continue;
            await setParent(trx, folder.id, destination);
            await rewritePaths(trx, current, destinationPath);
            await trx.updateTable(FOLDERS).set({ updated_at: stamp() }).where('id', '=', folder.id).execute();
          }
        }
        const existing = fileIds.length === 0 ? [] : (await trx.selectFrom(FILES).select('id').where('id', 'in', [...fileIds]).execute()).map((row) => toNumber(row.id));
        if (existing.length > 0) await placeFiles(trx, existing, destination);
        const moved = folderIds.length === 0 ? [] : (await selectFolders(trx).where('f.id', 'in', [...folderIds]).orderBy('f.id').execute()).map(toFolder);
        return { folders: moved };
      });
    },

    placement,

    placeFiles,

    async foldersOfFiles(fileIds) {
      const result = new Map<number, Folder>();
      if (fileIds.length === 0) return result;
      const rows = await database.db
        .selectFrom(`${FILE_FOLDERS} as l`)
        .innerJoin(`${FOLDERS} as f`, 'f.id', 'l.folder_id')
        .select(['l.file_id as file_id', ...folderColumns()])
        .where('l.file_id', 'in', [...fileIds])
        .execute();
      for (const row of rows) {
        const { parent: _parent, ...folder } = toFolder({ ...row, parent: null });
        result.set(toNumber(row.file_id), folder);
      }
      return result;
    },

    async unlinkFiles(fileIds, executor = database.db) {
      if (fileIds.length > 0) await executor.deleteFrom(FILE_FOLDERS).where('file_id', 'in', [...fileIds]).execute();
    },

    async apiUploadFolder(store) {
      const stored = await store.get(API_FOLDER_KEY);
      const id = stored !== null && typeof stored === 'object' && 'id' in stored ? Number((stored as { id: unknown }).id) : Number.NaN;
      if (Number.isSafeInteger(id) && (await get(id))) return id;
      for (let attempt = 0; ; attempt += 1) {
        const name = attempt === 0 ? API_UPLOAD_FOLDER_NAME : `${API_UPLOAD_FOLDER_NAME} (${attempt})`;
        if (await nameTaken(database.db, name, null, null)) continue;
        try {
          const folder = await createFolder({ name, parent: null });
          await store.set(API_FOLDER_KEY, { id: folder.id });
          return folder.id;
        } catch (error) {
          // Another instance took the name meanwhile: the next one.
          if (!(error instanceof ValidationError) || attempt > 100) throw error;
        }
      }
    },
  };
}
