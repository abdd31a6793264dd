/**
 * Tables a dialect creates for itself, outside every table model (schema sync adds them through
 * `Dialect.systemTableStatements`). Listed here so that no content model can take their names.
 */
export const MYSQL_LOCKS_TABLE = 'tessera_locks';

export const DIALECT_TABLES: readonly string[] = [MYSQL_LOCKS_TABLE];
