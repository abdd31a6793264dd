import type { TableModel } from '../../core/db/table-model.js';

/**
 * The media library's folders, in Strapi 5's tables and columns (`plugin::upload.folder`), so
 * that a database written by Strapi reads the same: a folder's `path` is the chain of its
 * ancestors' `path_id`s (`/1/4`), its parent is a row of `upload_folders_parent_lnk`, a file's
 * folder a row of `files_folder_lnk`, and `files.folder_path` repeats the folder's path.
 */
export const FOLDERS_TABLE: TableModel = {
  name: 'upload_folders',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'document_id', type: 'string' },
    { name: 'name', type: 'string' },
    { name: 'path_id', type: 'integer' },
    { name: 'path', type: 'string' },
    { name: 'created_at', type: 'datetime' },
    { name: 'updated_at', type: 'datetime' },
    { name: 'published_at', type: 'datetime' },
    { name: 'created_by_id', type: 'integer' },
    { name: 'updated_by_id', type: 'integer' },
    { name: 'locale', type: 'string' },
  ],
  indexes: [
    { name: 'upload_folders_path_id_index', columns: ['path_id'], unique: true },
    { name: 'upload_folders_path_index', columns: ['path'], unique: true },
    { name: 'upload_folders_documents_idx', columns: ['document_id', 'locale', 'published_at'] },
  ],
};

/** A folder's parent: `folder_id` is the child, `inv_folder_id` the parent (Strapi's names). */
export const FOLDER_PARENT_TABLE: TableModel = {
  name: 'upload_folders_parent_lnk',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'folder_id', type: 'integer' },
    { name: 'inv_folder_id', type: 'integer' },
    { name: 'folder_ord', type: 'float' },
  ],
  indexes: [
    { name: 'upload_folders_parent_lnk_fk', columns: ['folder_id'] },
    { name: 'upload_folders_parent_lnk_ifk', columns: ['inv_folder_id'] },
    { name: 'upload_folders_parent_lnk_uq', columns: ['folder_id', 'inv_folder_id'], unique: true },
    { name: 'upload_folders_parent_lnk_oifk', columns: ['folder_ord'] },
  ],
};

/** A file's folder (none: the root). */
export const FILE_FOLDER_TABLE: TableModel = {
  name: 'files_folder_lnk',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'file_id', type: 'integer' },
    { name: 'folder_id', type: 'integer' },
    { name: 'file_ord', type: 'float' },
  ],
  indexes: [
    { name: 'files_folder_lnk_fk', columns: ['file_id'] },
    { name: 'files_folder_lnk_ifk', columns: ['folder_id'] },
    { name: 'files_folder_lnk_uq', columns: ['file_id', 'folder_id'], unique: true },
    { name: 'files_folder_lnk_oifk', columns: ['file_ord'] },
  ],
};

export const FOLDER_TABLES: readonly TableModel[] = [FOLDERS_TABLE, FOLDER_PARENT_TABLE, FILE_FOLDER_TABLE];
