import type { Blocks } from './strapi-blocks';

/**
 * What the edit view holds of a mounted blocks field: the value now (pending typing included)
 * and a flush of the debounced change, called before a save (Ctrl/Cmd+S may come within the
 * debounce delay). The field fills it in while mounted.
 */
export interface BlocksController {
  /** The field's value now, in Strapi's JSON; null while no field is mounted. */
  current(): Blocks | null;
  /** Emits a pending change at once (no-op when there is none). */
  flush(): void;
}

export interface BlocksControllerHandle extends BlocksController {
  attach(current: () => Blocks, flush: () => void): () => void;
}

export function createBlocksController(): BlocksControllerHandle {
  let source: { current: () => Blocks; flush: () => void } | null = null;
  return {
    current: () => source?.current() ?? null,
    flush: () => source?.flush(),
    attach(current, flush) {
      const attached = { current, flush };
      source = attached;
      return () => {
        if (source === attached) source = null;
      };
    },
  };
}
