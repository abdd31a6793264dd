import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createApp, type App } from '../../src/server/app.js';
import type { ContentTypeDefinition } from '../../src/core/schema/definition.js';
import { bearer, createApiToken } from '../helpers/auth-fixtures.js';
import { onFreshDatabase, type ServerDatabase, type ServerKind } from '../helpers/cluster-database.js';
import { manualClock, type ManualClock } from '../helpers/manual-clock.js';
import { createTempProjects, schemaPath } from '../helpers/temp-projects.js';

/**
 * Two instances on one database, each with its own clock: a content-model change made through
 * one is served by the other at its next change-feed read, and storage the change removed is
 * dropped later, off the request path, once both serve the new model (issue 16 item 4).
 */

const projects = createTempProjects('tessera-model-follow-');
after(() => projects.remove());

const ARTICLE: ContentTypeDefinition = { kind: 'collectionType', info: { singularName: 'article', pluralName: 'articles' }, options: { draftAndPublish: false }, attributes: { title: { type: 'string' }, body: { type: 'text' } } };
const WITHOUT_BODY: ContentTypeDefinition = { ...ARTICLE, attributes: { title: { type: 'string' } } };
const ARTICLE_UID = 'api::article.article';

interface Instance {
  readonly app: App;
  readonly base: string;
  readonly projectDir: string;
  readonly clock: ManualClock;
}

/** An instance on its own project folder (its files are written when it follows) and its own clock. */
async function start(database: ServerDatabase, clock = manualClock()): Promise<Instance> {
  const projectDir = projects.write({ [schemaPath('article')]: ARTICLE });
  const app = await createApp({ projectDir, clock, override: (config) => ({ ...config, server: { ...config.server, host: '127.0.0.1', port: 0 }, database: database.config }) });
  return { app, base: await app.listen(), projectDir, clock };
}

/** One read of B's change feed: what a follow delay on its clock brings. */
async function follow(instance: Instance): Promise<void> {
  instance.clock.advance(instance.app.feed.followDelayMs);
  await instance.app.feed.idle();
}

async function columns(app: App, table: string): Promise<Set<string>> {
  return (await app.database.dialect.introspect(app.database.db)).get(table)?.columns ?? new Set();
}

/** How long removed storage stays: twice the follow delay and a margin. */
function grace(app: App): number {
  return 2 * app.feed.followDelayMs + 500;
}

for (const kind of ['postgres', 'mysql'] as const satisfies readonly ServerKind[]) {
  describe(`cluster (${kind}): the content model follows`, () => {
    it('serves on B, at its next change-feed read, a content-type created through A, and writes it to B’s files', async (t) => {
      await onFreshDatabase(t, kind, async (database) => {
        const a = await start(database);
        const b = await start(database);
        try {
          const headers = { ...bearer((await createApiToken(a.app, { type: 'full-access' })).token), 'content-type': 'application/json' };
          const definition = { kind: 'collectionType', info: { singularName: 'note', pluralName: 'notes' }, options: { draftAndPublish: false }, attributes: { text: { type: 'string' } } };
          await a.app.modelRuntime.apply([{ kind: 'putType', uid: 'api::note.note', definition }], { confirm: false });
          const created = await fetch(`${a.base}/api/notes`, { method: 'POST', headers, body: JSON.stringify({ data: { text: 'from A' } }) });
          assert.equal(created.status, 201);
          assert.equal((await fetch(`${b.base}/api/notes`, { headers })).status, 404, 'B has not read its change feed yet');
          await follow(b);
          const reply = await fetch(`${b.base}/api/notes`, { headers });
          assert.equal(reply.status, 200);
          assert.deepEqual(((await reply.json()) as { data: { text: string }[] }).data.map((note) => note.text), ['from A']);
          const file = path.join(b.projectDir, schemaPath('note'));
          assert.ok(existsSync(file));
          assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), definition);
        } finally {
          await a.app.close();
          await b.app.close();
        }
      });
    });

    it('answers a change that removes an attribute at once; the column is dropped after the grace period, once B serves the new model', async (t) => {
      await onFreshDatabase(t, kind, async (database) => {
        const a = await start(database);
        const b = await start(database);
        try {
          const result = await a.app.modelRuntime.apply([{ kind: 'putType', uid: ARTICLE_UID, definition: WITHOUT_BODY }], { confirm: true });
          assert.ok((await columns(a.app, 'articles')).has('body'), 'not dropped on the request path: B still reads it');
          assert.equal(b.app.model.current().version, result.version - 1);
          await follow(b);
          assert.equal(b.app.model.current().version, result.version, 'B serves the model without body');
          a.clock.advance(grace(a.app) - 1);
          assert.ok((await columns(a.app, 'articles')).has('body'), 'kept until the grace period has passed');
          a.clock.advance(1);
          await a.app.modelRuntime.settled();
          assert.equal((await columns(a.app, 'articles')).has('body'), false);
          assert.deepEqual(await pending(a.app), [], 'nothing left recorded');
        } finally {
          await a.app.close();
          await b.app.close();
        }
      });
    });

    it('a removal left by an instance that stopped before its drop is done by the next start', async (t) => {
      await onFreshDatabase(t, kind, async (database) => {
        const a = await start(database);
        try {
          const headers = { ...bearer((await createApiToken(a.app, { type: 'full-access' })).token), 'content-type': 'application/json' };
          const created = await fetch(`${a.base}/api/articles`, { method: 'POST', headers, body: JSON.stringify({ data: { title: 'T', body: 'old body' } }) });
          assert.equal(created.status, 201);
          await a.app.modelRuntime.apply([{ kind: 'putType', uid: ARTICLE_UID, definition: WITHOUT_BODY }], { confirm: true });
          assert.equal(((await pending(a.app)) as unknown[]).length, 1, 'recorded before A stops');
        } finally {
          await a.app.close();
        }
        const c = await start(database, manualClock(a.clock.now() + grace(a.app)));
        try {
          // C's files still name body: the removal left pending is done before C records its
          // files' model, so body comes back empty, not with the values A's change removed.
          assert.deepEqual(await pending(c.app), []);
          const rows = await c.app.database.db.selectFrom('articles').select(['title', 'body']).execute();
          assert.deepEqual(rows.map((row) => [row.title, row.body]), [['T', null]]);
        } finally {
          await c.app.close();
        }
      });
    });

    it('a removal left by the instance that made it is done by an instance that followed the change', async (t) => {
      await onFreshDatabase(t, kind, async (database) => {
        const a = await start(database);
        const b = await start(database);
        try {
          await a.app.modelRuntime.apply([{ kind: 'putType', uid: ARTICLE_UID, definition: WITHOUT_BODY }], { confirm: true });
          await a.app.close();
          assert.ok((await columns(b.app, 'articles')).has('body'), 'A stopped before its drop');
          await follow(b);
          b.clock.advance(grace(b.app));
          await b.app.modelRuntime.settled();
          assert.equal((await columns(b.app, 'articles')).has('body'), false);
          assert.deepEqual(await pending(b.app), []);
        } finally {
          await a.app.close();
          await b.app.close();
        }
      });
    });

    it('a change that takes a removed column back waits for its removal: the new attribute starts empty', async (t) => {
      await onFreshDatabase(t, kind, async (database) => {
        const a = await start(database);
        try {
          const headers = { ...bearer((await createApiToken(a.app, { type: 'full-access' })).token), 'content-type': 'application/json' };
          const created = await fetch(`${a.base}/api/articles`, { method: 'POST', headers, body: JSON.stringify({ data: { title: 'T', body: 'old body' } }) });
          assert.equal(created.status, 201);
          await a.app.modelRuntime.apply([{ kind: 'putType', uid: ARTICLE_UID, definition: WITHOUT_BODY }], { confirm: true });
          const back = a.app.modelRuntime.apply([{ kind: 'putType', uid: ARTICLE_UID, definition: ARTICLE }], { confirm: true });
          a.clock.advance(grace(a.app));
          await back;
          await a.app.modelRuntime.settled();
          const list = (await (await fetch(`${a.base}/api/articles`, { headers })).json()) as { data: { title: string; body: string | null }[] };
          assert.deepEqual(list.data.map((article) => [article.title, article.body]), [['T', null]]);
          assert.deepEqual(await pending(a.app), []);
        } finally {
          await a.app.close();
        }
      });
    });
  });
}

async function pending(app: App): Promise<unknown> {
  const row = await app.database.db.selectFrom('tessera_store').select('value').where('key', '=', 'model.pendingRemovals').executeTakeFirst();
  return row ? JSON.parse(String(row.value)) : [];
}
