import type { StoredModel } from './model.js';

/** A normalized, frozen component: a reusable group of fields stored in its own table. */
export interface ComponentModel extends StoredModel {
  readonly modelType: 'component';
  /** The folder under src/components. */
  readonly category: string;
  readonly displayName: string;
}

/**
 * Columns that tie a component row to the row owning it: the owner's id and uid, the
 * attribute (a component or dynamic zone) and the position in it. A component row has
 * exactly one owner, so no join table is needed and items of N parents come in one SELECT.
 */
export const COMPONENT_OWNER_COLUMNS = Object.freeze({
  parentId: 'parent_id',
  parentType: 'parent_type',
  field: 'parent_field',
  order: 'parent_ord',
});
