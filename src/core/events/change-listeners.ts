import type { ChangeEvent } from './change-event.js';

/** An in-process consumer of committed change events (`strapi.eventHub`). */
export type ChangeReceiver = (event: ChangeEvent) => void;

/**
 * Who wants the change events (the webhooks plugin while an enabled webhook exists,
 * `strapi.eventHub` while project code listens to them): writes are announced only while one
 * does, so a project without any pays nothing on its writes.
 */
export interface ChangeListeners {
  /** Turns one listener on or off (its name is its owner's: `webhooks`, `eventHub`). */
  set(name: string, listening: boolean): void;
  /** Whether any listener is on. */
  readonly any: boolean;
  /** Adds an in-process receiver; returns its removal. */
  receive(receiver: ChangeReceiver): () => void;
  /**
   * Hands a committed event to the in-process receivers: called by the outbox's deliverer when
   * this instance takes the event (once across instances), never inside a transaction.
   */
  publish(event: ChangeEvent): void;
}

export function createChangeListeners(log: (message: string) => void = () => undefined): ChangeListeners {
  const on = new Set<string>();
  const receivers = new Set<ChangeReceiver>();
  return {
    set(name, listening) {
      if (listening) on.add(name);
      else on.delete(name);
    },
    get any() {
      return on.size > 0;
    },
    receive(receiver) {
      receivers.add(receiver);
      return () => void receivers.delete(receiver);
    },
    publish(event) {
      for (const receiver of receivers) {
        try {
          receiver(event);
        } catch (error) {
          // A listener's mistake must not stop the delivery of the others (nor the webhooks').
          log(`A change event listener failed on ${event.event}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    },
  };
}
