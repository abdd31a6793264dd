import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createApp } from '../../src/server/app.js';
import { onFreshDatabase, type ServerDatabase, type ServerKind } from '../helpers/cluster-database.js';
import { fixturePath } from '../helpers/test-app.js';

/**
 * A single type has one document. Its PUT creates that document when there is none, so two
 * first PUTs arriving together (on two instances) must not both create one.
 */
async function firstPutsRace(server: ServerDatabase): Promise<void> {
  const start = () =>
    createApp({
      projectDir: fixturePath('kitchen-sink'),
      override: (config) => ({ ...config, server: { ...config.server, host: '127.0.0.1', port: 0 }, database: server.config }),
    });
  const apps = [await start(), await start()];
  try {
    const addresses = await Promise.all(apps.map((app) => app.listen()));
    const puts = Array.from({ length: 12 }, (_, index) =>
      fetch(`${addresses[index % 2]}/api/setting`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { siteName: `Site ${index}` } }),
        signal: AbortSignal.timeout(10_000),
      }),
    );
    const responses = await Promise.all(puts);
    assert.deepEqual(responses.map((response) => response.status), Array.from({ length: 12 }, () => 200));
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as { data: { documentId: string } }[];
    assert.equal(new Set(bodies.map((body) => body.data.documentId)).size, 1, 'every PUT answered with the same document');
    const rows = await apps[0]?.database.db.selectFrom('settings').select('document_id').execute();
    assert.equal(rows?.length, 1, 'one row in the table');
  } finally {
    await Promise.all(apps.map((app) => app.close()));
  }
}

describe('a single type under concurrent first PUTs', () => {
  for (const kind of ['postgres', 'mysql'] as const satisfies readonly ServerKind[]) {
    it(`${kind}: 12 PUTs on two instances create one document`, async (t) => {
      await onFreshDatabase(t, kind, firstPutsRace);
    });
  }
});
