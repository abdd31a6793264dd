import type { DocumentService } from '../documents/document-service.js';
import type { SchemaRegistry } from '../schema/registry.js';

/** One content model and the document service built on it. Immutable: a change makes a new one. */
export interface ModelState {
  readonly registry: SchemaRegistry;
  readonly documents: DocumentService;
  /** Bumped by every change, shared by every instance (the store's `model.version`); 0 at first start. */
  readonly version: number;
}

/**
 * Prepares what depends on the model for `next` (the GraphQL schema): it may throw, which
 * refuses the change before anything is served; the function it returns switches over.
 */
export type ModelListener = (next: ModelState) => () => void;

/**
 * The content model being served, which the content-type builder replaces at run time. Who
 * must see one consistent model through a request (REST, GraphQL) takes `current()` once and
 * keeps it; the features that only touch built-in types use the live `registry` and
 * `documents`, which always delegate to the current model.
 */
export interface ModelHolder {
  current(): ModelState;
  /**
   * Serves `next` from the next request on. The listeners prepare first (any of them may
   * refuse by throwing: then nothing changes), then everything switches at once.
   */
  swap(next: ModelState): void;
  /** Runs the listeners' preparations for `next` without switching: throws what `swap` would throw. */
  check(next: ModelState): void;
  onSwap(listener: ModelListener): void;
  /**
   * Resolves when no call of `state`'s document service is in flight any more (or after
   * `timeoutMs`): dropping what an older model still reads waits for its reads and writes.
   */
  drained(state: ModelState, timeoutMs: number): Promise<void>;
  readonly registry: SchemaRegistry;
  readonly documents: DocumentService;
}

function liveRegistry(current: () => ModelState): SchemaRegistry {
  const registry = () => current().registry;
  return {
    get contentTypes() {
      return registry().contentTypes;
    },
    get components() {
      return registry().components;
    },
    get links() {
      return registry().links;
    },
    get: (uid) => registry().get(uid),
    component: (uid) => registry().component(uid),
    model: (uid) => registry().model(uid),
    relation: (attribute) => registry().relation(attribute),
  };
}

function liveDocuments(current: () => ModelState): DocumentService {
  const documents = () => current().documents;
  return {
    findMany: (request) => documents().findMany(request),
    findOne: (request) => documents().findOne(request),
    findFirst: (request) => documents().findFirst(request),
    count: (request) => documents().count(request),
    create: (request) => documents().create(request),
    createMany: (request) => documents().createMany(request),
    update: (request) => documents().update(request),
    delete: (request) => documents().delete(request),
    putSingle: (request) => documents().putSingle(request),
    singleDocumentId: (request) => documents().singleDocumentId(request),
    publish: (request) => documents().publish(request),
    unpublish: (request) => documents().unpublish(request),
    discardDraft: (request) => documents().discardDraft(request),
    batch: (request) => documents().batch(request),
    deleteLocaleVersions: (trx, locale) => documents().deleteLocaleVersions(trx, locale),
  };
}

/** A document service counting its calls in flight, so that a model's end can be awaited. */
interface Tracked {
  readonly documents: DocumentService;
  inFlight: number;
  waiters: (() => void)[];
}

function trackCalls(inner: DocumentService): Tracked {
  const tracked: Tracked = { documents: inner, inFlight: 0, waiters: [] };
  const run = async <T>(call: () => Promise<T>): Promise<T> => {
    tracked.inFlight += 1;
    try {
      return await call();
    } finally {
      tracked.inFlight -= 1;
      if (tracked.inFlight === 0) for (const resolve of tracked.waiters.splice(0)) resolve();
    }
  };
  const documents: DocumentService = {
    findMany: (request) => run(() => inner.findMany(request)),
    findOne: (request) => run(() => inner.findOne(request)),
    findFirst: (request) => run(() => inner.findFirst(request)),
    count: (request) => run(() => inner.count(request)),
    create: (request) => run(() => inner.create(request)),
    createMany: (request) => run(() => inner.createMany(request)),
    update: (request) => run(() => inner.update(request)),
    delete: (request) => run(() => inner.delete(request)),
    putSingle: (request) => run(() => inner.putSingle(request)),
    singleDocumentId: (request) => run(() => inner.singleDocumentId(request)),
    publish: (request) => run(() => inner.publish(request)),
    unpublish: (request) => run(() => inner.unpublish(request)),
    discardDraft: (request) => run(() => inner.discardDraft(request)),
    batch: (request) => run(() => inner.batch(request)),
    deleteLocaleVersions: (trx, locale) => run(() => inner.deleteLocaleVersions(trx, locale)),
  };
  return Object.assign(tracked, { documents });
}

export function createModelHolder(initial: ModelState): ModelHolder {
  const trackers = new WeakMap<DocumentService, Tracked>();
  const withTracking = (given: ModelState): ModelState => {
    if (trackers.has(given.documents)) return given;
    const tracked = trackCalls(given.documents);
    trackers.set(tracked.documents, tracked);
    return { ...given, documents: tracked.documents };
  };
  let state = withTracking(initial);
  const listeners: ModelListener[] = [];
  const current = () => state;
  return {
    current,
    swap(given) {
      const next = withTracking(given);
      const switches = listeners.map((prepare) => prepare(next));
      state = next;
      for (const switchOver of switches) switchOver();
    },
    check(next) {
      for (const prepare of listeners) prepare(next);
    },
    onSwap: (listener) => {
      listeners.push(listener);
    },
    drained(previous, timeoutMs) {
      const tracked = trackers.get(previous.documents);
      if (!tracked || tracked.inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        tracked.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    registry: liveRegistry(current),
    documents: liveDocuments(current),
  };
}
