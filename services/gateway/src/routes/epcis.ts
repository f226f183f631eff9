import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import httpProxy from '@fastify/http-proxy';
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { GatewayError, gatewayErrors } from '../errors.js';
import { forwardedPath, isUnder, parseRoutedPath } from '../lib/routed-path.js';
import { headersForClient, stripRequestHeaders } from '../lib/upstream-headers.js';

/*
 * /epcis and /epcis/* -> the API's /epcis/*: the EPCIS 2.0 REST bindings for machine clients
 * (issue 17). They authenticate with an API key (`Authorization: Bearer`), never with the
 * console's session: no cookie is read or forwarded, no CSRF marker is asked for. Method, query,
 * body (streamed), `Authorization`, `Content-Type` and the `GS1-*` headers pass as sent; the API's
 * `GS1-*` and `Location` headers come back. Calls are counted per key (per address without one).
 */

export interface EpcisRoutesOptions {
  /** Calls per window and per key (or client address). */
  rateLimitMax: number;
  windowMs: number;
}

/** The EPCIS answer conventions (decision 050), for what the gateway itself answers under /epcis. */
const VERSION_HEADERS = { 'GS1-EPCIS-Version': '2.0.0', 'GS1-CBV-Version': '2.0.0' };

const PROBLEM_TYPES: Record<number, [string, string]> = {
  400: ['epcisException:ValidationException', 'Bad request'],
  404: ['epcisException:NoSuchResourceException', 'Resource not found'],
  413: ['epcisException:CaptureLimitExceededException', 'Capture payload too large'],
  429: ['epcisException:ImplementationException', 'Too many requests'],
};

function sendProblem(reply: FastifyReply, error: GatewayError | FastifyError) {
  const status = error.statusCode ?? 500;
  const [type, title] = PROBLEM_TYPES[status] ?? ['epcisException:ImplementationException', status >= 500 ? 'The repository is not reachable' : 'Request refused'];
  // A gateway error's message is written for people (the catalogue's); nothing internal is in it.
  const detail = error instanceof GatewayError ? error.message : status < 500 ? error.message : 'Try again later';
  return reply
    .code(status)
    .headers(VERSION_HEADERS)
    .type('application/problem+json; charset=utf-8')
    .send(JSON.stringify({ type, title, status, detail }));
}

/**
 * A path whose spelling the upstream URL parser would change (dot segments, also percent-encoded
 * ones, empty segments, backslashes): forwarded in its routed form, never as sent.
 */
const NEEDS_NORMALISING = /(^|\/)(\.|%2e){1,2}(\/|$)|\/\/|\\|%5c/i;

/**
 * The API address of an `/epcis...` request, or null when its routed path is not below `/epcis`
 * (`/epcis/../api/...`). Percent-encoded slashes inside a segment are kept as sent: eventIDs
 * such as `ni:///sha-256;…` travel that way, and the API's router reads them as one parameter.
 */
export function epcisDestination(url: string): string | null {
  const routed = parseRoutedPath(url);
  if (!routed || !isUnder(routed.path, '/epcis')) return null;
  const query = url.indexOf('?');
  const raw = query === -1 ? url : url.slice(0, query);
  return NEEDS_NORMALISING.test(raw) ? forwardedPath(url, routed, 1, '/epcis') : url;
}

const clientKeyOf = (request: FastifyRequest): string => {
  const header = request.headers.authorization;
  const bearer = header ? /^Bearer\s+(\S+)/i.exec(header)?.[1] : undefined;
  // Counters are keyed by a digest: keys must not appear in Redis.
  return bearer ? `epcis:key:${createHash('sha256').update(bearer).digest('base64url')}` : `epcis:ip:${request.ip}`;
};

const epcisRoutes: FastifyPluginAsync<EpcisRoutesOptions> = async (app: FastifyInstance, options) => {
  const { baseUrl, timeoutMs, uploadLimitBytes, dispatcher } = app.upstream;
  const destinations = new WeakMap<object, string>();
  const limit = app.createRateLimit({ max: options.rateLimitMax, timeWindow: options.windowMs, keyGenerator: clientKeyOf });

  app.setErrorHandler((error: GatewayError | FastifyError, request, reply) => {
    if ((error.statusCode ?? 500) >= 500) request.log.warn({ err: error }, 'EPCIS call failed at the gateway');
    return sendProblem(reply, error);
  });
  app.setNotFoundHandler((_request, reply) => sendProblem(reply, gatewayErrors.notFound()));

  app.addHook('onRequest', async (request, reply) => {
    const dest = epcisDestination(request.url);
    if (!dest) throw gatewayErrors.notFound();
    destinations.set(request, dest);
    const counted = await limit(request);
    if (!counted.isAllowed && counted.isExceeded) {
      reply.header('retry-after', String(Math.max(1, counted.ttlInSeconds)));
      throw gatewayErrors.rateLimited();
    }
    // The API refuses a capture past its own file size limit; a body past the gateway's upload limit is not even sent.
    if (Number(request.headers['content-length'] ?? 0) > uploadLimitBytes) throw gatewayErrors.payloadTooLarge();
  });

  await app.register(httpProxy, {
    upstream: baseUrl,
    rewritePrefix: '/epcis',
    disableRequestLogging: true,
    undici: dispatcher,
    handler(request, reply, _dest, replyOptions) {
      const dest = destinations.get(request);
      if (!dest) throw gatewayErrors.notFound();
      return reply.from(dest, replyOptions);
    },
    replyOptions: {
      timeout: timeoutMs,
      rewriteRequestHeaders(request, headers) {
        // No cookie (the console's session never reaches the API this way), no CSRF marker, no internal token.
        const forwarded = stripRequestHeaders(headers as Record<string, string | string[] | undefined>);
        forwarded['x-request-id'] = request.id;
        return headers;
      },
      rewriteHeaders(headers) {
        return headersForClient(headers as IncomingHttpHeaders) as typeof headers;
      },
      onError(reply, { error }) {
        reply.send(gatewayErrors.upstreamUnavailable(error));
      },
    },
  });
};

export default epcisRoutes;
