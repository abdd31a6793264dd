import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createExtensionService, type ExtensionFunctionArgument } from './extension-service.js';
import { createPluginAccessor } from './plugin-accessor.js';

describe('extension service use()', () => {
  it('keeps extensions in order, chains, and calls function forms with { strapi, tessera, nexus, typeRegistry }', () => {
    const services = { strapi: { name: 'strapi' }, tessera: { name: 'tessera' } };
    const service = createExtensionService(services);
    let received: ExtensionFunctionArgument | undefined;
    assert.equal(service.use({ typeDefs: 'type A { a: String }' }), service);
    service.use((argument) => {
      received = argument;
      return { typeDefs: 'type B { b: String }' };
    });
    assert.deepEqual(
      service.extensions().map((extension) => extension.typeDefs),
      ['type A { a: String }', 'type B { b: String }'],
    );
    assert.deepEqual(received, { strapi: services.strapi, tessera: services.tessera, nexus: undefined, typeRegistry: undefined });
    const other = { strapi: 1, tessera: 2 };
    service.extensions(other);
    assert.equal(received?.strapi, 1);
  });

  it('refuses malformed extensions with a clear error', () => {
    const service = createExtensionService();
    assert.throws(() => service.use({ typeDef: 'x' } as never), /unknown key "typeDef"/);
    assert.throws(() => service.use({ typeDefs: 1 } as never), /typeDefs must be an SDL string/);
    assert.throws(() => service.use({ types: [{}] } as never), /types must be an array of graphql-js named types/);
    assert.throws(() => service.use({ resolversConfig: { 'Query.a': { auth: true } } } as never), /auth must be false or \{ scope: string\[\] \}/);
    assert.throws(() => service.use({ resolversConfig: { 'Query.a': { policies: 'x' } } } as never), /policies must be an array/);
    assert.throws(() => service.use({ resolversConfig: { 'Query.a': { policies: [1] } } } as never), /policies items must be/);
    assert.throws(() => service.use({ resolversConfig: { 'Query.a': { polices: [] } } } as never), /unknown key "polices"/);
    assert.throws(() => service.use({ resolversConfig: { articles: {} } }), /must be "<Type>.<field>"/);
    assert.throws(() => service.use('x' as never), /use\(\) takes an object or a function/);
    service.use(() => 'nothing' as never);
    assert.throws(() => service.extensions(), /use\(\) takes an object/);
  });

  it('is reachable as plugin("graphql").service("extension")', () => {
    const service = createExtensionService();
    const plugin = createPluginAccessor(service);
    assert.equal(plugin('graphql').service('extension'), service);
    assert.throws(() => plugin('graphql').service('content-api'), /Service "content-api"/);
    assert.throws(() => plugin('i18n'), /Plugin "i18n"/);
  });
});
