import { GraphQLError, type ExecutionResult, type GraphQLFormattedError } from 'graphql';
import { CmsError } from '../../../core/shared/errors.js';

/** What a GraphQL response carries when something failed. */
export interface GraphqlErrorResponse {
  readonly statusCode: number;
  readonly response: { readonly data?: ExecutionResult['data']; readonly errors: readonly GraphQLFormattedError[] };
}

/** Where an internal error's real cause goes (the request's logger). */
export type ErrorLogger = (error: unknown) => void;

/** How this endpoint words errors. */
export interface GraphqlErrorOptions {
  /**
   * Leave out graphql-js' "Did you mean …?" suggestions, which name fields, arguments, types
   * and enum values of the schema: on where introspection is off, or they would tell the schema
   * piece by piece.
   */
  readonly hideSuggestions: boolean;
}

const SUGGESTION = ' Did you mean ';

/**
 * A message without graphql-js' suggestion, which it always appends last (`didYouMean`:
 * ` Did you mean "a", "b", or "c"?`, `… the enum value "X"?`, `… to use an inline fragment on
 * "T"?`). Validation is told not to make them (`hideSuggestions`); this catches the messages
 * made where no option reaches: variable values coerced by mercurius, graphql-js' executor and
 * graphql-jit's compiled code (enum `parseValue`, unknown input fields). The last occurrence is
 * the suggestion: what comes before it may quote the client's own input.
 */
export function withoutSuggestion(message: string): string {
  const at = message.lastIndexOf(SUGGESTION);
  return at !== -1 && message.endsWith('?') ? message.slice(0, at) : message;
}

function worded(formatted: GraphQLFormattedError, options: GraphqlErrorOptions): GraphQLFormattedError {
  if (!options.hideSuggestions) return formatted;
  const message = withoutSuggestion(formatted.message);
  return message === formatted.message ? formatted : { ...formatted, message };
}

const FORBIDDEN_NAMES: ReadonlySet<string> = new Set(['ForbiddenError', 'UnauthorizedError', 'PolicyError']);

/** `NotFoundError` → `STRAPI_NOT_FOUND_ERROR`, as the reference's codes. */
function snakeCode(name: string): string {
  return `STRAPI_${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;
}

/** Our errors (and a policy's refusal, whatever module raised it) carry name, message and details to the client. */
function isClientError(error: unknown): error is Error & { details?: unknown } {
  return error instanceof CmsError || (error instanceof Error && error.name === 'PolicyError');
}

function safeDetails(details: unknown): unknown {
  if (details === undefined || details === null) return {};
  try {
    JSON.stringify(details);
    return details;
  } catch {
    return {};
  }
}

export function codeOfCmsError(name: string): string {
  if (FORBIDDEN_NAMES.has(name)) return 'FORBIDDEN';
  if (name === 'ValidationError') return 'BAD_USER_INPUT';
  return snakeCode(name);
}

function withCode(error: GraphQLError, fallback: string): GraphQLFormattedError {
  const formatted = error.toJSON();
  if (typeof formatted.extensions?.code === 'string') return formatted;
  return { ...formatted, extensions: { ...formatted.extensions, code: fallback } };
}

/**
 * One error of an executed operation (a resolver threw) → the reference's shape §9:
 * `{ message, path, extensions: { code, error: { name, message, details } } }`, `locations`
 * dropped. GraphQL errors raised on purpose keep their own code; anything unexpected is an
 * "Internal Server Error" whose real cause goes to the log only.
 */
export function formatResolverError(error: GraphQLError, log: ErrorLogger): GraphQLFormattedError {
  const original = error.originalError;
  const path = error.path ? { path: error.path } : {};
  if (isClientError(original)) {
    const details = safeDetails(original.details);
    return { message: original.message, ...path, extensions: { code: codeOfCmsError(original.name), error: { name: original.name, message: original.message, details } } };
  }
  // Raised by graphql-js itself, by a resolver on purpose, or added by a hook: the client may see it.
  if (original === undefined || original === null || original instanceof GraphQLError) return withCode(error, 'INTERNAL_SERVER_ERROR');
  // mercurius' ErrorWithProps (and any error carrying its own GraphQL code) is raised for the client too.
  const own = (original as { extensions?: unknown }).extensions;
  if (own !== null && typeof own === 'object' && typeof (own as { code?: unknown }).code === 'string') return withCode(error, 'INTERNAL_SERVER_ERROR');
  log(original);
  return {
    message: 'Internal Server Error',
    ...path,
    extensions: { code: 'INTERNAL_SERVER_ERROR', error: { name: 'InternalServerError', message: 'Internal Server Error', details: {} } },
  };
}

/** graphql-js' messages for variable values that cannot be coerced (`getVariableValues`); validation rules never word theirs so. */
const VARIABLE_VALUE = /^Variable "\$[^"]+" (?:got invalid value|of required type "[^"]*" was not provided\.|of non-null type "[^"]*" must not be null\.|expected value of type)|^Too many errors processing variables/;
const OPERATION_RESOLUTION = /^(?:Must provide an operation\.|Must provide operation name if query contains multiple operations\.|Unknown operation named )/;

/** The code of an error found before execution: by the parser, the validation rules or variable coercion. */
export function requestErrorCode(error: { readonly message: string }): string {
  if (error.message.startsWith('Syntax Error:')) return 'GRAPHQL_PARSE_FAILED';
  if (VARIABLE_VALUE.test(error.message)) return 'BAD_USER_INPUT';
  if (OPERATION_RESOLUTION.test(error.message)) return 'OPERATION_RESOLUTION_FAILURE';
  if (error instanceof GraphQLError) return 'GRAPHQL_VALIDATION_FAILED';
  return 'BAD_REQUEST';
}

function formatRequestErrorItem(error: unknown, options: GraphqlErrorOptions): GraphQLFormattedError {
  if (error instanceof GraphQLError) return worded(withCode(error, requestErrorCode(error)), options);
  const message = error instanceof Error ? error.message : String(error);
  return worded({ message, extensions: { code: requestErrorCode({ message }) } }, options);
}

/**
 * mercurius' `errorFormatter`: the result of an executed operation with errors. Resolver
 * errors keep HTTP 200 (even when a non-null root field made `data` null); a result without
 * `data` failed before execution (variables, operation name) and is a 400.
 */
export function formatExecutionErrors(execution: ExecutionResult & { readonly errors: readonly GraphQLError[] }, log: ErrorLogger, options: GraphqlErrorOptions): GraphqlErrorResponse {
  if (execution.data === undefined) return { statusCode: 400, response: { errors: execution.errors.map((error) => formatRequestErrorItem(error, options)) } };
  return { statusCode: 200, response: { data: execution.data, errors: execution.errors.map((error) => formatResolverError(error, log)) } };
}

interface MercuriusRequestError extends Error {
  readonly code: string;
  readonly statusCode?: number;
  readonly errors?: readonly unknown[];
}

function isMercuriusError(error: unknown): error is MercuriusRequestError {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('MER_ERR_');
}

/** Refused before GraphQL runs, answered as a GraphQL error (batching, CSRF, an unusable request). */
export class GraphqlRequestError extends Error {
  constructor(
    message: string,
    readonly statusCode = 400,
    readonly code = 'BAD_REQUEST',
  ) {
    super(message);
  }
}

/**
 * An error thrown while serving the endpoint → a GraphQL error response (parse and validation
 * errors 400, with `locations`), or null when it is not GraphQL's to answer (a bad token, a bad
 * JSON body…), which then goes to the application's error envelope.
 */
export function formatRequestError(error: unknown, options: GraphqlErrorOptions): GraphqlErrorResponse | null {
  if (error instanceof GraphqlRequestError) return { statusCode: error.statusCode, response: { errors: [{ message: error.message, extensions: { code: error.code } }] } };
  if (!isMercuriusError(error)) return null;
  const statusCode = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  if (error.code === 'MER_ERR_GQL_VALIDATION' && error.errors && error.errors.length > 0) {
    return { statusCode, response: { errors: error.errors.map((item) => formatRequestErrorItem(item, options)) } };
  }
  // A GET whose variables or extensions are not JSON.
  if (error.code === 'MER_ERR_GQL_VALIDATION') return { statusCode, response: { errors: [worded({ message: error.message, extensions: { code: 'BAD_USER_INPUT' } }, options)] } };
  // CSRF, a mutation over GET (405), a missing query: the request itself is unusable.
  const inner = error.errors?.[0];
  const message = inner instanceof Error ? inner.message : error.message;
  return { statusCode, response: { errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] } };
}
