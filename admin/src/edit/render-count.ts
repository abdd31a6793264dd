import { useRef } from 'preact/hooks';

/**
 * How many times the calling component has rendered, shown on its element as `data-renders`:
 * the browser test types in one field and checks that no other field rendered again (a count,
 * not a timing, so it does not depend on the machine's speed).
 */
export function useRenderCount(): number {
  const count = useRef(0);
  count.current += 1;
  return count.current;
}
