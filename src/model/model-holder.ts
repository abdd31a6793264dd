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
   * Counts a request against the model served when it starts; the returned function ends it.
   * Dropping what an older model still reads waits for that model's requests (`drained`).
   */
  track(): () => void;
  /** Resolves when no tracked request of `state` is in flight any more, or after `timeoutMs`. */
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
    findMany: (query) => documents().findMany(query),
    findOne: (query, documentId) => documents().findOne(query, documentId),
    findFirst: (query) => documents().findFirst(query),
    create: (write, query, guard) => documents().create(write, query, guard),
    createMany: (writes, query) => documents().createMany(writes, query),
    update: (documentId, write, query, localize) => documents().update(documentId, write, query, localize),
    delete: (contentType, documentId, locale) => documents().delete(contentType, documentId, locale),
    putSingle: (contentType, writeFor, query) => documents().putSingle(contentType, writeFor, query),
    singleDocumentId: (contentType) => documents().singleDocumentId(contentType),
    publish: (contentType, documentId, query) => documents().publish(contentType, documentId, query),
    unpublish: (contentType, documentId, query) => documents().unpublish(contentType, documentId, query),
    discardDraft: (contentType, documentId, query) => documents().discardDraft(contentType, documentId, query),
  };
}

export function createModelHolder(initial: ModelState): ModelHolder {
  let state = initial;
  const listeners: ModelListener[] = [];
  const current = () => state;
  const inFlight = new Map<ModelState, number>();
  const waiting = new Map<ModelState, (() => void)[]>();
  const settle = (tracked: ModelState): void => {
    if ((inFlight.get(tracked) ?? 0) > 0) return;
    inFlight.delete(tracked);
    for (const resolve of waiting.get(tracked) ?? []) resolve();
    waiting.delete(tracked);
  };
  return {
    track() {
      const tracked = state;
      inFlight.set(tracked, (inFlight.get(tracked) ?? 0) + 1);
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        inFlight.set(tracked, (inFlight.get(tracked) ?? 1) - 1);
        settle(tracked);
      };
    },
    drained(tracked, timeoutMs) {
      if ((inFlight.get(tracked) ?? 0) === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        waiting.set(tracked, [...(waiting.get(tracked) ?? []), done]);
      });
    },
    current,
    swap(next) {
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
    registry: liveRegistry(current),
    documents: liveDocuments(current),
  };
}
