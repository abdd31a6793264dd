/**
 * Counts the SQL statements a database executes. Tests read it to assert that a request's
 * statement count depends on its shape, not on the number of rows.
 */
export class StatementCounter {
  #count = 0;
  #rows = 0;

  get count(): number {
    return this.#count;
  }

  /** Rows the statements returned, in all (SQLite's driver reports them; the pooled drivers' logs do not carry rows): a read that pages in SQL returns the page, not every row. */
  get rows(): number {
    return this.#rows;
  }

  increment(): void {
    this.#count += 1;
  }

  /** Rows a statement returned (drivers call it once they have them). */
  returned(rows: number): void {
    this.#rows += rows;
  }

  /** Runs `fn` and returns how many statements it executed and rows they returned (meaningful when nothing else runs). */
  async measureRows<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number; rows: number }> {
    const before = this.#count;
    const rowsBefore = this.#rows;
    const result = await fn();
    return { result, statements: this.#count - before, rows: this.#rows - rowsBefore };
  }

  /** Runs `fn` and returns how many statements it executed (meaningful when nothing else runs). */
  async measure<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number }> {
    const before = this.#count;
    const result = await fn();
    return { result, statements: this.#count - before };
  }
}
