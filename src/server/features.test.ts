import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AppConfig } from '../core/config/app-config.js';
import { readPluginConfigs } from '../core/config/read-plugin-configs.js';
import { configReaders, feedTopics, PLUGINS } from './features.js';

function withPlugins(value: Record<string, unknown>): AppConfig {
  return { production: false, env: {}, files: { plugins: { file: '/p/config/plugins', value } } } as unknown as AppConfig;
}

describe('the plugins this server is composed of', () => {
  it('are all in the list, the content-type builder, email and content manager included, each named once', () => {
    const names = PLUGINS.map((plugin) => plugin.name);
    assert.deepEqual(names, ['users-permissions', 'email', 'api-tokens', 'i18n', 'upload', 'content-type-builder', 'webhooks', 'content-manager']);
  });

  it('read every section of config/plugins Strapi knows, each with one reader; a project without the file starts on defaults', () => {
    assert.deepEqual(configReaders().map((reader) => reader.key).sort(), ['email', 'graphql', 'i18n', 'upload', 'users-permissions']);
    const configs = readPluginConfigs(configReaders(), withPlugins({}));
    for (const reader of configReaders()) assert.ok(configs.of(reader) !== undefined, reader.key);
  });

  it("stop the start on a malformed section with the section's own message", () => {
    assert.throws(() => readPluginConfigs(configReaders(), withPlugins({ upload: 'yes' })), (error: Error & { problem?: string }) => error.problem === 'upload must be an object');
    assert.throws(() => readPluginConfigs(configReaders(), withPlugins({ i18n: { config: { locales: [] } } })), (error: Error & { problem?: string }) => error.problem === 'i18n.config.locales must be a non-empty list of locale codes, e.g. ["en", "fr"]');
  });

  it("follow the change feed's topics of core's services and those the plugins declare", () => {
    assert.deepEqual([...feedTopics()].sort(), ['locales', 'model', 'permissions', 'webhooks']);
    assert.deepEqual(PLUGINS.find((plugin) => plugin.name === 'users-permissions')?.topics, ['permissions']);
  });
});
