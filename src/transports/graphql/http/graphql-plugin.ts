import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getOperationAST, NoSchemaIntrospectionCustomRule, parse, validateSchema, type DocumentNode, type validate, type GraphQLError, type GraphQLSchema, type ValidationRule } from 'graphql';
import mercurius, { type MercuriusOptions } from 'mercurius';
import type { AuthService } from '../../../core/auth/auth-service.js';
import type { Principal } from '../../../core/auth/principal.js';
import { DefinitionError, NotFoundError } from '../../../core/shared/errors.js';
import type { GraphqlConfig } from '../graphql-config.js';
import type { GraphqlRequestContext } from '../graphql-context.js';
import { bracketNesting, MAX_BRACKET_NESTING } from './bracket-nesting.js';
import { depthLimitRule } from './depth-limit-rule.js';
import { createJitCompilableCheck } from './jit-compilable-check.js';
import { createQueryCostCheck } from './query-cost.js';
import { formatExecutionErrors, formatRequestError, GraphqlRequestError, type GraphqlErrorOptions } from './format-graphql-error.js';
import { knownOperationTypesRule, SUBSCRIPTIONS_UNSUPPORTED } from './known-operation-types-rule.js';
import { CONSOLE_HEADERS, createConsole, registerConsoleAssets, wantsHtml } from './graphql-console.js';
import { isJson } from '../../../core/shared/is-json.js';
import { isInstalled } from '../../../core/shared/optional-package.js';
import type { ResponseCache } from '../../../core/cache/response-cache.js';
import type { ResponseCacheConfig } from '../../../core/config/response-cache-config.js';
import { registerResponseCacheHooks } from '../../cache/response-cache-hooks.js';

/** What the composition root keeps of the endpoint: the content-type builder swaps the schema at run time. */
export interface GraphqlEndpoint {
  /** Serves this schema from the next request on (checked first: an invalid schema throws and the old one stays). */
  replaceSchema(schema: GraphQLSchema): void;
}

/** A server plugin (`use({ plugins })`): called with the Fastify instance serving the endpoint, mercurius registered on it. */
export type GraphqlServerPlugin = (fastify: FastifyInstance) => unknown;

export interface RegisterGraphqlOptions {
  readonly config: GraphqlConfig;
  readonly production: boolean;
  readonly auth: AuthService;
  readonly schema: GraphQLSchema;
  readonly plugins?: readonly unknown[];
  /** The response cache (public queries are kept) and `rest.cache` (Cache-Control). */
  readonly cache?: ResponseCache | null;
  readonly cacheConfig?: ResponseCacheConfig | undefined;
}

interface OperationParams {
  readonly query?: unknown;
  readonly operationName?: unknown;
  readonly variables?: unknown;
}

/** Whether a request's operation is a query (never a mutation), read from its text. */
function isQueryOperation(params: OperationParams | null | undefined): boolean {
  if (typeof params?.query !== 'string') return false;
  try {
    const name = typeof params.operationName === 'string' && params.operationName !== '' ? params.operationName : undefined;
    return getOperationAST(parse(params.query), name)?.operation === 'query';
  } catch {
    return false;
  }
}

const CONSOLE_OFF_MESSAGE =
  'The GraphQL console is disabled in production. To serve it, set playgroundAlways: true in the graphql plugin\'s config (config/plugins: graphql: { config: { playgroundAlways: true } }). GraphQL operations are answered here as POST requests with a JSON body.';

/** The console is an optional package (package.json peerDependenciesMeta): a project that wants it installs it. */
const CONSOLE_PACKAGE = 'altair-static';
const CONSOLE_MISSING_MESSAGE = `The GraphQL console needs the package ${CONSOLE_PACKAGE}, which is not installed: run npm install ${CONSOLE_PACKAGE}. GraphQL operations are answered here as POST requests with a JSON body.`;

/** The headers that mark a GET as no simple cross-site request: Apollo's names (clients of the reference send them) and mercurius'. */
const PREFLIGHT_HEADERS = ['x-apollo-operation-name', 'apollo-require-preflight', 'x-mercurius-operation-name', 'mercurius-require-preflight'];

/**
 * `apolloServer` (the spec's server options) keys honoured: `introspection` (read into
 * `config.introspection`) and `csrfPrevention` (`false` turns the GET check off;
 * `{ requestHeaders: [...] }` names the preflight headers). Every other key (`tracing`,
 * `cache`, `persistedQueries`, …) is accepted and ignored: they configure Apollo Server parts
 * that this server does not have.
 */
function csrfOption(config: GraphqlConfig): MercuriusOptions['csrfPrevention'] {
  const value = config.serverOptions.csrfPrevention;
  if (value === undefined || value === true) return { requiredHeaders: PREFLIGHT_HEADERS };
  if (value === false) return false;
  const headers = (value as { requestHeaders?: unknown } | null)?.requestHeaders;
  if (Array.isArray(headers) && headers.length > 0 && headers.every((header) => typeof header === 'string' && header !== '')) return { requiredHeaders: headers as string[] };
  throw new DefinitionError(config.file, 'graphql.config.apolloServer.csrfPrevention must be true, false or { requestHeaders: ["header-name", …] }');
}

function checkPlugins(plugins: readonly unknown[], file: string): readonly GraphqlServerPlugin[] {
  return plugins.map((plugin, index) => {
    if (typeof plugin !== 'function') throw new DefinitionError(file, `GraphQL server plugin ${index + 1} must be a function (fastify) => …, got ${plugin === null ? 'null' : typeof plugin}`);
    return plugin as GraphqlServerPlugin;
  });
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A websocket handshake: Node hands it over as a plain request, since nothing listens for
 * upgrades. Other upgrades (`h2c`, which curl offers with every request) are served as plain
 * HTTP, the upgrade ignored.
 */
function isWebsocketHandshake(request: FastifyRequest): boolean {
  const upgrade = request.headers.upgrade;
  return typeof upgrade === 'string' && /(?:^|[\s,])websocket(?:$|[\s,/])/i.test(upgrade);
}

/**
 * The operation's text, checked before mercurius sees it: mercurius takes a `query` that is
 * not GraphQL but parses as JSON for a ready-made syntax tree, which would bypass the parser
 * (and crash the validation on anything but a real tree); brackets nested past
 * MAX_BRACKET_NESTING would overflow the parser's stack.
 */
function checkSource(params: unknown): void {
  const source = (params as { query?: unknown } | null | undefined)?.query;
  if (source === undefined || source === null || source === '') throw new GraphqlRequestError('GraphQL operations must contain a non-empty `query`.');
  if (typeof source !== 'string') return;
  if (isJson(source)) throw new GraphqlRequestError('Syntax Error: the query must be GraphQL text.', 400, 'GRAPHQL_PARSE_FAILED');
  // Before parsing: the parser's recursion would overflow the stack on thousands of nested brackets.
  if (bracketNesting(source) > MAX_BRACKET_NESTING) {
    throw new GraphqlRequestError(`Syntax Error: the document nests brackets ({, [, () more than ${MAX_BRACKET_NESTING} levels deep.`, 400, 'GRAPHQL_PARSE_FAILED');
  }
}

/**
 * A GET names its operation by `operationName`; mercurius assumes it exists. Checked here so
 * that an unknown or missing name is a 400, not a failure of the server.
 */
function checkGetOperation(query: unknown): void {
  const { query: source, operationName } = (query ?? {}) as { query?: unknown; operationName?: unknown };
  if (typeof source !== 'string') return;
  let document: DocumentNode;
  try {
    document = parse(source);
  } catch {
    return; // mercurius reports the syntax error
  }
  const name = typeof operationName === 'string' && operationName !== '' ? operationName : undefined;
  if (getOperationAST(document, name)) return;
  const operations = document.definitions.filter((definition) => definition.kind === 'OperationDefinition').length;
  if (name !== undefined) throw new GraphqlRequestError(`Unknown operation named "${name}".`, 400, 'OPERATION_RESOLUTION_FAILURE');
  if (operations > 1) throw new GraphqlRequestError('Must provide operation name if query contains multiple operations.', 400, 'OPERATION_RESOLUTION_FAILURE');
  // No operation at all: graphql-js says so during validation.
}

/** The operation a request names (body for POST, query string for GET), as mercurius reads it. */
function operationNameOf(request: FastifyRequest): string | undefined {
  const params = (request.method === 'GET' ? request.query : request.body) as { operationName?: unknown } | null | undefined;
  const name = params?.operationName;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

/**
 * Serves GraphQL at `config.endpoint` (POST JSON and GET) on mercurius, in its own
 * encapsulated context: the caller's Authorization header is settled before GraphQL runs (a
 * bad token is the application's 401 envelope, from the parent's error handler), batching is
 * refused, GETs need a preflight header or a JSON content type (CSRF), errors follow the
 * reference's format (JSON, also when refused before execution), and the depth limit,
 * introspection switch and unsupported operation types (subscriptions) are validation rules, and
 * the estimated size of the answer is checked before execution (`costLimit`);
 * where introspection is off, no error suggests names of the schema. A websocket handshake is
 * told that subscriptions are not supported.
 * Outside production (or with `playgroundAlways`) a browser's GET gets the bundled console.
 */
export async function registerGraphql(fastify: FastifyInstance, options: RegisterGraphqlOptions): Promise<GraphqlEndpoint> {
  const { config, auth } = options;
  const plugins = checkPlugins(options.plugins ?? [], config.file);
  const csrfPrevention = csrfOption(config);
  const consoleOn = !options.production || config.playgroundAlways;
  // Checked, not loaded: the console's package is imported with its first page (graphql-console.ts).
  const consoleInstalled = consoleOn && isInstalled(CONSOLE_PACKAGE);
  const validationRules: ValidationRule[] = [knownOperationTypesRule, depthLimitRule(config.depthLimit)];
  if (!config.introspection) validationRules.push(NoSchemaIntrospectionCustomRule);
  // Suggestions name the schema's fields, arguments, types and enum values: off with introspection.
  const errorOptions: GraphqlErrorOptions = { hideSuggestions: !config.introspection };
  const validateOptions: NonNullable<Parameters<typeof validate>[3]> = { hideSuggestions: errorOptions.hideSuggestions };
  // Per request, set by the preHandler and read by the context function that follows it.
  const principals = new WeakMap<FastifyRequest, Principal>();
  let server: FastifyInstance | null = null;

  const graphqlConsole = createConsole(config.endpoint);
  if (consoleInstalled) await fastify.register(async (assets) => registerConsoleAssets(assets, config.endpoint, graphqlConsole));

  await fastify.register(async (child) => {
    // GraphQL's own request errors are answered here; anything else (a bad token, a bad JSON body) goes up to the application's envelope.
    child.setErrorHandler((error, _request, reply) => {
      const formatted = formatRequestError(error, errorOptions);
      if (!formatted) throw error;
      // Set here: Fastify drops the content type an error replaces, and the serializer the
      // preHandler gave this reply would not set one.
      return reply.code(formatted.statusCode).type(JSON_TYPE).send(formatted.response);
    });

    // Before authentication and the CSRF check: a browser opening the endpoint sends neither a
    // token nor a preflight header, and must learn that the console is off rather than meet a
    // CSRF refusal meant for scripts.
    child.addHook('onRequest', async (request, reply) => {
      // Nothing here speaks a websocket protocol (graphql-ws, subscriptions-transport-ws): tell
      // the client so, before the CSRF check would refuse the handshake as a simple GET.
      if (isWebsocketHandshake(request)) throw new GraphqlRequestError(SUBSCRIPTIONS_UNSUPPORTED, 400, 'BAD_REQUEST');
      if (request.method !== 'GET' || !wantsHtml(request.headers.accept)) return undefined;
      if (!consoleOn) throw new NotFoundError(CONSOLE_OFF_MESSAGE);
      if (!consoleInstalled) throw new NotFoundError(CONSOLE_MISSING_MESSAGE);
      return reply.headers(CONSOLE_HEADERS).send(await graphqlConsole.page());
    });

    if (options.cache || options.cacheConfig) {
      const paramsOf = (request: FastifyRequest): OperationParams | null | undefined => (request.method === 'GET' ? request.query : request.body) as OperationParams | null | undefined;
      registerResponseCacheHooks(
        child,
        {
          entityTags: false,
          // Public operations only; the key holds the operation's text, name and variables (a GET's variables are JSON text).
          keyOf: (request) => {
            if ((request.method !== 'GET' && request.method !== 'POST') || request.headers.authorization !== undefined) return null;
            const params = paramsOf(request);
            if (typeof params?.query !== 'string' || Array.isArray(params)) return null;
            const operationName = typeof params.operationName === 'string' ? params.operationName : null;
            return { transport: 'graphql', method: request.method, url: request.url, role: 'public', headers: {}, body: { query: params.query, operationName, variables: params.variables ?? null } };
          },
          storable: (request) => isQueryOperation(paramsOf(request)),
          typeOf: () => null,
        },
        options.cache ?? null,
        options.cacheConfig,
      );
    }

    child.addHook('preHandler', async (request, reply) => {
      principals.set(request, await auth.authenticate(request.headers.authorization));
      if (Array.isArray(request.body)) throw new GraphqlRequestError('Operation batching disabled.');
      checkSource(request.method === 'GET' ? request.query : request.body);
      if (request.method === 'GET') checkGetOperation(request.query);
      // mercurius' response schema would turn list indices in error paths into strings; a custom serializer leaves the type to us.
      reply.serializer((payload) => JSON.stringify(payload)).type(JSON_TYPE);
    });

    await child.register(mercurius, {
      schema: options.schema,
      path: config.endpoint,
      graphiql: false,
      ide: false,
      allowBatchedQueries: false,
      // A query text seen before runs as compiled JavaScript (graphql-jit, part of mercurius):
      // graphql-js' generic executor costs about as much as the rest of the request. Only
      // documents graphql-jit can compile get there (the preExecution hook below).
      jit: 1,
      csrfPrevention,
      errorHandler: false,
      validationRules,
      // Handed to graphql-js' validate() as they are; mercurius' types know only `maxErrors`.
      graphql: { validateOptions },
      context: (request, reply): GraphqlRequestContext => {
        const principal = principals.get(request);
        if (!principal) throw new Error('GraphQL context built before authentication');
        return { principal, request, reply, state: {} };
      },
      errorFormatter: (execution, context) => {
        const log = (error: unknown): void => context.reply.request.log.error({ err: error }, 'GraphQL resolver failed');
        const { statusCode, response } = formatExecutionErrors(execution as typeof execution & { errors: readonly GraphQLError[] }, log, errorOptions);
        // mercurius sends `response` as it is; its type wants GraphQLError instances where plain formatted errors go.
        return { statusCode, response: response as never };
      },
    });
    // A document handed back by a preExecution hook counts as modified, which mercurius runs on
    // graphql-js' executor without compiling it (its documented rule): the way to keep
    // graphql-jit away from variables of recursive input types, whose compilation never ends.
    const isJitCompilable = createJitCompilableCheck();
    // The cost estimate runs first, before any resolver (and so any statement) runs.
    const checkCost = createQueryCostCheck(config);
    child.graphql.addHook('preExecution', async (schema, document, context, variables) => {
      // No reply when a server plugin runs an operation itself (`fastify.graphql(…)`): then a single operation.
      const request = (context.reply as FastifyReply | undefined)?.request;
      checkCost(schema, document, request ? operationNameOf(request) : undefined, variables as Readonly<Record<string, unknown>> | undefined);
      return isJitCompilable(schema, document) ? undefined : { document };
    });
    server = child;
    for (const plugin of plugins) await plugin(child);
  });

  return {
    replaceSchema(schema) {
      if (!server) throw new Error('The GraphQL endpoint is not registered yet');
      const problems = validateSchema(schema);
      if (problems.length > 0) throw new DefinitionError(config.file, `the GraphQL schema is invalid: ${problems.map((problem) => problem.message).join('; ')}`);
      server.graphql.replaceSchema(schema);
    },
  };
}
