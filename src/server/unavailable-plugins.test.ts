import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unavailablePluginsNote } from './unavailable-plugins.js';

describe('unavailablePluginsNote', () => {
  it("names the configured plugins Tessera does not have, with a local plugin's path, and not the disabled ones", () => {
    const note = unavailablePluginsNote(
      {
        file: '/p/config/plugins.ts',
        value: {
          'users-permissions': { config: {} },
          graphql: { enabled: true },
          seo: { enabled: true },
          ckeditor: true,
          'my-plugin': { enabled: true, resolve: './src/plugins/my-plugin' },
          sentry: { enabled: false },
        },
      },
      '/p',
    );
    assert.match(note ?? '', /^config\/plugins\.ts configures plugins Tessera does not have: seo, ckeditor, my-plugin \(\.\/src\/plugins\/my-plugin\)\. Their config is ignored/);
  });

  it('says nothing when every configured plugin is one of Tessera\'s', () => {
    assert.equal(unavailablePluginsNote({ file: '/p/config/plugins.ts', value: { upload: {}, i18n: {}, email: {}, seo: { enabled: false } } }, '/p'), null);
  });
});
