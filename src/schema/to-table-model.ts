import type { ColumnType, TableModel } from '../db/table-model.js';
import type { ScalarType } from './attribute.js';
import { DefinitionError } from '../shared/errors.js';
import type { ContentType } from './content-type.js';
import { shortenIdentifier } from './names.js';
import type { SchemaRegistry } from './registry.js';

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

/** The name of the index on one column of a table (unique and uid attributes have one). */
export function columnIndexName(table: string, column: string): string {
  return shortenIdentifier(`${table}_${column}_idx`);
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
      { name: shortenIdentifier(`${table}_documents_idx`), columns: ['document_id', 'published_at'] },
      ...type.scalarAttributes
        // uid attributes are unique too (documents/check-unique), and uid generation looks them up.
        .filter((attribute) => attribute.unique || attribute.type === 'uid')
        .map((attribute) => ({ name: columnIndexName(table, attribute.column), columns: [attribute.column] })),
    ],
  };
}

/**
 * The tables of a whole registry. Index names share one namespace per database, and names
 * derived from table and column names can meet (table `a` with a unique column `b_documents`,
 * and table `a_b`): such a model is refused at start, naming both content-types.
 */
export function toTableModels(registry: SchemaRegistry): TableModel[] {
  const owners = new Map<string, ContentType>();
  return registry.contentTypes.map((type) => {
    const table = toTableModel(type);
    for (const index of table.indexes) {
      const owner = owners.get(index.name);
      if (owner) throw new DefinitionError(type.source, `its index name "${index.name}" collides with one of ${owner.uid} (${owner.source}); rename the collectionName or the attribute`);
      owners.set(index.name, type);
    }
    return table;
  });
}
