import type { TableModel } from '../db/table-model.js';
import { checkDefaults } from '../documents/check-defaults.js';
import { buildRegistry, type SchemaRegistry } from '../schema/registry.js';
import { toTableModels } from '../schema/to-table-model.js';
import { DefinitionError, ValidationError } from '../shared/errors.js';
import type { BuiltIns } from './built-ins.js';
import type { ModelSource } from './model-change.js';

export interface BuiltModel {
  readonly registry: SchemaRegistry;
  /** The content model's tables (system tables excluded). */
  readonly tables: readonly TableModel[];
}

/** The model as a start would build it from these definitions: the same checks, the same errors. */
export function buildModel(source: ModelSource, builtIns: BuiltIns): BuiltModel {
  const registry = buildRegistry([...builtIns.types, ...source.types], [...builtIns.components, ...source.components], { customFields: builtIns.customFields });
  checkDefaults(registry);
  // Tessera's own tables are never a content model's: such a model would read and drop them.
  return { registry, tables: toTableModels(registry, builtIns.reserved) };
}

/** Where a DefinitionError points: the definition's uid (by its file) and the attribute it names. */
export function definitionErrorPath(source: ModelSource, error: DefinitionError): string[] {
  const owner = [...source.types, ...source.components].find((definition) => definition.file === error.file || error.file.startsWith(definition.file));
  const uid = owner?.uid ?? error.file;
  const attribute = /^attribute "([^"]+)"/.exec(error.problem)?.[1];
  return attribute === undefined ? [uid] : [uid, attribute];
}

/** `buildModel`, with a bad definition reported as the 400 a client can act on. */
export function buildModelOrRefuse(source: ModelSource, builtIns: BuiltIns): BuiltModel {
  try {
    return buildModel(source, builtIns);
  } catch (error) {
    if (!(error instanceof DefinitionError)) throw error;
    const message = error.problem;
    throw new ValidationError(message, { errors: [{ path: definitionErrorPath(source, error), message }] });
  }
}
