import type { LifecycleAction, LifecycleEvent, LifecycleKind, LifecycleModel, LifecycleParams, LifecycleSubscriber } from './lifecycle-event.js';

/** Each subscriber's `event.state`, carried from the before-hooks of an operation to its after-hooks. */
export type LifecycleStates = Map<LifecycleSubscriber, Record<string, unknown>>;

/** The params an event starts with, and after it the result. */
export interface LifecycleProperties {
  params: LifecycleParams;
  readonly result?: unknown;
}

/** `strapi.db.lifecycles`: the subscribers of the database lifecycle events. */
export interface LifecycleProvider {
  /** Adds a subscriber; returns the function that removes it. */
  subscribe(subscriber: LifecycleSubscriber): () => void;
  /** Removes every subscriber. */
  clear(): void;
  /** Stops (and `enable` resumes) firing events, as Strapi's `disable()` does during its own migrations. */
  disable(): void;
  enable(): void;
  /** Whether an event could reach anyone at all: the document service skips all work when not. */
  readonly active: boolean;
  /** Whether some subscriber hears `before<kind>` or `after<kind>` of this model. */
  listens(uid: string, kind: LifecycleKind): boolean;
  /**
   * Calls the subscribers of `action` on the model in subscription order, awaiting each; a throw
   * stops there and rejects. A hook that replaces `event.params` replaces `properties.params`:
   * the next hook and the operation see the replacement. `result` is handed as it is (changed in
   * place, it is what the caller gets, as in Strapi).
   */
  run(action: LifecycleAction, model: LifecycleModel, properties: LifecycleProperties, states?: LifecycleStates): Promise<LifecycleStates>;
}

function hears(subscriber: LifecycleSubscriber, uid: string): boolean {
  return typeof subscriber === 'function' || subscriber.models === undefined || subscriber.models.includes(uid);
}

export function createLifecycleProvider(): LifecycleProvider {
  const subscribers: LifecycleSubscriber[] = [];
  let enabled = true;
  return {
    subscribe(subscriber) {
      if (typeof subscriber !== 'function' && (subscriber === null || typeof subscriber !== 'object')) {
        throw new TypeError('strapi.db.lifecycles.subscribe() takes a function or an object of lifecycle hooks');
      }
      subscribers.push(subscriber);
      return () => {
        const index = subscribers.indexOf(subscriber);
        if (index >= 0) subscribers.splice(index, 1);
      };
    },
    clear: () => void subscribers.splice(0),
    disable: () => void (enabled = false),
    enable: () => void (enabled = true),
    get active() {
      return enabled && subscribers.length > 0;
    },
    listens(uid, kind) {
      if (!enabled) return false;
      return subscribers.some((subscriber) => hears(subscriber, uid) && (typeof subscriber === 'function' || typeof subscriber[`before${kind}`] === 'function' || typeof subscriber[`after${kind}`] === 'function'));
    },
    async run(action, model, properties, states = new Map()) {
      const after = action.startsWith('after');
      // A copy: a hook that subscribes or unsubscribes does not change who hears this event.
      for (const subscriber of [...subscribers]) {
        if (!hears(subscriber, model.uid)) continue;
        const hook = typeof subscriber === 'function' ? subscriber : subscriber[action];
        if (typeof hook !== 'function') continue;
        let state = states.get(subscriber);
        if (!state) states.set(subscriber, (state = {}));
        const event: LifecycleEvent = after ? { action, model, params: properties.params, state, result: properties.result } : { action, model, params: properties.params, state };
        await hook(event);
        properties.params = event.params;
      }
      return states;
    },
  };
}
