import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixturePath } from '../../../test/helpers/test-app.js';
import { DEFAULT_REST_CONFIG } from '../config/app-config.js';
import { staticLocaleCatalog } from '../query/locale-catalog.js';
import { loadRegistry } from '../schema/load-definitions.js';
import { ForbiddenError, ValidationError } from '../shared/errors.js';
import { authorizeRead, type ReadRequest } from './authorize-read.js';
import { contentPermission, type PermissionName } from './permission-names.js';

const registry = await loadRegistry(fixturePath('relations'));
const article = registry.get('api::article.article')!;
const parse = { rest: DEFAULT_REST_CONFIG, registry, locales: staticLocaleCatalog(['en'], 'en') };
const FIND_ARTICLES = contentPermission('api::article.article', 'find');

/** A caller holding exactly these permissions; every permission asked is recorded. */
function caller(...granted: PermissionName[]): { can: ReadRequest['can']; asked: PermissionName[] } {
  const asked: PermissionName[] = [];
  return { asked, can: (permission) => (asked.push(permission), granted.includes(permission)) };
}

describe('authorizeRead', () => {
  it('checks the entry point’s permission before reading the query: 403, even for a query that would be a 400', () => {
    const { can } = caller();
    assert.throws(() => authorizeRead({ can, permission: FIND_ARTICLES, contentType: article, query: { filters: { nope: 1 } }, parse }), ForbiddenError);
  });

  it('with the permission: the parsed query, relations the caller may not find pruned from populate', () => {
    const { can, asked } = caller(FIND_ARTICLES, contentPermission('api::category.category', 'find'));
    const query = authorizeRead({ can, permission: FIND_ARTICLES, contentType: article, query: { populate: ['author', 'categories'] }, parse });
    assert.deepEqual(query.populate.map((node) => (node.kind === 'relation' ? node.attribute.name : node.kind)), ['categories']);
    assert.ok(asked.includes(contentPermission('api::author.author', 'find')), 'the target’s find permission is what is asked');
  });

  it('filters and sorts through a relation the caller may not find → 400 Invalid key <attribute>', () => {
    const { can } = caller(FIND_ARTICLES);
    for (const [query, param] of [[{ filters: { author: { name: { $eq: 'Ann' } } } }, 'filters'], [{ sort: 'author.name' }, 'sort']] as const) {
      assert.throws(
        () => authorizeRead({ can, permission: FIND_ARTICLES, contentType: article, query, parse }),
        (error: unknown) => error instanceof ValidationError && error.message === 'Invalid key author' && (error.details as { param?: string }).param === param,
      );
    }
  });

  it('checked-by-transport: no entry-point check, the linked checks still apply', () => {
    const { can, asked } = caller();
    assert.equal(authorizeRead({ can, permission: 'checked-by-transport', contentType: article, query: {}, parse }).contentType, article);
    assert.deepEqual(asked, []);
    assert.throws(() => authorizeRead({ can, permission: 'checked-by-transport', contentType: article, query: { sort: 'author.name' }, parse }), ValidationError);
  });
});
