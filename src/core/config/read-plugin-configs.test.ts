import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AppConfig } from './app-config.js';
import type { PluginConfigReader } from './plugin-config.js';
import { readPluginConfigs } from './read-plugin-configs.js';

const FILE = '/project/config/plugins';

function appConfig(value: Record<string, unknown>): AppConfig {
  return { production: true, files: { plugins: { file: FILE, value } } } as unknown as AppConfig;
}

const SIZE: PluginConfigReader<{ size: number }> = {
  key: 'sized',
  read(section, file, app) {
    const size = (section as { size?: unknown } | undefined)?.size ?? 1;
    if (typeof size !== 'number') throw new Error(`${file}: sized.size must be a number`);
    return { size: app.production ? size : 0 };
  },
};

describe('readPluginConfigs', () => {
  it('hands each reader its section, the file and the app config, and returns what it read under that reader', () => {
    const configs = readPluginConfigs([SIZE], appConfig({ sized: { size: 5 }, other: 1 }));
    assert.deepEqual(configs.of(SIZE), { size: 5 });
  });

  it('gives a reader undefined for a section the file lacks', () => {
    const seen: unknown[] = [];
    const reader: PluginConfigReader<null> = {
      key: 'absent',
      read(section) {
        seen.push(section);
        return null;
      },
    };
    readPluginConfigs([reader], appConfig({}));
    assert.deepEqual(seen, [undefined]);
  });

  it("stops at the first reader's mistake, with its own message", () => {
    const later: PluginConfigReader<never> = { key: 'later', read: () => assert.fail('read after a mistake') };
    assert.throws(() => readPluginConfigs([SIZE, later], appConfig({ sized: { size: 'big' } })), { message: `${FILE}: sized.size must be a number` });
  });

  it('refuses two readers of one section, and a lookup by a reader it was not given', () => {
    const twin: PluginConfigReader<number> = { key: 'sized', read: () => 1 };
    assert.throws(() => readPluginConfigs([SIZE, twin], appConfig({})), /Two plugins read the config\/plugins section "sized"/);
    assert.throws(() => readPluginConfigs([SIZE], appConfig({})).of(twin), /No plugin of this server declares the config\/plugins section "sized"/);
  });
});
