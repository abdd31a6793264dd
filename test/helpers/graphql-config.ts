import type { AppConfig } from '../../src/core/config/app-config.js';

/**
 * A test app's config with `graphql.config` set as `config/plugins` would set it (the other
 * plugins' settings kept): `override: withGraphqlConfig({ shape: 'flat' })`.
 */
export function withGraphqlConfig(graphql: Readonly<Record<string, unknown>>): (config: AppConfig) => AppConfig {
  return (config) =>
    ({ ...config, files: { ...config.files, plugins: { ...config.files.plugins, value: { ...(config.files.plugins?.value as object), graphql: { config: graphql } } } } }) as AppConfig;
}
