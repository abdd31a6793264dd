import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { IntrospectedLayout } from '../../core/db/dialect.js';
import { mysqlDialect } from '../../core/db/mysql/mysql-dialect.js';
import { sqliteDialect } from '../../core/db/sqlite/sqlite-dialect.js';
import type { TableModel } from '../../core/db/table-model.js';
import { planMigration } from './plan-migration.js';

const NOTES: TableModel = {
  name: 'notes',
  columns: [
    { name: 'id', type: 'increments' },
    { name: 'document_id', type: 'string', notNull: true },
    { name: 'title', type: 'string' },
    { name: 'created_at', type: 'datetime' },
    { name: 'updated_at', type: 'datetime' },
    { name: 'published_at', type: 'datetime' },
  ],
  indexes: [{ name: 'notes_documents_idx', columns: ['document_id', 'published_at'] }],
};

function layout(tables: Record<string, { columns: string[]; indexes?: string[] }>): IntrospectedLayout {
  return new Map(Object.entries(tables).map(([name, table]) => [name, { columns: new Set(table.columns), indexes: new Set(table.indexes ?? []) }]));
}

const OWN = ['id', 'document_id', 'created_at', 'updated_at', 'published_at'];

describe('planMigration', () => {
  it('plans nothing when every column is modelled', () => {
    const plan = planMigration(sqliteDialect, layout({ notes: { columns: [...OWN, 'title'], indexes: ['notes_documents_idx'] } }), [NOTES]);
    assert.deepEqual(plan, { drops: [], refused: [] });
  });

  it('drops the columns the model lacks, in column order, quoted for the database', () => {
    const existing = layout({ notes: { columns: [...OWN, 'title', 'zeta', 'body'] } });
    assert.deepEqual(planMigration(sqliteDialect, existing, [NOTES]).drops, [
      { table: 'notes', column: 'body', statements: ['alter table "notes" drop column "body"'] },
      { table: 'notes', column: 'zeta', statements: ['alter table "notes" drop column "zeta"'] },
    ]);
    assert.deepEqual(planMigration(mysqlDialect, existing, [NOTES]).drops[0]?.statements, ['alter table `notes` drop column `body`']);
  });

  it("drops Tessera's index of a dropped column first (SQLite refuses to drop an indexed column)", () => {
    const existing = layout({ notes: { columns: [...OWN, 'title', 'code'], indexes: ['notes_documents_idx', 'notes_code_idx'] } });
    assert.deepEqual(planMigration(sqliteDialect, existing, [NOTES]).drops[0]?.statements, ['drop index "notes_code_idx"', 'alter table "notes" drop column "code"']);
    assert.deepEqual(planMigration(mysqlDialect, existing, [NOTES]).drops[0]?.statements, ['drop index `notes_code_idx` on `notes`', 'alter table `notes` drop column `code`']);
  });

  it("refuses to drop Tessera's own columns even when the model lacks them", () => {
    const bare: TableModel = { name: 'notes', columns: [{ name: 'title', type: 'string' }], indexes: [] };
    const plan = planMigration(sqliteDialect, layout({ notes: { columns: [...OWN, 'title'] } }), [bare]);
    assert.deepEqual(plan.drops, []);
    assert.deepEqual(plan.refused, ['notes.created_at', 'notes.document_id', 'notes.id', 'notes.published_at', 'notes.updated_at']);
  });

  it('leaves tables alone that the model does not have, and tables not created yet', () => {
    const plan = planMigration(sqliteDialect, layout({ old_things: { columns: [...OWN, 'name'] } }), [NOTES]);
    assert.deepEqual(plan, { drops: [], refused: [] });
  });

  it('quotes names that need it', () => {
    const odd: TableModel = { name: 'my"notes', columns: [{ name: 'id', type: 'increments' }], indexes: [] };
    const plan = planMigration(sqliteDialect, layout({ 'my"notes': { columns: ['id', 'we"ird'] } }), [odd]);
    assert.deepEqual(plan.drops[0]?.statements, ['alter table "my""notes" drop column "we""ird"']);
  });
});
