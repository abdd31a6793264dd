import type { Attribute, LinkedAttribute, ScalarAttribute } from './attribute.js';

/**
 * What content-types and components share: a table of rows with attributes. Stages that work
 * on rows (reads, populate, filters, writes of values) take a StoredModel and do not care which.
 */
export interface StoredModel {
  /** `api::<api>.<name>` for content-types, `<category>.<name>` for components. */
  readonly uid: string;
  /** Table name. */
  readonly collectionName: string;
  /** Every attribute by name, user-defined and system (id, and documentId, createdAt, … on content-types). */
  readonly attributes: ReadonlyMap<string, Attribute>;
  /** User-defined scalar attributes in definition order. */
  readonly scalarAttributes: readonly ScalarAttribute[];
  /** Relations, components and dynamic zones in definition order. */
  readonly linkedAttributes: readonly LinkedAttribute[];
  /** What a response shows by default, in output order (id, and documentId, are always output and not listed). */
  readonly readableAttributes: readonly ScalarAttribute[];
  /** The file the definition came from, for messages. */
  readonly source: string;
}
