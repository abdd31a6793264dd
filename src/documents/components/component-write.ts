import type { ComponentAttribute, DynamicZoneAttribute } from '../../schema/attribute.js';
import type { ComponentModel } from '../../schema/component-model.js';
import { ValidationError } from '../../shared/errors.js';
import type { ModelWrite, ValueContext } from '../model-write.js';

/** One item of a component or dynamic-zone value: a component row to create or update. */
export interface ComponentItemWrite extends ModelWrite {
  readonly model: ComponentModel;
  /** An existing item's id (updated in place), or null for a new item. */
  readonly id: number | null;
}

/**
 * A component or dynamic-zone value from a body: the items the attribute holds afterwards, in
 * order. Stored items not listed are removed; `[]` (or null for a single component) clears.
 */
export interface ComponentValueWrite {
  readonly attribute: ComponentAttribute | DynamicZoneAttribute;
  readonly items: readonly ComponentItemWrite[];
}

/** A component or dynamic-zone value of a body → a ComponentValueWrite (being built). */
export function parseComponentValue(attribute: ComponentAttribute | DynamicZoneAttribute, _raw: unknown, path: readonly string[], _context: ValueContext): ComponentValueWrite {
  throw new ValidationError(`Components cannot be written yet (${path.join('.')})`, { key: attribute.name, path: path.join('.'), source: 'body' });
}
