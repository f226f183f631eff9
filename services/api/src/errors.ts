import { ERROR_CODES, MESSAGES, type ErrorCode } from '@product-console/shared';

export interface FieldError {
  path: string;
  message: string;
}

/** An error the client may see: its status, stable code and message reach the answer. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const invalidCredentials = () => new AppError(401, ERROR_CODES.INVALID_CREDENTIALS, MESSAGES.invalidCredentials);
export const tokenExpired = () => new AppError(401, ERROR_CODES.TOKEN_EXPIRED, MESSAGES.tokenExpired);
export const refreshInvalid = () => new AppError(401, ERROR_CODES.REFRESH_INVALID, MESSAGES.refreshInvalid);
export const companyNotAuthorized = () =>
  new AppError(401, ERROR_CODES.COMPANY_NOT_AUTHORIZED, MESSAGES.companyNotAuthorized);
export const unauthenticated = () => new AppError(401, ERROR_CODES.UNAUTHENTICATED, MESSAGES.unauthenticated);
export const forbidden = () => new AppError(403, ERROR_CODES.FORBIDDEN, MESSAGES.forbidden);
export const notFound = () => new AppError(404, ERROR_CODES.NOT_FOUND, MESSAGES.notFound);
export const conflict = (message: string) => new AppError(409, ERROR_CODES.CONFLICT, message);
/** A value PostgreSQL refused to store (a NUL character, a number past its range) that no schema caught. */
export const unstorableInput = () =>
  new AppError(400, ERROR_CODES.VALIDATION, MESSAGES.validation, [
    { path: '(body)', message: 'A value of the request cannot be stored, such as text with a NUL character or a number out of range' },
  ]);
export const validationFailed = (details: FieldError[]) =>
  new AppError(400, ERROR_CODES.VALIDATION, MESSAGES.validation, details);
/** Sign-up or profile change asking for a prefix that another company holds (decision 022). */
export const companyPrefixTaken = (details: FieldError[]) =>
  new AppError(400, ERROR_CODES.COMPANY_PREFIX_TAKEN, MESSAGES.companyPrefixTaken, details);
/** Profile change dropping a prefix that live products still use: they would lose their owner. */
export const companyPrefixInUse = (details: FieldError[]) =>
  new AppError(400, ERROR_CODES.COMPANY_PREFIX_IN_USE, MESSAGES.companyPrefixInUse, details);
/** Approval of a company whose prefixes overlap an approved company's. */
export const companyPrefixConflict = (details: FieldError[]) =>
  new AppError(409, ERROR_CODES.COMPANY_PREFIX_CONFLICT, MESSAGES.companyPrefixConflict, details);
/** A retry (same `Idempotency-Key`) that arrives while the first request still runs. */
export const idempotencyInProgress = () =>
  new AppError(409, ERROR_CODES.IDEMPOTENCY_IN_PROGRESS, MESSAGES.idempotencyInProgress);
/** An `Idempotency-Key` sent again with a different request (IETF draft: 422). */
export const idempotencyKeyReused = () =>
  new AppError(422, ERROR_CODES.IDEMPOTENCY_KEY_REUSED, MESSAGES.idempotencyKeyReused);
/** A plan limit (products, links of a product, sub-admins) or a service outside the plan stops a write. */
/** Password sign-in for an e-mail domain whose company signs in only through its provider (decision 087). */
export const ssoRequired = () => new AppError(403, ERROR_CODES.SSO_REQUIRED, MESSAGES.ssoRequired);
/** Single sign-on with no account it may sign in: just-in-time creation off, or a user of another company. */
export const ssoNoAccount = () => new AppError(403, ERROR_CODES.SSO_NO_ACCOUNT, MESSAGES.ssoNoAccount);
export const ssoNotConfigured = () => new AppError(404, ERROR_CODES.SSO_NOT_CONFIGURED, MESSAGES.ssoNotConfigured);
export const ssoDiscoveryFailed = (details: FieldError[]) => new AppError(400, ERROR_CODES.SSO_DISCOVERY_FAILED, MESSAGES.ssoDiscoveryFailed, details);
export const ssoDomainTaken = (details: FieldError[]) => new AppError(409, ERROR_CODES.SSO_DOMAIN_TAKEN, MESSAGES.ssoDomainTaken, details);
export const planLimitReached = () => new AppError(403, ERROR_CODES.PLAN_LIMIT_REACHED, MESSAGES.planLimitReached);
/** A route of a service (`requireService`) the company's current plan does not include. */
export const serviceNotInPlan = () => new AppError(403, ERROR_CODES.SERVICE_NOT_IN_PLAN, MESSAGES.serviceNotInPlan);
export const serviceNameTaken = () => new AppError(409, ERROR_CODES.SERVICE_NAME_TAKEN, MESSAGES.serviceNameTaken);
export const emailTaken = () => new AppError(409, ERROR_CODES.EMAIL_TAKEN, MESSAGES.emailTaken);
/** An account link (invitation, password reset) that is unknown, used or expired. */
export const linkInvalid = () => new AppError(400, ERROR_CODES.LINK_INVALID, MESSAGES.linkInvalid);
export const wrongPassword = (path: string) =>
  new AppError(400, ERROR_CODES.WRONG_PASSWORD, MESSAGES.wrongPassword, [{ path, message: MESSAGES.wrongPassword }]);
export const alreadyJoined = () => new AppError(409, ERROR_CODES.ALREADY_JOINED, MESSAGES.alreadyJoined);
/** A GTIN (or another identification key) that a live entry already has; `details` names the fields. */
export const duplicateGtin = (details: FieldError[]) => new AppError(409, ERROR_CODES.DUPLICATE_GTIN, MESSAGES.duplicateGtin, details);
export const duplicateLink = () => new AppError(409, ERROR_CODES.DUPLICATE_LINK, MESSAGES.duplicateLink);
export const duplicateSerial = () => new AppError(409, ERROR_CODES.DUPLICATE_SERIAL, MESSAGES.duplicateSerial);
export const projectHasProducts = () => new AppError(409, ERROR_CODES.PROJECT_HAS_PRODUCTS, MESSAGES.projectHasProducts);
export const malformedMultipart = () =>
  new AppError(400, ERROR_CODES.VALIDATION, MESSAGES.malformedMultipart, [{ path: '(body)', message: MESSAGES.malformedMultipart }]);
export const fileTooLarge = () => new AppError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, MESSAGES.fileTooLarge);
/** An upload in `field` that is not a JPEG, PNG, WebP or GIF image. */
export const invalidImage = (field: string) =>
  new AppError(400, ERROR_CODES.VALIDATION, MESSAGES.invalidImage, [{ path: field, message: MESSAGES.invalidImage }]);
/** A shopper's address sent more reports of suspected fakes today than it may (decision 071). */
export const tooManyReports = (perDay: number) =>
  new AppError(429, ERROR_CODES.RATE_LIMITED, `At most ${perDay} reports a day can be sent from one address. Please try again tomorrow.`);
/** The editor asked for a machine translation on a server with no provider configured. */
export const translationNotSetUp = () => conflict('Automatic translation is not set up on this server');
/** The translation provider failed, timed out or is paused after a failure: the author may try again later. */
export const translationFailed = () => new AppError(503, ERROR_CODES.UPSTREAM_UNAVAILABLE, 'The translation service did not answer; try again later');
/** The same error about other fields: a list's n-th item rather than the one field a service checked. */
export const withFieldErrors = (error: AppError, details: FieldError[]) => new AppError(error.statusCode, error.code, error.message, details);
