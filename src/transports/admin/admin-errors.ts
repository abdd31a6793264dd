import { CmsError, type ErrorDetails } from '../../core/shared/errors.js';

/** Strapi's route-policy refusal (`admin::hasPermissions` failing): 403 "Policy Failed". */
export class PolicyError extends CmsError {
  override readonly name = 'PolicyError';
  readonly status = 403;
  constructor(message = 'Policy Failed', details?: ErrorDetails) {
    super(message, details);
  }
}

/** Strapi's koa `ctx.badRequest`: 400 BadRequestError (PUT /admin/users/me with a wrong current password). */
export class BadRequestError extends CmsError {
  override readonly name = 'BadRequestError';
  readonly status = 400;
  constructor(message = 'Bad Request', details?: ErrorDetails) {
    super(message, details);
  }
}
