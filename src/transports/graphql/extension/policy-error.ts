import { CmsError, type ErrorDetails } from '../../../core/shared/errors.js';

/** A resolver policy refused the call (reference: `PolicyError`, "Policy Failed", GraphQL code FORBIDDEN). */
export class PolicyError extends CmsError {
  override readonly name = 'PolicyError';
  readonly status = 403;
  constructor(message = 'Policy Failed', details?: ErrorDetails, cause?: unknown) {
    super(message, details);
    // Kept for logs: the client sees only "Policy Failed", never the policy's own error.
    if (cause !== undefined) this.cause = cause;
  }
}
