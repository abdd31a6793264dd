import type { ColumnType, TableModel } from '../db/table-model.js';
import type { ScalarType } from './attribute.js';
import { DefinitionError } from '../shared/errors.js';
import { COMPONENT_OWNER_COLUMNS, type ComponentModel } from './component-model.js';
import type { ContentType, Model } from './content-type.js';
import { LINK_COLUMNS, type RelationLink } from './relation-link.js';
import { shortenIdentifier } from './names.js';
import type { SchemaRegistry } from './registry.js';
import { databaseReservedName, occupiedNames, type ReservedStorage } from './storage-names.js';

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
      ...scalarColumns(type),
      { name: 'created_at', type: 'datetime' },
      { name: 'updated_at', type: 'datetime' },
      { name: 'published_at', type: 'datetime' },
      // The admin users who created and last changed the version (Strapi's private createdBy/updatedBy); no API field shows them.
      { name: 'created_by_id', type: 'integer' },
      { name: 'updated_by_id', type: 'integer' },
      ...(type.localized ? [{ name: 'locale', type: 'string' as const }] : []),
    ],
    indexes: [
      // A version is (document, locale, status): reads by documentId and every join to a linked document use this.
      { name: shortenIdentifier(`${table}_documents_idx`), columns: type.localized ? ['document_id', 'locale', 'published_at'] : ['document_id', 'published_at'] },
      ...type.scalarAttributes
        // uid attributes are unique too (documents/check-unique), and uid generation looks them up.
        .filter((attribute) => attribute.unique || attribute.type === 'uid')
        .map((attribute) => ({ name: columnIndexName(table, attribute.column), columns: [attribute.column] })),
    ],
  };
}

function scalarColumns(model: Model) {
  return model.scalarAttributes.map((attribute) => ({ name: attribute.column, type: COLUMN_TYPE[attribute.type] }));
}

/** A component's table: its rows carry their owner (component-model.ts explains why). */
export function toComponentTableModel(component: ComponentModel): TableModel {
  const table = component.collectionName;
  const owner = COMPONENT_OWNER_COLUMNS;
  return {
    name: table,
    columns: [
      { name: 'id', type: 'increments' },
      { name: owner.parentId, type: 'integer', notNull: true },
      { name: owner.parentType, type: 'string', notNull: true },
      { name: owner.field, type: 'string', notNull: true },
      { name: owner.order, type: 'integer', notNull: true },
      ...scalarColumns(component),
    ],
    indexes: [{ name: shortenIdentifier(`${table}_parent_idx`), columns: [owner.parentId, owner.parentType, owner.field] }],
  };
}

/**
 * A relation's link table. The unique index makes a duplicate link impossible whatever
 * concurrent writers do; the target index serves inverse reads and deletes of targets.
 */
export function toLinkTableModel(link: RelationLink): TableModel {
  const columns = LINK_COLUMNS;
  // Links to a localized type are per target locale: a list is (owner row, locale), an inverse list (document, locale).
  const locale = link.targetLocalized ? [columns.targetLocale] : [];
  return {
    name: link.table,
    columns: [
      { name: columns.id, type: 'increments' },
      { name: columns.entity, type: 'integer', notNull: true },
      { name: columns.target, type: 'string', notNull: true },
      { name: columns.targetOrder, type: 'integer' },
      { name: columns.entityOrder, type: 'integer' },
      ...(link.targetLocalized ? [{ name: columns.targetLocale, type: 'string' as const }] : []),
      ...(link.targetStatus ? [{ name: columns.targetStatus, type: 'string' as const }] : []),
    ],
    indexes: [
      { name: shortenIdentifier(`${link.table}_uq`), columns: [columns.entity, columns.target, ...locale], unique: true },
      { name: shortenIdentifier(`${link.table}_target_idx`), columns: [columns.target, ...locale, columns.entity] },
    ],
  };
}

type OwnedTable = readonly [TableModel, Model, RelationLink | undefined];

function ownedTables(registry: SchemaRegistry): OwnedTable[] {
  return [
    ...registry.contentTypes.map((type): OwnedTable => [toTableModel(type), type, undefined]),
    ...registry.components.map((component): OwnedTable => [toComponentTableModel(component), component, undefined]),
    ...registry.links.map((link): OwnedTable => [toLinkTableModel(link), link.owner, link]),
  ];
}

/**
 * The tables of a registry as it stands, names unchecked: for a model already served (checked
 * when it was built) or recorded earlier, whose tables a change compares or drops.
 */
export function tablesOf(registry: SchemaRegistry): TableModel[] {
  return ownedTables(registry).map(([table]) => table);
}

/**
 * The tables of a whole registry: content-types, components and link tables. Table and index
 * names share one namespace per database (PostgreSQL and SQLite keep indexes among tables), and
 * names derived from others can meet (table `a` with a unique column `b_documents`, and table
 * `a_b`; a link table `a_b_lnk` and a content-type of that collectionName): such a model is
 * refused at start, naming both owners. `reserved` holds the names of storage outside the model
 * (Tessera's own tables): a model taking one would read and drop that storage as its own.
 */
export function toTableModels(registry: SchemaRegistry, reserved: ReservedStorage = new Map()): TableModel[] {
  const owners = new Map<string, string>(reserved);
  const claim = (name: string, owner: Model, subject: string): void => {
    const problem = databaseReservedName(name);
    if (problem !== null) throw new DefinitionError(owner.source, `${subject} "${name}" is not available: ${problem}`);
    const other = owners.get(name.toLowerCase());
    if (other !== undefined) throw new DefinitionError(owner.source, `${subject} "${name}" collides with a name of ${other}; rename the collectionName or the attribute`);
    owners.set(name.toLowerCase(), `${owner.uid} (${owner.source})`);
  };
  const owned = ownedTables(registry);
  // The plugins' tables claim their names first, so that a collision names the project's file.
  const claimOrder = [...owned.filter(([, owner]) => owner.uid.startsWith('plugin::')), ...owned.filter(([, owner]) => !owner.uid.startsWith('plugin::'))];
  for (const [table, owner, link] of claimOrder) {
    const subject = link ? `attribute "${link.ownerAttribute.name}": its link table` : `collectionName "${owner.collectionName}": its table`;
    const [name = table.name, ...derived] = occupiedNames(table);
    claim(name, owner, subject);
    for (const other of derived) {
      // The index of a unique attribute names that attribute, so that the start points at it.
      const column = link ? undefined : table.indexes.find((index) => index.name === other && index.columns.length === 1)?.columns[0];
      const attribute = column === undefined ? undefined : owner.scalarAttributes.find((candidate) => candidate.column === column);
      claim(other, owner, attribute ? `attribute "${attribute.name}": its index` : `${subject}'s index or sequence`);
    }
  }
  return owned.map(([table]) => table);
}
