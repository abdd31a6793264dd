import type { ExtensionService } from './extension-service.js';
import { ExtensionError } from './extension-error.js';

/** `strapi.plugin(name).service(name)` for lifecycle functions: only `plugin('graphql').service('extension')` exists. */
export function createPluginAccessor(extension: ExtensionService): (name: string) => { service(name: string): unknown } {
  return (pluginName) => {
    if (pluginName !== 'graphql') throw new ExtensionError(`Plugin "${pluginName}" has no services available to lifecycle functions (only "graphql")`);
    return {
      service(serviceName) {
        if (serviceName !== 'extension') throw new ExtensionError(`Service "${serviceName}" of plugin "graphql" is not available (only "extension")`);
        return extension;
      },
    };
  };
}
