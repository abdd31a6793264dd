import type { TableModel } from '../db/table-model.js';

/**
 * The names a content model's storage may not take. Table and index names (and PostgreSQL's
 * primary-key index and identity sequence, `<table>_pkey`, `<table>_id_seq`) share one namespace
 * per database on PostgreSQL and SQLite, so they are checked as one namespace everywhere.
 */

/** Prefixes the databases keep for their own objects: PostgreSQL's catalogs, SQLite's internal tables, and Tessera's own. */
const RESERVED_PREFIXES: readonly (readonly [string, string])[] = [
  ['pg_', 'PostgreSQL keeps names starting with "pg_" for its system catalogs'],
  ['sqlite_', 'SQLite keeps names starting with "sqlite_" for its internal tables'],
  ['tessera_', 'names starting with "tessera_" are kept for Tessera\'s own tables'],
];

/** Schemas of the database servers: never a table of a content model, whatever the database. */
const RESERVED_NAMES: ReadonlyMap<string, string> = new Map([
  ['information_schema', 'it is the SQL standard\'s catalog schema'],
  ['mysql', 'it is MySQL\'s and MariaDB\'s system schema'],
  ['performance_schema', 'it is MySQL\'s and MariaDB\'s performance schema'],
  ['sys', 'it is MySQL\'s sys schema'],
]);

/** Why the database refuses (or keeps for itself) this name, or null when a content model may use it. */
export function databaseReservedName(name: string): string | null {
  const lower = name.toLowerCase();
  const prefix = RESERVED_PREFIXES.find(([start]) => lower.startsWith(start));
  if (prefix) return prefix[1];
  return RESERVED_NAMES.get(lower) ?? null;
}

/** Every name a table occupies in the database's namespace: its own, its indexes', PostgreSQL's key index and sequence. */
export function occupiedNames(table: TableModel): string[] {
  const identity = table.columns.some((column) => column.type === 'increments') ? [`${table.name}_pkey`, `${table.name}_id_seq`] : [];
  return [table.name, ...identity, ...table.indexes.map((index) => index.name)];
}

/** Names taken by storage outside the content model (lower case → who owns it), which no model may take. */
export type ReservedStorage = ReadonlyMap<string, string>;

/** The names occupied by tables Tessera keeps for itself, each owned by `owner`. */
export function reservedStorageOf(tables: readonly TableModel[], extraTables: readonly string[], owner: string): ReservedStorage {
  const names = new Map<string, string>();
  for (const table of tables) for (const name of occupiedNames(table)) names.set(name.toLowerCase(), `${owner} (table "${table.name}")`);
  for (const table of extraTables) names.set(table.toLowerCase(), `${owner} (table "${table}")`);
  return names;
}
