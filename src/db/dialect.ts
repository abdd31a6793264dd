import type { ColumnModel } from './table-model.js';

/**
 * What differs between databases, as data and small functions. Nothing outside db/ asks which
 * database it runs on; it asks the dialect.
 */
export interface Dialect {
  readonly name: 'sqlite';
  /** SQL function that lower-cases text, Unicode-aware. */
  readonly lowerFunction: string;
  /** Column definition in CREATE TABLE / ALTER TABLE ADD COLUMN. */
  columnDefinition(column: ColumnModel): string;
  /** Whether a column read needs casting so that the driver returns it exactly (bigints as text). */
  readsAsText(column: ColumnModel['type']): boolean;
  /** Quotes an identifier. */
  quote(identifier: string): string;
  /** A canonical scalar (see schema/scalar-values) as a bound parameter for a column type. */
  encode(type: ColumnModel['type'], value: string | number | bigint | boolean | null): BoundValue;
}

/** A value bound as a query parameter, in the form the driver accepts. */
export type BoundValue = string | number | bigint | null;
