import { DefinitionError } from '../shared/errors.js';
import type { Attribute } from './attribute.js';
import type { CustomFieldTypes } from './custom-fields.js';
import type { AttributeDefinition } from './definition.js';
import { isValidAttributeName } from './names.js';
import { checkAttributeReferences, normalizeAttribute } from './normalize-attribute.js';
import { isReservedAtLoad } from './reserved-names.js';

/** What a model has besides its user's attributes, which no attribute may shadow. */
export interface SystemFields {
  /** The table's own columns → how a message names them. */
  readonly columns: ReadonlyMap<string, string>;
  /** Names the API gives system fields of this model (beyond the columns') → what they hold. */
  readonly names: ReadonlyMap<string, string>;
}

/**
 * The `attributes` of a content-type or component definition → normalized attributes by name,
 * in definition order. Names are refused as Strapi's loader refuses them (`id`, `documentId`,
 * in any spelling), and where they would shadow a system field: Strapi silently replaces such
 * an attribute by its own field, which would serve other values than the file promises.
 */
export function normalizeAttributes(raw: unknown, file: string, system: SystemFields, customFields?: CustomFieldTypes): Map<string, Attribute> {
  const rawAttributes = raw ?? {};
  if (rawAttributes === null || typeof rawAttributes !== 'object' || Array.isArray(rawAttributes)) {
    throw new DefinitionError(file, '"attributes" must be an object');
  }
  const attributes = new Map<string, Attribute>();
  const columns = new Map<string, string>(system.columns);
  for (const [name, definition] of Object.entries(rawAttributes as Record<string, AttributeDefinition>)) {
    if (!isValidAttributeName(name)) {
      throw new DefinitionError(file, `attribute "${name}": a name starts with a letter, holds only letters, digits and underscores, and has at most 60 characters`);
    }
    if (isReservedAtLoad(name)) throw new DefinitionError(file, `attribute "${name}": the name is reserved for the identifiers "id" and "documentId" (in any spelling, as in Strapi)`);
    const systemField = system.names.get(name);
    if (systemField !== undefined) throw new DefinitionError(file, `attribute "${name}": the name is taken by a system field (${systemField}); rename the attribute`);
    const attribute = normalizeAttribute(name, definition, file, customFields);
    if (attribute.kind === 'scalar') {
      const clash = columns.get(attribute.column);
      if (clash !== undefined) {
        throw new DefinitionError(file, `attribute "${name}": its column "${attribute.column}" collides with ${clash}`);
      }
      columns.set(attribute.column, `attribute "${name}"`);
    }
    attributes.set(name, attribute);
  }
  checkAttributeReferences(attributes, file);
  return attributes;
}
