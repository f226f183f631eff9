/**
 * The error catalogue of spec point 8: stable codes and the messages users see.
 * Every service answers errors as { code, message, details? } with these codes.
 */
export const ERROR_CODES = {
  VALIDATION: 'E400001',
  INVALID_CREDENTIALS: 'E401001',
  TOKEN_EXPIRED: 'E401002',
  REFRESH_INVALID: 'E401003',
  COMPANY_NOT_AUTHORIZED: 'E401004',
  UNAUTHENTICATED: 'E401005',
  FORBIDDEN: 'E403001',
  CSRF_MISSING: 'E403002',
  NOT_FOUND: 'E404001',
  CONFLICT: 'E409001',
  PAYLOAD_TOO_LARGE: 'E413001',
  RATE_LIMITED: 'E429001',
  INTERNAL: 'E500001',
  UPSTREAM_BAD_GATEWAY: 'E502001',
  UPSTREAM_UNAVAILABLE: 'E503001',
  STORE_UNAVAILABLE: 'E503002',
  UPSTREAM_TIMEOUT: 'E504001',
  PLAN_LIMIT_REACHED: 'E403003',
  DUPLICATE_GTIN: 'E409002',
  LINK_INVALID: 'E400002',
  WRONG_PASSWORD: 'E400003',
  BAD_PATH: 'E400004',
  HEADERS_TOO_LARGE: 'E431001',
  SERVICE_NAME_TAKEN: 'E409003',
  EMAIL_TAKEN: 'E409004',
  ALREADY_JOINED: 'E409005',
  SERVICE_NOT_IN_PLAN: 'E403004',
  /** A retry with an `Idempotency-Key` whose first request is still running. */
  IDEMPOTENCY_IN_PROGRESS: 'E409007',
  /** An `Idempotency-Key` sent again with a different request. */
  IDEMPOTENCY_KEY_REUSED: 'E422001',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export const MESSAGES = {
  companyNotAuthorized: 'Your company has not been authorized yet. Please wait a moment.',
  refreshFailed: 'Error. Please log in again.',
  tokenNotProvided: 'Token is not provided.',
  invalidCredentials: 'The email or password is incorrect.',
  unauthenticated: 'Please sign in to continue.',
  tokenExpired: 'Your session has expired.',
  refreshInvalid: 'Your session is no longer valid. Please sign in again.',
  forbidden: 'You do not have permission to perform this action.',
  csrfMissing: 'This request is missing its X-CSRF header.',
  notFound: 'The requested item was not found.',
  validation: 'Some fields are missing or invalid.',
  unableToConnect: 'Unable to connect to the service',
  sessionServiceUnavailable: 'The session service is unavailable. Please try again later',
  tryAgainLater: 'Please try again later',
  internal: 'Something went wrong. Please try again later',
  rateLimited: 'Too many requests. Please try again later',
  payloadTooLarge: 'The request is too large.',
  badPath: 'The request path is not valid.',
  headersTooLarge: 'The request headers are too large.',
  projectHasProducts: 'This project still has products. Move or delete them first.',
  deleteConfirm: 'Are you sure you want to delete?',
  emptyNotifications: "You don't have any notifications.",
  accessDeniedTitle: 'Access Denied',
  accessDeniedBody: 'You do not have permission to perform this action.',
  goBackToPrevious: 'Go Back to Previous Page',
  resultFalse: 'result: false',
  planLimitReached: 'The scope of the plan has been exceeded!',
  duplicateGtin: 'This GTIN is already registered.',
  invalidGtinCheckDigit: 'The GTIN check digit is wrong.',
  invalidGtinPrefix: 'The GTIN does not start with one of your company prefixes.',
  invalidImage: 'Only JPEG, PNG, WebP or GIF images are accepted.',
  fileTooLarge: 'The file is too large.',
  malformedMultipart: 'The upload could not be read.',
  linkInvalid: 'This link is invalid or has expired.',
  wrongPassword: 'The current password is incorrect.',
  serviceNameTaken: 'This service name is already taken.',
  emailTaken: 'An account with this email address already exists.',
  alreadyJoined: 'This member has already joined.',
  serviceNotInPlan: 'Your plan does not include this service.',
  idempotencyInProgress: 'This request is still being processed. Please wait a moment and try again.',
  idempotencyKeyReused: 'This request was already sent with different content. Please submit the form again.',
} as const;

/** Messages shown for route errors (spec point 8). */
export const ROUTE_ERROR_MESSAGES = {
  404: "Error 404 - This page doesn't exist!",
  401: "Error 401 - You aren't authorized to see this",
  503: 'Error 503 - Looks like our API is down',
  418: 'Error 418 - Contact administrator',
  unauthorized1: 'Internal Server Error - Plase try later again',
  other: 'Under Maintenance',
} as const;

/** Texts of the plan-limit page and the plan-exceeded dialog (spec point 8). */
export const PLAN_LIMIT_MESSAGES = {
  featureLimitTitle: 'Upgrade to Unlock',
  usageLimitTitle: "You've Reached Your Usage Limit",
  upgradeTitle: 'Upgrade Your Plan',
  upgradeButton: 'Upgrade Your Plan',
  goBackButton: 'Go Back',
  exceededTitle: 'The scope of the plan has been exceeded!',
  exceededPlan: 'You subscribed a {plan} plan.',
  exceededAdvice: 'If you want to register more {field}s, we recommend upgrading your plan.',
} as const;
