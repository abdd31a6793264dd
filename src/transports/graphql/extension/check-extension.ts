import { isNamedType } from 'graphql';
import type { GraphqlExtension, ResolverConfig } from './extension-types.js';
import { ExtensionError } from './extension-error.js';

const EXTENSION_KEYS = new Set(['types', 'typeDefs', 'plugins', 'resolvers', 'resolversConfig']);
const CONFIG_KEYS = new Set(['auth', 'policies', 'middlewares']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function fail(problem: string): never {
  throw new ExtensionError(`GraphQL extension: ${problem}`);
}

function checkResolverConfig(path: string, config: unknown): void {
  if (!isRecord(config)) fail(`resolversConfig["${path}"] must be an object`);
  for (const key of Object.keys(config)) if (!CONFIG_KEYS.has(key)) fail(`resolversConfig["${path}"] has an unknown key "${key}" (expected auth, policies, middlewares)`);
  const { auth, policies, middlewares } = config;
  if (auth !== undefined && auth !== false) {
    const scope = isRecord(auth) ? auth.scope : undefined;
    if (!Array.isArray(scope) || !scope.every((item) => typeof item === 'string')) fail(`resolversConfig["${path}"].auth must be false or { scope: string[] }`);
  }
  for (const [key, items] of [['policies', policies], ['middlewares', middlewares]] as const) {
    if (items === undefined) continue;
    if (!Array.isArray(items)) fail(`resolversConfig["${path}"].${key} must be an array`);
    for (const item of items as unknown[]) {
      const ok = typeof item === 'function' || typeof item === 'string' || (isRecord(item) && typeof item.name === 'string');
      if (!ok) fail(`resolversConfig["${path}"].${key} items must be names, { name, ${key === 'policies' ? 'config' : 'options'} } or functions`);
    }
  }
  if (!/^[_A-Za-z]\w*\.[_A-Za-z]\w*$/.test(path)) fail(`resolversConfig key "${path}" must be "<Type>.<field>"`);
}

/** Checks what `use()` receives, so that a mistake stops the start with a message instead of being ignored. */
export function checkExtension(value: unknown): GraphqlExtension {
  if (!isRecord(value)) fail('use() takes an object or a function returning one');
  for (const key of Object.keys(value)) if (!EXTENSION_KEYS.has(key)) fail(`unknown key "${key}" (expected ${[...EXTENSION_KEYS].join(', ')})`);
  const { types, typeDefs, plugins, resolvers, resolversConfig } = value;
  if (types !== undefined && (!Array.isArray(types) || !types.every((type) => isNamedType(type)))) fail('types must be an array of graphql-js named types (GraphQLObjectType, …)');
  if (typeDefs !== undefined && typeof typeDefs !== 'string') fail('typeDefs must be an SDL string');
  if (plugins !== undefined && !Array.isArray(plugins)) fail('plugins must be an array');
  if (resolvers !== undefined) {
    if (!isRecord(resolvers)) fail('resolvers must be an object { <Type>: { <field>: resolver } }');
    for (const [typeName, fields] of Object.entries(resolvers)) {
      if (!isRecord(fields)) fail(`resolvers.${typeName} must be an object (or a GraphQLScalarType)`);
    }
  }
  if (resolversConfig !== undefined) {
    if (!isRecord(resolversConfig)) fail('resolversConfig must be an object keyed by "<Type>.<field>"');
    for (const [path, config] of Object.entries(resolversConfig)) checkResolverConfig(path, config as ResolverConfig);
  }
  return value as GraphqlExtension;
}
