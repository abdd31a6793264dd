import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MAX_POPULATE_NODES } from '../../src/core/query/parse/parse-populate.js';
import { EVENT_OUTBOX_TABLE } from '../../src/core/events/event-outbox.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createTempProjects, schemaPath, type TempProjects } from '../helpers/temp-projects.js';

/*
 * An event's entry is populated as Strapi 5 populates it, through the REST parser and its
 * bounds. A type beyond them (here more media attributes than a populate may name) is announced
 * with its own fields only, and the app's log says so once, not at every write.
 */
describe('change events: an entry that cannot be populated is sent with its own fields, and the log says so once', () => {
  let projects: TempProjects;
  let t: TestApp;
  const logged: string[] = [];

  before(async () => {
    projects = createTempProjects('tessera-event-populate-');
    const attributes: Record<string, unknown> = { title: { type: 'string' }, note: { type: 'relation', relation: 'manyToOne', target: 'api::note.note' } };
    for (let index = 0; index <= MAX_POPULATE_NODES; index += 1) attributes[`m${index}`] = { type: 'media', multiple: false, allowedTypes: ['images'] };
    const project = projects.write({
      [schemaPath('wide')]: { kind: 'collectionType', collectionName: 'wides', info: { singularName: 'wide', pluralName: 'wides', displayName: 'Wide' }, options: { draftAndPublish: false }, attributes },
      [schemaPath('note')]: { kind: 'collectionType', collectionName: 'notes', info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' }, options: { draftAndPublish: false }, attributes: { body: { type: 'string' } } },
      'config/permissions.json': { public: { 'api::wide.wide': '*', 'api::note.note': '*' } },
    });
    t = await startTestApp({ fixture: project, log: (message) => logged.push(message) });
  });
  after(async () => {
    await t?.close();
    projects?.remove();
  });

  it('two writes: two events with the scalar fields, one log line naming the type and the reason', async () => {
    // A listener is on (as while a webhook is enabled): writes are announced.
    t.app.changeListeners.set('test', true);
    const note = (await t.post('/api/notes', { data: { body: 'linked' } })).body.data;
    for (const title of ['first', 'second']) assert.equal((await t.post('/api/wides', { data: { title, note: note.documentId } })).status, 201);
    const rows = await t.app.database.db.selectFrom(EVENT_OUTBOX_TABLE.name).select(['event', 'payload']).orderBy('id').execute();
    const wides = rows.map((row) => JSON.parse(String(row.payload))).filter((event) => event.uid === 'api::wide.wide');
    assert.deepEqual(wides.map((event) => [event.event, event.entry.title]), [['entry.create', 'first'], ['entry.create', 'second']]);
    for (const event of wides) assert.deepEqual(Object.keys(event.entry).sort(), ['createdAt', 'documentId', 'id', 'publishedAt', 'title', 'updatedAt']);
    const lines = logged.filter((message) => message.includes('api::wide.wide'));
    assert.equal(lines.length, 1, lines.join('\n'));
    assert.match(lines[0] ?? '', /Change events of api::wide\.wide carry its own fields only.*Too many populated attributes/);
    // The note type populates as usual: no line for it.
    assert.equal(logged.filter((message) => message.includes('api::note.note')).length, 0);
  });
});
