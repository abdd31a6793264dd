/** A value computed once, on first use; a failure is not kept, so the next use tries again. */
export function lazy<T>(compute: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= compute().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}
