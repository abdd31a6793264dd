import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, describe, it } from 'node:test';
import { createApp, type App } from '../../src/app.js';
import type { ModelRuntime } from '../../src/model/model-change.js';
import { createModelRuntime } from '../../src/model/model-runtime.js';
import { loadComponentDefinitions, loadDefinitions } from '../../src/schema/load-definitions.js';
import { createKeyValueStore } from '../../src/store/key-value-store.js';
import { bearer, createApiToken } from '../helpers/auth-fixtures.js';
import { onFreshDatabase, type ServerDatabase } from '../helpers/cluster-database.js';
import { BUILT_INS } from '../helpers/built-ins.js';
import { createTempProjects, schemaPath } from '../helpers/temp-projects.js';

/** A content-model change made through one instance is served by the other within seconds (issue 4 item 3). */

const projects = createTempProjects('tessera-model-follow-');
after(() => projects.remove());

const ARTICLE = { kind: 'collectionType', info: { singularName: 'article', pluralName: 'articles' }, options: { draftAndPublish: false }, attributes: { title: { type: 'string' } } };

interface Instance {
  readonly app: App;
  readonly runtime: ModelRuntime;
  readonly base: string;
  readonly projectDir: string;
}

async function start(database: ServerDatabase, name: string): Promise<Instance> {
  const projectDir = projects.write({ [schemaPath('article')]: ARTICLE }, name);
  const app = await createApp({ projectDir, override: (config) => ({ ...config, server: { ...config.server, host: '127.0.0.1', port: 0 }, database: database.config }) });
  const base = await app.listen();
  const wired = (app as { modelRuntime?: ModelRuntime }).modelRuntime;
  const runtime =
    wired ??
    (await createModelRuntime({
      builtIns: BUILT_INS,
      projectDir,
      database: app.database,
      store: createKeyValueStore(app.database),
      holder: app.model,
      source: { types: await loadDefinitions(projectDir), components: await loadComponentDefinitions(projectDir) },
      defaultLocale: () => app.locales.defaultLocale(),
      log: () => undefined,
      databaseConfig: database.config,
    }));
  return { app, runtime, base, projectDir };
}

describe('cluster: the content model follows', () => {
  it('serves on B, within seconds, a content-type created through A, and writes it to B’s files', async (t) => {
    await onFreshDatabase(t, 'postgres', async (database) => {
      const a = await start(database, 'a');
      const b = await start(database, 'b');
      try {
        const headers = { ...bearer((await createApiToken(a.app, { type: 'full-access' })).token), 'content-type': 'application/json' };
        const definition = { kind: 'collectionType', info: { singularName: 'note', pluralName: 'notes' }, options: { draftAndPublish: false }, attributes: { text: { type: 'string' } } };
        await a.runtime.apply([{ kind: 'putType', uid: 'api::note.note', definition }], { confirm: false });
        const created = await fetch(`${a.base}/api/notes`, { method: 'POST', headers, body: JSON.stringify({ data: { text: 'from A' } }) });
        assert.equal(created.status, 201);
        let status = 0;
        let body: { data?: { text: string }[] } = {};
        for (const deadline = Date.now() + 8000; Date.now() < deadline; await sleep(200)) {
          const reply = await fetch(`${b.base}/api/notes`, { headers });
          status = reply.status;
          body = (await reply.json()) as typeof body;
          if (status === 200) break;
        }
        assert.equal(status, 200);
        assert.deepEqual(body.data?.map((note) => note.text), ['from A']);
        const file = path.join(b.projectDir, schemaPath('note'));
        assert.ok(existsSync(file));
        assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), definition);
      } finally {
        await a.runtime.close();
        await b.runtime.close();
        await a.app.close();
        await b.app.close();
      }
    });
  });
});
