import type { ComponentAttribute, DynamicZoneAttribute, RelationAttribute, ScalarAttribute } from '../schema/attribute.js';
import type { ContentType } from '../schema/content-type.js';
import type { StoredModel } from '../schema/model.js';
import type { SchemaRegistry } from '../schema/registry.js';
import type { FieldError } from '../shared/errors.js';
import type { StoredValue } from './check-scalar-value.js';
import type { ComponentValueWrite } from './components/component-write.js';
import type { RelationWrite } from './relations/relation-write.js';

/**
 * A checked write of one row: scalar values, relation changes and component values, each by
 * attribute and in definition order. Components hold ModelWrites of their own, to any depth.
 */
export interface ModelWrite {
  readonly model: StoredModel;
  readonly values: ReadonlyMap<ScalarAttribute, StoredValue>;
  readonly relations: ReadonlyMap<RelationAttribute, RelationWrite>;
  readonly components: ReadonlyMap<ComponentAttribute | DynamicZoneAttribute, ComponentValueWrite>;
}

/** The write of a document's row, from a POST or PUT body. */
export interface DocumentWrite extends ModelWrite {
  readonly contentType: ContentType;
  readonly model: ContentType;
  /**
   * The body it was checked from (validateData), as the caller sent it: what project hooks see
   * as `data` and may change, the changed body then checked again (src/compat).
   */
  readonly data?: Readonly<Record<string, unknown>>;
  /** How it was checked (validateData's mode and `joining`), to check a changed body the same way. */
  readonly mode?: WriteMode;
  readonly joining?: boolean;
}

export type WriteMode = 'create' | 'update';

/** Whether a write changes anything outside the document's own row. */
export function writesLinks(write: ModelWrite): boolean {
  return write.relations.size > 0 || write.components.size > 0;
}

/** What checking a linked value (relation, component) needs besides the value. */
export interface ValueContext {
  readonly registry: SchemaRegistry;
  readonly mode: WriteMode;
  /**
   * A draft is written (every write of a Draft & Publish type): the rules the reference checks
   * when publishing (`required`, `minLength`, the `min` of repeatables and zones) wait for the
   * publish (versions/check-publishable.ts).
   */
  readonly draft: boolean;
  /** A new locale of an existing document is written: shared attributes left out come from the document. */
  readonly joining: boolean;
  /** Field errors found so far; a failing value adds its own, and the write fails at the end with all of them. */
  readonly errors: FieldError[];
  /** Checks the data of one nested row (a component item), adding its errors under `path`. */
  readonly validateModel: (data: Readonly<Record<string, unknown>>, model: StoredModel, mode: WriteMode, path: readonly string[]) => ModelWrite;
}
