import type { Database } from '../db/database.js';
import type { DatabaseConfig } from '../db/database-config.js';
import { createDatabasePoller } from '../db/database-poller.js';
import { tableLimitProblems } from '../db/table-limits.js';
import { createDocumentService } from '../documents/document-service.js';
import { ValidationError } from '../shared/errors.js';
import type { KeyValueStore } from '../store/key-value-store.js';
import { buildModel, buildModelOrRefuse, type BuiltModel } from './build-model.js';
import { countImpacts } from './data-impacts.js';
import { dropRemoved, lockedDatabase, migrateModel } from './migrate-schema.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { tablesOf } from '../schema/to-table-model.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { TableModel } from '../db/table-model.js';
import type { ApplyResult, DataImpact, ModelChange, ModelRuntime, ModelSource } from './model-change.js';
import { diffModels, type ModelDiff } from './model-diff.js';
import { writeModelFiles } from './model-files.js';
import type { ModelHolder, ModelState } from './model-holder.js';
import { pollModelVersion, readModelSource, readModelVersion, readRecordedModel, sameSource, writeModel } from './model-store.js';
import type { BuiltIns } from './built-ins.js';
import { nextSource } from './next-source.js';
import { systemClock, type Clock } from '../shared/clock.js';
import { UnconfirmedChangeError } from './unconfirmed-change-error.js';

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
  /** For the poller's own connection (as the auth and locale pollers); without it, polls go through `database`. */
  readonly databaseConfig?: DatabaseConfig;
  readonly pollIntervalMs?: number;
  /** The time the document services of the models it builds write (createdAt, updatedAt, publishedAt). */
  readonly clock?: Clock;
  /** `api.rest.maxResponseItems`, for the document services of the models it builds. */
  readonly maxResponseItems?: number;
}

interface Planned {
  readonly source: ModelSource;
  readonly model: BuiltModel;
  readonly diff: ModelDiff;
  readonly impacts: readonly DataImpact[];
}

/** Longest wait for the previous model's requests before what they read is dropped anyway. */
const DRAIN_TIMEOUT_MS = 30_000;

/** Whether the previous model has tables or columns the next one lacks (left to drop once unread). */
function removesStorage(previous: SchemaRegistry, next: readonly TableModel[]): boolean {
  const nextColumns = new Map(next.map((table) => [table.name, new Set(table.columns.map((column) => column.name))]));
  return tablesOf(previous).some((table) => {
    const columns = nextColumns.get(table.name);
    return !columns || table.columns.some((column) => !columns.has(column.name));
  });
}

function stateOf(database: Database, model: BuiltModel, version: number, clock: Clock, maxResponseItems: number | undefined): ModelState {
  const documents = createDocumentService({ database, registry: model.registry, now: () => new Date(clock.now()), ...(maxResponseItems === undefined ? {} : { maxResponseItems }) });
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
 * instances' changes are followed by polling `model.version`.
 */
export async function createModelRuntime(deps: ModelRuntimeDeps): Promise<ModelRuntime> {
  const { projectDir, database, store, holder, builtIns, defaultLocale, log, clock = systemClock } = deps;
  let source = deps.source;
  // Changes of this instance and followed ones take turns.
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };

  // A restart with unchanged files reads one statement; only a new model takes the lock to record itself.
  const recorded = await readRecordedModel(database.db, projectDir);
  const startVersion = recorded.source && sameSource(recorded.source, source) ? recorded.version : await database.dialect.withSchemaLock(database.db, async (db) => {
    const locked = lockedDatabase(database, db).store;
    const version = await readModelVersion(locked);
    const stored = await readModelSource(locked, projectDir);
    if (stored && sameSource(stored, source)) return version;
    await writeModel(locked, version + 1, source);
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
      const next = stateOf(database, model, current, clock, deps.maxResponseItems);
      holder.check(next);
      await writeModelFiles(projectDir, source, stored);
      source = stored;
      database.schemaChanged();
      holder.swap(next);
      log(`Content model version ${current} (changed by another instance) is served`);
    }).catch((error: unknown) => log(`Following the content model failed: ${error instanceof Error ? error.message : String(error)}`));

  let sequence = 0;
  const poller = deps.databaseConfig
    ? createDatabasePoller<number>({
        database: deps.databaseConfig,
        what: 'The content model',
        read: pollModelVersion,
        onValue: (version) => void follow(version),
        sequence: () => (sequence += 1),
        log,
        ...(deps.pollIntervalMs === undefined ? {} : { intervalMs: deps.pollIntervalMs }),
      })
    : undefined;
  poller?.touch();
  let timer: NodeJS.Timeout | undefined;
  if (!poller) {
    timer = setInterval(() => void pollModelVersion(database.db).then(follow, () => undefined), deps.pollIntervalMs ?? 2000);
    timer.unref();
  }

  /**
   * What the change removed is dropped only once nothing reads it: the requests that started on
   * the previous model here have ended, and (on a shared database server) the other instances,
   * which follow within a poll interval, have switched too. Until then old readers still find it.
   */
  const pollIntervalMs = deps.pollIntervalMs ?? 2000;
  async function dropWhenUnread(previous: ModelState): Promise<void> {
    await holder.drained(previous, DRAIN_TIMEOUT_MS);
    if (database.dialect.name !== 'sqlite') await sleep(2 * pollIntervalMs + 500);
    await database.dialect.withSchemaLock(database.db, (db) => dropRemoved(db, database, previous.registry, tablesOf(holder.current().registry), builtIns.reserved));
    database.schemaChanged();
  }

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
        checkServable(holder, stateOf(database, planned.model, served.version + 1, clock, deps.maxResponseItems));
        const version = await database.dialect.withSchemaLock(database.db, async (db) => {
          const locked = lockedDatabase(database, db);
          const stored = await readModelVersion(locked.store);
          if (stored !== served.version) throw new ValidationError('The content model was changed meanwhile (by another instance); reload it and try again');
          await migrateModel({ db, database, current: served.registry, next: planned.model.registry, nextTables: planned.model.tables, diff: planned.diff, defaultLocale: defaultLocale(), log });
          await writeModel(locked.store, stored + 1, planned.source);
          return stored + 1;
        });
        const files = await writeModelFiles(projectDir, source, planned.source);
        source = planned.source;
        database.schemaChanged();
        holder.swap(stateOf(database, planned.model, version, clock, deps.maxResponseItems));
        if (removesStorage(served.registry, planned.model.tables)) await dropWhenUnread(served);
        return { version, impacts: planned.impacts, files };
      }),
    async close() {
      if (timer) clearInterval(timer);
      await poller?.close();
      await queue;
    },
  };
}
