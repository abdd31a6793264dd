import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GraphQLObjectType, GraphQLSchema, GraphQLString, parse, validate } from 'graphql';
import { knownOperationTypesRule, SUBSCRIPTIONS_UNSUPPORTED } from './known-operation-types-rule.js';

const field = { hello: { type: GraphQLString } };
const queryOnly = new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: field }) });
const withMutation = new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: field }), mutation: new GraphQLObjectType({ name: 'Mutation', fields: field }) });

const messages = (schema: GraphQLSchema, text: string): string[] => validate(schema, parse(text), [knownOperationTypesRule]).map((error) => error.message);

describe('knownOperationTypesRule', () => {
  it('refuses every subscription, and mutations where the schema has none', () => {
    assert.deepEqual(messages(withMutation, 'subscription { hello }'), [SUBSCRIPTIONS_UNSUPPORTED]);
    assert.deepEqual(messages(queryOnly, 'mutation M { hello }'), ['Mutations are not supported: the schema has no Mutation type.']);
    assert.deepEqual(messages(queryOnly, 'query A { hello } subscription B { hello } mutation C { hello }'), [SUBSCRIPTIONS_UNSUPPORTED, 'Mutations are not supported: the schema has no Mutation type.']);
  });

  it('lets the operations the schema has through', () => {
    assert.deepEqual(messages(withMutation, '{ hello } mutation M { hello }'), []);
  });
});
