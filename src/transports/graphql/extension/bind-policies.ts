import type { GraphQLResolveInfo } from 'graphql';
import { CmsError } from '../../../core/shared/errors.js';
import type { GraphqlRequestContext } from '../graphql-context.js';
import type { ExtensionServices, PolicyContext, PolicyFunction, PolicyItem } from './extension-types.js';
import { PolicyError } from './policy-error.js';
import { ExtensionError } from './extension-error.js';
import { missingExtensionMessage } from './missing-extension-message.js';

/** A policy ready to run: its item resolved once at start. */
export type BoundPolicy = (context: PolicyContext) => unknown;

/**
 * Resolves `policies` items at start, so that a misspelt name stops the start instead of
 * failing (or being skipped) at request time. Named policies run as
 * `handler(context, config, services)`; inline functions as `(context, services)`, the form the
 * reference documents (its own registry refuses them).
 */
export function bindPolicies(
  items: readonly PolicyItem[],
  registered: ReadonlyMap<string, PolicyFunction>,
  services: ExtensionServices,
  /** Where the items are named, for messages: `GraphQL extension: resolversConfig["Query.hello"].policies`. */
  where: string,
): readonly BoundPolicy[] {
  return items.map((item): BoundPolicy => {
    if (typeof item === 'function') return (context) => item(context, services, services);
    const name = typeof item === 'string' ? item : item.name;
    const config = typeof item === 'string' ? {} : (item.config ?? {});
    const policy = registered.get(name);
    if (!policy) throw new ExtensionError(missingExtensionMessage('policy', name, where, registered.keys()));
    return (context) => policy(context, config, services);
  });
}

export function createPolicyContext(parent: unknown, args: Readonly<Record<string, unknown>>, context: GraphqlRequestContext, info: GraphQLResolveInfo): PolicyContext {
  return {
    type: 'graphql',
    is: (type) => type === 'graphql',
    parent,
    args,
    context,
    info,
    state: context.state,
    http: { request: context.request, reply: context.reply },
  };
}

/** Runs the policies in order; anything but `true`/`undefined` refuses, and so does a throw that is not one of our errors. */
export async function runPolicies(policies: readonly BoundPolicy[], context: PolicyContext): Promise<void> {
  for (const policy of policies) {
    let result: unknown;
    try {
      result = await policy(context);
    } catch (error) {
      if (error instanceof CmsError) throw error;
      throw new PolicyError(undefined, undefined, error);
    }
    if (result !== true && result !== undefined) throw new PolicyError();
  }
}
