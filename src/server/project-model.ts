import path from 'node:path';
import type { AppConfig } from '../core/config/app-config.js';
import { applyExtensions } from '../core/model/apply-extensions.js';
import { builtInsOf, type BuiltIns } from '../core/model/built-ins.js';
import type { ModelSource } from '../core/model/model-change.js';
import { BUILT_IN_CUSTOM_FIELDS, readCustomFieldMapping, type CustomFieldTypes } from '../core/schema/custom-fields.js';
import { loadComponentDefinitions, loadDefinitions } from '../core/schema/load-definitions.js';
import { loadExtensions } from '../core/schema/load-extensions.js';
import { unusedComponentKeys, unusedContentTypeKeys, unusedKeysReport } from '../core/schema/unused-schema-keys.js';
import { builtIns as gatherBuiltIns } from './system-tables.js';

export interface ProjectModel {
  /** The project's own definitions (what the content-type builder edits). */
  readonly source: ModelSource;
  /** The plugins' types (with the project's extensions applied), Tessera's tables, and the custom fields known. */
  readonly builtIns: BuiltIns;
  /** What the start says once: extensions not applied, schema keys not used. */
  readonly notes: readonly string[];
}

/**
 * A project's content model as a start reads it: `src/api` and `src/components`, the
 * extensions of plugin types in `src/extensions`, and the custom fields known — built in,
 * mapped in `config/server` `customFields`, and `registered` by the project's `register()`
 * (later ones win).
 */
export async function loadProjectModel(projectDir: string, config: AppConfig, registered: CustomFieldTypes): Promise<ProjectModel> {
  const source: ModelSource = { types: await loadDefinitions(projectDir), components: await loadComponentDefinitions(projectDir) };
  const base = gatherBuiltIns();
  const extensions = await loadExtensions(projectDir);
  const extended = applyExtensions(base.types, extensions, projectDir);
  const mapped = readCustomFieldMapping(config.files.server.value.customFields, config.files.server.file);
  const customFields: CustomFieldTypes = new Map([...BUILT_IN_CUSTOM_FIELDS, ...mapped, ...registered]);
  const relative = (file: string) => path.relative(projectDir, file);
  const unused = unusedKeysReport([
    ...source.types.map((type) => ({ file: relative(type.file), keys: unusedContentTypeKeys(type.definition) })),
    ...source.components.map((component) => ({ file: relative(component.file), keys: unusedComponentKeys(component.definition) })),
    ...extensions.schemas.map((schema) => ({ file: relative(schema.file), keys: unusedContentTypeKeys(schema.definition) })),
  ]);
  return {
    source,
    builtIns: builtInsOf({ types: extended.types, components: base.components, tables: base.tables, customFields }),
    notes: [...extended.notes, ...(unused === null ? [] : [unused])],
  };
}
