import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FILE_FOLDER_TABLE, FOLDER_PARENT_TABLE, FOLDERS_TABLE } from './folder-tables.js';

/**
 * The layout Strapi 5.54 creates (read from its SQLite database with `.schema`): a database it
 * wrote must read the same, so names and columns are pinned here.
 */
const STRAPI = {
  upload_folders: {
    columns: ['id', 'document_id', 'name', 'path_id', 'path', 'created_at', 'updated_at', 'published_at', 'created_by_id', 'updated_by_id', 'locale'],
    unique: [['path_id'], ['path']],
  },
  upload_folders_parent_lnk: { columns: ['id', 'folder_id', 'inv_folder_id', 'folder_ord'], unique: [['folder_id', 'inv_folder_id']] },
  files_folder_lnk: { columns: ['id', 'file_id', 'folder_id', 'file_ord'], unique: [['file_id', 'folder_id']] },
};

describe('folder tables', () => {
  it('have the names, columns and unique indexes of Strapi 5.54', () => {
    for (const table of [FOLDERS_TABLE, FOLDER_PARENT_TABLE, FILE_FOLDER_TABLE]) {
      const strapi = STRAPI[table.name as keyof typeof STRAPI];
      assert.ok(strapi, table.name);
      assert.deepEqual(table.columns.map((column) => column.name), strapi.columns);
      assert.deepEqual(table.indexes.filter((index) => index.unique).map((index) => [...index.columns]), strapi.unique);
    }
  });
});
