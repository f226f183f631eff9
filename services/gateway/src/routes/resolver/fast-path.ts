import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { ResolutionCache } from '../../resolution/cache.js';
import { geoReady } from '../../resolution/rules.js';
import type { Target } from './language.js';
import { wantsCredential } from './credential.js';
import { parseLinkTypeParameter } from './link-types.js';
import { parseQuery, withQuery } from './query.js';
import { isProblem, type DigitalLinkPath, type ParsedPath } from './request-path.js';
import { redirectTarget, viewOf, wantsLinkset, type ResolutionView } from './resolution.js';

/*
 * The resolver's cached redirect, answered before Fastify's lifecycle.
 *
 * A scan whose record is in this replica's memory needs nothing Fastify's per-request machinery
 * adds (session cookie parsing, CSRF checks, reply hooks, a child logger): those
 * cost a gateway request about as much as the whole redirect. So the server's request listener
 * first offers each request here; a GET whose path starts with a digit and whose answer is a
 * redirect from memory is written at once (counted against its address's public allowance, the
 * count Fastify's hook would make), with the headers, counters, scan record and (at info
 * level) log line a Fastify answer would have; its x-request-id is the caller's, or at info level
 * a new one (it names a log line; without one, making it would cost each scan for nothing). Anything else (a miss, a link set, an
 * error page, HEAD, OPTIONS, a draining gateway) goes on to Fastify and the resolver's routes,
 * which decide with the same functions. One comparison is all other traffic pays.
 */

export interface FastRedirect {
  request: IncomingMessage;
  /** The client's address (TRUST_PROXY honoured). */
  address: string | undefined;
  parsed: DigitalLinkPath;
  view: ResolutionView;
  target: Target;
  /** The URI's `utm_campaign`, for the scan record. */
  campaign: string | null;
  requestId: string | undefined;
  seconds: number;
}

export interface FastPathOptions {
  parsePath: (rawPath: string) => ParsedPath;
  cache: ResolutionCache['entries'];
  /** The origin Fastify found for an earlier request with the same host headers; undefined: not known yet. */
  originOf: (request: IncomingMessage) => string | undefined;
  /** The answer's x-request-id, or undefined for none. */
  requestId: (request: IncomingMessage) => string | undefined;
  /** False while the gateway drains or closes: Fastify then answers (and closes connections). */
  open: () => boolean;
  /** The client's address, as Fastify's `request.ip` would have it. */
  clientAddress: (request: IncomingMessage) => string | undefined;
  /**
   * Counts the answer against its address's public allowance; false when it is spent: Fastify
   * then answers the 429, with the one error shape (its own count of the request changes nothing).
   */
  admit: (address: string | undefined) => boolean;
  answered: (redirect: FastRedirect) => void;
}

const ZERO = 48;
const NINE = 57;

/** Answers the request and says true, or says false and leaves it untouched. */
export function createFastPath(options: FastPathOptions): (request: IncomingMessage, response: ServerResponse) => boolean {
  return (request, response) => {
    const url = request.url;
    if (url === undefined || request.method !== 'GET') return false;
    const first = url.charCodeAt(1);
    if (first < ZERO || first > NINE || !options.open()) return false;
    const started = performance.now();

    const question = url.indexOf('?');
    const parsed = options.parsePath(question === -1 ? url : url.slice(0, question));
    if (isProblem(parsed)) return false;
    const query = parseQuery(question === -1 ? '' : url.slice(question + 1));
    const requested = query.linkType === null ? null : parseLinkTypeParameter(query.linkType);
    if (wantsLinkset(requested, request.headers.accept) || wantsCredential(requested, request.headers.accept)) return false;
    const origin = options.originOf(request);
    if (origin === undefined) return false;
    const entry = options.cache.peek(parsed.entryPath, false);
    if (!entry) return false;
    // A wine e-label's code records no scan (issue 29): Fastify's route answers it without one.
    if (entry.untracked) return false;
    const view = viewOf(entry, origin, parsed);
    // Rules that name countries: Fastify's route waits for the geolocation the first time.
    if (view.rules?.needsCountry && !geoReady()) return false;
    const address = options.clientAddress(request);
    const scan = { acceptLanguage: request.headers['accept-language'], userAgent: request.headers['user-agent'], address };
    const target = redirectTarget(view, requested && !requested.linkset ? requested.linkType : null, scan);
    if (!target) return false;
    if (!options.admit(address)) return false;

    const requestId = options.requestId(request);
    const headers =
      query.passOn.length === 0
        ? [...target.redirectHeaderList, 'content-length', '0']
        : [...view.redirectHeaderList, 'location', withQuery(target.href, query.passOn), 'content-length', '0'];
    if (requestId !== undefined) headers.push('x-request-id', requestId);
    response.writeHead(307, headers);
    response.end();
    options.cache.countHit();
    options.answered({ request, address, parsed, view, target, campaign: query.campaign, requestId, seconds: (performance.now() - started) / 1000 });
    return true;
  };
}

/**
 * Puts `fastPath` in front of the server's request listeners (Fastify's router). Returns a
 * function that takes it out again.
 */
export function installFastPath(
  server: { listeners(event: 'request'): unknown[]; removeListener(event: 'request', listener: never): unknown; on(event: 'request', listener: never): unknown },
  fastPath: (request: IncomingMessage, response: ServerResponse) => boolean,
): () => void {
  const routers = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  for (const router of routers) server.removeListener('request', router as never);
  const listener = (request: IncomingMessage, response: ServerResponse) => {
    if (fastPath(request, response)) return;
    for (const router of routers) router(request, response);
  };
  server.on('request', listener as never);
  return () => {
    server.removeListener('request', listener as never);
    for (const router of routers) server.on('request', router as never);
  };
}
