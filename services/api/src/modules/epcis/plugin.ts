import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { EPCIS_VERSION_HEADERS, EpcisException, epcisErrors, epcisProblems, sendProblem, type ProblemDetails } from './problem.js';

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

/** `2`, `2.0`, `2.0.0` → [2, 0, 0]; null for anything else. */
function versionOf(text: string): number[] | null {
  const match = /^(\d{1,4})(?:\.(\d{1,4}))?(?:\.(\d{1,4}))?$/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)] : null;
}
const compareVersions = (a: number[], b: number[]) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** The versions a request may be answered in: EPCIS and CBV 2.0.0, and 1.2.0 too for an XML capture body (read as 1.2, decision 080). */
function supportedVersions(request: FastifyRequest): number[][] {
  const type = (request.headers['content-type'] ?? '').split(';', 1)[0].trim().toLowerCase();
  const xmlCapture = request.method === 'POST' && (type === 'application/xml' || type === 'text/xml');
  return xmlCapture ? [[1, 2, 0], [2, 0, 0]] : [[2, 0, 0]];
}

/**
 * `GS1-EPCIS-Min`/`-Max` and `GS1-CBV-Min`/`-Max` of a request: the versions the client can take.
 * When none this repository speaks lies within them, the answer is 406 (EPCIS 2.0 OpenAPI).
 */
export function checkVersionRange(request: FastifyRequest): void {
  for (const [name, min, max] of [
    ['EPCIS', request.headers['gs1-epcis-min'], request.headers['gs1-epcis-max']],
    ['CBV', request.headers['gs1-cbv-min'], request.headers['gs1-cbv-max']],
  ] as const) {
    if (min === undefined && max === undefined) continue;
    const bounds = [min, max].map((value) => (value === undefined ? null : versionOf(Array.isArray(value) ? value.join(',') : value)));
    if ((min !== undefined && !bounds[0]) || (max !== undefined && !bounds[1])) {
      throw epcisErrors.notAcceptable(`GS1-${name}-Min and GS1-${name}-Max must be versions such as 2.0.0`);
    }
    const fits = supportedVersions(request).some(
      (version) => (!bounds[0] || compareVersions(version, bounds[0]) >= 0) && (!bounds[1] || compareVersions(version, bounds[1]) <= 0),
    );
    if (!fits) {
      throw epcisErrors.notAcceptable(`This repository speaks ${name} 2.0.0, outside GS1-${name}-Min ${min ?? '(none)'} to GS1-${name}-Max ${max ?? '(none)'}`);
    }
  }
}

/** Installs the EPCIS answer conventions on an encapsulated instance that holds `/epcis` routes. */
export function useEpcisProtocol(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(EPCIS_VERSION_HEADERS);
    checkVersionRange(request);
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
