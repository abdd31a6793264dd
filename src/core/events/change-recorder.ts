import type { Executor } from '../db/database.js';
import type { ChangeEvent } from './change-event.js';

/**
 * Where committed changes are announced: called INSIDE the write's transaction, so that the
 * event is stored if and only if the change is (a rolled-back write leaves none).
 */
export interface ChangeRecorder {
  /**
   * Read on every write: false announces nothing and costs nothing (no read of the entry, no
   * insert, and one-statement writes stay one statement).
   */
  readonly active: boolean;
  record(executor: Executor, event: ChangeEvent): Promise<void>;
}
