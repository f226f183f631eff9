import fp from 'fastify-plugin';
import type { FastifyError, FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import { ERROR_CODES, MESSAGES, toFieldErrors, type ErrorBody, type ErrorCode } from '@product-console/shared';
import { AppError, unstorableInput, validationFailed } from '../errors.js';

/**
 * Validates with zod and keeps zod's issues, so that a 400 answer lists every field error
 * in the shape of `toFieldErrors`.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: validationFailed(toFieldErrors(result.error)) };
  };

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODES.VALIDATION,
  401: ERROR_CODES.UNAUTHENTICATED,
  403: ERROR_CODES.FORBIDDEN,
  404: ERROR_CODES.NOT_FOUND,
  409: ERROR_CODES.CONFLICT,
  413: ERROR_CODES.PAYLOAD_TOO_LARGE,
  429: ERROR_CODES.RATE_LIMITED,
};

const MESSAGE_BY_CODE: Partial<Record<ErrorCode, string>> = {
  [ERROR_CODES.PAYLOAD_TOO_LARGE]: MESSAGES.payloadTooLarge,
  [ERROR_CODES.RATE_LIMITED]: MESSAGES.rateLimited,
};

/**
 * PostgreSQL errors (SQLSTATE) about a value the client sent rather than a fault of the service.
 * The request schemas refuse such values first (`text()`, `idSchema`); this keeps one they miss a
 * 400 instead of a 500.
 */
const INPUT_SQLSTATES = new Set([
  '22021', // character_not_in_repertoire: a NUL character in text
  '22P05', // untranslatable_character: a NUL character (\u0000) in jsonb
  '22P02', // invalid_text_representation: e.g. a lone surrogate in jsonb
  '22003', // numeric_value_out_of_range: e.g. an id past `integer`
]);

/** The SQLSTATE of a database error; drivers and the ORM may wrap it in `cause`. */
function inputSqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && INPUT_SQLSTATES.has(code)) return code;
    current = cause;
  }
  return undefined;
}

/** Turns every error into `{code, message, details?}`; 5xx causes are logged, never sent. */
export default fp(
  async (app) => {
    app.setErrorHandler((caught: FastifyError | AppError, request, reply) => {
      let error = caught;
      const sqlState = inputSqlStateOf(error);
      if (sqlState) {
        request.log.warn({ err: error, sqlState, reqId: request.id }, 'the database refused a value of the request');
        error = unstorableInput();
      }
      if (error instanceof AppError) {
        const body: ErrorBody = { code: error.code, message: error.message };
        if (error.details) body.details = error.details;
        return reply.code(error.statusCode).send(body);
      }

      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const code = CODE_BY_STATUS[status] ?? ERROR_CODES.VALIDATION;
        const body: ErrorBody = { code, message: MESSAGE_BY_CODE[code] ?? error.message };
        // Fastify's own 400s (malformed JSON, wrong content type) concern the body as a whole.
        if (code === ERROR_CODES.VALIDATION) body.details = [{ path: '(body)', message: error.message }];
        return reply.code(status).send(body);
      }

      request.log.error({ err: error, reqId: request.id }, 'request failed');
      return reply.code(500).send({ code: ERROR_CODES.INTERNAL, message: MESSAGES.internal });
    });

    app.setNotFoundHandler((_request, reply) => {
      reply.code(404).send({ code: ERROR_CODES.NOT_FOUND, message: MESSAGES.notFound });
    });
  },
  { name: 'errors' },
);
