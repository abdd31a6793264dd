import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildRegistry } from './registry.js';
import { isReservedAtLoad, isReservedInBuilder, reservedNameWarnings, snakeCaseName } from './reserved-names.js';

describe('reserved attribute names', () => {
  it('compares names in snake_case, as Strapi does', () => {
    const cases: [string, string][] = [
      ['documentId', 'document_id'],
      ['DocumentID', 'document_id'],
      ['DOCUMENT_ID', 'document_id'],
      ['createdAt', 'created_at'],
      ['HTMLParser', 'html_parser'],
      ['meta2', 'meta_2'],
      ['strapiStage', 'strapi_stage'],
      ['entry_id', 'entry_id'],
    ];
    for (const [name, snake] of cases) assert.equal(snakeCaseName(name), snake, name);
  });

  it('loading refuses only the identifiers', () => {
    for (const name of ['id', 'ID', 'Id', 'documentId', 'document_id', 'documentID']) assert.equal(isReservedAtLoad(name), true, name);
    for (const name of ['meta', 'status', 'locale', 'localizations', 'createdAt', 'ids', 'identity', 'document', 'documentIds', 'id2']) assert.equal(isReservedAtLoad(name), false, name);
  });

  it("the builder refuses Strapi's builder list in any spelling, strapi-prefixed names, and status on Draft & Publish types", () => {
    const always = ['id', 'documentId', 'createdAt', 'updated_at', 'PublishedAt', 'createdById', 'updated_by_id', 'createdBy', 'updatedBy', 'entryId', 'localizations', 'meta', 'Meta', 'locale', 'strapi', 'strapiStage', 'STRAPI_ASSIGNEE'];
    for (const name of always) {
      assert.equal(isReservedInBuilder(name, { draftAndPublish: false }), true, name);
      assert.equal(isReservedInBuilder(name, { draftAndPublish: true }), true, name);
    }
    assert.equal(isReservedInBuilder('status', { draftAndPublish: true }), true);
    assert.equal(isReservedInBuilder('Status', { draftAndPublish: true }), true);
    assert.equal(isReservedInBuilder('status', { draftAndPublish: false }), false);
    for (const name of ['metadata', 'metaTitle', 'locales', 'statusCode', 'myStrapi', 'title', 'component', 'contentType']) {
      assert.equal(isReservedInBuilder(name, { draftAndPublish: true }), false, name);
    }
  });
});

describe('reservedNameWarnings', () => {
  it('names a status attribute of a Draft & Publish type, with its file; not of other types', () => {
    const registry = buildRegistry(
      [
        { uid: 'api::page.page', apiName: 'page', modelName: 'page', file: '/p/page.json', definition: { info: { singularName: 'page', pluralName: 'pages' }, options: { draftAndPublish: true }, attributes: { status: { type: 'string' }, meta: { type: 'string' } } } },
        { uid: 'api::event.event', apiName: 'event', modelName: 'event', file: '/p/event.json', definition: { info: { singularName: 'event', pluralName: 'events' }, attributes: { status: { type: 'string' } } } },
      ],
      [],
    );
    assert.deepEqual(reservedNameWarnings(registry.contentTypes), [
      '/p/page.json: attribute "status" of a Draft & Publish type: the "status" parameter of requests chooses between draft and published versions; filter on the attribute with filters[status]',
    ]);
  });
});
