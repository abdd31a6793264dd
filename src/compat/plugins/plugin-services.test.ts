import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPluginServices } from './plugin-services.js';
import { enabledActions } from './users-permissions-services.js';

describe('createPluginServices', () => {
  const plugin = createPluginServices({ email: { email: { send: async () => 'sent' } } });

  it('gives the services, whose methods work as given, also once awaited or printed', async () => {
    const service = plugin('email').service('email') as { send(): Promise<string> };
    assert.equal(await service.send(), 'sent');
    assert.equal(await Promise.resolve(service), service);
    assert.match(JSON.stringify(service), /^\{\}$/);
  });

  it('names an unknown plugin, service or method and what exists', () => {
    assert.throws(() => plugin('seo'), { name: 'TypeError', message: `strapi.plugin('seo'): Tessera has no plugin "seo" (its plugins: email)` });
    assert.throws(() => plugin('email').service('provider'), { message: `strapi.plugin('email').service('provider'): the plugin email has no service "provider" in Tessera (its services: email)` });
    const service = plugin('email').service('email') as Record<string, unknown>;
    assert.throws(() => service.getProviderSettings, { message: `strapi.plugin('email').service('email').getProviderSettings is not supported by Tessera (supported: send)` });
  });
});

describe('enabledActions', () => {
  it("reads Strapi's nested permissions into action names, the enabled ones only", () => {
    const nested = {
      'api::article': { controllers: { article: { find: { enabled: true, policy: '' }, delete: { enabled: false } } } },
      'plugin::users-permissions': { controllers: { user: { me: { enabled: true } } } },
    };
    assert.deepEqual(enabledActions(nested), ['api::article.article.find', 'plugin::users-permissions.user.me']);
    assert.deepEqual(enabledActions(['api::x.x.find']), ['api::x.x.find']);
    assert.equal(enabledActions(undefined), undefined);
  });
});
