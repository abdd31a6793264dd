import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChangeFeed, FeedSubscriber } from '../db/change-feed.js';
import type { Executor } from '../db/database.js';
import { pluginFeed } from './plugin-feed.js';

/** A feed that remembers what reached it. */
function recordingFeed() {
  const calls: string[] = [];
  const feed: ChangeFeed = {
    followDelayMs: 2000,
    subscribe: (topic: string, _onChange: FeedSubscriber) => void calls.push(`subscribe ${topic}`),
    record: async (_db: Executor, topic: string) => void calls.push(`record ${topic}`),
    start: () => undefined,
    poll: async () => undefined,
    idle: async () => undefined,
    close: async () => undefined,
  };
  return { feed, calls };
}

const db = {} as Executor;

describe('pluginFeed', () => {
  it('passes the declared topics through', async () => {
    const { feed, calls } = recordingFeed();
    const scoped = pluginFeed(feed, 'users-permissions', ['permissions']);
    scoped.subscribe('permissions', async () => undefined);
    await scoped.record(db, 'permissions');
    assert.deepEqual(calls, ['subscribe permissions', 'record permissions']);
    assert.equal(scoped.followDelayMs, 2000);
  });

  it("refuses a topic the plugin does not declare, before it reaches the feed", async () => {
    const { feed, calls } = recordingFeed();
    const scoped = pluginFeed(feed, 'upload', []);
    assert.throws(() => scoped.subscribe('locales', async () => undefined), /The plugin upload uses the change-feed topic "locales" without declaring it/);
    await assert.rejects(scoped.record(db, 'model'), /The plugin upload uses the change-feed topic "model" without declaring it/);
    assert.deepEqual(calls, []);
  });
});
