import path from 'node:path';
import type { AppConfig } from '../../core/config/app-config.js';
import { buildModel, type BuiltModel } from '../../core/model/build-model.js';
import { createCustomFieldRegistry } from '../../core/schema/custom-field-registry.js';
import { asDefinitionError } from '../../transports/graphql/extension/extension-error.js';
import { createExtensionService } from '../../transports/graphql/extension/extension-service.js';
import { createPluginAccessor } from '../../transports/graphql/extension/plugin-accessor.js';
import { loadLifecycle } from '../lifecycle/load-lifecycle.js';
import { loadProjectModel } from '../project-model.js';

/**
 * The content model a start would serve, for commands that work on the database without
 * serving it (migrate, admin users, tokens): the project's `register()` runs, as at start, so
 * that its custom fields are known, and the extensions of plugin types apply — a command
 * must never see fewer columns than the server has.
 */
export async function loadCommandModel(projectDir: string, config: AppConfig): Promise<BuiltModel> {
  const lifecycle = await loadLifecycle(projectDir);
  const file = lifecycle.file ?? path.join(projectDir, 'src', 'index');
  const customFields = createCustomFieldRegistry(file);
  try {
    await lifecycle.register({
      documents: () => {
        throw new Error('strapi.documents is not available in register()');
      },
      log: { info: () => undefined, warn: () => undefined },
      plugin: createPluginAccessor(createExtensionService()),
      customFields,
    });
  } catch (error) {
    throw asDefinitionError(error, file);
  }
  const { source, builtIns } = await loadProjectModel(projectDir, config, customFields.types());
  return buildModel(source, builtIns);
}
