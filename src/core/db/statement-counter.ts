/**
 * Counts the SQL statements a database executes. Tests read it to assert that a request's
 * statement count depends on its shape, not on the number of rows.
 */
export class StatementCounter {
  #count = 0;

  get count(): number {
    return this.#count;
  }

  increment(): void {
    this.#count += 1;
  }

  /** Runs `fn` and returns how many statements it executed (meaningful when nothing else runs). */
  async measure<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number }> {
    const before = this.#count;
    const result = await fn();
    return { result, statements: this.#count - before };
  }
}
