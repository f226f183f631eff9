import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_CODES, MESSAGES, PROBLEM_TYPE_BASE, type Problem } from '@product-console/shared';
import { AppError } from '../../errors.js';

/*
 * `/api/v1` answers errors as RFC 9457 problem details (`application/problem+json`): `type` (a
 * relative URI into the reference page, whose section explains it), `title`, `status`, `detail`,
 * and `errors` with one `{pointer, detail}` per field of a 400. The services' own errors (AppError
 * with the console's codes) keep their code as the type, so both surfaces name a problem alike.
 */

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** A problem of the public API itself (authentication, scopes, preconditions). */
export class V1Problem extends Error {
  constructor(
    readonly problem: Problem,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(problem.detail ?? problem.title);
    this.name = 'V1Problem';
  }

  get statusCode(): number {
    return this.problem.status;
  }
}

/** The public API's own problem types, with the title each has (the reference page lists them). */
export const V1_PROBLEM_TYPES = {
  unauthorized: [401, 'A valid API key is required'],
  'missing-scope': [403, 'The API key lacks the scope this call needs'],
  'company-wide-only': [403, 'Only a key for the whole company may do this'],
  'precondition-failed': [412, 'The resource changed since the ETag given in If-Match'],
  'not-found': [404, 'Not found'],
} as const satisfies Record<string, readonly [number, string]>;

const make = (slug: keyof typeof V1_PROBLEM_TYPES, detail?: string, headers?: Record<string, string>) => {
  const [status, title] = V1_PROBLEM_TYPES[slug];
  return new V1Problem({ type: `${PROBLEM_TYPE_BASE}${slug}`, title, status, ...(detail === undefined ? {} : { detail }) }, headers);
};

export const v1Errors = {
  unauthorized: (detail = 'Send Authorization: Bearer <API key> with a live key') =>
    make('unauthorized', detail, { 'www-authenticate': 'Bearer realm="api"' }),
  missingScope: (scope: string) => make('missing-scope', `This call needs the scope ${scope}`),
  companyWideOnly: () => make('company-wide-only', 'This resource belongs to the whole company; the key is limited to one project'),
  preconditionFailed: () => make('precondition-failed', 'Read the resource again and send its current ETag'),
  notFound: () => make('not-found', MESSAGES.notFound),
};

/** Field paths as the console's product form names them (`product.0.gtin`) are the API body's own (`gtin`). */
const pointerOf = (path: string) => path.replace(/^product\.0\./, '');

/** The problem of any error a `/api/v1` route or hook threw; 5xx causes are logged by the caller. */
export function problemOf(error: FastifyError | AppError | V1Problem | Error): Problem {
  if (error instanceof V1Problem) return error.problem;
  if (error instanceof AppError) {
    const problem: Problem = { type: `${PROBLEM_TYPE_BASE}${error.code}`, title: error.message, status: error.statusCode };
    if (error.details && error.details.length > 0) {
      problem.errors = error.details.map((detail) => ({ pointer: pointerOf(detail.path), detail: detail.message }));
      problem.detail = error.details.map((detail) => `${pointerOf(detail.path)}: ${detail.message}`).join('; ');
    }
    return problem;
  }
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { type: `${PROBLEM_TYPE_BASE}${ERROR_CODES.VALIDATION}`, title: MESSAGES.validation, status, detail: error.message };
  }
  return { type: `${PROBLEM_TYPE_BASE}${ERROR_CODES.INTERNAL}`, title: MESSAGES.internal, status: 500 };
}

/** Installs the problem+json error and not-found answers in the `/api/v1` context. */
export function useProblems(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | V1Problem, request, reply) => {
    const problem = problemOf(error);
    if (problem.status >= 500) request.log.error({ err: error, reqId: request.id }, 'request failed');
    if (error instanceof V1Problem) reply.headers(error.headers);
    return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
  });
  app.setNotFoundHandler((_request, reply) => {
    const { problem } = v1Errors.notFound();
    return reply.code(404).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
  });
}
