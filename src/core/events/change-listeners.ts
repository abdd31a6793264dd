/**
 * Who wants the change events (the webhooks plugin while an enabled webhook exists, later
 * `strapi.eventHub` subscribers): writes are announced only while one does, so a project without
 * any pays nothing on its writes.
 */
export interface ChangeListeners {
  /** Turns one listener on or off (its name is its owner's: `webhooks`). */
  set(name: string, listening: boolean): void;
  /** Whether any listener is on. */
  readonly any: boolean;
}

export function createChangeListeners(): ChangeListeners {
  const on = new Set<string>();
  return {
    set(name, listening) {
      if (listening) on.add(name);
      else on.delete(name);
    },
    get any() {
      return on.size > 0;
    },
  };
}
