import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { EPCIS_VERSION_HEADERS, EpcisException, epcisProblems, sendProblem, type ProblemDetails } from './problem.js';

/*
 * The EPCIS 2.0 protocol of `/epcis/*` routes: version headers on every answer and problem+json
 * errors. A plugin that registers `/epcis` routes calls `useEpcisProtocol(instance)` first, inside
 * its own (encapsulated) context, so that its hooks and error handler apply to its routes only.
 * The not-found handler of the whole `/epcis` prefix is `epcisNotFound`, registered once in app.ts.
 */

/** PostgreSQL refusing a value the client sent (see plugins/errors.ts): the client's fault, not ours. */
const INPUT_SQLSTATES = new Set(['22021', '22P05', '22P02', '22003']);

function inputSqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && INPUT_SQLSTATES.has(code)) return code;
    current = cause;
  }
  return undefined;
}

/** The problem of an error that is not already an EPCIS one (schema validation, Fastify's own 4xx, the console's AppErrors). */
function problemOf(error: FastifyError | AppError | Error, request: FastifyRequest): ProblemDetails {
  if (inputSqlStateOf(error)) return epcisProblems.validation('A value of the request cannot be stored, such as text with a NUL character');
  const status = (error as { statusCode?: number }).statusCode ?? 500;
  const code = (error as { code?: string }).code;
  if (error instanceof AppError && error.details?.length) {
    const detail = error.details.map((d) => `${d.path}: ${d.message}`).join('; ');
    return request.method === 'GET' ? epcisProblems.queryParameter(detail) : epcisProblems.validation(detail);
  }
  switch (status) {
    case 400:
      return request.method === 'GET' ? epcisProblems.queryParameter(error.message) : epcisProblems.validation(error.message);
    case 401:
      return epcisProblems.security();
    case 403:
      return epcisProblems.forbidden(error.message);
    case 404:
      return epcisProblems.noSuchResource();
    case 406:
      return epcisProblems.notAcceptable(error.message);
    case 409:
      return epcisProblems.alreadyExists(error.message);
    case 413:
      return code === 'FST_ERR_CTP_BODY_TOO_LARGE' || request.method === 'POST'
        ? epcisProblems.captureLimitExceeded('The request body is larger than GS1-EPCIS-Capture-File-Size-Limit')
        : epcisProblems.queryTooLarge(error.message);
    case 415:
      return epcisProblems.unsupportedMediaType(`Content-Type ${request.headers['content-type'] ?? '(none)'} is not supported; send application/json, application/ld+json or application/xml`);
    case 429:
      return epcisProblems.tooManyRequests();
    default:
      if (status >= 400 && status < 500) return { ...epcisProblems.validation(error.message), status };
      return epcisProblems.implementation();
  }
}

/** Installs the EPCIS answer conventions on an encapsulated instance that holds `/epcis` routes. */
export function useEpcisProtocol(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(EPCIS_VERSION_HEADERS);
    done();
  });
  app.setErrorHandler((error: FastifyError | AppError | EpcisException, request, reply) => {
    if (error instanceof EpcisException) return sendProblem(reply, error.problem, error.headers);
    const body = problemOf(error, request);
    if (body.status >= 500) request.log.error({ err: error, reqId: request.id }, 'EPCIS request failed');
    return sendProblem(reply, body);
  });
}

/** The 404 of every `/epcis/...` path no route answers; register with `{ prefix: '/epcis' }`. */
export async function epcisNotFound(app: FastifyInstance): Promise<void> {
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) =>
    sendProblem(reply, epcisProblems.noSuchResource(`${request.method} ${request.url.split('?', 1)[0]} is not a resource of this repository`)),
  );
}
