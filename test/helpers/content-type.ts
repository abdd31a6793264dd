import assert from 'node:assert/strict';
import type { ContentType } from '../../src/core/schema/content-type.js';
import type { AttributeDefinition, ContentTypeDefinition } from '../../src/core/schema/definition.js';
import { buildRegistry, type SchemaRegistry } from '../../src/core/schema/registry.js';

/**
 * A frozen `api::article.article` collection type with these attributes, built through
 * buildRegistry so that it is exactly what the server would hold. `overrides` replaces parts of
 * the definition (kind, collectionName, info...), never the attributes.
 */
export function contentTypeWith(attributes: Readonly<Record<string, AttributeDefinition>>, overrides: Omit<ContentTypeDefinition, 'attributes'> = {}): ContentType {
  const [type] = registryWith(attributes, overrides).contentTypes;
  assert.ok(type);
  return type;
}

/** The registry holding only the content-type of `contentTypeWith`. */
export function registryWith(attributes: Readonly<Record<string, AttributeDefinition>>, overrides: Omit<ContentTypeDefinition, 'attributes'> = {}): SchemaRegistry {
  return buildRegistry([
    {
      uid: 'api::article.article',
      apiName: 'article',
      modelName: 'article',
      file: 'article/schema.json',
      definition: { info: { singularName: 'article', pluralName: 'articles' }, ...overrides, attributes },
    },
  ]);
}

/**
 * Asserts that `run` throws an instance of `ErrorClass` whose named properties deep-equal
 * `expected` (e.g. `{ message, details }` of a ValidationError, `{ file, problem }` of a
 * DefinitionError). The properties are compared as one object, so a failure shows every
 * difference at once.
 */
export function assertThrowsWith<E extends Error>(
  run: () => unknown,
  ErrorClass: abstract new (...args: never[]) => E,
  expected: { readonly [K in keyof E]?: unknown },
): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof ErrorClass, `expected a ${ErrorClass.name}, got ${String(error)}`);
    const actual = Object.fromEntries(Object.keys(expected).map((key) => [key, error[key as keyof E]]));
    assert.deepEqual(actual, expected);
    return true;
  });
}
