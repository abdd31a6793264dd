import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openDatabase } from '../db/database.js';
import { syncSchema } from '../db/sync-schema.js';
import { buildRegistry } from '../schema/registry.js';
import { tablesOf } from '../schema/to-table-model.js';
import { BUILT_INS } from '../../../test/helpers/built-ins.js';
import { dropRemoved } from './migrate-schema.js';
import { removedStorage } from './storage-removals.js';

describe('dropRemoved', () => {
  it("never drops one of Tessera's own tables, even when a recorded model named it", async () => {
    const database = await openDatabase({ client: 'sqlite', filename: ':memory:' });
    try {
      await syncSchema(database, BUILT_INS.tables);
      // A model recorded before such names were refused: built without the table check.
      const previous = buildRegistry([
        { uid: 'api::grab.grab', apiName: 'grab', modelName: 'grab', file: 'grab', definition: { collectionName: 'tessera_store', info: { singularName: 'grab', pluralName: 'grabs' }, attributes: {} } },
        { uid: 'api::note.note', apiName: 'note', modelName: 'note', file: 'note', definition: { collectionName: 'admin_users', info: { singularName: 'note', pluralName: 'notes' }, attributes: {} } },
      ]);
      await dropRemoved(database.db, database, removedStorage(tablesOf(previous), []), [], BUILT_INS.reserved);
      const layout = await database.dialect.introspect(database.db);
      for (const table of BUILT_INS.tables) assert.ok(layout.has(table.name), `${table.name} is still there`);
    } finally {
      await database.close();
    }
  });
});
