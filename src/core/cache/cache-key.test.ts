import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cacheKey, stableJson } from './cache-key.js';

describe('cache key', () => {
  const base = { transport: 'rest', method: 'GET', url: '/api/articles?populate=*', role: 'public', headers: {} };
  it('differs by url, role, header and variables; variables order does not matter', () => {
    assert.notEqual(cacheKey(base), cacheKey({ ...base, url: '/api/articles?populate=author' }));
    assert.notEqual(cacheKey(base), cacheKey({ ...base, role: 'authenticated' }));
    assert.notEqual(cacheKey(base), cacheKey({ ...base, headers: { 'strapi-response-format': 'v4' } }));
    const gql = { ...base, transport: 'graphql', url: '/graphql', body: { query: 'query Q($a:Int,$b:Int){x}', operationName: 'Q', variables: { a: 1, b: 2 } } };
    assert.equal(cacheKey(gql), cacheKey({ ...gql, body: { ...gql.body, variables: { b: 2, a: 1 } } }));
    assert.notEqual(cacheKey(gql), cacheKey({ ...gql, body: { ...gql.body, variables: { a: 1, b: 3 } } }));
    assert.notEqual(cacheKey(gql), cacheKey({ ...gql, body: { ...gql.body, operationName: null } }));
  });
  it('stableJson sorts keys at every depth', () => {
    assert.equal(stableJson({ b: [{ d: 1, c: 2 }], a: null }), '{"a":null,"b":[{"c":2,"d":1}]}');
  });
});
