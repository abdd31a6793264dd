import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createExtensionService } from './extension-service.js';

const UID = 'api::article.article';

describe('shadowCRUD(uid)', () => {
  it('has everything enabled by default', () => {
    const service = createExtensionService();
    const type = service.shadowCRUD(UID);
    assert.equal(type.isEnabled(), true);
    assert.equal(type.isDisabled(), false);
    assert.equal(type.areQueriesEnabled(), true);
    assert.equal(type.areQueriesDisabled(), false);
    assert.equal(type.areMutationsEnabled(), true);
    assert.equal(type.areMutationsDisabled(), false);
    for (const action of ['find', 'findOne', 'create', 'update', 'delete']) {
      assert.equal(type.isActionEnabled(action), true);
      assert.equal(type.isActionDisabled(action), false);
      assert.equal(service.view().isActionEnabled(UID, action as 'find'), true);
    }
    assert.equal(service.view().isTypeEnabled(UID), true);
  });

  it('chains setters on the same object', () => {
    const type = createExtensionService().shadowCRUD(UID);
    assert.equal(type.disableAction('find'), type);
    assert.equal(type.disableActions(['create']), type);
    assert.equal(type.disableQueries(), type);
    assert.equal(type.disableMutations(), type);
    assert.equal(type.disable(), type);
  });

  it('disable() disables the type and every action', () => {
    const service = createExtensionService();
    service.shadowCRUD(UID).disable();
    const type = service.shadowCRUD(UID);
    assert.equal(type.isEnabled(), false);
    assert.equal(type.isDisabled(), true);
    assert.equal(type.areQueriesEnabled(), false);
    assert.equal(type.areMutationsDisabled(), true);
    assert.equal(type.isActionDisabled('create'), true);
    assert.equal(service.view().isTypeEnabled(UID), false);
    assert.equal(service.view().isActionEnabled(UID, 'findOne'), false);
    assert.equal(service.view().isTypeEnabled('api::other.other'), true);
  });

  it('disableQueries() disables find and findOne only', () => {
    const service = createExtensionService();
    const type = service.shadowCRUD(UID).disableQueries();
    assert.equal(type.areQueriesDisabled(), true);
    assert.equal(type.areQueriesEnabled(), false);
    assert.equal(type.areMutationsEnabled(), true);
    assert.equal(type.isEnabled(), true);
    assert.deepEqual(
      ['find', 'findOne', 'create', 'update', 'delete'].map((action) => type.isActionEnabled(action)),
      [false, false, true, true, true],
    );
    assert.equal(service.view().isActionEnabled(UID, 'find'), false);
  });

  it('disableMutations() disables create, update and delete only', () => {
    const type = createExtensionService().shadowCRUD(UID).disableMutations();
    assert.equal(type.areMutationsDisabled(), true);
    assert.equal(type.areMutationsEnabled(), false);
    assert.equal(type.areQueriesEnabled(), true);
    assert.deepEqual(
      ['find', 'findOne', 'create', 'update', 'delete'].map((action) => type.isActionDisabled(action)),
      [false, false, true, true, true],
    );
  });

  it('disableAction and disableActions disable the named actions; "*" disables all', () => {
    const service = createExtensionService();
    const type = service.shadowCRUD(UID).disableAction('delete').disableActions(['findOne', 'update']);
    assert.deepEqual(
      ['find', 'findOne', 'create', 'update', 'delete'].map((action) => type.isActionEnabled(action)),
      [true, false, true, false, false],
    );
    assert.equal(type.areQueriesEnabled(), true);
    const all = service.shadowCRUD('api::tag.tag').disableAction('*');
    assert.equal(['find', 'findOne', 'create', 'update', 'delete'].every((action) => all.isActionDisabled(action)), true);
    const listed = service.shadowCRUD('api::page.page').disableActions(['*']);
    assert.equal(listed.isActionDisabled('find'), true);
  });

  it('refuses unknown action names with a clear error, applying nothing', () => {
    const type = createExtensionService().shadowCRUD(UID);
    assert.throws(() => type.disableAction('remove'), /Unknown shadow CRUD action "remove": expected one of find, findOne, create, update, delete or "\*"/);
    assert.throws(() => type.disableActions(['find', 'destroy']), /"destroy"/);
    assert.equal(type.isActionEnabled('find'), true);
    assert.throws(() => type.isActionEnabled('list'), /Unknown shadow CRUD action "list"/);
    assert.throws(() => type.disableActions('find' as unknown as string[]), /expects an array/);
    assert.throws(() => createExtensionService().shadowCRUD(''), /uid must be a non-empty string/);
  });
});

describe('shadowCRUD(uid).field(name)', () => {
  it('has output, input and filters by default', () => {
    const service = createExtensionService();
    const field = service.shadowCRUD(UID).field('title');
    assert.equal(field.isEnabled(), true);
    assert.equal(field.isDisabled(), false);
    assert.equal(field.hasOutputEnabled(), true);
    assert.equal(field.hasInputEnabled(), true);
    assert.equal(field.hasFiltersEnabled(), true);
    assert.equal(field.hasFiltersEnabeld(), true);
    assert.equal(service.view().hasOutput(UID, 'title'), true);
    assert.equal(service.view().hasInput(UID, 'title'), true);
    assert.equal(service.view().hasFilters(UID, 'title'), true);
  });

  it('disable() removes output, input and filters', () => {
    const service = createExtensionService();
    const field = service.shadowCRUD(UID).field('title');
    assert.equal(field.disable(), field);
    assert.equal(field.isEnabled(), false);
    assert.equal(field.isDisabled(), true);
    assert.equal(field.hasOutputEnabled(), false);
    assert.equal(field.hasInputEnabled(), false);
    assert.equal(field.hasFiltersEnabled(), false);
    assert.equal(service.shadowCRUD(UID).field('title').isDisabled(), true);
    assert.equal(service.view().hasOutput(UID, 'title'), false);
    assert.equal(service.view().hasInput(UID, 'title'), false);
    assert.equal(service.view().hasFilters(UID, 'title'), false);
    assert.equal(service.view().hasOutput(UID, 'body'), true);
  });

  it('disableOutput, disableInput and disableFilters each remove one use and chain', () => {
    const service = createExtensionService();
    const type = service.shadowCRUD(UID);
    const output = type.field('a').disableOutput();
    assert.deepEqual([output.hasOutputEnabled(), output.hasInputEnabled(), output.hasFiltersEnabled(), output.isEnabled()], [false, true, true, true]);
    const input = type.field('b').disableInput();
    assert.deepEqual([input.hasOutputEnabled(), input.hasInputEnabled(), input.hasFiltersEnabled()], [true, false, true]);
    const filters = type.field('documentId').disableFilters();
    assert.deepEqual([filters.hasOutputEnabled(), filters.hasInputEnabled(), filters.hasFiltersEnabled(), filters.hasFiltersEnabeld()], [true, true, false, false]);
    assert.equal(service.view().hasFilters(UID, 'documentId'), false);
    const chained = type.field('c').disableInput().disableFilters();
    assert.deepEqual([chained.hasOutputEnabled(), chained.hasInputEnabled(), chained.hasFiltersEnabled()], [true, false, false]);
  });
});
