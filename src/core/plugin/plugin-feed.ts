import type { ChangeFeed, FeedTopic } from '../db/change-feed.js';

/**
 * The change feed as a plugin sees it: recording or following a topic the plugin does not declare
 * (`Plugin.topics`) is a mistake of the plugin, refused at its first use rather than left to
 * move another owner's state unannounced.
 */
export function pluginFeed(feed: ChangeFeed, plugin: string, topics: readonly FeedTopic[]): ChangeFeed {
  const declared = new Set(topics);
  const check = (topic: FeedTopic): void => {
    if (!declared.has(topic)) throw new Error(`The plugin ${plugin} uses the change-feed topic "${topic}" without declaring it (Plugin.topics)`);
  };
  return {
    followDelayMs: feed.followDelayMs,
    subscribe(topic, onChange) {
      check(topic);
      feed.subscribe(topic, onChange);
    },
    async record(db, topic) {
      check(topic);
      await feed.record(db, topic);
    },
    start: () => feed.start(),
    poll: () => feed.poll(),
    idle: () => feed.idle(),
    close: () => feed.close(),
  };
}
