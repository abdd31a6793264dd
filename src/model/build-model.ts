import { BUILT_IN_COMPONENTS, BUILT_IN_TYPES } from '../built-in-types.js';
import type { TableModel } from '../db/table-model.js';
import { checkDefaults } from '../documents/check-defaults.js';
import { buildRegistry, type SchemaRegistry } from '../schema/registry.js';
import { toTableModels } from '../schema/to-table-model.js';
import { DefinitionError, ValidationError } from '../shared/errors.js';
import { reservedStorage } from '../system-tables.js';
import type { ModelSource } from './model-change.js';

export interface BuiltModel {
  readonly registry: SchemaRegistry;
  /** The content model's tables (system tables excluded). */
  readonly tables: readonly TableModel[];
}

/** The model as a start would build it from these definitions: the same checks, the same errors. */
export function buildModel(source: ModelSource): BuiltModel {
  const registry = buildRegistry([...BUILT_IN_TYPES, ...source.types], [...BUILT_IN_COMPONENTS, ...source.components]);
  checkDefaults(registry);
  // Tessera's own tables are never a content model's: such a model would read and drop them.
  return { registry, tables: toTableModels(registry, reservedStorage()) };
}

/** Where a DefinitionError points: the definition's uid (by its file) and the attribute it names. */
export function definitionErrorPath(source: ModelSource, error: DefinitionError): string[] {
  const owner = [...source.types, ...source.components].find((definition) => definition.file === error.file || error.file.startsWith(definition.file));
  const uid = owner?.uid ?? error.file;
  const attribute = /^attribute "([^"]+)"/.exec(error.problem)?.[1];
  return attribute === undefined ? [uid] : [uid, attribute];
}

/** `buildModel`, with a bad definition reported as the 400 a client can act on. */
export function buildModelOrRefuse(source: ModelSource): BuiltModel {
  try {
    return buildModel(source);
  } catch (error) {
    if (!(error instanceof DefinitionError)) throw error;
    const message = error.problem;
    throw new ValidationError(message, { errors: [{ path: definitionErrorPath(source, error), message }] });
  }
}
