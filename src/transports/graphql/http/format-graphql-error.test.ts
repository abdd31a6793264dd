import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GraphQLError, parse, Source } from 'graphql';
import { ApplicationError, ForbiddenError, NotFoundError, PaginationError, UnauthorizedError, ValidationError } from '../../../core/shared/errors.js';
import { codeOfCmsError, formatExecutionErrors, formatRequestError, formatResolverError, GraphqlRequestError, requestErrorCode, withoutSuggestion } from './format-graphql-error.js';

/** The error graphql-js makes of what a resolver threw, with a location to drop. */
function located(original: Error, path: readonly (string | number)[] = ['field']): GraphQLError {
  const node = parse('{ field }').definitions[0];
  return new GraphQLError(original.message, { nodes: node, path, originalError: original, source: new Source('{ field }') });
}

class PolicyError extends ForbiddenError {
  override readonly name = 'PolicyError' as 'ForbiddenError';
}

const noLog = (): void => assert.fail('nothing should be logged');
const SHOW = { hideSuggestions: false };
const HIDE = { hideSuggestions: true };

describe('codeOfCmsError', () => {
  it('maps names to the reference codes', () => {
    assert.equal(codeOfCmsError('ForbiddenError'), 'FORBIDDEN');
    assert.equal(codeOfCmsError('UnauthorizedError'), 'FORBIDDEN');
    assert.equal(codeOfCmsError('PolicyError'), 'FORBIDDEN');
    assert.equal(codeOfCmsError('ValidationError'), 'BAD_USER_INPUT');
    assert.equal(codeOfCmsError('NotFoundError'), 'STRAPI_NOT_FOUND_ERROR');
    assert.equal(codeOfCmsError('PaginationError'), 'STRAPI_PAGINATION_ERROR');
    assert.equal(codeOfCmsError('ApplicationError'), 'STRAPI_APPLICATION_ERROR');
  });
});

describe('formatResolverError', () => {
  it('gives our errors code, name, message and details, keeps the path and drops locations', () => {
    const formatted = formatResolverError(located(new ForbiddenError('Forbidden access'), ['articles', 0, 'author']), noLog);
    assert.deepEqual(formatted, {
      message: 'Forbidden access',
      path: ['articles', 0, 'author'],
      extensions: { code: 'FORBIDDEN', error: { name: 'ForbiddenError', message: 'Forbidden access', details: {} } },
    });
  });

  it('covers every kind of our errors', () => {
    const cases: [Error, string][] = [
      [new UnauthorizedError(), 'FORBIDDEN'],
      [new PolicyError('Policy Failed'), 'FORBIDDEN'],
      [ValidationError.invalidKey('hidden', { source: 'query' }), 'BAD_USER_INPUT'],
      [new NotFoundError('Document not found'), 'STRAPI_NOT_FOUND_ERROR'],
      [new PaginationError(), 'STRAPI_PAGINATION_ERROR'],
      [new ApplicationError('Email or Username are already taken'), 'STRAPI_APPLICATION_ERROR'],
    ];
    for (const [error, code] of cases) {
      const formatted = formatResolverError(located(error), noLog);
      assert.equal(formatted.extensions?.code, code, error.name);
      assert.deepEqual((formatted.extensions?.error as { name: string }).name, error.name);
      assert.equal(formatted.locations, undefined);
    }
  });

  it('drops details that cannot be serialized', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const formatted = formatResolverError(located(new ValidationError('bad', cyclic)), noLog);
    assert.deepEqual((formatted.extensions?.error as { details: unknown }).details, {});
  });

  it('keeps a GraphQL error raised on purpose as it is', () => {
    const own = new GraphQLError('Teapot', { extensions: { code: 'I_AM_A_TEAPOT' } });
    const formatted = formatResolverError(located(own), noLog);
    assert.equal(formatted.message, 'Teapot');
    assert.equal(formatted.extensions?.code, 'I_AM_A_TEAPOT');
    const plain = formatResolverError(located(new GraphQLError('No code')), noLog);
    assert.equal(plain.extensions?.code, 'INTERNAL_SERVER_ERROR');
    assert.equal(plain.message, 'No code');
  });

  it('hides anything else behind "Internal Server Error" and logs the cause', () => {
    const logged: unknown[] = [];
    const cause = new Error('connection string postgres://secret');
    const formatted = formatResolverError(located(cause), (error) => logged.push(error));
    assert.deepEqual(formatted, {
      message: 'Internal Server Error',
      path: ['field'],
      extensions: { code: 'INTERNAL_SERVER_ERROR', error: { name: 'InternalServerError', message: 'Internal Server Error', details: {} } },
    });
    assert.deepEqual(logged, [cause]);
  });
});

describe('formatExecutionErrors', () => {
  it('keeps HTTP 200 for resolver errors, with data null', () => {
    const result = formatExecutionErrors({ data: null, errors: [located(new ForbiddenError('Forbidden access'))] }, noLog, SHOW);
    assert.equal(result.statusCode, 200);
    assert.equal(result.response.data, null);
  });

  it('makes a result without data (variables, operation name) a 400', () => {
    const variable = new GraphQLError('Variable "$n" of required type "Int!" was not provided.');
    const result = formatExecutionErrors({ errors: [variable] }, noLog, SHOW);
    assert.equal(result.statusCode, 400);
    assert.equal(result.response.errors[0]?.extensions?.code, 'BAD_USER_INPUT');
    assert.equal('data' in result.response && result.response.data !== undefined, false);
  });
});

describe('requestErrorCode', () => {
  it('tells parse, validation, variable and operation errors apart', () => {
    assert.equal(requestErrorCode(new GraphQLError('Syntax Error: Expected Name, found <EOF>.')), 'GRAPHQL_PARSE_FAILED');
    assert.equal(requestErrorCode(new GraphQLError('Cannot query field "nope" on type "Query".')), 'GRAPHQL_VALIDATION_FAILED');
    assert.equal(requestErrorCode(new GraphQLError('Variable "$n" is never used.')), 'GRAPHQL_VALIDATION_FAILED');
    assert.equal(requestErrorCode(new GraphQLError('Variable "$n" got invalid value "x"; Int cannot represent non-integer value: "x"')), 'BAD_USER_INPUT');
    assert.equal(requestErrorCode(new GraphQLError('Variable "$n" of non-null type "Int!" must not be null.')), 'BAD_USER_INPUT');
    assert.equal(requestErrorCode(new GraphQLError('Unknown operation named "B".')), 'OPERATION_RESOLUTION_FAILURE');
    assert.equal(requestErrorCode(new Error('body/query must be string')), 'BAD_REQUEST');
  });
});

describe('formatRequestError', () => {
  it('answers mercurius request errors and ours, and leaves the rest to the application', () => {
    const validation = Object.assign(new Error('Graphql validation error'), { code: 'MER_ERR_GQL_VALIDATION', statusCode: 400, errors: [new GraphQLError('Syntax Error: Unexpected <EOF>.')] });
    assert.deepEqual(formatRequestError(validation, SHOW), { statusCode: 400, response: { errors: [{ message: 'Syntax Error: Unexpected <EOF>.', extensions: { code: 'GRAPHQL_PARSE_FAILED' } }] } });
    const csrf = Object.assign(new Error('This operation has been blocked as a potential Cross-Site Request Forgery (CSRF).'), { code: 'MER_ERR_GQL_CSRF_PREVENTION', statusCode: 400 });
    assert.equal(formatRequestError(csrf, SHOW)?.response.errors[0]?.extensions?.code, 'BAD_REQUEST');
    assert.equal(formatRequestError(new GraphqlRequestError('Operation batching disabled.'), SHOW)?.statusCode, 400);
    assert.equal(formatRequestError(new UnauthorizedError('Missing or invalid credentials'), SHOW), null);
    assert.equal(formatRequestError(new Error('boom'), SHOW), null);
  });
});

describe('suggestions', () => {
  it('withoutSuggestion cuts the last "Did you mean …?" only, whatever its form', () => {
    assert.equal(withoutSuggestion('Cannot query field "titl" on type "Article". Did you mean "title"?'), 'Cannot query field "titl" on type "Article".');
    assert.equal(withoutSuggestion('Unknown type "Artcle". Did you mean "Article", "Author", or "Tag"?'), 'Unknown type "Artcle".');
    assert.equal(withoutSuggestion('Value "DRAF" does not exist in "PublicationStatus" enum. Did you mean the enum value "DRAFT"?'), 'Value "DRAF" does not exist in "PublicationStatus" enum.');
    // The client's own text before the suggestion stays as sent.
    assert.equal(
      withoutSuggestion('Variable "$x" got invalid value { "a Did you mean b?": 1 }; Field "a Did you mean b?" is not defined by type "In". Did you mean "ab"?'),
      'Variable "$x" got invalid value { "a Did you mean b?": 1 }; Field "a Did you mean b?" is not defined by type "In".',
    );
    assert.equal(withoutSuggestion('Cannot query field "x" on type "Query".'), 'Cannot query field "x" on type "Query".');
  });

  it('are left out of request errors when hidden, kept otherwise', () => {
    const variable = new GraphQLError('Variable "$s" got invalid value "DRAF"; Value "DRAF" does not exist in "PublicationStatus" enum. Did you mean the enum value "DRAFT"?');
    assert.equal(formatExecutionErrors({ errors: [variable] }, noLog, HIDE).response.errors[0]?.message, 'Variable "$s" got invalid value "DRAF"; Value "DRAF" does not exist in "PublicationStatus" enum.');
    assert.equal(formatExecutionErrors({ errors: [variable] }, noLog, SHOW).response.errors[0]?.message, variable.message);
    const validation = Object.assign(new Error('Graphql validation error'), { code: 'MER_ERR_GQL_VALIDATION', statusCode: 400, errors: [new GraphQLError('Unknown argument "filtrs" on field "Query.articles". Did you mean "filters"?')] });
    assert.equal(formatRequestError(validation, HIDE)?.response.errors[0]?.message, 'Unknown argument "filtrs" on field "Query.articles".');
  });
});
