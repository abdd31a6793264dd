import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client, fetchExchange, type AnyVariables } from '@urql/core';
import { createDocumentApi } from '../../src/core/documents/document-api.js';
import { validateData } from '../../src/core/documents/validate-data.js';
import { ValidationError } from '../../src/core/shared/errors.js';
import { parseDocumentQuery } from '../../src/core/query/parse/parse-document-query.js';
import { EVENT_OUTBOX_TABLE } from '../../src/core/events/event-outbox.js';
import { manualClock } from '../helpers/manual-clock.js';
import { fixturePath, startTestApp, type TestApp } from '../helpers/test-app.js';
import { waitUntil } from '../helpers/wait-until.js';
import { startWebhookReceiver, type ReceivedCall, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { countRows, settleOutbox } from '../helpers/webhook-outbox.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are arbitrary JSON */
const ENV = { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Secret123' };
const SECRET = 'Bearer super-secret-token-1234';
const START = Date.UTC(2030, 0, 1);

describe('webhooks: every committed change delivered once, with Strapi 5 payloads', () => {
  const clock = manualClock(START);
  let t: TestApp;
  let receiver: WebhookReceiver;
  let admin: Record<string, string>;
  let graphql: Client;
  let hookId: string;
  let project: string;
  const call = (method: string, url: string, body?: unknown) => t.request(method, url, { headers: admin, ...(body === undefined ? {} : { body }) });

  const count = (table: string, column: string, value: unknown): Promise<number> => countRows(t, table, column, value);

  /** Moves the clock until the outbox is fanned out and no delivery is pending. */
  const settle = (): Promise<void> => settleOutbox(t, clock);

  /** What `act` caused: the calls the receiver got once everything settled. */
  async function delivered(act: () => Promise<unknown>): Promise<ReceivedCall[]> {
    await settle();
    const before = receiver.calls.length;
    await act();
    await settle();
    return receiver.calls.slice(before);
  }

  const names = (calls: readonly ReceivedCall[]): string[] => calls.map((received) => received.body.event);

  async function gql(query: string, variables: AnyVariables = {}): Promise<any> {
    const result = await graphql.mutation(query, variables).toPromise();
    assert.equal(result.error, undefined, result.error?.message);
    return result.data;
  }

  before(async () => {
    receiver = await startWebhookReceiver();
    // A throw-away copy: uploads land in the project's public/uploads.
    project = await mkdtemp(path.join(tmpdir(), 'tessera-webhooks-app-'));
    await cp(fixturePath('webhooks-app'), project, { recursive: true });
    t = await startTestApp({
      fixture: project,
      env: ENV,
      clock,
      override: (config) => ({ ...config, permissions: { ...config.permissions, public: { ...config.permissions.public, 'plugin::upload.content-api': ['upload', 'destroy'] } } }),
    });
    const login = await t.post('/admin/login', { email: ENV.ADMIN_EMAIL, password: ENV.ADMIN_PASSWORD });
    admin = { authorization: `Bearer ${login.body.data.token}` };
    graphql = new Client({ url: `${t.baseUrl}/graphql`, exchanges: [fetchExchange], requestPolicy: 'network-only', preferGetMethod: false });
  });
  after(async () => {
    await t?.close();
    await receiver?.close();
    if (project) await rm(project, { recursive: true, force: true });
  });

  it('without an enabled webhook, writes leave no event', async () => {
    assert.equal(t.app.changeListeners.any, false);
    assert.equal((await t.post('/api/notes', { data: { body: 'unheard' } })).status, 201);
    assert.equal(await count(EVENT_OUTBOX_TABLE.name, 'dispatched', 0), 0);
  });

  it('admin API: create, list, get, update with Strapi shapes; secret headers masked', async () => {
    const created = await call('POST', '/admin/webhooks', { name: 'Site', url: receiver.url, headers: { Authorization: SECRET, 'X-Plain': 'visible' }, events: ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'entry.draft-discard', 'media.create', 'media.update', 'media.delete'] });
    assert.equal(created.status, 201, created.text);
    const webhook = created.body.data;
    hookId = webhook.id;
    assert.equal(typeof webhook.id, 'string');
    assert.deepEqual(webhook, { id: hookId, name: 'Site', url: receiver.url, headers: { Authorization: '****1234', 'X-Plain': 'visible' }, events: webhook.events, isEnabled: true });
    assert.ok(!created.text.includes('super-secret'));
    const list = await call('GET', '/admin/webhooks');
    assert.deepEqual(list.body, { data: [webhook] });
    const one = await call('GET', `/admin/webhooks/${hookId}`);
    assert.deepEqual(one.body, { data: webhook });
    // The edit form sends back what it was shown: the stored secret stays.
    const updated = await call('PUT', `/admin/webhooks/${hookId}`, { ...webhook, name: 'Site build' });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.body.data.name, 'Site build');
    assert.equal(updated.body.data.headers.Authorization, '****1234');
    assert.equal(t.app.changeListeners.any, true);
  });

  it('admin API: bad bodies are 400s, unknown ids 404s, and the API needs an admin', async () => {
    const base = { name: 'X', url: receiver.url, events: ['entry.create'] };
    const refusals: [unknown, RegExp][] = [
      [{ ...base, isEnabled: true }, /Invalid key isEnabled/],
      [{ ...base, url: 'ftp://example.com/x' }, /url must be an http or https URL/],
      [{ ...base, url: 'not a url' }, /url must be an http or https URL/],
      [{ ...base, events: ['entry.explode'] }, /unknown event entry.explode/],
      [{ ...base, headers: { 'Bad Name': 'x' } }, /not a valid header name/],
      [{ ...base, headers: { 'X-A': 'a\r\nInjected: 1' } }, /must be a string on one line/],
      [{ url: receiver.url, events: [] }, /name is a required field/],
      [[], /JSON object/],
    ];
    for (const [body, message] of refusals) {
      const answer = await call('POST', '/admin/webhooks', body);
      assert.equal(answer.status, 400, `${JSON.stringify(body)}: ${answer.text}`);
      assert.equal(answer.body.error.name, 'ValidationError');
      assert.match(answer.body.error.message, message);
    }
    for (const path of ['/admin/webhooks/999', '/admin/webhooks/abc', '/admin/webhooks/999/deliveries']) {
      const answer = await call('GET', path);
      assert.equal(answer.status, 404, path);
      assert.equal(answer.body.error.message, 'webhook.notFound');
    }
    assert.equal((await call('POST', '/admin/webhooks/999/trigger')).status, 404);
    assert.equal((await t.request('GET', '/admin/webhooks')).status, 401);
  });

  it('REST on a Draft & Publish type: each operation announced once, as Strapi names it, with its payload and headers', async () => {
    let documentId = '';
    const create = await delivered(async () => {
      const answer = await t.post('/api/articles', { data: { title: 'Hello', code: 'c-1', secret: 'hidden' } });
      assert.equal(answer.status, 201, answer.text);
      documentId = answer.body.data.documentId;
    });
    assert.deepEqual(names(create), ['entry.create', 'entry.publish']);
    const [first, published] = create as [ReceivedCall, ReceivedCall];
    assert.equal(first.body.model, 'article');
    assert.equal(first.body.uid, 'api::article.article');
    assert.equal(first.body.createdAt.slice(0, 4), '2030');
    assert.equal(first.body.entry.documentId, documentId);
    assert.equal(first.body.entry.title, 'Hello');
    assert.equal(first.body.entry.publishedAt, null, 'entry.create carries the draft');
    assert.ok(!('secret' in first.body.entry), 'private fields are left out');
    assert.notEqual(published.body.entry.publishedAt, null);
    assert.deepEqual(Object.keys(first.body).sort(), ['createdAt', 'entry', 'event', 'model', 'uid']);
    assert.equal(first.headers['x-strapi-event'], 'entry.create');
    assert.equal(first.headers['content-type'], 'application/json');
    assert.equal(first.headers.authorization, SECRET, "the webhook's own header wins over the default one");
    assert.equal(first.headers['x-site'], 'tessera-test', 'config/server webhooks.defaultHeaders');
    assert.equal(first.headers['x-plain'], 'visible');
    assert.match(String(first.headers['idempotency-key']), /^tessera-event-\d+-\d+$/);
    assert.notEqual(first.headers['idempotency-key'], published.headers['idempotency-key']);

    assert.deepEqual(names(await delivered(() => t.put(`/api/articles/${documentId}`, { data: { title: 'Hello 2' } }))), ['entry.update', 'entry.publish']);
    const unpublished = await delivered(() => t.post(`/api/articles/${documentId}/actions/unpublish`, {}));
    assert.deepEqual(names(unpublished), ['entry.unpublish']);
    // As Strapi 5 (recorded): the published version that was removed, not the draft that stays.
    assert.notEqual(unpublished[0]?.body.entry.publishedAt, null);
    assert.equal(unpublished[0]?.body.entry.title, 'Hello 2');
    assert.equal(unpublished[0]?.body.entry.documentId, documentId);
    assert.deepEqual(names(await delivered(() => t.post(`/api/articles/${documentId}/actions/unpublish`, {}))), [], 'nothing published: nothing removed, no event');
    assert.deepEqual(names(await delivered(() => t.post(`/api/articles/${documentId}/actions/publish`, {}))), ['entry.publish']);
    const draftOnly = await delivered(() => t.put(`/api/articles/${documentId}?status=draft`, { data: { title: 'Draft only' } }));
    assert.deepEqual(names(draftOnly), ['entry.update']);
    assert.equal(draftOnly[0]?.body.entry.title, 'Draft only');
    const discarded = await delivered(() => t.post(`/api/articles/${documentId}/actions/discard-draft`, {}));
    assert.deepEqual(names(discarded), ['entry.draft-discard']);
    assert.equal(discarded[0]?.body.entry.title, 'Hello 2');
    const deleted = await delivered(async () => assert.equal((await t.request('DELETE', `/api/articles/${documentId}`)).status, 204));
    assert.deepEqual(names(deleted), ['entry.delete']);
    assert.equal(deleted[0]?.body.entry.documentId, documentId);
    assert.equal(deleted[0]?.body.entry.title, 'Hello 2');
  });

  it('REST on a plain type (one-statement writes): create, update, delete', async () => {
    let documentId = '';
    const created = await delivered(async () => {
      documentId = (await t.post('/api/notes', { data: { body: 'n1' } })).body.data.documentId;
    });
    assert.deepEqual(names(created), ['entry.create']);
    assert.equal(created[0]?.body.entry.publishedAt !== undefined, true);
    const updated = await delivered(() => t.put(`/api/notes/${documentId}`, { data: { body: 'n2' } }));
    assert.deepEqual(names(updated), ['entry.update']);
    assert.equal(updated[0]?.body.entry.body, 'n2');
    assert.deepEqual(names(await delivered(() => t.request('DELETE', `/api/notes/${documentId}`))), ['entry.delete']);
  });

  it('GraphQL (urql): create, update, delete announced once each', async () => {
    let documentId = '';
    const created = await delivered(async () => {
      documentId = (await gql('mutation { createNote(data: { body: "g1" }) { documentId } }')).createNote.documentId;
    });
    assert.deepEqual(names(created), ['entry.create']);
    assert.deepEqual(names(await delivered(() => gql('mutation U($id: ID!) { updateNote(documentId: $id, data: { body: "g2" }) { documentId } }', { id: documentId }))), ['entry.update']);
    assert.deepEqual(names(await delivered(() => gql('mutation D($id: ID!) { deleteNote(documentId: $id) { documentId } }', { id: documentId }))), ['entry.delete']);
  });

  it('GraphQL (urql) on a Draft & Publish type: create, update, delete', async () => {
    let documentId = '';
    const created = await delivered(async () => {
      documentId = (await gql('mutation { createArticle(data: { title: "G" }) { documentId } }')).createArticle.documentId;
    });
    assert.deepEqual(names(created), ['entry.create', 'entry.publish']);
    const draft = await delivered(() => gql('mutation U($id: ID!) { updateArticle(documentId: $id, data: { title: "G2" }, status: DRAFT) { documentId } }', { id: documentId }));
    assert.deepEqual(names(draft), ['entry.update']);
    assert.equal(draft[0]?.body.entry.title, 'G2');
    assert.deepEqual(names(await delivered(() => gql('mutation D($id: ID!) { deleteArticle(documentId: $id) { documentId } }', { id: documentId }))), ['entry.delete']);
  });

  it('project code (strapi.documents): create, update, delete', async () => {
    const articles = createDocumentApi(t.app.registry, t.app.model.documents, t.app.locales)('api::article.article');
    let documentId = '';
    let published = false;
    const created = await delivered(async () => {
      const document = await articles.create({ data: { title: 'From code' } });
      documentId = String(document.documentId);
      published = document.publishedAt !== null;
    });
    // A write that publishes (the document API's default here, as REST's) announces the publish after it.
    const publish = published ? ['entry.publish'] : [];
    assert.deepEqual(names(created), ['entry.create', ...publish]);
    assert.ok(created.every((received) => received.body.entry.documentId === documentId));
    assert.deepEqual(names(await delivered(() => articles.update({ documentId, data: { title: 'From code 2' } }))), ['entry.update', ...publish]);
    assert.deepEqual(names(await delivered(() => articles.delete({ documentId }))), ['entry.delete']);
  });

  it('the media library: upload and delete announced as media.create and media.delete, with the file', async () => {
    let file: any;
    const created = await delivered(async () => {
      const data = new FormData();
      data.append('files', new Blob(['hello\n'], { type: 'text/plain' }), 'hello.txt');
      const response = await fetch(`${t.baseUrl}/api/upload`, { method: 'POST', body: data });
      assert.equal(response.status, 201);
      [file] = (await response.json()) as any[];
    });
    assert.deepEqual(names(created), ['media.create']);
    const payload = created[0]?.body;
    assert.deepEqual(Object.keys(payload).sort(), ['createdAt', 'event', 'media']);
    assert.equal(payload.media.id, file.id);
    assert.equal(payload.media.name, 'hello.txt');
    assert.equal(payload.media.url, file.url);
    const deleted = await delivered(async () => assert.equal((await t.request('DELETE', `/api/upload/files/${file.id}`)).status, 200));
    assert.deepEqual(names(deleted), ['media.delete']);
    assert.equal(deleted[0]?.body.media.id, file.id);
  });

  it('the media library: an update of a file (its information, or the file replaced) announced once as media.update', async () => {
    const upload = new FormData();
    upload.append('files', new Blob(['first\n'], { type: 'text/plain' }), 'first.txt');
    const [file] = (await (await fetch(`${t.baseUrl}/api/upload`, { method: 'POST', body: upload })).json()) as any[];
    const post = async (form: FormData): Promise<any> => {
      const response = await fetch(`${t.baseUrl}/api/upload?id=${file.id}`, { method: 'POST', body: form });
      assert.equal(response.status, 200);
      return response.json();
    };
    let answered: any;
    const info = await delivered(async () => {
      const form = new FormData();
      form.append('fileInfo', JSON.stringify({ name: 'renamed.txt', alternativeText: 'Alt', caption: 'Cap' }));
      answered = await post(form);
    });
    assert.deepEqual(names(info), ['media.update']);
    const media = info[0]?.body.media;
    assert.deepEqual(Object.keys(info[0]?.body).sort(), ['createdAt', 'event', 'media']);
    assert.equal(media.id, file.id);
    assert.equal(media.documentId, file.documentId);
    assert.deepEqual([media.name, media.alternativeText, media.caption], ['renamed.txt', 'Alt', 'Cap']);
    assert.equal(media.url, file.url);
    assert.equal(media.updatedAt, answered.updatedAt);
    const replaced = await delivered(async () => {
      const form = new FormData();
      form.append('files', new Blob(['second, longer\n'], { type: 'text/plain' }), 'second.txt');
      answered = await post(form);
    });
    assert.deepEqual(names(replaced), ['media.update']);
    assert.equal(replaced[0]?.body.media.id, file.id);
    assert.equal(replaced[0]?.body.media.url, answered.url);
    assert.equal(replaced[0]?.body.media.size, answered.size);
    const refused = await delivered(async () => {
      const form = new FormData();
      form.append('fileInfo', JSON.stringify({ name: 'x', nope: 1 }));
      assert.equal((await fetch(`${t.baseUrl}/api/upload?id=${file.id}`, { method: 'POST', body: form })).status, 400);
    });
    assert.deepEqual(names(refused), [], 'a refused update announces nothing');
  });

  it('entry: components, dynamic zones, media and relations populated as Strapi 5 does; private fields left out; delete unpopulated', async () => {
    const data = new FormData();
    data.append('files', new Blob(['cover\n'], { type: 'text/plain' }), 'cover.txt');
    const [file] = (await (await fetch(`${t.baseUrl}/api/upload`, { method: 'POST', body: data })).json()) as any[];
    const note = (await t.post('/api/notes', { data: { body: 'linked' } })).body.data;
    let documentId = '';
    const created = await delivered(async () => {
      const response = await t.post('/api/pages', { data: { title: 'Home', seo: { metaTitle: 'Home SEO', internalNote: 'hidden' }, blocks: [{ __component: 'shared.seo', metaTitle: 'Block', internalNote: 'hidden' }], cover: file.id, note: note.documentId } });
      assert.equal(response.status, 201, response.text);
      documentId = response.body.data.documentId;
    });
    assert.deepEqual(names(created), ['entry.create']);
    const entry = created[0]?.body.entry;
    assert.equal(entry.title, 'Home');
    assert.deepEqual(entry.seo, { id: entry.seo.id, metaTitle: 'Home SEO' });
    assert.deepEqual(entry.blocks, [{ __component: 'shared.seo', id: entry.blocks[0].id, metaTitle: 'Block' }]);
    assert.equal(entry.cover.id, file.id);
    assert.equal(entry.cover.url, file.url);
    assert.equal(entry.cover.name, 'cover.txt');
    assert.equal(entry.note.documentId, note.documentId);
    assert.equal(entry.note.body, 'linked');
    assert.equal(entry.note.note, undefined, 'relations one level deep');
    const updated = await delivered(() => t.put(`/api/pages/${documentId}`, { data: { title: 'Home 2' } }));
    assert.equal(updated[0]?.body.entry.seo.metaTitle, 'Home SEO');
    assert.equal(updated[0]?.body.entry.note.documentId, note.documentId);
    const deleted = await delivered(() => t.request('DELETE', `/api/pages/${documentId}`));
    assert.deepEqual(names(deleted), ['entry.delete']);
    const gone = deleted[0]?.body.entry;
    assert.equal(gone.title, 'Home 2');
    for (const key of ['seo', 'blocks', 'cover', 'note']) assert.ok(!(key in gone), `${key} is not populated on delete`);
  });

  it('refused (4xx) and rolled-back writes announce nothing', async () => {
    const refused = await delivered(async () => {
      assert.equal((await t.post('/api/articles', { data: { code: 'no-title' } })).status, 400, 'title is required to publish');
      assert.equal((await t.post('/api/articles', { data: { title: 'x', nope: 1 } })).status, 400);
      assert.equal((await t.put('/api/notes/doesnotexist', { data: { body: 'x' } })).status, 404);
    });
    assert.deepEqual(names(refused), []);
    // Two documents in one transaction: the first is written (and its event recorded) before the second fails its unique check.
    const contentType = t.app.registry.get('api::article.article');
    assert.ok(contentType);
    const rolledBack = await delivered(async () => {
      const query = parseDocumentQuery({}, { contentType, rest: t.app.config.rest, registry: t.app.registry, locales: t.app.locales });
      const writes = ['a', 'b'].map((title) => validateData({ title, code: 'same-code' }, contentType, 'create', t.app.registry));
      await assert.rejects(t.app.model.documents.createMany({ writes, query }), ValidationError);
    });
    assert.deepEqual(names(rolledBack), []);
  });

  it('receiver down, then up: the delivery is retried and completed once; the log shows the attempts', async () => {
    await settle();
    receiver.mode = 'reset';
    const before = receiver.calls.length;
    const refusedBefore = receiver.refused();
    assert.equal((await t.post('/api/notes', { data: { body: 'while down' } })).status, 201);
    await waitUntil('a failed attempt', () => {
      clock.advance(1000);
      return receiver.refused() > refusedBefore;
    });
    receiver.mode = 'ok';
    await settle();
    const received = receiver.calls.slice(before);
    assert.deepEqual(names(received), ['entry.create']);
    const log = await call('GET', `/admin/webhooks/${hookId}/deliveries`);
    assert.equal(log.status, 200);
    const entry = log.body.data[0];
    assert.equal(entry.event, 'entry.create');
    assert.equal(entry.status, 'delivered');
    assert.ok(entry.attempts >= 2, JSON.stringify(entry));
    assert.equal(entry.lastStatus, 200);
    assert.equal(entry.lastError, null);
  });

  it('a receiver answering 500 forever: attempts stop at the limit and the log says so', async () => {
    await settle();
    receiver.mode = 500;
    const refusedBefore = receiver.refused();
    assert.equal((await t.post('/api/notes', { data: { body: 'never' } })).status, 201);
    await settle();
    receiver.mode = 'ok';
    assert.equal(receiver.refused() - refusedBefore, 3, 'webhooks.maxAttempts is 3');
    const entry = (await call('GET', `/admin/webhooks/${hookId}/deliveries`)).body.data[0];
    assert.equal(entry.status, 'failed');
    assert.equal(entry.attempts, 3);
    assert.equal(entry.lastStatus, 500);
    assert.match(entry.lastError, /HTTP 500 \(gave up after 3 attempts\)/);
  });

  it('trigger sends trigger-test at once; a disabled webhook gets nothing; delete removes it', async () => {
    const before = receiver.calls.length;
    const triggered = await call('POST', `/admin/webhooks/${hookId}/trigger`);
    assert.equal(triggered.status, 200, triggered.text);
    const recorded = async (name: string): Promise<any> => JSON.parse(await readFile(fixturePath(`strapi-admin/webhooks/${name}.json`), 'utf8'));
    assert.deepEqual(triggered.body, (await recorded('trigger-ok')).response.body);
    assert.equal(receiver.calls[before]?.body.event, 'trigger-test');
    assert.deepEqual(Object.keys(receiver.calls[before]?.body).sort(), ['createdAt', 'event']);
    // A refusal: its status and the receiver's answer, as Strapi shows them.
    receiver.mode = 503;
    const refused = await call('POST', `/admin/webhooks/${hookId}/trigger`);
    receiver.mode = 'ok';
    assert.deepEqual(refused.body, { data: { statusCode: 503, message: 'no' } });
    assert.deepEqual(Object.keys(refused.body.data), Object.keys((await recorded('trigger-refused')).response.body.data));
    const current = (await call('GET', `/admin/webhooks/${hookId}`)).body.data;
    assert.equal((await call('PUT', `/admin/webhooks/${hookId}`, { ...current, isEnabled: false })).body.data.isEnabled, false);
    assert.equal(t.app.changeListeners.any, false);
    assert.deepEqual(names(await delivered(() => t.post('/api/notes', { data: { body: 'unheard' } }))), []);
    const removed = await call('DELETE', `/admin/webhooks/${hookId}`);
    assert.equal(removed.status, 200);
    assert.equal(removed.body.data.id, hookId);
    assert.deepEqual((await call('GET', '/admin/webhooks')).body, { data: [] });
  });
});

describe('strapi.eventHub: project code hears the same stream, after commit', () => {
  const clock = manualClock(START);
  const heard: unknown[][] = ((globalThis as Record<symbol, unknown[][]>)[Symbol.for('webhooks-app.heard')] ??= []);
  let t: TestApp;
  let project: string;

  before(async () => {
    project = await mkdtemp(path.join(tmpdir(), 'tessera-webhooks-hub-'));
    await cp(fixturePath('webhooks-app'), project, { recursive: true });
    await writeFile(
      path.join(project, 'src', 'index.js'),
      `const heard = (globalThis[Symbol.for('webhooks-app.heard')] ??= []);
module.exports = {
  register() {},
  bootstrap({ strapi }) {
    strapi.eventHub.on('entry.create', (payload) => heard.push(['on', payload]));
    strapi.eventHub.subscribe((name, payload) => heard.push(['subscribe', name, payload]));
  },
};
`,
    );
    // Strapi 5's document service populates relations in events whatever this says (it mattered in Strapi 4).
    await writeFile(path.join(project, 'config', 'server.json'), JSON.stringify({ webhooks: { populateRelations: true, pollIntervalMs: 1000 } }));
    t = await startTestApp({ fixture: project, clock });
  });
  after(async () => {
    await t?.close();
    if (project) await rm(project, { recursive: true, force: true });
  });

  it("a listener of entry.create turns announcing on without any webhook; listeners get Strapi's { model, uid, entry }", async () => {
    assert.equal(t.app.changeListeners.any, true);
    const created = await t.post('/api/notes', { data: { body: 'heard' } });
    assert.equal(created.status, 201);
    assert.equal((await t.post('/api/notes', { data: { nope: 1 } })).status, 400);
    assert.deepEqual(heard, [], 'nothing before the outbox is read');
    await waitUntil('the event heard', () => {
      clock.advance(1000);
      return heard.length >= 2;
    });
    const payload = { model: 'note', uid: 'api::note.note', entry: created.body.data };
    assert.deepEqual(heard, [
      ['on', payload],
      ['subscribe', 'entry.create', payload],
    ]);
  });

  it('with populateRelations: true, the entry is the same as without: relations one level deep, components populated', async () => {
    const note = (await t.post('/api/notes', { data: { body: 'target' } })).body.data;
    const created = await t.post('/api/pages', { data: { title: 'P', seo: { metaTitle: 'S' }, note: note.documentId } });
    assert.equal(created.status, 201, created.text);
    const ofPage = (): unknown[][] => heard.filter((item) => item[0] === 'on' && (item[1] as { uid: string }).uid === 'api::page.page');
    await waitUntil('the page heard', () => {
      clock.advance(1000);
      return ofPage().length === 1;
    });
    const entry = (ofPage()[0]?.[1] as { entry: any }).entry;
    assert.equal(entry.documentId, created.body.data.documentId);
    assert.deepEqual(entry.seo, { id: entry.seo.id, metaTitle: 'S' });
    assert.equal(entry.note.documentId, note.documentId);
    assert.equal(entry.note.body, 'target');
    assert.equal(entry.cover, null);
    assert.deepEqual(entry.blocks, []);
  });
});
