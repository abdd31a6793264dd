import type { ModelRuntime } from '../core/model/model-change.js';

export interface DeferredModelRuntime {
  /** Forwards to the runtime once it is set; a call before is a mistake of the composition. */
  readonly runtime: ModelRuntime;
  set(runtime: ModelRuntime): void;
}

/**
 * The model runtime handed to the plugins before it exists. It is created after every plugin
 * has registered and the route names are checked, because at start it records the project's
 * model for the other instances to follow: a start refused for a route name must record nothing.
 * Plugins use it in their handlers only, which run once the app has started.
 */
export function deferredModelRuntime(): DeferredModelRuntime {
  let target: ModelRuntime | undefined;
  const current = (): ModelRuntime => {
    if (!target) throw new Error('The model runtime is used before the app has started');
    return target;
  };
  return {
    runtime: {
      source: () => current().source(),
      plan: (changes) => current().plan(changes),
      apply: (changes, options) => current().apply(changes, options),
      settled: () => current().settled(),
      close: () => current().close(),
    },
    set(runtime) {
      target = runtime;
    },
  };
}
