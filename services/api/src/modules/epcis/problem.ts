import type { FastifyReply } from 'fastify';

/*
 * The EPCIS 2.0 REST bindings' answers (GS1 EPCIS 2.0 OpenAPI, `RFC7807ProblemResponseBody` and the
 * `epcisException:*` problem types): every answer of `/epcis/*` says which EPCIS and CBV versions it
 * speaks, and every error is `application/problem+json` rather than the console's `{code, message}`.
 * The console's error factories stay in `src/errors.ts`; these are the machine clients' words.
 */

export const EPCIS_VERSION = '2.0.0';
export const CBV_VERSION = '2.0.0';

/** On every answer of `/epcis/*`, errors and OPTIONS included. */
export const EPCIS_VERSION_HEADERS: Readonly<Record<string, string>> = {
  'GS1-EPCIS-Version': EPCIS_VERSION,
  'GS1-CBV-Version': CBV_VERSION,
};

/** On OPTIONS (discovery) answers, as the OpenAPI's 204 discovery responses list them. */
export const EPCIS_DISCOVERY_HEADERS: Readonly<Record<string, string>> = {
  ...EPCIS_VERSION_HEADERS,
  'GS1-EPCIS-Min': EPCIS_VERSION,
  'GS1-EPCIS-Max': EPCIS_VERSION,
  'GS1-CBV-Min': CBV_VERSION,
  'GS1-CBV-Max': CBV_VERSION,
  'GS1-EPC-Format': 'Always_GS1_Digital_Link',
};

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** An RFC 7807 problem as the EPCIS OpenAPI words it; `errors` lists the single problems of a refused document. */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  /** Index of the event in the document's eventList the problem is about (our extension member). */
  eventIndex?: number;
  /** JSON pointer into the event or document (our extension member). */
  pointer?: string;
  /** The single problems behind a summarised one (our extension member). */
  errors?: ProblemDetails[];
}

/** A problem thrown from a route or hook of `/epcis/*`; the EPCIS error handler answers it as is. */
export class EpcisException extends Error {
  constructor(
    readonly problem: ProblemDetails,
    /** Answer headers that go with it (`GS1-EPCIS-Capture-Limit` on a 413, `Allow` on a 405...). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(problem.detail ?? problem.title);
    this.name = 'EpcisException';
  }

  get statusCode(): number {
    return this.problem.status;
  }
}

const problem = (status: number, type: string, title: string, detail?: string): ProblemDetails =>
  detail === undefined ? { type: `epcisException:${type}`, title, status } : { type: `epcisException:${type}`, title, status, detail };

/** The problem bodies of the standard's exception types. */
export const epcisProblems = {
  validation: (detail: string) => problem(400, 'ValidationException', 'Invalid EPCIS document or event', detail),
  queryParameter: (detail: string) => problem(400, 'QueryParameterException', 'Invalid query parameter', detail),
  security: (detail = 'A valid API key is required: Authorization: Bearer <key>') => problem(401, 'SecurityException', 'Unauthorised request', detail),
  forbidden: (detail: string) => problem(403, 'SecurityException', 'Access to this resource is forbidden', detail),
  noSuchResource: (detail = 'There is no such resource') => problem(404, 'NoSuchResourceException', 'Resource not found', detail),
  noSuchName: (detail: string) => problem(404, 'NoSuchNameException', 'No such name', detail),
  notAcceptable: (detail: string) => problem(406, 'NotAcceptableException', 'Not acceptable', detail),
  alreadyExists: (detail: string) => problem(409, 'ResourceAlreadyExistsException', 'A resource with the provided identifier already exists', detail),
  captureLimitExceeded: (detail: string) => problem(413, 'CaptureLimitExceededException', 'Capture payload too large', detail),
  queryTooLarge: (detail: string) => problem(413, 'QueryTooLargeException', 'Query result too large', detail),
  unsupportedMediaType: (detail: string) => problem(415, 'UnsupportedMediaTypeException', 'Unsupported media type', detail),
  tooManyRequests: (detail = 'Too many requests; try again later') => problem(429, 'ImplementationException', 'Too many requests', detail),
  implementation: (detail = 'The repository could not complete the request') => problem(500, 'ImplementationException', 'Implementation exception', detail),
  busy: (detail = 'The repository has too many captures waiting; try again shortly') => problem(503, 'ImplementationException', 'Service busy', detail),
};

/** Throwable forms of the problems above, for routes and hooks. */
export const epcisErrors = {
  validation: (detail: string, errors?: ProblemDetails[]) =>
    new EpcisException(errors && errors.length > 0 ? { ...epcisProblems.validation(detail), errors } : epcisProblems.validation(detail)),
  queryParameter: (detail: string) => new EpcisException(epcisProblems.queryParameter(detail)),
  security: (detail?: string) => new EpcisException(epcisProblems.security(detail)),
  forbidden: (detail: string) => new EpcisException(epcisProblems.forbidden(detail)),
  noSuchResource: (detail?: string) => new EpcisException(epcisProblems.noSuchResource(detail)),
  noSuchName: (detail: string) => new EpcisException(epcisProblems.noSuchName(detail)),
  notAcceptable: (detail: string) => new EpcisException(epcisProblems.notAcceptable(detail)),
  alreadyExists: (detail: string) => new EpcisException(epcisProblems.alreadyExists(detail)),
  captureLimitExceeded: (detail: string, limits: Readonly<Record<string, string>> = {}) =>
    new EpcisException(epcisProblems.captureLimitExceeded(detail), limits),
  queryTooLarge: (detail: string) => new EpcisException(epcisProblems.queryTooLarge(detail)),
  unsupportedMediaType: (detail: string) => new EpcisException(epcisProblems.unsupportedMediaType(detail)),
  implementation: (detail?: string) => new EpcisException(epcisProblems.implementation(detail)),
  /** 503 with `Retry-After`: the capture queue is full. */
  busy: (retryAfterSeconds: number) => new EpcisException(epcisProblems.busy(), { 'Retry-After': String(retryAfterSeconds) }),
};

/** Answers a problem: status, `application/problem+json`, the version headers and any extra headers. */
export function sendProblem(reply: FastifyReply, body: ProblemDetails, headers: Readonly<Record<string, string>> = {}): FastifyReply {
  // A string payload skips the route's response serializer: the problem goes out exactly as built.
  return reply
    .code(body.status)
    .headers({ ...EPCIS_VERSION_HEADERS, ...headers })
    .type(PROBLEM_CONTENT_TYPE)
    .send(JSON.stringify(body));
}

/** How many single problems a summarised `detail` names before "and N more". */
const DETAIL_PROBLEMS_MAX = 10;

/** One line naming the problems of a refused document: `event 2: action: ...; event 5: ...`. */
export function summariseProblems(problems: readonly ProblemDetails[]): string {
  const named = problems.slice(0, DETAIL_PROBLEMS_MAX).map((p) => {
    const where = p.eventIndex === undefined ? '' : `event ${p.eventIndex}: `;
    return `${where}${p.detail ?? p.title}`;
  });
  const more = problems.length - named.length;
  return more > 0 ? `${named.join('; ')}; and ${more} more` : named.join('; ');
}
