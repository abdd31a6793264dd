import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pathShape, RoutePathError, toFastifyPath } from './route-path.js';

test('plain paths and named parameters keep their form', () => {
  assert.equal(toFastifyPath('/restaurants'), '/restaurants');
  assert.equal(toFastifyPath('/restaurants/:id/reservation'), '/restaurants/:id/reservation');
  assert.equal(toFastifyPath('/files/:name?'), '/files/:name?');
});

test('a regex parameter is anchored, escapes kept', () => {
  assert.equal(toFastifyPath('/articles/:id(\\d+)'), '/articles/:id(^\\d+$)');
  assert.equal(toFastifyPath('/tags/:slug([a-z-]+)/items'), '/tags/:slug(^[a-z-]+$)/items');
});

test('what Fastify cannot route is refused with the path in the message', () => {
  assert.throws(() => toFastifyPath('restaurants'), RoutePathError);
  assert.throws(() => toFastifyPath('/a/(.*)'), /outside a named parameter/);
  assert.throws(() => toFastifyPath('/a/:'), /needs a name/);
  assert.throws(() => toFastifyPath('/a/:id(\\d+'), /unclosed/);
});

test('paths differing only in parameter names have one shape', () => {
  assert.equal(pathShape('/api/articles/:id'), pathShape('/api/articles/:slug'));
  assert.notEqual(pathShape('/api/articles/:id(^\\d+$)'), pathShape('/api/articles/:slug'));
});
