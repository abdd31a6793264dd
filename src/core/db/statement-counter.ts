import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Counts the SQL statements a database executes. Tests read it to assert that a request's
 * statement count depends on its shape, not on the number of rows.
 */
export class StatementCounter {
  #count = 0;
  /**
   * Set inside work that runs on a timer (history pruning, webhook delivery): its statements are
   * not the requests' and would land, at a moment the machine's speed decides, inside whatever a
   * test is measuring.
   */
  readonly #background = new AsyncLocalStorage<true>();
  #rows = 0;

  get count(): number {
    return this.#count;
  }

  /** Rows the statements returned, in all (SQLite's driver reports them; the pooled drivers' logs do not carry rows): a read that pages in SQL returns the page, not every row. */
  get rows(): number {
    return this.#rows;
  }

  increment(): void {
    if (this.#background.getStore() !== true) this.#count += 1;
  }

  /** Runs timer-driven work whose statements are left out of the count. */
  background<T>(fn: () => T): T {
    return this.#background.run(true, fn);
  }

  /** Rows a statement returned (drivers call it once they have them). */
  returned(rows: number): void {
    if (this.#background.getStore() !== true) this.#rows += rows;
  }

  /** Runs `fn` and returns how many statements it executed and rows they returned (meaningful when no other request runs). */
  async measureRows<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number; rows: number }> {
    const before = this.#count;
    const rowsBefore = this.#rows;
    const result = await fn();
    return { result, statements: this.#count - before, rows: this.#rows - rowsBefore };
  }

  /** Runs `fn` and returns how many statements it executed (meaningful when no other request runs). */
  async measure<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number }> {
    const before = this.#count;
    const result = await fn();
    return { result, statements: this.#count - before };
  }
}
