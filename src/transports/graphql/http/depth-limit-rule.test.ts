import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSchema, parse, validate, type ValidationRule } from 'graphql';
import { depthLimitRule } from './depth-limit-rule.js';

const schema = buildSchema(`
  type Seo { metaTitle: String, image: Image }
  type Image { url: String, seo: Seo }
  type Article { title: String, seo: Seo, related: [Article] }
  type Query { articles: [Article], hello: String }
`);

function errors(query: string, limit: number): string[] {
  return validate(schema, parse(query), [depthLimitRule(limit)]).map((error) => error.message);
}

describe('depthLimitRule', () => {
  it('counts root fields as depth 0', () => {
    assert.deepEqual(errors('{ hello }', 1), []);
    assert.deepEqual(errors('{ articles { title } }', 1), []);
    assert.deepEqual(errors('query Deep { articles { seo { metaTitle } } }', 1), ["'Deep' exceeds maximum operation depth of 1"]);
    assert.deepEqual(errors('{ articles { seo { metaTitle } } }', 2), []);
  });

  it('names an anonymous operation by its kind, not by an empty name', () => {
    assert.deepEqual(errors('{ articles { related { related { title } } } }', 2), ['The anonymous query exceeds maximum operation depth of 2']);
    assert.deepEqual(errors('query { articles { related { related { title } } } }', 2), ['The anonymous query exceeds maximum operation depth of 2']);
  });

  it('expands fragments and inline fragments where they are spread', () => {
    const query = 'query F { articles { ...A } } fragment A on Article { seo { ... on Seo { image { url } } } }';
    assert.deepEqual(errors(query, 3), []);
    assert.deepEqual(errors(query, 2), ["'F' exceeds maximum operation depth of 2"]);
  });

  it('ignores introspection fields', () => {
    assert.deepEqual(errors('{ __schema { types { fields { type { name } } } } }', 1), []);
    // Never counted, even one level past the limit (graphql-depth-limit would count this one).
    assert.deepEqual(errors('{ articles { __typename } }', 0), []);
    assert.deepEqual(errors('{ __typename hello }', 0), []);
  });

  it('checks every operation and reports once per operation, at the first field past the limit', () => {
    const result = validate(schema, parse('query A { articles { seo { metaTitle image { url } } } } query B { hello }'), [depthLimitRule(1)]);
    assert.equal(result.length, 1);
    assert.deepEqual(result[0]?.locations, [{ line: 1, column: 28 }]);
  });

  it('survives fragment cycles (another rule reports them)', () => {
    const document = parse('{ articles { ...A } } fragment A on Article { related { ...A } }');
    assert.doesNotThrow(() => validate(schema, document, [depthLimitRule(5)]));
    // A cycle through fragments spread at one depth, with a field past the limit beside it.
    const cycle = parse('query C { articles { ...A } } fragment A on Article { ...B } fragment B on Article { ...A related { related { title } } }');
    assert.deepEqual(validate(schema, cycle, [depthLimitRule(1)]).map((error) => error.message), ["'C' exceeds maximum operation depth of 1"]);
  });

  it('measures each fragment once: n fragments each spreading the next twice cost n, not 2^n', () => {
    const count = 16;
    const fragments = Array.from({ length: count }, (_, index) => `fragment F${index} on Article { ...F${index + 1} ...F${index + 1} }`);
    const document = parse(`query Bomb { articles { ...F0 } } ${fragments.join(' ')} fragment F${count} on Article { related { title } }`);
    // Counted, not timed: walking fragments where they are spread would look them up 2^17 times.
    let lookups = 0;
    const counted = (limit: number): ValidationRule => (context) =>
      depthLimitRule(limit)(
        new Proxy(context, {
          get(target, key) {
            if (key === 'getFragment') return (name: string) => ((lookups += 1), target.getFragment(name));
            const value: unknown = Reflect.get(target, key);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        }),
      );
    assert.deepEqual(validate(schema, document, [counted(2)]), []);
    assert.deepEqual(validate(schema, document, [counted(1)]).map((error) => error.message), ["'Bomb' exceeds maximum operation depth of 1"]);
    assert.ok(lookups <= 4 * (count + 1), `${lookups} fragment lookups`);
  });
});
