/** Where the data lives: the options db/ needs to open a database (read from config/database). */

export interface SqliteConfig {
  readonly client: 'sqlite';
  /** Absolute path, or ':memory:'. */
  readonly filename: string;
}

/** A PostgreSQL or MySQL/MariaDB server. */
export interface ServerDatabaseConfig {
  readonly client: 'postgres' | 'mysql';
  readonly connection: {
    readonly connectionString?: string;
    readonly host?: string;
    readonly port?: number;
    readonly user?: string;
    readonly password?: string;
    readonly database?: string;
    /** true, or TLS options passed to the driver. */
    readonly ssl?: boolean | Readonly<Record<string, unknown>>;
  };
  /** PostgreSQL schema holding Tessera's tables (created when missing); default: the server's search_path. */
  readonly schema?: string;
  readonly pool: {
    readonly min: number;
    readonly max: number;
    /** How long a request waits for a free connection before it fails with 503. */
    readonly acquireTimeoutMillis: number;
  };
}

export type DatabaseConfig = SqliteConfig | ServerDatabaseConfig;
