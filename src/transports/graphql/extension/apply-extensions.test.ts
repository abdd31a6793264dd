import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GraphQLSchema} from 'graphql';
import { GraphQLObjectType, GraphQLString, buildSchema, graphql, printSchema, type GraphQLResolveInfo } from 'graphql';
import type { AuthService } from '../../../core/auth/auth-service.js';
import { PUBLIC_PRINCIPAL, type Principal } from '../../../core/auth/principal.js';
import { ForbiddenError, NotFoundError } from '../../../core/shared/errors.js';
import type { GraphqlRequestContext } from '../graphql-context.js';
import { ExtensionError } from './extension-error.js';
import { applyExtensions, type ApplyExtensionsOptions } from './apply-extensions.js';
import { BUILT_IN_POLICIES } from './built-in-policies.js';
import type { GeneratedSchema, GraphqlExtension, MiddlewareFactory, PolicyContext, PolicyFunction } from './extension-types.js';
import { PolicyError } from './policy-error.js';

const USER: Principal = { kind: 'user', userId: 1, documentId: 'u1', roleId: 1, roleType: 'authenticated' };
const PUBLIC_CAN = new Set(['api::article.article.find']);
const USER_CAN = new Set(['api::article.article.find', 'api::article.article.findOne', 'api::article.article.create']);

const auth: AuthService = {
  authenticate: () => Promise.reject(new Error('not used')),
  can: (principal, action) => (principal.kind === 'public' ? PUBLIC_CAN : USER_CAN).has(action),
  permissionsChanged: () => Promise.resolve(),
  reloadPermissions: () => Promise.resolve(),
};

/** A stand-in for the generated schema: resolvers that check nothing, and the scopes they need. */
function generated(): GeneratedSchema {
  const schema = buildSchema(`
    type Category { name: String }
    type Article { title: String category: Category }
    type Query { articles: [Article] article(id: ID!): Article me: String }
    type Mutation { createArticle(title: String!): Article login: String }
  `);
  const article = { title: 'Hello', category: { name: 'News' } };
  const resolvers: Record<string, Record<string, (...args: never[]) => unknown>> = {
    Query: { articles: () => [article], article: () => article, me: () => 'me' },
    Mutation: { createArticle: (_: unknown, args: { title: string }) => ({ title: args.title }), login: () => 'jwt' },
  };
  for (const [typeName, fields] of Object.entries(resolvers)) {
    const type = schema.getType(typeName) as GraphQLObjectType;
    for (const [name, resolve] of Object.entries(fields)) {
      const field = type.getFields()[name];
      if (field) field.resolve = resolve as never;
    }
  }
  return {
    schema,
    scopes: new Map([
      ['Query.articles', ['api::article.article.find']],
      ['Query.article', ['api::article.article.findOne']],
      ['Mutation.createArticle', ['api::article.article.create']],
      ['Article.category', ['api::category.category.find']],
    ]),
    open: new Set(['Mutation.login']),
  };
}

function options(overrides: Partial<ApplyExtensionsOptions> = {}): ApplyExtensionsOptions {
  return { auth, policies: BUILT_IN_POLICIES, middlewares: new Map(), services: { strapi: 'strapi', tessera: 'tessera' }, ...overrides };
}

function context(principal: Principal = PUBLIC_PRINCIPAL): GraphqlRequestContext {
  return { principal, request: {} as never, reply: {} as never, state: {} };
}

async function run(schema: GraphQLSchema, source: string, principal?: Principal) {
  const result = await graphql({ schema, source, contextValue: context(principal) });
  // graphql-js answers with null-prototype objects; plain ones compare with deepEqual.
  return { data: JSON.parse(JSON.stringify(result.data ?? null)) as Record<string, unknown> | null, errors: (result.errors ?? []).map((error) => error.originalError ?? error) };
}

describe('applyExtensions: authorization', () => {
  it('checks generated scopes on root and nested fields, and needs an authenticated caller on unscoped roots', async () => {
    const schema = applyExtensions(generated(), [], options());
    assert.deepEqual((await run(schema, '{ articles { title } }')).data, { articles: [{ title: 'Hello' }] });
    const one = await run(schema, '{ article(id: "1") { title } }');
    assert.ok(one.errors[0] instanceof ForbiddenError);
    assert.equal(one.errors[0].message, 'Forbidden access');
    assert.deepEqual((await run(schema, '{ article(id: "1") { title } }', USER)).data, { article: { title: 'Hello' } });
    // A nested relation the caller may not find errors on that field, not on the root.
    const nested = await run(schema, '{ articles { title category { name } } }', USER);
    assert.deepEqual(nested.data, { articles: [{ title: 'Hello', category: null }] });
    assert.ok(nested.errors[0] instanceof ForbiddenError);
    assert.ok((await run(schema, '{ me }')).errors[0] instanceof ForbiddenError);
    assert.deepEqual((await run(schema, '{ me }', USER)).data, { me: 'me' });
    assert.deepEqual((await run(schema, 'mutation { login }')).data, { login: 'jwt' });
  });

  it('treats an API token as authenticated on unscoped roots', async () => {
    const schema = applyExtensions(generated(), [], options());
    const token: Principal = { kind: 'api-token', tokenId: 1, tokenType: 'read-only', actions: [] };
    assert.deepEqual((await run(schema, '{ me }', token)).data, { me: 'me' });
  });

  it('honours auth: false and auth: { scope } over the generated scope', async () => {
    const schema = applyExtensions(
      generated(),
      [{ resolversConfig: { 'Query.article': { auth: false }, 'Query.articles': { auth: { scope: ['api::article.article.create'] } }, 'Query.me': { auth: { scope: ['api::article.article.find'] } } } }],
      options(),
    );
    assert.deepEqual((await run(schema, '{ article(id: "1") { title } }')).data, { article: { title: 'Hello' } });
    assert.ok((await run(schema, '{ articles { title } }')).errors[0] instanceof ForbiddenError);
    assert.deepEqual((await run(schema, '{ articles { title } }', USER)).data, { articles: [{ title: 'Hello' }] });
    assert.deepEqual((await run(schema, '{ me }')).data, { me: 'me' });
  });

  it('leaves the generated schema untouched (it can be extended again)', async () => {
    const base = generated();
    applyExtensions(base, [{ resolvers: { Query: { me: () => 'changed' } } }], options());
    const again = applyExtensions(base, [], options());
    assert.deepEqual((await run(again, '{ me }', USER)).data, { me: 'me' });
  });
});

describe('applyExtensions: policies', () => {
  const policies = new Map<string, PolicyFunction>([
    ...BUILT_IN_POLICIES,
    ['global::allow', () => true],
    ['global::deny', () => false],
    ['global::has-title', (ctx, config) => ctx.args.title === (config as { title: string }).title],
    ['global::throws', () => { throw new TypeError('bug'); }],
    ['global::not-found', () => { throw new NotFoundError('Nope'); }],
  ]);
  const withPolicies = (items: NonNullable<GraphqlExtension['resolversConfig']>[string]['policies']) =>
    applyExtensions(generated(), [{ resolversConfig: { 'Mutation.createArticle': { policies: items } } }], options({ policies }));
  const create = 'mutation { createArticle(title: "T") { title } }';

  it('runs names, { name, config } and inline functions', async () => {
    assert.deepEqual((await run(withPolicies(['global::allow']), create, USER)).data, { createArticle: { title: 'T' } });
    assert.deepEqual((await run(withPolicies([{ name: 'global::has-title', config: { title: 'T' } }]), create, USER)).data, { createArticle: { title: 'T' } });
    let seen: { context: PolicyContext; services: unknown } | undefined;
    const inline = (ctx: PolicyContext, services: unknown) => {
      seen = { context: ctx, services };
      return undefined;
    };
    assert.deepEqual((await run(withPolicies([inline]), create, USER)).data, { createArticle: { title: 'T' } });
    assert.equal(seen?.context.type, 'graphql');
    assert.equal(seen?.context.is('graphql'), true);
    assert.equal(seen?.context.is('koa'), false);
    assert.deepEqual(seen?.context.args, { title: 'T' });
    assert.equal(seen?.context.state, seen?.context.context.state);
    assert.equal((seen?.context.info as GraphQLResolveInfo).fieldName, 'createArticle');
    assert.deepEqual(seen?.services, { strapi: 'strapi', tessera: 'tessera' });
  });

  it('refuses with PolicyError unless true/undefined; a thrown CmsError passes through', async () => {
    for (const items of [['global::deny'], [{ name: 'global::has-title', config: { title: 'other' } }], [() => 'yes'], ['global::throws'], ['global::allow', 'global::deny']]) {
      const result = await run(withPolicies(items as never), create, USER);
      assert.deepEqual(result.data, { createArticle: null });
      assert.ok(result.errors[0] instanceof PolicyError);
      assert.equal(result.errors[0].message, 'Policy Failed');
      assert.equal((result.errors[0] as PolicyError).status, 403);
    }
    const thrown = await run(withPolicies(['global::not-found']), create, USER);
    assert.ok(thrown.errors[0] instanceof NotFoundError);
  });

  it('has the built-in isAuthenticated policy', async () => {
    const schema = applyExtensions(generated(), [{ resolversConfig: { 'Query.articles': { policies: ['plugin::users-permissions.isAuthenticated'] } } }], options());
    assert.ok((await run(schema, '{ articles { title } }')).errors[0] instanceof PolicyError);
    assert.deepEqual((await run(schema, '{ articles { title } }', USER)).data, { articles: [{ title: 'Hello' }] });
  });

  it('refuses an unknown policy name at start', () => {
    // Each names the policy, where it is named, and where it was expected or what exists.
    assert.throws(
      () => withPolicies(['global::missing']),
      (error: unknown) =>
        error instanceof ExtensionError &&
        error.message === 'GraphQL extension: resolversConfig["Mutation.createArticle"].policies names the policy "global::missing", which does not exist: add the file src/policies/missing.ts (or .js, .mjs) to the project, exporting (policyContext, config, { strapi }) => boolean',
    );
    assert.throws(() => withPolicies(['plugin::users-permissions.isAdmin']), /names the policy "plugin::users-permissions\.isAdmin", which does not exist: policy names are "global::<file name>" for the files of src\/policies\/, or one of the registered policies \(.*"global::allow".*"plugin::users-permissions\.isAuthenticated"\)$/);
  });
});

describe('applyExtensions: middlewares and order', () => {
  it('runs auth → middlewares in order → policies → resolver', async () => {
    const trace: string[] = [];
    const middlewares = new Map<string, MiddlewareFactory>([
      ['global::named', (opts) => async (next, parent, args, ctx, info) => {
        trace.push(`named:${JSON.stringify(opts)}`);
        return next(parent, args, ctx, info);
      }],
      ['global::exclaim', (opts) => async (next, parent, args, ctx, info) => {
        trace.push('exclaim');
        return `${String(await next(parent, args, ctx, info))}${(opts as { suffix?: string }).suffix ?? '!'}`;
      }],
    ]);
    const countingAuth: AuthService = { ...auth, can: (principal, action) => (trace.push('auth'), auth.can(principal, action)) };
    const schema = applyExtensions(
      generated(),
      [{
        typeDefs: 'extend type Query { hello: String }',
        resolvers: { Query: { hello: { resolve: () => (trace.push('resolver'), 'world') } } },
        resolversConfig: {
          'Query.hello': {
            auth: { scope: ['api::article.article.find'] },
            middlewares: [(next, parent, args, ctx, info) => (trace.push('fn'), next(parent, args, ctx, info)), 'global::named', { name: 'global::exclaim', options: { suffix: '?' } }],
            policies: [() => (trace.push('policy'), true)],
          },
        },
      }],
      options({ middlewares, auth: countingAuth }),
    );
    assert.deepEqual((await run(schema, '{ hello }')).data, { hello: 'world?' });
    assert.deepEqual(trace, ['auth', 'fn', 'named:{}', 'exclaim', 'policy', 'resolver']);
    trace.length = 0;
    const refused = await run(applyExtensions(generated(), [{ resolversConfig: { 'Query.me': { middlewares: ['global::named'] } } }], options({ middlewares })), '{ me }');
    assert.ok(refused.errors[0] instanceof ForbiddenError);
    assert.deepEqual(trace, [], 'a refused call reaches no middleware');
  });

  it('refuses an unknown middleware or a factory that returns no function at start', () => {
    assert.throws(() => applyExtensions(generated(), [{ resolversConfig: { 'Query.me': { middlewares: ['global::nope'] } } }], options()), (error: unknown) => error instanceof ExtensionError && /resolversConfig\["Query\.me"\]\.middlewares names the middleware "global::nope", which does not exist: add the file src\/middlewares\/nope\.ts \(or \.js, \.mjs\)/.test(error.message));
    const middlewares = new Map<string, MiddlewareFactory>([['global::bad', () => 'x' as never]]);
    assert.throws(() => applyExtensions(generated(), [{ resolversConfig: { 'Query.me': { middlewares: ['global::bad'] } } }], options({ middlewares })), /must return a function/);
  });

  it('wraps nested fields with a config, using the default resolver when there is none', async () => {
    const schema = applyExtensions(generated(), [{ resolversConfig: { 'Article.title': { middlewares: [async (next, ...rest) => String(await next(...rest)).toUpperCase()] } } }], options());
    assert.deepEqual((await run(schema, '{ articles { title } }')).data, { articles: [{ title: 'HELLO' }] });
  });
});

describe('applyExtensions: types, typeDefs and resolvers', () => {
  it('merges SDL (new types, extend type, redeclared root types) and applies resolvers over generated ones', async () => {
    const schema = applyExtensions(
      generated(),
      [
        { typeDefs: 'type Greeting { text: String } type Query { greeting: Greeting articles: [Article] }', resolvers: { Query: { greeting: () => ({ text: 'hi' }) } } },
        { typeDefs: 'extend type Article { slug: String }', resolvers: { Article: { slug: (parent: { title: string }) => parent.title.toLowerCase() }, Query: { me: () => 'first' } } },
        { resolvers: { Query: { me: () => 'later wins' } } },
      ],
      options(),
    );
    assert.deepEqual((await run(schema, '{ greeting { text } }', USER)).data, { greeting: { text: 'hi' } });
    assert.deepEqual((await run(schema, '{ articles { slug } }')).data, { articles: [{ slug: 'hello' }] });
    assert.deepEqual((await run(schema, '{ me }', USER)).data, { me: 'later wins' });
    assert.ok((await run(schema, '{ greeting { text } }')).errors[0] instanceof ForbiddenError, 'a new root field needs an authenticated caller');
  });

  it('adds graphql-js types', () => {
    const extra = new GraphQLObjectType({ name: 'Extra', fields: { value: { type: GraphQLString } } });
    const schema = applyExtensions(generated(), [{ types: [extra], typeDefs: 'extend type Query { extra: Extra }' }], options());
    assert.match(printSchema(schema), /type Extra \{\n {2}value: String\n\}/);
    assert.match(printSchema(schema), /extra: Extra/);
  });

  it('refuses bad SDL, a conflicting redeclaration, and resolvers or configs for missing fields, at start', () => {
    assert.throws(() => applyExtensions(generated(), [{ typeDefs: 'type {' }], options()), /^GraphqlExtensionError: GraphQL extension typeDefs: Syntax Error/);
    assert.throws(() => applyExtensions(generated(), [{ typeDefs: 'extend type Query { x: Nope }' }], options()), /GraphQL extension typeDefs: Unknown type "Nope"/);
    assert.throws(() => applyExtensions(generated(), [{ typeDefs: 'type Query { me: Int }' }], options()), /Query.me is already in the schema as String, not Int/);
    assert.throws(() => applyExtensions(generated(), [{ resolvers: { Query: { nope: () => 1 } } }], options()), /resolvers: Query.nope is not a field/);
    assert.throws(() => applyExtensions(generated(), [{ resolvers: { Query: { me: 1 } } }], options()), /must be a function or \{ resolve \}/);
    assert.throws(() => applyExtensions(generated(), [{ resolversConfig: { 'Query.nope': { auth: false } } }], options()), /resolversConfig: Query.nope is not a field/);
    const duplicate = new GraphQLObjectType({ name: 'Article', fields: { x: { type: GraphQLString } } });
    assert.throws(() => applyExtensions(generated(), [{ types: [duplicate] }], options()), /GraphQL extension: types: .*Article/);
  });

  it('lets the first registered resolversConfig win per key', async () => {
    const schema = applyExtensions(generated(), [{ resolversConfig: { 'Query.article': { auth: false } } }, { resolversConfig: { 'Query.article': { auth: { scope: ['x'] }, policies: [() => false] } } }], options());
    const result = await run(schema, '{ article(id: "1") { title } }');
    assert.ok(result.errors[0] instanceof PolicyError, 'auth from the first, policies from the second');
  });
});
