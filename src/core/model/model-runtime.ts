import type { Database } from '../db/database.js';
import type { ChangeFeed } from '../db/change-feed.js';
import { tableLimitProblems } from '../db/table-limits.js';
import { createDocumentService } from '../documents/document-service.js';
import type { DocumentInterceptor } from '../documents/document-interceptor.js';
import type { VersionHistorySlot } from '../documents/version-history.js';
import type { ChangeRecorder } from '../events/change-recorder.js';
import { ValidationError } from '../shared/errors.js';
import type { KeyValueStore } from '../store/key-value-store.js';
import { buildModel, buildModelOrRefuse, type BuiltModel } from './build-model.js';
import { countImpacts } from './data-impacts.js';
import { dropRemoved, lockedDatabase, migrateModel } from './migrate-schema.js';
import { tablesOf } from '../schema/to-table-model.js';
import { syncSchema } from '../db/sync-schema.js';
import type { TableModel } from '../db/table-model.js';
import type { ApplyResult, DataImpact, ModelChange, ModelRuntime, ModelSource } from './model-change.js';
import { diffModels, type ModelDiff } from './model-diff.js';
import { writeModelFiles } from './model-files.js';
import type { ModelHolder, ModelState } from './model-holder.js';
import { pollModelVersion, readModelSource, readModelVersion, readPendingRemovals, readRecordedModel, sameSource, writeModel, writePendingRemovals } from './model-store.js';
import { removedStorage, retakesPending, type PendingRemoval } from './storage-removals.js';
import type { BuiltIns } from './built-ins.js';
import { nextSource } from './next-source.js';
import { systemClock, waitOn, type Clock } from '../shared/clock.js';
import { UnconfirmedChangeError } from './unconfirmed-change-error.js';

/** The change-feed topic of the content model: recorded by a model change, followed by every instance's runtime. */
export const MODEL_TOPIC = 'model';

export interface ModelRuntimeDeps {
  readonly projectDir: string;
  readonly database: Database;
  readonly store: KeyValueStore;
  readonly holder: ModelHolder;
  /** The project's definitions the holder's model was built from (the files at start). */
  readonly source: ModelSource;
  /** What core and the plugins add to every model (the composition root gathers it). */
  readonly builtIns: BuiltIns;
  readonly defaultLocale: () => string;
  readonly log: (message: string) => void;
  /** Model changes are announced on it; other instances' changes arrive through it, and its follow delay sets how long removed storage stays. */
  readonly feed: ChangeFeed;
  /** The time the document services of the models it builds write (createdAt, updatedAt, publishedAt), and of deferred storage removal. */
  readonly clock?: Clock;
  /** `api.rest.maxResponseItems`, for the document services of the models it builds. */
  readonly maxResponseItems?: number;
  /** Project hooks around the document services of the models it builds (see DocumentServiceOptions). */
  readonly interceptor?: DocumentInterceptor;
  /** Where the document services of the models it builds announce committed writes. */
  readonly changes?: ChangeRecorder;
  /** The history content-manager saves keep versions in (the same slot for every model). */
  readonly history?: VersionHistorySlot;
}

interface Planned {
  readonly source: ModelSource;
  readonly model: BuiltModel;
  readonly diff: ModelDiff;
  readonly impacts: readonly DataImpact[];
}

/** Longest wait for the previous model's requests before what they read is dropped anyway. */
const DRAIN_TIMEOUT_MS = 30_000;

/**
 * How long storage a change removed stays for the other instances: they follow within the feed's
 * follow delay; twice that and a margin cover a read under way when they switch. SQLite serves
 * one process: nothing else reads it.
 */
function removalGraceMs(database: Database, feed: ChangeFeed): number {
  return database.dialect.name === 'sqlite' ? 0 : 2 * feed.followDelayMs + 500;
}

function stateOf(database: Database, model: BuiltModel, version: number, clock: Clock, deps: Pick<ModelRuntimeDeps, 'maxResponseItems' | 'interceptor' | 'changes' | 'log' | 'history'>): ModelState {
  const { maxResponseItems, interceptor, changes, log, history } = deps;
  const documents = createDocumentService({ database, registry: model.registry, now: () => new Date(clock.now()), ...(maxResponseItems === undefined ? {} : { maxResponseItems }), ...(interceptor ? { interceptor } : {}), ...(changes ? { changes } : {}), log, ...(history ? { history } : {}) });
  return { registry: model.registry, documents, version };
}

/** The GraphQL schema (or another listener) refusing the model is the client's problem: a 400. */
function checkServable(holder: ModelHolder, next: ModelState): void {
  try {
    holder.check(next);
  } catch (error) {
    const message = `The content model cannot be served: ${error instanceof Error ? error.message : String(error)}`;
    throw new ValidationError(message, { errors: [{ path: [], message }] });
  }
}

/** A model whose tables the database would refuse (columns, row size, indexes) → 400 naming the limit, before anything is written. */
async function refuseOverLimits(database: Database, model: BuiltModel): Promise<void> {
  const [refused] = await tableLimitProblems(database.dialect, database.db, await database.dialect.introspect(database.db), model.tables);
  if (!refused) return;
  const owner = [...model.registry.contentTypes, ...model.registry.components].find((candidate) => candidate.collectionName === refused.table);
  const message = owner ? `${owner.uid}: ${refused.problem}` : refused.problem;
  throw new ValidationError(message, { errors: [{ path: owner ? [owner.uid] : [], message }] });
}

/**
 * Creates the run-time model service. At start the project's files win: when the store holds
 * another model (or none), the files' model is recorded as a new version. Then other
 * instances' changes are followed through the change feed (topic `model`).
 *
 * Storage a change removes (tables, columns) is not dropped on the request path: the change
 * records it as pending, in its transaction, due once the other instances have followed (twice
 * the feed's follow delay and a margin), and a drop is scheduled on the clock for then, after
 * this instance's requests on the previous model are over. A stopped process loses nothing: the
 * next start, the next change or an instance following the change does what is due. The drop
 * never touches what the newest recorded model has.
 */
export async function createModelRuntime(deps: ModelRuntimeDeps): Promise<ModelRuntime> {
  const { projectDir, database, store, holder, builtIns, defaultLocale, log, feed, clock = systemClock } = deps;
  const graceMs = removalGraceMs(database, feed);
  let source = deps.source;
  // Changes of this instance and followed ones take turns.
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };
  const closing = new AbortController();
  const closed = new Promise<void>((resolve) => closing.signal.addEventListener('abort', () => resolve(), { once: true }));
  const drops = new Set<Promise<void>>();
  const scheduled = new Set<string>();

  // A restart with unchanged files reads one statement; only a new model takes the lock to record itself.
  const recorded = await readRecordedModel(database.db, projectDir);

  /** The tables of the newest recorded model: what a drop must leave. */
  const recordedTables = async (locked: KeyValueStore): Promise<readonly TableModel[]> => {
    const version = await readModelVersion(locked);
    if (version === holder.current().version) return tablesOf(holder.current().registry);
    const stored = await readModelSource(locked, projectDir);
    // No recorded source: nothing proves what is served; the drop waits (it stays pending).
    if (!stored) throw new Error(`the source of content model version ${version} is not recorded`);
    return buildModel(stored, builtIns).tables;
  };

  /** Drops what is due of the pending removals, under the schema lock; what is not due stays recorded. */
  const dropDue = async (): Promise<void> => {
    const dropped = await database.dialect.withSchemaLock(database.db, async (db) => {
      const locked = lockedDatabase(database, db);
      const pending = await readPendingRemovals(locked.store);
      const now = clock.now();
      const due = pending.filter((removal) => removal.due <= now);
      if (due.length === 0) return false;
      const done = await dropRemoved(db, locked.database, due.flatMap((removal) => removal.tables), await recordedTables(locked.store), builtIns.reserved);
      await writePendingRemovals(locked.store, pending.filter((removal) => removal.due > now));
      return done;
    });
    if (dropped) database.schemaChanged();
  };

  /** Schedules the drop of `removal` on the clock (once per removal and instance); `previous`: the model this instance's requests may still read. */
  const scheduleDrop = (removal: PendingRemoval, previous?: ModelState): void => {
    const key = `${removal.version}:${removal.due}`;
    if (scheduled.has(key) || closing.signal.aborted) return;
    scheduled.add(key);
    const task = (async () => {
      const ready = Promise.all([previous ? holder.drained(previous, DRAIN_TIMEOUT_MS) : undefined, waitOn(clock, removal.due - clock.now(), closing.signal)]);
      await Promise.race([ready, closed]);
      // Stopping: the removal stays recorded for the next start, change or follower.
      if (closing.signal.aborted) return;
      await serialized(dropDue);
    })()
      .catch((error: unknown) => log(`Removing the storage content model version ${removal.version} dropped failed (it stays recorded; the next start or change retries): ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        drops.delete(task);
        scheduled.delete(key);
      });
    drops.add(task);
  };
  if (recorded.removals.length > 0) {
    // Storage a stopped instance left pending that these files take back goes first (it would
    // show its old values): wait for its removal to be due, drop what is due, and add back, empty,
    // what the files' model has.
    const filesTables = tablesOf(holder.current().registry);
    const retaken = recorded.removals.filter((removal) => retakesPending([removal], filesTables));
    if (retaken.length > 0) await waitOn(clock, Math.max(...retaken.map((removal) => removal.due)) - clock.now(), closing.signal);
    if (recorded.removals.some((removal) => removal.due <= clock.now())) {
      await dropDue();
      await syncSchema(database, filesTables);
    }
    for (const removal of recorded.removals) if (removal.due > clock.now()) scheduleDrop(removal);
  }

  const startVersion = recorded.source && sameSource(recorded.source, source) ? recorded.version : await database.dialect.withSchemaLock(database.db, async (db) => {
    const locked = lockedDatabase(database, db).store;
    const version = await readModelVersion(locked);
    const stored = await readModelSource(locked, projectDir);
    if (stored && sameSource(stored, source)) return version;
    await writeModel(locked, version + 1, source);
    await feed.record(db, MODEL_TOPIC);
    return version + 1;
  });
  if (holder.current().version !== startVersion) holder.swap({ ...holder.current(), version: startVersion });

  const plan = async (changes: readonly ModelChange[]): Promise<Planned> => {
    const next = nextSource(projectDir, source, changes);
    const model = buildModelOrRefuse(next.source, builtIns);
    await refuseOverLimits(database, model);
    const diff = diffModels(holder.current().registry, model.registry, next.renames);
    const impacts = await countImpacts(database.db, diff, defaultLocale());
    return { source: next.source, model, diff, impacts };
  };

  const follow = (version: number) =>
    serialized(async () => {
      if (version <= holder.current().version) return;
      const stored = await readModelSource(store, projectDir);
      if (!stored) return;
      let model: BuiltModel;
      try {
        model = buildModel(stored, builtIns);
      } catch (error) {
        log(`The content model of version ${version} could not be built here: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      // The version is read again after the source: a newer one's source may have been read.
      const current = Math.max(version, await readModelVersion(store));
      const next = stateOf(database, model, current, clock, deps);
      holder.check(next);
      await writeModelFiles(projectDir, source, stored);
      source = stored;
      database.schemaChanged();
      const previous = holder.current();
      holder.swap(next);
      log(`Content model version ${current} (changed by another instance) is served`);
      // Should the instance that made the change stop before its drop, this one does it.
      for (const removal of await readPendingRemovals(store)) scheduleDrop(removal, previous);
    }).catch((error: unknown) => log(`Following the content model failed: ${error instanceof Error ? error.message : String(error)}`));

  feed.subscribe(MODEL_TOPIC, async (db) => follow(await pollModelVersion(db)));

  /** A change that takes back storage still pending removal waits until that removal is due (at most the grace period). */
  const waitForRetaken = async (next: readonly TableModel[]): Promise<void> => {
    const retaken = (await readPendingRemovals(store)).filter((removal) => retakesPending([removal], next));
    if (retaken.length === 0) return;
    await waitOn(clock, Math.max(...retaken.map((removal) => removal.due)) - clock.now(), closing.signal);
  };

  return {
    source: () => source,
    plan: (changes) => serialized(async () => (await plan(changes)).impacts),
    apply: (changes, { confirm }) =>
      serialized(async (): Promise<ApplyResult> => {
        const planned = await plan(changes);
        if (!confirm && planned.impacts.length > 0) {
          throw new UnconfirmedChangeError(planned.impacts);
        }
        const served = holder.current();
        // Prepared (GraphQL schema built) before anything changes: a model that cannot be served is refused untouched.
        checkServable(holder, stateOf(database, planned.model, served.version + 1, clock, deps));
        await waitForRetaken(planned.model.tables);
        const removed = removedStorage(tablesOf(served.registry), planned.model.tables);
        const { version, removal } = await database.dialect.withSchemaLock(database.db, async (db) => {
          const locked = lockedDatabase(database, db);
          const stored = await readModelVersion(locked.store);
          if (stored !== served.version) throw new ValidationError('The content model was changed meanwhile (by another instance); reload it and try again');
          const now = clock.now();
          const pending = await readPendingRemovals(locked.store);
          const due = pending.filter((entry) => entry.due <= now);
          const waiting = pending.filter((entry) => entry.due > now);
          if (retakesPending(waiting, planned.model.tables)) throw new ValidationError('Storage this change takes back is still being removed (another instance may still read it); try again in a few seconds');
          // What is due goes first: a name the change takes back then starts empty.
          if (due.length > 0) await dropRemoved(db, locked.database, due.flatMap((entry) => entry.tables), tablesOf(served.registry), builtIns.reserved);
          await migrateModel({ db, database, current: served.registry, next: planned.model.registry, nextTables: planned.model.tables, diff: planned.diff, defaultLocale: defaultLocale(), log });
          const added: PendingRemoval | undefined = removed.length > 0 ? { version: stored + 1, due: now + graceMs, tables: removed } : undefined;
          if (added || due.length > 0) await writePendingRemovals(locked.store, added ? [...waiting, added] : waiting);
          await writeModel(locked.store, stored + 1, planned.source);
          await feed.record(db, MODEL_TOPIC);
          return { version: stored + 1, removal: added };
        });
        const files = await writeModelFiles(projectDir, source, planned.source);
        source = planned.source;
        database.schemaChanged();
        holder.swap(stateOf(database, planned.model, version, clock, deps));
        if (removal) scheduleDrop(removal, served);
        return { version, impacts: planned.impacts, files };
      }),
    async settled() {
      while (drops.size > 0) await Promise.all([...drops]);
    },
    async close() {
      closing.abort();
      await Promise.all([...drops]);
      await queue;
    },
  };
}
