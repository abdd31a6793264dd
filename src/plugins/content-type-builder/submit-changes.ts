import type { ApplyResult, DataImpact, ModelChange, ModelRuntime } from '../../core/model/model-change.js';
import { UnconfirmedChangeError } from '../../core/model/unconfirmed-change-error.js';
import { DefinitionError, ValidationError } from '../../core/shared/errors.js';
import { invalidAt } from './builder-errors.js';

/** What a builder request does with its changes: plan them (dry run) or apply them. */
export interface SubmitOptions {
  readonly dryRun: boolean;
  readonly confirm: boolean;
}

export type Submitted = { readonly applied: false; readonly impacts: readonly DataImpact[] } | ({ readonly applied: true } & ApplyResult);

/**
 * One put per model: a request that touches a model twice (a relation's other side, then a
 * reference rewrite) sends its final definition, at the place of its first change.
 */
export function compactChanges(changes: readonly ModelChange[]): ModelChange[] {
  const result: ModelChange[] = [];
  const slots = new Map<string, number>();
  for (const change of changes) {
    const key = change.kind === 'putType' || change.kind === 'putComponent' ? `${change.kind}\u0000${change.uid}` : null;
    const slot = key === null ? undefined : slots.get(key);
    if (slot !== undefined) result[slot] = change;
    else {
      if (key !== null) slots.set(key, result.length);
      result.push(change);
    }
  }
  return result;
}

export const CONFIRM_MESSAGE = 'This change affects stored data; send the request again with ?confirm=true to apply it';

/** Sends the changes to the runtime; its own 400s (an invalid model, impacts not confirmed) pass through as they are. */
export async function submitChanges(runtime: ModelRuntime, changes: readonly ModelChange[], options: SubmitOptions): Promise<Submitted> {
  const compact = compactChanges(changes);
  try {
    if (options.dryRun) return { applied: false, impacts: await runtime.plan(compact) };
    return { applied: true, ...(await runtime.apply(compact, { confirm: options.confirm })) };
  } catch (error) {
    // A definition the runtime refuses is a bad request like any other, never a 500.
    if (error instanceof DefinitionError) throw invalidAt([], error.message);
    // `?confirm=true` works on every builder route (a POST or PUT body may say `confirm: true` too, a DELETE body as well).
    if (error instanceof UnconfirmedChangeError) throw new ValidationError(CONFIRM_MESSAGE, { impacts: error.impacts });
    throw error;
  }
}
