import type { AppConfig } from '../../src/core/config/app-config.js';

/**
 * A test app's config with `graphql.config` set as `config/plugins` would set it (the other
 * plugins' settings kept, the fixture's own `graphql` entry replaced):
 * `override: withGraphqlConfig({ depthLimit: 2 })`.
 */
export function withGraphqlConfig(graphql: Readonly<Record<string, unknown>>): (config: AppConfig) => AppConfig {
  return (config) =>
    ({ ...config, files: { ...config.files, plugins: { ...config.files.plugins, value: { ...(config.files.plugins?.value as object), graphql: { config: graphql } } } } }) as AppConfig;
}

/**
 * One schema shape: `entity` asked for with Strapi's key (`v4CompatibilityMode: true`), `flat`
 * as the default — no key at all, so that a fixture which asks for the entity shape is served
 * in the default shape. `more`: the other `graphql.config` keys.
 */
export function withGraphqlShape(shape: 'entity' | 'flat', more: Readonly<Record<string, unknown>> = {}): (config: AppConfig) => AppConfig {
  return withGraphqlConfig(shape === 'entity' ? { v4CompatibilityMode: true, ...more } : more);
}
