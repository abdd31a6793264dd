import { CHANGE_EVENTS, type ChangeEvent } from '../../core/events/change-event.js';
import type { ChangeListeners } from '../../core/events/change-listeners.js';

type Listener = (...args: unknown[]) => unknown;
type Subscriber = (name: string, ...args: unknown[]) => unknown;

/** `strapi.eventHub`: Strapi's event bus for project code. */
export interface EventHub {
  on(name: string, listener: Listener): EventHub;
  once(name: string, listener: Listener): EventHub;
  off(name: string, listener: Listener): EventHub;
  /** Calls the listeners of `name` and every subscriber; resolves when they are done. */
  emit(name: string, ...args: unknown[]): Promise<void>;
  /** A listener of every event, called `(name, ...args)`; returns its removal. */
  subscribe(subscriber: Subscriber): () => void;
  unsubscribe(subscriber: Subscriber): void;
  removeAllListeners(): void;
}

/** What Strapi's eventHub hands the listeners of a content event: the payload without `event` and `createdAt`. */
function argumentOf(event: ChangeEvent): Record<string, unknown> {
  const { event: _name, createdAt: _at, ...rest } = event;
  return rest;
}

/**
 * Strapi's `eventHub` over Tessera's one change stream: `entry.*` and `media.*` events reach its
 * listeners after commit, from the outbox (docs/webhooks.md), once across instances — on the
 * instance that takes the event, within the delivery worker's poll interval. While a listener of
 * those events (or a subscriber) exists, writes are announced; project code's own `emit` calls
 * are in-process only.
 */
export function createEventHub(listeners: ChangeListeners, log: (message: string) => void): EventHub {
  const byName = new Map<string, Set<Listener>>();
  const subscribers = new Set<Subscriber>();
  const changeNames: ReadonlySet<string> = new Set(CHANGE_EVENTS);
  // On while anyone may hear a change: a listener of a change event, or a subscriber.
  const refresh = (): void => listeners.set('eventHub', subscribers.size > 0 || [...byName].some(([name, set]) => changeNames.has(name) && set.size > 0));
  const hub: EventHub = {
    on(name, listener) {
      let set = byName.get(name);
      if (!set) byName.set(name, (set = new Set()));
      set.add(listener);
      refresh();
      return hub;
    },
    once(name, listener) {
      const wrapped: Listener = (...args) => {
        hub.off(name, wrapped);
        return listener(...args);
      };
      return hub.on(name, wrapped);
    },
    off(name, listener) {
      byName.get(name)?.delete(listener);
      refresh();
      return hub;
    },
    async emit(name, ...args) {
      for (const listener of [...(byName.get(name) ?? [])]) await listener(...args);
      for (const subscriber of [...subscribers]) await subscriber(name, ...args);
    },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      refresh();
      return () => hub.unsubscribe(subscriber);
    },
    unsubscribe(subscriber) {
      subscribers.delete(subscriber);
      refresh();
    },
    removeAllListeners() {
      byName.clear();
      subscribers.clear();
      refresh();
    },
  };
  listeners.receive((event) => {
    // A listener's failure is the project's: logged, and the other listeners and the webhooks go on.
    hub.emit(event.event, argumentOf(event)).catch((error: unknown) => log(`An eventHub listener of ${event.event} failed: ${error instanceof Error ? error.message : String(error)}`));
  });
  return hub;
}
