import { CmsError, type ErrorDetails } from '../../core/shared/errors.js';

/** Strapi's route-policy refusal (a missing action, an unknown `:model`): 403 "Policy Failed". */
export class PolicyError extends CmsError {
  override readonly name = 'PolicyError';
  readonly status = 403;
  constructor(message = 'Policy Failed', details?: ErrorDetails) {
    super(message, details);
  }
}

/** Strapi's configuration validator answers with this name and a list of strings in `details.errors`. */
export class BadRequestError extends CmsError {
  override readonly name = 'BadRequestError';
  readonly status = 400;
  constructor(message = 'Bad Request', details?: ErrorDetails) {
    super(message, details);
  }
}
