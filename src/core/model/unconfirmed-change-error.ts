import { ValidationError } from '../shared/errors.js';
import type { DataImpact } from './model-change.js';

/**
 * A change that would lose or convert stored data, applied without confirmation. The runtime
 * does not know how its caller confirms; the caller's transport rewords it (the builder's
 * routes say `?confirm=true`).
 */
export class UnconfirmedChangeError extends ValidationError {
  constructor(readonly impacts: readonly DataImpact[]) {
    super('This change affects stored data and must be confirmed', { impacts });
  }
}
