import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AppConfig } from '../../core/config/app-config.js';
import { DefinitionError } from '../../core/shared/errors.js';
import { readGraphqlConfig, V4_COMPATIBILITY_ENV } from './graphql-config.js';

const FILE = '/project/config/plugins.ts';

function configWith(env: Record<string, string> = {}): AppConfig {
  return { production: false, env } as unknown as AppConfig;
}

/** The graphql section of config/plugins as its reader gets it. */
const read = (graphqlConfig: Record<string, unknown> | undefined, env?: Record<string, string>) =>
  readGraphqlConfig(graphqlConfig === undefined ? undefined : { config: graphqlConfig }, FILE, configWith(env));

const shapeOf = (graphqlConfig: Record<string, unknown> | undefined, env?: Record<string, string>) => read(graphqlConfig, env).shape;

function refused(graphqlConfig: Record<string, unknown>, message: RegExp, env?: Record<string, string>): void {
  assert.throws(
    () => read(graphqlConfig, env),
    (error: unknown) => error instanceof DefinitionError && error.file === FILE && message.test(error.problem),
  );
}

describe('graphql config: the schema shape', () => {
  it("is Strapi 5's flat shape by default", () => {
    assert.equal(shapeOf(undefined), 'flat');
    assert.equal(shapeOf({}), 'flat');
    assert.equal(shapeOf({ depthLimit: 5 }), 'flat');
  });

  it("is the entity shape with Strapi's key v4CompatibilityMode: true, flat with false", () => {
    assert.equal(shapeOf({ v4CompatibilityMode: true }), 'entity');
    assert.equal(shapeOf({ v4CompatibilityMode: false }), 'flat');
  });

  it('takes shape as an alias, alone or agreeing with v4CompatibilityMode', () => {
    assert.equal(shapeOf({ shape: 'entity' }), 'entity');
    assert.equal(shapeOf({ shape: 'flat' }), 'flat');
    assert.equal(shapeOf({ shape: 'entity', v4CompatibilityMode: true }), 'entity');
    assert.equal(shapeOf({ shape: 'flat', v4CompatibilityMode: false }), 'flat');
  });

  it('refuses the two keys when they disagree, naming both', () => {
    refused({ shape: 'flat', v4CompatibilityMode: true }, /^graphql\.config\.shape: "flat" and graphql\.config\.v4CompatibilityMode: true disagree/);
    refused({ shape: 'entity', v4CompatibilityMode: false }, /^graphql\.config\.shape: "entity" and graphql\.config\.v4CompatibilityMode: false disagree/);
  });

  it('refuses a v4CompatibilityMode that is not a boolean', () => {
    for (const value of [1, 0, 'yes', 'TRUE', null, {}, []]) {
      refused({ v4CompatibilityMode: value }, /^graphql\.config\.v4CompatibilityMode must be true or false, not /);
    }
    refused({ shape: 'v4' }, /^graphql\.config\.shape must be "entity" or "flat"$/);
  });

  it('takes the strings "true" and "false", which the documented `process.env.… ?? false` passes through', () => {
    assert.equal(shapeOf({ v4CompatibilityMode: 'true' }), 'entity');
    assert.equal(shapeOf({ v4CompatibilityMode: 'false' }), 'flat');
  });

  it(`reads ${V4_COMPATIBILITY_ENV} when the key is not set, as Strapi's default config does`, () => {
    assert.equal(shapeOf({}, { [V4_COMPATIBILITY_ENV]: 'true' }), 'entity');
    assert.equal(shapeOf(undefined, { [V4_COMPATIBILITY_ENV]: 'true' }), 'entity');
    assert.equal(shapeOf({}, { [V4_COMPATIBILITY_ENV]: 'false' }), 'flat');
    assert.equal(shapeOf({}, { [V4_COMPATIBILITY_ENV]: '' }), 'flat');
    // The key wins over the variable.
    assert.equal(shapeOf({ v4CompatibilityMode: false }, { [V4_COMPATIBILITY_ENV]: 'true' }), 'flat');
    // `shape` is the key under another name: the variable is only its default.
    assert.equal(shapeOf({ shape: 'flat' }, { [V4_COMPATIBILITY_ENV]: 'true' }), 'flat');
    refused({}, new RegExp(`^${V4_COMPATIBILITY_ENV} \\(the default of graphql\\.config\\.v4CompatibilityMode\\) must be true or false, not "1"$`), { [V4_COMPATIBILITY_ENV]: '1' });
  });
});
