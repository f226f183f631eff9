import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES, MESSAGES, type ErrorBody } from '@product-console/shared';
import { GatewayError, gatewayErrors } from '../errors.js';

/** Codes and messages for the 4xx errors Fastify and its plugins raise themselves. */
function frameworkClientError(status: number, error: FastifyError): ErrorBody {
  switch (status) {
    case 400:
      return {
        code: ERROR_CODES.VALIDATION,
        message: MESSAGES.validation,
        ...(error.validation
          ? { details: error.validation.map((v) => ({ path: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(body)', message: v.message ?? 'invalid' })) }
          : {}),
      };
    case 401:
      return { code: ERROR_CODES.UNAUTHENTICATED, message: MESSAGES.unauthenticated };
    case 403:
      return { code: ERROR_CODES.FORBIDDEN, message: MESSAGES.forbidden };
    case 404:
      return { code: ERROR_CODES.NOT_FOUND, message: MESSAGES.notFound };
    case 413:
      return { code: ERROR_CODES.PAYLOAD_TOO_LARGE, message: MESSAGES.payloadTooLarge };
    case 429:
      return { code: ERROR_CODES.RATE_LIMITED, message: MESSAGES.rateLimited };
    default:
      return { code: ERROR_CODES.VALIDATION, message: MESSAGES.validation };
  }
}

/**
 * One error shape, `{code, message, details?}`. 4xx messages reach the client; 5xx answer a
 * generic catalogue message and the cause is logged with the request id, never sent.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | GatewayError, request, reply) => {
      if (error instanceof GatewayError) {
        if (error.clearSession) app.sessions.clearCookie(reply);
        if (error.statusCode >= 500) request.log.warn({ err: error.cause ?? error, code: error.code }, error.message);
        return reply.code(error.statusCode).send(error.toBody());
      }
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
      if (status < 500) return reply.code(status).send(frameworkClientError(status, error));
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ code: ERROR_CODES.INTERNAL, message: MESSAGES.internal });
    });

    app.setNotFoundHandler((_request, reply) => {
      reply.code(404).send(gatewayErrors.notFound().toBody());
    });
  },
  { name: 'errors', fastify: '5.x', dependencies: ['session'] },
);
