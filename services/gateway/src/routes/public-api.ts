import { createHash } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { PROBLEM_TYPE_BASE } from '@product-console/shared';
import { GatewayError, gatewayErrors } from '../errors.js';
import { createKeyCheckFailures, type FailureCounter } from '../lib/key-check-failures.js';
import { forwardedPath, isUnder, parseRoutedPath } from '../lib/routed-path.js';
import { passThrough } from '../plugins/pass-through.js';

/*
 * /api/v1/* -> the API's /api/v1/*: the public REST API of machine clients (issue 30 §1, decision
 * 085). Like /epcis, it authenticates with an API key (`Authorization: Bearer`), never with the
 * console's session: no cookie is read or forwarded, no CSRF marker is asked for. Calls are counted
 * per key (a digest of it, never the key) or per client address without one, and every answer
 * tells the allowance in the `RateLimit-Policy` and `RateLimit` headers (IETF draft "RateLimit
 * header fields for HTTP"). Keys the API refused are counted per address as on /epcis. What the
 * gateway answers itself is problem+json, as the API's own errors there.
 */

export interface PublicApiRoutesOptions {
  /** Calls per window and per key (or client address). */
  rateLimitMax: number;
  /** Keys the API refused per window and per client address, before unknown keys are refused. */
  keyFailureMax: number;
  windowMs: number;
}

export const PUBLIC_API_PREFIX = '/api/v1';

const TITLES: Record<number, string> = { 400: 'Bad request', 404: 'Not found', 413: 'Payload too large', 429: 'Too many requests' };

export function sendPublicApiProblem(reply: FastifyReply, error: GatewayError | FastifyError) {
  const status = error.statusCode ?? 500;
  const code = error instanceof GatewayError ? error.code : undefined;
  const detail = error instanceof GatewayError ? error.message : status < 500 ? error.message : 'Try again later';
  const body = { type: code ? `${PROBLEM_TYPE_BASE}${code}` : 'about:blank', title: TITLES[status] ?? (status >= 500 ? 'The API is not reachable' : 'Request refused'), status, detail };
  return reply.code(status).type('application/problem+json; charset=utf-8').send(JSON.stringify(body));
}

/** The API address of an `/api/v1...` request (its routed form), or null when the routed path is not below `/api/v1`. */
export function publicApiDestination(url: string): string | null {
  const routed = parseRoutedPath(url);
  if (!routed || !isUnder(routed.path, PUBLIC_API_PREFIX)) return null;
  return forwardedPath(url, routed, 2, PUBLIC_API_PREFIX);
}

/** True for a request line under `/api/v1` as sent, for what the router refuses before any route. */
export const isPublicApiUrl = (url: string): boolean => url === PUBLIC_API_PREFIX || /^\/api\/v1[/?]/.test(url);

/** The digest of the request's bearer key, or null without one: keys must not appear in Redis or logs. */
function keyDigestOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const bearer = header ? /^Bearer\s+(\S+)/i.exec(header)?.[1] : undefined;
  return bearer ? createHash('sha256').update(bearer).digest('base64url') : null;
}

const publicApiRoutes: FastifyPluginAsync<PublicApiRoutesOptions> = async (app: FastifyInstance, options) => {
  const keyDigests = new WeakMap<object, string>();
  const windowSeconds = Math.ceil(options.windowMs / 1000);
  const limit = app.createRateLimit({
    max: options.rateLimitMax,
    timeWindow: options.windowMs,
    keyGenerator: (request) => {
      const digest = keyDigests.get(request);
      return digest ? `api-v1:key:${digest}` : `api-v1:ip:${request.ip}`;
    },
  });
  const keyChecks = createKeyCheckFailures({
    counter: app.createRateLimit({
      max: options.keyFailureMax,
      timeWindow: options.windowMs,
      keyGenerator: (request) => `api-v1:key-failures:ip:${request.ip}`,
    }) as FailureCounter,
  });

  app.setErrorHandler((error: GatewayError | FastifyError, request, reply) => {
    if ((error.statusCode ?? 500) >= 500) request.log.warn({ err: error }, 'public API call failed at the gateway');
    return sendPublicApiProblem(reply, error);
  });
  app.setNotFoundHandler((_request, reply) => sendPublicApiProblem(reply, gatewayErrors.notFound()));

  await passThrough(app, {
    rewritePrefix: PUBLIC_API_PREFIX,
    destination(request) {
      const dest = publicApiDestination(request.url);
      if (!dest) throw gatewayErrors.notFound();
      return dest;
    },
    // The API's own body limit: the public API takes JSON only.
    bodyLimitBytes: 1024 * 1024,
    async onRequest(request, reply) {
      const digest = keyDigestOf(request);
      if (digest) keyDigests.set(request, digest);
      const [counted, keysRefusedFor] = await Promise.all([limit(request), digest ? keyChecks.refusedFor(request, digest) : null]);
      if (!counted.isAllowed) {
        reply.header('ratelimit-policy', `"key";q=${counted.max};w=${windowSeconds}`);
        reply.header('ratelimit', `"key";r=${Math.max(0, counted.remaining)};t=${counted.ttlInSeconds}`);
        if (counted.isExceeded) {
          reply.header('retry-after', String(Math.max(1, counted.ttlInSeconds)));
          throw gatewayErrors.rateLimited();
        }
      }
      if (keysRefusedFor !== null) {
        reply.header('retry-after', String(Math.max(1, keysRefusedFor)));
        throw gatewayErrors.rateLimited();
      }
    },
    // The API's own problem documents pass as written.
    passesFailure: (answer) => String(answer.headers['content-type'] ?? '').startsWith('application/problem+json'),
    onAnswer(request, reply, answer) {
      const digest = keyDigests.get(request);
      if (digest && answer.statusCode === 401) {
        // Counted before the answer goes out, so the caller's next call meets the count.
        void keyChecks
          .failed(request, digest)
          .catch((err: unknown) => request.log.warn({ err }, 'could not count a refused API key'))
          .then(() => reply.send(answer.stream));
        return;
      }
      if (digest && answer.statusCode < 400) keyChecks.accepted(digest);
      if (answer.statusCode >= 200 && answer.statusCode < 300 && request.method !== 'GET') {
        // A write that changed what a scan resolves to drops the cached resolution before the answer goes out.
        void app.resolution
          .invalidateFrom(answer.headers)
          .catch((err: unknown) => request.log.warn({ err }, 'could not drop cached resolutions'))
          .then(() => reply.send(answer.stream));
        return;
      }
      reply.send(answer.stream);
    },
  });
};

export default publicApiRoutes;
