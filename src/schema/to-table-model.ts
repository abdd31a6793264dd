import type { ColumnType, TableModel } from '../db/table-model.js';
import type { ScalarType } from './attribute.js';
import type { ContentType } from './content-type.js';

const COLUMN_TYPE: Readonly<Record<ScalarType, ColumnType>> = {
  string: 'string',
  text: 'text',
  richtext: 'text',
  blocks: 'json',
  enumeration: 'string',
  email: 'string',
  password: 'string',
  uid: 'string',
  date: 'date',
  time: 'time',
  datetime: 'datetime',
  timestamp: 'datetime',
  integer: 'integer',
  biginteger: 'bigInteger',
  float: 'float',
  decimal: 'decimal',
  boolean: 'boolean',
  json: 'json',
  array: 'json',
};

export function columnTypeOf(type: ScalarType): ColumnType {
  return COLUMN_TYPE[type];
}

/** The table that stores a content-type's versions: one row per version. */
export function toTableModel(type: ContentType): TableModel {
  const table = type.collectionName;
  return {
    name: table,
    columns: [
      { name: 'id', type: 'increments' },
      { name: 'document_id', type: 'string', notNull: true },
      ...type.scalarAttributes.map((attribute) => ({ name: attribute.column, type: COLUMN_TYPE[attribute.type] })),
      { name: 'created_at', type: 'datetime' },
      { name: 'updated_at', type: 'datetime' },
      { name: 'published_at', type: 'datetime' },
    ],
    indexes: [
      { name: `${table}_documents_idx`, columns: ['document_id', 'published_at'] },
      ...type.scalarAttributes
        // uid attributes are unique too (documents/check-unique), and uid generation looks them up.
        .filter((attribute) => attribute.unique || attribute.type === 'uid')
        .map((attribute) => ({ name: `${table}_${attribute.column}_idx`, columns: [attribute.column] })),
    ],
  };
}
