import { ERROR_CODES, MESSAGES, toFieldErrors, type ErrorBody } from '@product-console/shared';
import type { z } from 'zod';

type FieldError = NonNullable<ErrorBody['details']>[number];

/** Codes of the shared catalogue that only the gateway answers. */
export const GATEWAY_ERROR_CODES = {
  /** The API answered something unusable or dropped the connection. */
  UPSTREAM_BAD_GATEWAY: ERROR_CODES.UPSTREAM_BAD_GATEWAY,
  /** The session store (Redis) does not answer. */
  STORE_UNAVAILABLE: ERROR_CODES.STORE_UNAVAILABLE,
} as const;

export const GATEWAY_MESSAGES = {
  storeUnavailable: MESSAGES.sessionServiceUnavailable,
} as const;

/**
 * An error the gateway answers on purpose: status, stable code of the catalogue and a message a
 * user may read. `clearSession` also expires the session cookie in the same answer.
 */
export class GatewayError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details?: FieldError[];
  readonly clearSession: boolean;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    options: { details?: FieldError[]; clearSession?: boolean; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'GatewayError';
    this.statusCode = statusCode;
    this.code = code;
    this.details = options.details;
    this.clearSession = options.clearSession ?? false;
  }

  toBody(): ErrorBody {
    return this.details ? { code: this.code, message: this.message, details: this.details } : { code: this.code, message: this.message };
  }
}

export const gatewayErrors = {
  validation: (error: z.ZodError) =>
    new GatewayError(400, ERROR_CODES.VALIDATION, MESSAGES.validation, { details: toFieldErrors(error) }),
  unauthenticated: () => new GatewayError(401, ERROR_CODES.UNAUTHENTICATED, MESSAGES.unauthenticated),
  forbidden: () => new GatewayError(403, ERROR_CODES.FORBIDDEN, MESSAGES.forbidden),
  csrfMissing: () => new GatewayError(403, ERROR_CODES.CSRF_MISSING, MESSAGES.csrfMissing),
  notFound: () => new GatewayError(404, ERROR_CODES.NOT_FOUND, MESSAGES.notFound),
  /** Refresh token unknown, expired or reused: the session is over. */
  refreshInvalid: () =>
    new GatewayError(401, ERROR_CODES.REFRESH_INVALID, MESSAGES.refreshInvalid, { clearSession: true }),
  /** Any other failed refresh (spec point 8: 'Error. Please log in again.'). */
  refreshFailed: (cause?: unknown) =>
    new GatewayError(401, ERROR_CODES.TOKEN_EXPIRED, MESSAGES.refreshFailed, { cause }),
  /** Sign-in or switch answered without the tokens (spec point 5). */
  tokenNotProvided: () => new GatewayError(502, ERROR_CODES.INTERNAL, MESSAGES.tokenNotProvided),
  badUpstreamAnswer: (cause?: unknown) => new GatewayError(502, ERROR_CODES.INTERNAL, MESSAGES.tryAgainLater, { cause }),
  /** The API refused the connection or said it is unavailable. */
  upstreamUnavailable: (cause?: unknown) =>
    new GatewayError(503, ERROR_CODES.UPSTREAM_UNAVAILABLE, MESSAGES.unableToConnect, { cause }),
  upstreamTimeout: (cause?: unknown) =>
    new GatewayError(504, ERROR_CODES.UPSTREAM_TIMEOUT, MESSAGES.unableToConnect, { cause }),
  /** The connection to the API broke mid-answer, or something in front of it answered 502. */
  upstreamBadGateway: (cause?: unknown) =>
    new GatewayError(502, GATEWAY_ERROR_CODES.UPSTREAM_BAD_GATEWAY, MESSAGES.unableToConnect, { cause }),
  storeUnavailable: (cause?: unknown) =>
    new GatewayError(503, GATEWAY_ERROR_CODES.STORE_UNAVAILABLE, GATEWAY_MESSAGES.storeUnavailable, { cause }),
  rateLimited: () => new GatewayError(429, ERROR_CODES.RATE_LIMITED, MESSAGES.rateLimited),
  payloadTooLarge: () => new GatewayError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, MESSAGES.payloadTooLarge),
  /** A path whose escapes cannot be decoded, or with bytes a URL may not hold. */
  badPath: () => new GatewayError(400, ERROR_CODES.BAD_PATH, MESSAGES.badPath),
};

const errorBodyShape = (body: unknown): body is ErrorBody =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as ErrorBody).code === 'string' &&
  typeof (body as ErrorBody).message === 'string';

/**
 * An upstream error answer as the browser may see it: 4xx keep their status, code and message
 * (and field details); 5xx become a generic 502 so nothing internal leaks.
 */
export function fromUpstreamError(status: number, body: unknown): GatewayError {
  if (status >= 400 && status < 500 && errorBodyShape(body)) {
    const details = Array.isArray(body.details) ? body.details : undefined;
    return new GatewayError(status, body.code, body.message, { details });
  }
  if (status >= 400 && status < 500) {
    return new GatewayError(status, status === 401 ? ERROR_CODES.UNAUTHENTICATED : ERROR_CODES.VALIDATION, MESSAGES.tryAgainLater);
  }
  return gatewayErrors.badUpstreamAnswer({ status });
}
