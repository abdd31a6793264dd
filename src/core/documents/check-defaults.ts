import type { SchemaRegistry } from '../schema/registry.js';
import { DefinitionError } from '../shared/errors.js';
import { checkScalarValue } from './check-scalar-value.js';

/**
 * Holds every attribute's `default` to the attribute's own rules, at start: a bad default
 * would otherwise fail every create that omits the attribute with a 400 blaming the client.
 */
export function checkDefaults(registry: SchemaRegistry): void {
  for (const model of [...registry.contentTypes, ...registry.components]) {
    for (const attribute of model.scalarAttributes) {
      if (attribute.default === undefined || attribute.default === null) continue;
      const result = checkScalarValue(attribute, attribute.default);
      if (!result.ok) throw new DefinitionError(model.source, `attribute "${attribute.name}": invalid default: ${result.message}`);
    }
  }
}
