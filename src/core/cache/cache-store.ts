/** One kept answer, with what it depends on and the generation of each as read before its first read. */
export interface StoredAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Dependencies (content-type uids and `*`), in the order of `generations`. */
  readonly dependencies: readonly string[];
  readonly generations: readonly string[];
}

/**
 * Where answers and the per-type generations live (memory: this process; Redis: every instance).
 * The rule that makes it correct: a write moves a type's mark to "under way" before its
 * transaction commits and its generation after; an answer is stored with the generations read
 * before its reads (none while a write is under way) and served only while each is still current
 * and none of its types has a write under way.
 */
export interface ResponseCacheStore {
  /** The current generations of `types`, or null while a write to one of them is under way (then nothing read now may be stored). */
  generations(types: readonly string[]): Promise<readonly string[] | null>;
  /** The answer at `key` if all of its generations are current and no write to its types is under way. */
  get(key: string): Promise<StoredAnswer | null>;
  set(key: string, answer: StoredAnswer): Promise<void>;
  /**
   * Before a write's transaction: its types are "under way" and their generations move (a writer
   * that dies before `endWrite` leaves a mark that expires: answers read before it stay invalid).
   */
  beginWrite(types: readonly string[]): Promise<void>;
  /** After it committed (or failed): their generations move and the mark is lifted. */
  endWrite(types: readonly string[]): Promise<void>;
  /**
   * Moves the generations of `types` only (no mark is touched): what a write whose `endWrite`
   * failed retries before it is answered — an `endWrite` that timed out may have run or not, and
   * lifting the mark twice would lift another write's; moving a generation twice is harmless.
   */
  move(types: readonly string[]): Promise<void>;
  /** Marks `type` under way for `ms` (no generation moves): see SUSPENDED. */
  suspend(type: string, ms: number): Promise<void>;
  close(): Promise<void>;
}
