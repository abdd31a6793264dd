import { GraphQLError, type ASTVisitor, type OperationTypeNode, type ValidationContext } from 'graphql';

/** What a client is told when it sends subscriptions: none are served, over HTTP or a websocket. */
export const SUBSCRIPTIONS_UNSUPPORTED = 'Subscriptions are not supported: this server answers queries and mutations over HTTP (POST, or GET for queries).';

function unsupportedMessage(operation: OperationTypeNode): string {
  if (operation === 'subscription') return SUBSCRIPTIONS_UNSUPPORTED;
  return `${operation === 'mutation' ? 'Mutations' : 'Queries'} are not supported: the schema has no ${operation === 'mutation' ? 'Mutation' : 'Query'} type.`;
}

/**
 * Refuses an operation whose root type the schema lacks (every subscription, a mutation when no
 * type has any) while validating, so it is a 400 like any other invalid document. graphql-js 16
 * only finds it when executing ("Schema is not configured to execute subscription operation"),
 * an error of the server's in the client's eyes; graphql-js 17 has this rule built in.
 */
export function knownOperationTypesRule(context: ValidationContext): ASTVisitor {
  const schema = context.getSchema();
  return {
    OperationDefinition(node) {
      if (!schema.getRootType(node.operation)) context.reportError(new GraphQLError(unsupportedMessage(node.operation), { nodes: node }));
    },
  };
}
