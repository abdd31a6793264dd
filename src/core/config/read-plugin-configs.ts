import type { AppConfig } from './app-config.js';
import type { PluginConfigReader, PluginConfigs } from './plugin-config.js';

/**
 * Runs every reader on its section of `config/plugins`, in the order given (the first mistake
 * stops the start). Two readers of one key would each see the section the other checks
 * differently: refused, as a mistake of the composition.
 */
export function readPluginConfigs(readers: readonly PluginConfigReader<unknown>[], config: AppConfig): PluginConfigs {
  const { file, value } = config.files.plugins;
  const read = new Map<PluginConfigReader<unknown>, unknown>();
  const keys = new Set<string>();
  for (const reader of readers) {
    if (keys.has(reader.key)) throw new Error(`Two plugins read the config/plugins section "${reader.key}"`);
    keys.add(reader.key);
    read.set(reader, reader.read(value[reader.key], file, config));
  }
  return {
    of<Config>(reader: PluginConfigReader<Config>): Config {
      if (!read.has(reader)) throw new Error(`No plugin of this server declares the config/plugins section "${reader.key}"`);
      // Stored under this very reader: the value is what its `read` returned.
      return read.get(reader) as Config;
    },
  };
}
