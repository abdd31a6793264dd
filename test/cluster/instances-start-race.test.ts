import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createApp, type App } from '../../src/server/app.js';
import type { Database } from '../../src/core/db/database.js';
import type { TableModel } from '../../src/core/db/table-model.js';
import { loadRegistry } from '../../src/core/schema/load-definitions.js';
import { BUILT_IN_COMPONENTS, BUILT_IN_TYPES } from '../../src/server/built-in-types.js';
import { systemTables } from '../../src/server/system-tables.js';
import { toTableModels } from '../../src/core/schema/to-table-model.js';
import { indexedColumnLists, indexesByTable, inspect, onFreshDatabase, tableNames, type ServerDatabase, type ServerKind } from '../helpers/cluster-database.js';
import { clientOf } from '../helpers/cluster-http.js';
import { startTogether } from '../helpers/cluster-instance.js';
import { fixturePath } from '../helpers/test-app.js';

/**
 * Instances of one project started at the same moment on one empty database (a deployment
 * scaling out, or a rolling restart): schema sync must create every table and index exactly
 * once, and every instance must come up and serve.
 */

const PROJECT = fixturePath('cluster-app');
const MODEL: readonly TableModel[] = [...toTableModels(await loadRegistry(PROJECT, { types: BUILT_IN_TYPES, components: BUILT_IN_COMPONENTS })), ...systemTables()];

/** What each database calls a table's primary key index. */
const primaryIndex = (kind: ServerKind, table: string): string => (kind === 'postgres' ? `${table}_pkey` : 'PRIMARY');

/** The database holds the model's tables with exactly their indexes, and no index twice. */
async function assertLayoutOnce(kind: ServerKind, database: Database): Promise<void> {
  const tables = await tableNames(database);
  for (const table of MODEL) assert.ok(tables.includes(table.name), `table ${table.name} is missing: ${tables.join(', ')}`);
  // Tessera's own bookkeeping tables are prefixed; anything else is a table nobody asked for.
  const extra = tables.filter((name) => !MODEL.some((table) => table.name === name) && !name.startsWith('tessera_'));
  assert.deepEqual(extra, []);
  const indexes = await indexesByTable(database);
  for (const table of MODEL) {
    const expected = [primaryIndex(kind, table.name), ...table.indexes.map((index) => index.name)].sort();
    assert.deepEqual(indexes[table.name], expected, `indexes of ${table.name}`);
  }
  const lists = await indexedColumnLists(database);
  assert.deepEqual(
    lists.filter((list, i) => lists.indexOf(list) !== i),
    [],
    'two indexes over the same columns',
  );
}

/** Two `tessera start` processes on one empty database, spawned back to back, both serving. */
async function twoProcessesStartTogether(database: ServerDatabase): Promise<void> {
  const [a, b] = await startTogether([
    { name: 'a', projectDir: PROJECT, env: database.env },
    { name: 'b', projectDir: PROJECT, env: database.env },
  ]);
  assert.ok(a && b);
  try {
    await inspect(database, (db) => assertLayoutOnce(database.kind, db));
    // Both serve the same (empty, then shared) data.
    for (const instance of [a, b]) {
      const list = await clientOf(instance.origin).get('/api/entries');
      assert.deepEqual({ status: list.status, data: list.body.data, total: list.body.meta.pagination.total }, { status: 200, data: [], total: 0 });
    }
    const created = await clientOf(a.origin).post('/api/tags', { label: 'Shared' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const seen = await clientOf(b.origin).get(`/api/tags/${created.body.data.documentId}`);
    assert.deepEqual({ status: seen.status, data: seen.body.data }, { status: 200, data: created.body.data });
  } finally {
    const exits = await Promise.all([a.stop(), b.stop()]);
    // Nothing went wrong on either side, during the start or after it.
    assert.deepEqual(
      [a, b].map((instance) => instance.stderr()),
      ['', ''],
    );
    assert.deepEqual(exits, [
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
  }
}

/** Several apps started concurrently in one process: sync reports tell exactly who created what. */
async function appsStartTogether(database: ServerDatabase, count: number): Promise<void> {
  const started = await Promise.allSettled(
    Array.from({ length: count }, () =>
      createApp({ projectDir: PROJECT, env: database.env, override: (config) => ({ ...config, server: { ...config.server, host: '127.0.0.1', port: 0 } }) }),
    ),
  );
  const apps = started.filter((result): result is PromiseFulfilledResult<App> => result.status === 'fulfilled').map((result) => result.value);
  try {
    assert.deepEqual(
      started.filter((result) => result.status === 'rejected').map((result) => String((result as PromiseRejectedResult).reason)),
      [],
    );
    // Every table was created by exactly one of them, and every index statement ran once.
    assert.deepEqual(apps.flatMap((app) => app.sync.createdTables).sort(), MODEL.map((table) => table.name).sort());
    const indexStatements = apps.flatMap((app) => app.sync.statements).filter((statement) => /^create (unique )?index /i.test(statement));
    assert.equal(indexStatements.length, MODEL.reduce((sum, table) => sum + table.indexes.length, 0));
    await assertLayoutOnce(database.kind, apps[0]!.database);
  } finally {
    await Promise.all(apps.map((app) => app.close()));
  }
}

for (const [kind, label] of [
  ['postgres', 'PostgreSQL'],
  ['mysql', 'MariaDB'],
] as const) {
  describe(`instances starting together on one empty ${label} database`, () => {
    it('two tessera start processes both come up; tables and indexes exist once; no errors', { timeout: 40_000 }, async (t) => {
      await onFreshDatabase(t, kind, twoProcessesStartTogether);
    });

    it('four apps started concurrently create each table and index exactly once between them', { timeout: 30_000 }, async (t) => {
      await onFreshDatabase(t, kind, (database) => appsStartTogether(database, 4));
    });
  });
}
