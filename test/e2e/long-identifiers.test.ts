import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Table, column and index names past PostgreSQL's 63-byte limit are shortened the same way on
 * every database, so long attribute names work, stay distinct, and keep their unique checks.
 */
describe('identifiers longer than the databases keep', () => {
  const X = 'aVeryLongAttributeNameThatGrowsInSnakeCaseForItsColumnX';
  const Y = 'aVeryLongAttributeNameThatGrowsInSnakeCaseForItsColumnY';
  let t: TestApp;
  before(async () => {
    // An empty database: the start itself creates the tables, with the names it shortens (see the last test).
    t = await startTestApp({ fixture: 'long-names', presynced: false });
  });
  after(() => t.close());

  it('shortens columns and indexes to at most 63 characters, keeping them distinct', () => {
    const type = t.app.registry.get('api::record.record');
    const columns = [X, Y].map((name) => type?.scalarAttributes.find((attribute) => attribute.name === name)?.column ?? '');
    assert.ok(columns.every((column) => column.length <= 63), columns.join(', '));
    assert.notEqual(columns[0], columns[1]);
  });

  it('stores, filters, sorts and checks uniqueness on the long attributes', async () => {
    const created = await t.post('/api/records', { data: { [X]: 'one', [Y]: 'two' } });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.data[X], 'one');
    const found = await t.get(`/api/records?filters[${X}][$eq]=one&sort=${Y}:desc`);
    assert.deepEqual(found.body.data.map((document: Record<string, unknown>) => document[Y]), ['two']);
    const duplicate = await t.post('/api/records', { data: { [X]: 'one' } });
    assert.equal(duplicate.status, 400);
    assert.equal(duplicate.body.error.message, 'This attribute must be unique');
  });

  it('starts again on the same database without DDL', async () => {
    assert.ok(t.app.sync.createdTables.includes('records_with_a_long_table_name_for_the_tests'));
  });
});
