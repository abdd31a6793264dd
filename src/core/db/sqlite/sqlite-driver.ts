import type BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, SelectQueryNode, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import type { StatementCounter } from '../statement-counter.js';

/** Prepared statements kept per connection; SQL text is the key, so a query shape is prepared once. */
const STATEMENT_CACHE_SIZE = 500;

class SqliteConnection implements DatabaseConnection {
  readonly #db: BetterSqlite3.Database;
  readonly #counter: StatementCounter;
  readonly #statements = new Map<string, BetterSqlite3.Statement>();

  constructor(db: BetterSqlite3.Database, counter: StatementCounter) {
    this.#db = db;
    this.#counter = counter;
  }

  #prepare(sql: string): BetterSqlite3.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = this.#statements.keys().next().value;
        if (oldest !== undefined) this.#statements.delete(oldest);
      }
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    this.#counter.increment();
    const statement = this.#prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters as unknown[];
    if (statement.reader) {
      const rows = statement.all(parameters) as R[];
      this.#counter.returned(rows.length);
      return Promise.resolve({ rows });
    }
    const { changes, lastInsertRowid } = statement.run(parameters);
    return Promise.resolve({ numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] });
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error('SQLite streams only SELECT queries');
    this.#counter.increment();
    for (const row of this.#prepare(compiledQuery.sql).iterate(compiledQuery.parameters as unknown[])) {
      this.#counter.returned(1);
      yield { rows: [row as R] };
    }
  }
}

/** One connection, handed out under a mutex: a transaction owns it until it ends. */
class ConnectionMutex {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => {
      this.#release = resolve;
    });
  }

  unlock(): void {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}

/**
 * Kysely driver over better-sqlite3. It differs from Kysely's own in two ways that matter for
 * speed and tests: statements are prepared once per SQL text, and every execution is counted.
 */
export class SqliteDriver implements Driver {
  readonly #connection: SqliteConnection;
  readonly #db: BetterSqlite3.Database;
  readonly #mutex = new ConnectionMutex();

  constructor(db: BetterSqlite3.Database, counter: StatementCounter) {
    this.#db = db;
    this.#connection = new SqliteConnection(db, counter);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  async destroy(): Promise<void> {
    this.#db.close();
  }
}
