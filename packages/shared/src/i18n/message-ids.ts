import { ERROR_CODES, type ErrorCode } from '../constants/errors.js';

/**
 * The console shows an error by its code: this maps each catalogue code to the react-intl
 * message id whose text every UI language carries.
 */
export const ERROR_MESSAGE_IDS: Record<ErrorCode, string> = {
  [ERROR_CODES.VALIDATION]: 'error.validation',
  [ERROR_CODES.INVALID_CREDENTIALS]: 'error.invalidCredentials',
  [ERROR_CODES.TOKEN_EXPIRED]: 'error.tokenExpired',
  [ERROR_CODES.REFRESH_INVALID]: 'error.refreshInvalid',
  [ERROR_CODES.COMPANY_NOT_AUTHORIZED]: 'error.companyNotAuthorized',
  [ERROR_CODES.UNAUTHENTICATED]: 'error.unauthenticated',
  [ERROR_CODES.FORBIDDEN]: 'error.forbidden',
  [ERROR_CODES.CSRF_MISSING]: 'error.forbidden',
  [ERROR_CODES.NOT_FOUND]: 'error.notFound',
  [ERROR_CODES.CONFLICT]: 'error.conflict',
  [ERROR_CODES.PAYLOAD_TOO_LARGE]: 'error.payloadTooLarge',
  [ERROR_CODES.RATE_LIMITED]: 'error.rateLimited',
  [ERROR_CODES.INTERNAL]: 'error.internal',
  [ERROR_CODES.UPSTREAM_BAD_GATEWAY]: 'error.unableToConnect',
  [ERROR_CODES.UPSTREAM_UNAVAILABLE]: 'error.unableToConnect',
  [ERROR_CODES.STORE_UNAVAILABLE]: 'error.sessionUnavailable',
  [ERROR_CODES.UPSTREAM_TIMEOUT]: 'error.unableToConnect',
  [ERROR_CODES.PLAN_LIMIT_REACHED]: 'error.planLimitReached',
  [ERROR_CODES.DUPLICATE_GTIN]: 'error.duplicateGtin',
  [ERROR_CODES.LINK_INVALID]: 'error.linkInvalid',
  [ERROR_CODES.WRONG_PASSWORD]: 'error.wrongPassword',
  [ERROR_CODES.BAD_PATH]: 'error.validation',
  [ERROR_CODES.HEADERS_TOO_LARGE]: 'error.payloadTooLarge',
  [ERROR_CODES.SERVICE_NAME_TAKEN]: 'error.serviceNameTaken',
  [ERROR_CODES.EMAIL_TAKEN]: 'error.emailTaken',
  [ERROR_CODES.ALREADY_JOINED]: 'error.alreadyJoined',
  [ERROR_CODES.SERVICE_NOT_IN_PLAN]: 'error.serviceNotInPlan',
  [ERROR_CODES.COMPANY_PREFIX_TAKEN]: 'error.companyPrefixTaken',
  [ERROR_CODES.COMPANY_PREFIX_IN_USE]: 'error.companyPrefixInUse',
  [ERROR_CODES.COMPANY_PREFIX_CONFLICT]: 'error.companyPrefixConflict',
  [ERROR_CODES.PROJECT_HAS_PRODUCTS]: 'error.projectHasProducts',
  [ERROR_CODES.DUPLICATE_SERIAL]: 'error.duplicateSerial',
  [ERROR_CODES.DUPLICATE_LINK]: 'error.duplicateLink',
  [ERROR_CODES.IDEMPOTENCY_IN_PROGRESS]: 'error.requestInProgress',
  [ERROR_CODES.IDEMPOTENCY_KEY_REUSED]: 'error.requestChanged',
};
