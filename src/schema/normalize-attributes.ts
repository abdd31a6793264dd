import { DefinitionError } from '../shared/errors.js';
import type { Attribute } from './attribute.js';
import { RESERVED_ATTRIBUTE_NAMES } from './content-type.js';
import type { AttributeDefinition } from './definition.js';
import { isValidAttributeName } from './names.js';
import { checkAttributeReferences, normalizeAttribute } from './normalize-attribute.js';

/**
 * The `attributes` of a content-type or component definition → normalized attributes by name,
 * in definition order. `systemColumns` maps the table's own columns, which no attribute's
 * column may take, to how a message names them.
 */
export function normalizeAttributes(raw: unknown, file: string, systemColumns: ReadonlyMap<string, string>): Map<string, Attribute> {
  const rawAttributes = raw ?? {};
  if (rawAttributes === null || typeof rawAttributes !== 'object' || Array.isArray(rawAttributes)) {
    throw new DefinitionError(file, '"attributes" must be an object');
  }
  const attributes = new Map<string, Attribute>();
  const columns = new Map<string, string>(systemColumns);
  for (const [name, definition] of Object.entries(rawAttributes as Record<string, AttributeDefinition>)) {
    if (!isValidAttributeName(name)) {
      throw new DefinitionError(file, `attribute "${name}": a name starts with a letter, holds only letters, digits and underscores, and has at most 60 characters`);
    }
    if (RESERVED_ATTRIBUTE_NAMES.has(name)) throw new DefinitionError(file, `attribute "${name}": the name is reserved`);
    const attribute = normalizeAttribute(name, definition, file);
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
