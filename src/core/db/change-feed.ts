import { sql } from 'kysely';
import { systemClock, type Clock } from '../shared/clock.js';
import { CHANGE_FEED_TABLE } from './change-feed-table.js';
import { openDatabase, type Database, type Executor } from './database.js';
import type { DatabaseConfig } from './database-config.js';

/**
 * A kind of state held in memory that another instance may change. The feed names none: each
 * owner exports its own (auth: `permissions`, locales: `locales`, model: `model`) and the
 * plugins declare theirs (`Plugin.topics`); the composition root passes them all in.
 * (Settings in the key-value store are read from it on each use, so none needs following; a
 * cached one would become a topic.)
 */
export type FeedTopic = string;

/** How long another instance may take to follow a change by default (one poll interval). */
export const FOLLOW_DELAY_MS = 2000;

/** Called when a topic's version moved; `db` is the feed's own connection, for the reload. */
export type FeedSubscriber = (db: Executor) => Promise<void>;

export interface ChangeFeed {
  /** Follows `topic`: `onChange` runs after each read that finds its version moved (by any instance, this one included). */
  subscribe(topic: FeedTopic, onChange: FeedSubscriber): void;
  /** Announces a change of `topic`: run it in the transaction (or under the lock) that makes the change. */
  record(db: Executor, topic: FeedTopic): Promise<void>;
  /** Starts following: a read every `followDelayMs` on the clock. */
  start(): void;
  /** Reads every topic now (after any read under way) and resolves once the subscribers of moved topics have run. */
  poll(): Promise<void>;
  /** Resolves once the read under way (if any) and its subscribers are done. */
  idle(): Promise<void>;
  /** The delay between reads: how far behind another instance may be (deferred storage removal waits for it). */
  readonly followDelayMs: number;
  close(): Promise<void>;
}

export interface ChangeFeedOptions {
  /** Every topic this instance records or follows: their rows are created when missing; any other topic is refused. */
  readonly topics: readonly FeedTopic[];
  /** The app's database: the first read, and every read when it is an in-memory SQLite database (nothing else can open it). */
  readonly database: Database;
  /** For the feed's own connection. */
  readonly config: DatabaseConfig;
  readonly clock?: Clock;
  readonly followDelayMs?: number;
  readonly log: (message: string) => void;
}

type Versions = ReadonlyMap<string, string>;

async function readVersions(db: Executor): Promise<Versions> {
  const rows = await db.selectFrom(CHANGE_FEED_TABLE.name).select(['topic', 'version']).execute();
  return new Map(rows.map((row) => [String(row.topic), String(row.version)]));
}

/**
 * The one change feed of an instance. Each change of shared state moves its topic's version in
 * `tessera_change_feed`, in the transaction of the change; every instance reads all versions in
 * one statement, on one connection of its own, every `followDelayMs` on its clock, and calls
 * the subscribers of the topics that moved. Requests never wait for it and it never takes a
 * connection from the request pool. A push transport (LISTEN/NOTIFY, Redis pub/sub) would only
 * call `poll()` when told; the table stays the truth that a missed message cannot lose.
 */
export async function createChangeFeed(options: ChangeFeedOptions): Promise<ChangeFeed> {
  const { database, log, clock = systemClock } = options;
  const followDelayMs = options.followDelayMs ?? FOLLOW_DELAY_MS;
  const subscribers = new Map<FeedTopic, FeedSubscriber[]>();
  const topics: ReadonlySet<FeedTopic> = new Set(options.topics);
  // A topic nobody declared has no row: recording it would move nothing, and following it would never fire.
  const declared = (topic: FeedTopic): void => {
    if (!topics.has(topic)) throw new Error(`The change feed has no topic "${topic}": declare it (Plugin.topics, or the composition root's list)`);
  };
  // The first read happens before the services load their state: a change after it is seen by the next poll.
  const initial = await readVersions(database.db);
  const missing = [...topics].filter((topic) => !initial.has(topic));
  if (missing.length > 0) await seedTopics(database.db, missing);
  let seen: Versions = missing.length > 0 ? await readVersions(database.db) : initial;

  const shared = options.config.client === 'sqlite' && options.config.filename === ':memory:';
  const ownConfig: DatabaseConfig = options.config.client === 'sqlite' ? options.config : { ...options.config, pool: { ...options.config.pool, min: 0, max: 1 } };
  let handle: Promise<Database> | undefined;
  let chain: Promise<void> = Promise.resolve();
  let cancelTimer: (() => void) | undefined;
  let started = false;
  let closed = false;
  let failing = false;

  const connection = async (): Promise<Executor> => {
    if (shared) return database.db;
    handle ??= openDatabase(ownConfig);
    return (await handle).db;
  };

  const readOnce = async (): Promise<void> => {
    if (closed) return;
    let db: Executor;
    let versions: Versions;
    try {
      db = await connection();
      versions = await readVersions(db);
      failing = false;
    } catch (error) {
      // The database may be away for a while (readiness reports it); the state in memory holds meanwhile.
      if (!failing) log(`The change feed could not be read: ${error instanceof Error ? error.message : String(error)}`);
      failing = true;
      const broken = handle;
      handle = undefined;
      if (broken) await broken.then((opened) => opened.close()).catch(() => undefined);
      return;
    }
    const next = new Map(versions);
    for (const [topic, callbacks] of subscribers) {
      if (versions.get(topic) === seen.get(topic)) continue;
      for (const callback of callbacks) {
        if (closed) return;
        try {
          await callback(db);
        } catch (error) {
          // Not marked seen: the next read tries again.
          log(`Following a change of ${topic} failed: ${error instanceof Error ? error.message : String(error)}`);
          const before = seen.get(topic);
          if (before === undefined) next.delete(topic);
          else next.set(topic, before);
        }
      }
    }
    seen = next;
  };

  const poll = (): Promise<void> => {
    chain = chain.then(readOnce);
    return chain;
  };

  const tick = (): void => {
    cancelTimer = undefined;
    if (closed) return;
    // Timer-driven: what following another instance reads is not any request's (statement-counter.ts).
    void database.counter.background(poll).finally(() => {
      if (!closed) cancelTimer = clock.schedule(followDelayMs, tick);
    });
  };

  return {
    followDelayMs,
    subscribe(topic, onChange) {
      declared(topic);
      subscribers.set(topic, [...(subscribers.get(topic) ?? []), onChange]);
    },
    async record(db, topic) {
      declared(topic);
      await db
        .updateTable(CHANGE_FEED_TABLE.name)
        .set({ version: sql`${sql.ref('version')} + 1` })
        .where('topic', '=', topic)
        .execute();
    },
    start() {
      // An in-memory SQLite database belongs to this process alone: nothing to follow.
      if (started || closed || shared) return;
      started = true;
      cancelTimer = clock.schedule(followDelayMs, tick);
    },
    poll,
    idle: () => chain,
    async close() {
      closed = true;
      cancelTimer?.();
      await chain;
      if (handle) await handle.then((opened) => opened.close()).catch(() => undefined);
    },
  };
}

/** Creates the rows of topics the table lacks (a new database, or one older than the topic); instances starting together may race: the first insert wins. */
async function seedTopics(db: Executor, topics: readonly FeedTopic[]): Promise<void> {
  for (const topic of topics) {
    try {
      await db.insertInto(CHANGE_FEED_TABLE.name).values({ topic, version: 0 }).execute();
    } catch (error) {
      const found = await db.selectFrom(CHANGE_FEED_TABLE.name).select('topic').where('topic', '=', topic).executeTakeFirst();
      if (!found) throw error;
    }
  }
}
