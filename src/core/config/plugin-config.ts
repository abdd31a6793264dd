import type { AppConfig } from './app-config.js';

/**
 * How a plugin reads its section of `config/plugins` (`upload`, `users-permissions`, …): the
 * composition root hands every declared reader its section once, at start, before the database
 * is opened, so a malformed section stops the start before anything is touched.
 */
export interface PluginConfigReader<Config> {
  /** The key of `config/plugins` the section is under. */
  readonly key: string;
  /**
   * Checks the section (undefined when the file has none) and returns it typed; a mistake throws
   * a DefinitionError naming `file`. `app` is the rest of the configuration (e.g. `production`).
   */
  read(section: unknown, file: string, app: AppConfig): Config;
}

/** The sections read at start, looked up by the reader that read them (so the type follows the reader). */
export interface PluginConfigs {
  of<Config>(reader: PluginConfigReader<Config>): Config;
}
