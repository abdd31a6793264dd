import { DIALECT_TABLES } from '../db/dialect-tables.js';
import type { TableModel } from '../db/table-model.js';
import { NO_CUSTOM_FIELDS, type CustomFieldTypes } from '../schema/custom-fields.js';
import type { SourcedComponentDefinition, SourcedDefinition } from '../schema/definition.js';
import { reservedStorageOf, type ReservedStorage } from '../schema/storage-names.js';

/**
 * What every project's model holds besides its own definitions, as the composition root
 * gathers it from core and the plugins: their content-types and components, and Tessera's own
 * tables. Model code receives it; it never imports the plugins that contribute to it.
 */
export interface BuiltIns {
  readonly types: readonly SourcedDefinition[];
  readonly components: readonly SourcedComponentDefinition[];
  /** Tables of Tessera's own (not of a content-type), created and kept by schema sync like the others. */
  readonly tables: readonly TableModel[];
  /**
   * Every name (tables, indexes, sequences) of storage Tessera keeps outside the content model:
   * the tables above and the dialects' own. A content model taking one would read it through the
   * API and drop it with its type, so building a model refuses them (schema/to-table-model.ts).
   */
  readonly reserved: ReservedStorage;
  /** The custom fields this app knows (uid → stored type): built in, mapped in config/server, registered in register(). One object per app. */
  readonly customFields: CustomFieldTypes;
}

export function builtInsOf(parts: Omit<BuiltIns, 'reserved' | 'customFields'> & { readonly customFields?: CustomFieldTypes }): BuiltIns {
  return { ...parts, customFields: parts.customFields ?? NO_CUSTOM_FIELDS, reserved: reservedStorageOf(parts.tables, DIALECT_TABLES, "Tessera's own storage") };
}
