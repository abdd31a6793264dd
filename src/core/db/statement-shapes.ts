import { CompiledQuery } from 'kysely';

/**
 * SQL text compiled once per statement shape. A shape is what the text depends on (table,
 * columns, selected attributes); only parameter values change between executions. The first
 * time a shape is seen, the statement is compiled by Kysely and its parameters must equal the
 * ones the caller lists: that proves the cached text binds them in the caller's order, so a
 * reused text can never receive its values in the wrong places.
 */
export class StatementShapes {
  readonly #texts = new Map<string, string>();
  readonly #capacity: number;

  /** `capacity` bounds memory: shapes can come from clients (field lists). */
  constructor(capacity = 512) {
    this.#capacity = capacity;
  }

  resolve(key: string, parameters: readonly unknown[], build: () => CompiledQuery): CompiledQuery {
    const text = this.#texts.get(key);
    if (text !== undefined) return CompiledQuery.raw(text, [...parameters]);
    const compiled = build();
    if (!sameParameters(compiled.parameters, parameters)) {
      throw new Error(`Statement shape "${key}" binds its parameters in another order than its caller lists them`);
    }
    if (this.#texts.size >= this.#capacity) {
      const oldest = this.#texts.keys().next().value;
      if (oldest !== undefined) this.#texts.delete(oldest);
    }
    this.#texts.set(key, compiled.sql);
    return compiled;
  }
}

function sameParameters(compiled: readonly unknown[], listed: readonly unknown[]): boolean {
  return compiled.length === listed.length && compiled.every((value, index) => Object.is(value, listed[index]));
}
