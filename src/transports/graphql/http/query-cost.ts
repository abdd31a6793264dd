import {
  getNamedType,
  getNullableType,
  getOperationAST,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  valueFromASTUntyped,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { GraphqlRequestError } from './format-graphql-error.js';

/** What the estimate needs of `graphql.config`. */
export interface QueryCostLimits {
  /** Page size of a list whose pagination names none (`defaultLimit`). */
  readonly defaultLimit: number;
  /** Largest page any list returns (`amountLimit`): larger sizes are capped to it. */
  readonly amountLimit: number;
  /** Most objects an operation's answer may be estimated to hold (`costLimit`). */
  readonly costLimit: number;
}

type Variables = Readonly<Record<string, unknown>>;

/**
 * The page size a list field may return for its `pagination` argument, as list-window.ts and
 * the REST parser apply it: `pageSize` or `limit` capped at `amountLimit` (a negative one means
 * `amountLimit`), `defaultLimit` when neither is given; `page` and `start` move the window and
 * change nothing. Both sizes given is refused at execution: the larger counts here. A value
 * that is no number (refused at execution too) counts as `amountLimit`.
 */
function pageSizeOf(pagination: unknown, limits: QueryCostLimits): number {
  if (pagination === null || typeof pagination !== 'object') return limits.defaultLimit;
  const { pageSize, limit } = pagination as { pageSize?: unknown; limit?: unknown };
  const size = (value: unknown): number => {
    if (value === null || value === undefined) return 0;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return limits.amountLimit;
    return Math.max(1, Math.min(value, limits.amountLimit));
  };
  const largest = Math.max(size(pageSize), size(limit));
  return largest === 0 ? limits.defaultLimit : largest;
}

/** One operation's walk: fragment costs memoized per page size handed down, so the walk is linear in the document. */
interface Walk {
  readonly schema: GraphQLSchema;
  readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  readonly values: Variables;
  readonly limits: QueryCostLimits;
  readonly memo: Map<string, number>;
  /** Set when a page size was read through a variable: the estimate then holds for these values only. */
  variableRead: boolean;
}

function paginationValue(node: ValueNode, walk: Walk): unknown {
  if (node.kind === Kind.VARIABLE) {
    walk.variableRead = true;
    return walk.values[node.name.value];
  }
  if (node.kind !== Kind.OBJECT) return undefined;
  // Only the sizes are read: `page: $page` leaves the estimate the same for every page.
  const sizes: Record<string, unknown> = {};
  for (const field of node.fields) {
    const name = field.name.value;
    if (name !== 'pageSize' && name !== 'limit') continue;
    if (field.value.kind === Kind.VARIABLE) walk.variableRead = true;
    sizes[name] = valueFromASTUntyped(field.value, walk.values);
  }
  return sizes;
}

/**
 * The objects one object of `type` holds below it through `selectionSet`. A list field holds
 * as many items as its page size; a field with `pagination` that is not itself a list (the
 * `…ResponseCollection` wrappers) hands its page size down to the list below it (`data`,
 * `nodes`); a list without pagination (a dynamic zone, an extension's list) counts
 * `defaultLimit` items. A fragment spread twice among one object's fields counts once, as
 * graphql-js collects it; fields selected twice otherwise (under aliases, or in two fragments
 * that spread a third) count twice: an upper bound, as are the members of a union, all counted.
 */
function costOf(selectionSet: SelectionSetNode, type: GraphQLCompositeType, pending: number | undefined, walk: Walk, spread?: Set<string>): number {
  let cost = 0;
  // A fragment spread again among the fields of one object adds nothing (graphql-js collects it once).
  let seen = spread;
  const fields = isObjectType(type) || isInterfaceType(type) ? type.getFields() : undefined;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const definition = fields?.[selection.name.value];
      if (!definition || !selection.selectionSet) continue;
      const named = getNamedType(definition.type);
      if (!isCompositeType(named)) continue;
      const argument = selection.arguments?.find((given) => given.name.value === 'pagination');
      const paginated = definition.args.some((arg) => arg.name === 'pagination');
      const size = paginated ? pageSizeOf(argument ? paginationValue(argument.value, walk) : undefined, walk.limits) : undefined;
      const list = isListType(getNullableType(definition.type));
      const items = list ? (size ?? pending ?? walk.limits.defaultLimit) : 1;
      cost += items * (1 + costOf(selection.selectionSet, named, list ? undefined : size, walk));
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const condition = selection.typeCondition ? walk.schema.getType(selection.typeCondition.name.value) : type;
      seen ??= new Set();
      if (condition && isCompositeType(condition)) cost += costOf(selection.selectionSet, condition, pending, walk, seen);
    } else {
      const name = selection.name.value;
      seen ??= new Set();
      if (seen.has(name)) continue;
      seen.add(name);
      cost += fragmentCost(name, pending, walk);
    }
  }
  return cost;
}

function fragmentCost(name: string, pending: number | undefined, walk: Walk): number {
  const key = pending === undefined ? name : `${name}:${pending}`;
  const known = walk.memo.get(key);
  if (known !== undefined) return known;
  const fragment = walk.fragments.get(name);
  const condition = fragment ? walk.schema.getType(fragment.typeCondition.name.value) : undefined;
  // Set before measuring: a cycle (refused by validation) counts as nothing.
  walk.memo.set(key, 0);
  const cost = fragment && condition && isCompositeType(condition) ? costOf(fragment.selectionSet, condition, pending, walk) : 0;
  walk.memo.set(key, cost);
  return cost;
}

/** The operation's variables with the defaults its definitions give for those not sent. */
function variableValues(operation: OperationDefinitionNode, variables: Variables | undefined): Variables {
  const values: Record<string, unknown> = { ...variables };
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (values[name] === undefined && definition.defaultValue) values[name] = valueFromASTUntyped(definition.defaultValue);
  }
  return values;
}

/** The estimate and whether it depends on the variables. */
function estimate(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Variables | undefined, limits: QueryCostLimits): { cost: number; variableRead: boolean } {
  const root = schema.getRootType(operation.operation);
  if (!root) return { cost: 0, variableRead: false };
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const values = operation.variableDefinitions && operation.variableDefinitions.length > 0 ? variableValues(operation, variables) : {};
  const walk: Walk = { schema, fragments, values, limits, memo: new Map(), variableRead: false };
  return { cost: costOf(operation.selectionSet, root, undefined, walk), variableRead: walk.variableRead };
}

function formatCount(value: number): string {
  return value <= Number.MAX_SAFE_INTEGER ? String(Math.round(value)) : value.toExponential(2);
}

/** The 400 of an operation estimated past the limit: it names the estimate, the limit and the key that sets it. */
export function queryTooCostly(cost: number, limit: number): GraphqlRequestError {
  return new GraphqlRequestError(
    `Query too costly: its answer may hold ${formatCount(cost)} objects (every list counted at its page size: pagination's pageSize or limit, else graphql.config.defaultLimit), more than the limit of ${limit} (graphql.config.costLimit); ask for smaller pages, fewer nested lists or fewer aliases`,
    400,
    'BAD_USER_INPUT',
  );
}

/**
 * Checks an operation's estimated answer size before it runs: throws `queryTooCostly` past
 * `costLimit`. `operationName` chooses among several operations, as execution does.
 */
export type QueryCostCheck = (schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined, variables: Variables | undefined) => void;

/**
 * One endpoint's check. Estimates that read no variable are kept per schema, document (mercurius
 * keeps one document object per query text) and operation, so a query seen before costs a
 * look-up; page sizes given as variables are estimated anew for each request's values.
 */
export function createQueryCostCheck(limits: QueryCostLimits): QueryCostCheck {
  const known = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Map<string, number>>>();
  return (schema, document, operationName, variables) => {
    let documents = known.get(schema);
    if (!documents) known.set(schema, (documents = new WeakMap()));
    let operations = documents.get(document);
    const key = operationName ?? '';
    let cost = operations?.get(key);
    if (cost === undefined) {
      const operation = getOperationAST(document, operationName);
      // No such operation: execution says so.
      if (!operation) return;
      const estimated = estimate(schema, document, operation, variables, limits);
      cost = estimated.cost;
      if (!estimated.variableRead) {
        if (!operations) documents.set(document, (operations = new Map()));
        operations.set(key, cost);
      }
    }
    if (cost > limits.costLimit) throw queryTooCostly(cost, limits.costLimit);
  };
}
