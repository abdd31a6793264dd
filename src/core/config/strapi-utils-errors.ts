import { CmsError, type ErrorDetails } from '../shared/errors.js';

/**
 * The error classes of `@strapi/utils` (`errors.*`) that project code throws, with Strapi's
 * names, default messages and the statuses its error middleware gives them
 * (shared/reference/strapi5-rest.md §1). They are CmsErrors, so every transport puts them in
 * its envelope like Tessera's own. The hierarchy is Strapi's: every class is an
 * ApplicationError, PolicyError is a ForbiddenError, so `instanceof` checks in project code hold.
 */
export class StrapiApplicationError extends CmsError {
  override name = 'ApplicationError';
  get status(): number {
    return 400;
  }
  constructor(message = 'An application error occurred', details: ErrorDetails = {}) {
    super(message, details ?? {});
  }
}

export class StrapiValidationError extends StrapiApplicationError {
  override name = 'ValidationError';
  override get status(): number {
    return 400;
  }
  constructor(message: string = 'An application error occurred', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class StrapiPaginationError extends StrapiApplicationError {
  override name = 'PaginationError';
  override get status(): number {
    return 400;
  }
  constructor(message: string = 'Invalid pagination', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class StrapiUnauthorizedError extends StrapiApplicationError {
  override name = 'UnauthorizedError';
  override get status(): number {
    return 401;
  }
  constructor(message: string = 'Unauthorized', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class StrapiForbiddenError extends StrapiApplicationError {
  override name = 'ForbiddenError';
  override get status(): number {
    return 403;
  }
  constructor(message: string = 'Forbidden access', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class StrapiPolicyError extends StrapiForbiddenError {
  override name = 'PolicyError';
  override get status(): number {
    return 403;
  }
  constructor(message: string = 'Policy Failed', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class StrapiNotFoundError extends StrapiApplicationError {
  override name = 'NotFoundError';
  override get status(): number {
    return 404;
  }
  constructor(message: string = 'Entity not found', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class StrapiPayloadTooLargeError extends StrapiApplicationError {
  override name = 'PayloadTooLargeError';
  override get status(): number {
    return 413;
  }
  constructor(message: string = 'Entity too large', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class StrapiRateLimitError extends StrapiApplicationError {
  override name = 'RateLimitError';
  override get status(): number {
    return 429;
  }
  constructor(message: string = 'Too many requests, please try again later.', details: ErrorDetails = {}) {
    super(message, details);
  }
}

export class StrapiNotImplementedError extends StrapiApplicationError {
  override name = 'NotImplementedError';
  override get status(): number {
    return 501;
  }
  constructor(message: string = 'This feature is not implemented yet', details: ErrorDetails = {}) {
    super(message, details);
  }
}

// `errors.PolicyError.name` is 'PolicyError' under Strapi: code that logs or compares class names sees the same.
for (const [name, errorClass] of Object.entries({ ApplicationError: StrapiApplicationError, ValidationError: StrapiValidationError, PaginationError: StrapiPaginationError, UnauthorizedError: StrapiUnauthorizedError, ForbiddenError: StrapiForbiddenError, PolicyError: StrapiPolicyError, NotFoundError: StrapiNotFoundError, PayloadTooLargeError: StrapiPayloadTooLargeError, RateLimitError: StrapiRateLimitError, NotImplementedError: StrapiNotImplementedError })) {
  Object.defineProperty(errorClass, 'name', { value: name });
}

/** `require('@strapi/utils').errors`. `YupValidationError`'s name is `ValidationError` too. */
export const STRAPI_ERRORS = Object.freeze({
  ApplicationError: StrapiApplicationError,
  ValidationError: StrapiValidationError,
  YupValidationError: StrapiValidationError,
  PaginationError: StrapiPaginationError,
  UnauthorizedError: StrapiUnauthorizedError,
  ForbiddenError: StrapiForbiddenError,
  PolicyError: StrapiPolicyError,
  NotFoundError: StrapiNotFoundError,
  PayloadTooLargeError: StrapiPayloadTooLargeError,
  RateLimitError: StrapiRateLimitError,
  NotImplementedError: StrapiNotImplementedError,
});
