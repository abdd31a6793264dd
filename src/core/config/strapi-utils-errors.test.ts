import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CmsError } from '../shared/errors.js';
import { STRAPI_ERRORS } from './strapi-utils-errors.js';

test("@strapi/utils errors: Strapi's names, default messages and statuses", () => {
  const expected: ReadonlyArray<readonly [keyof typeof STRAPI_ERRORS, string, number, string]> = [
    ['ApplicationError', 'ApplicationError', 400, 'An application error occurred'],
    ['ValidationError', 'ValidationError', 400, 'An application error occurred'],
    ['YupValidationError', 'ValidationError', 400, 'An application error occurred'],
    ['PaginationError', 'PaginationError', 400, 'Invalid pagination'],
    ['UnauthorizedError', 'UnauthorizedError', 401, 'Unauthorized'],
    ['ForbiddenError', 'ForbiddenError', 403, 'Forbidden access'],
    ['PolicyError', 'PolicyError', 403, 'Policy Failed'],
    ['NotFoundError', 'NotFoundError', 404, 'Entity not found'],
    ['PayloadTooLargeError', 'PayloadTooLargeError', 413, 'Entity too large'],
    ['RateLimitError', 'RateLimitError', 429, 'Too many requests, please try again later.'],
    ['NotImplementedError', 'NotImplementedError', 501, 'This feature is not implemented yet'],
  ];
  for (const [key, name, status, message] of expected) {
    const error = new STRAPI_ERRORS[key]();
    assert.ok(error instanceof CmsError, key);
    assert.deepEqual([error.name, error.status, error.message, error.details], [name, status, message, {}], key);
  }
});

test('the hierarchy is Strapi\'s: every class is an ApplicationError, PolicyError a ForbiddenError', () => {
  const policy = new STRAPI_ERRORS.PolicyError('No', { rule: 1 });
  assert.ok(policy instanceof STRAPI_ERRORS.ForbiddenError);
  assert.ok(policy instanceof STRAPI_ERRORS.ApplicationError);
  assert.ok(new STRAPI_ERRORS.NotFoundError() instanceof STRAPI_ERRORS.ApplicationError);
  assert.deepEqual([policy.message, policy.details], ['No', { rule: 1 }]);
  assert.equal(STRAPI_ERRORS.PolicyError.name, 'PolicyError');
});
