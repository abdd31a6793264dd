/**
 * What db/ knows of the content model: tables, columns and indexes. Nothing here knows about
 * content-types; schema/ produces these and schema sync applies them.
 */

export type ColumnType =
  | 'increments'
  | 'string'
  | 'text'
  | 'integer'
  | 'bigInteger'
  | 'float'
  | 'decimal'
  | 'boolean'
  | 'json'
  | 'date'
  | 'time'
  | 'datetime';

export interface ColumnModel {
  readonly name: string;
  readonly type: ColumnType;
  readonly notNull?: boolean;
}

export interface IndexModel {
  readonly name: string;
  readonly columns: readonly string[];
  readonly unique?: boolean;
}

export interface TableModel {
  readonly name: string;
  readonly columns: readonly ColumnModel[];
  readonly indexes: readonly IndexModel[];
}
