import { createHash } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { EPCIS_CAPTURE_FILE_SIZE_LIMIT_BYTES } from '@product-console/shared';
import { GatewayError, gatewayErrors } from '../errors.js';
import { createKeyCheckFailures, type FailureCounter } from '../lib/key-check-failures.js';
import { forwardedPath, isUnder, parseRoutedPath } from '../lib/routed-path.js';
import { passThrough } from '../plugins/pass-through.js';

/*
 * /epcis and /epcis/* -> the API's /epcis/*: the EPCIS 2.0 REST bindings for machine clients
 * (issue 17). They authenticate with an API key (`Authorization: Bearer`), never with the
 * console's session: no cookie is read or forwarded, no CSRF marker is asked for. Method, query,
 * body (streamed), `Authorization`, `Content-Type` and the `GS1-*` headers pass as sent; the API's
 * `GS1-*` and `Location` headers come back. Calls are counted per key (per address without one),
 * and keys the API refused per address (lib/key-check-failures.ts). The pass-through is the
 * gateway's one (plugins/pass-through.ts); what the gateway answers itself is problem+json.
 */

export interface EpcisRoutesOptions {
  /** Calls per window and per key (or client address). */
  rateLimitMax: number;
  /** Keys the API refused per window and per client address, before unknown keys are refused. */
  keyFailureMax: number;
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

export function sendProblem(reply: FastifyReply, error: GatewayError | FastifyError) {
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

/** True for a request line under `/epcis` as sent, for what the router refuses before any route. */
export const isEpcisUrl = (url: string): boolean => url === '/epcis' || /^\/epcis[/?]/.test(url);

/** The digest of the request's bearer key, or null without one: keys must not appear in Redis. */
function keyDigestOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const bearer = header ? /^Bearer\s+(\S+)/i.exec(header)?.[1] : undefined;
  return bearer ? createHash('sha256').update(bearer).digest('base64url') : null;
}

/** The one path that takes a WebSocket upgrade: a named query's live stream (decision 082). */
const STREAM_PATH = /^\/epcis\/queries\/([^/?]+)\/events(?:\?|$)/;

const epcisRoutes: FastifyPluginAsync<EpcisRoutesOptions> = async (app: FastifyInstance, options) => {
  // The digest of each call's key, made once per call.
  const keyDigests = new WeakMap<object, string>();
  const limit = app.createRateLimit({
    max: options.rateLimitMax,
    timeWindow: options.windowMs,
    keyGenerator: (request) => {
      const digest = keyDigests.get(request);
      return digest ? `epcis:key:${digest}` : `epcis:ip:${request.ip}`;
    },
  });
  const keyChecks = createKeyCheckFailures({
    counter: app.createRateLimit({
      max: options.keyFailureMax,
      timeWindow: options.windowMs,
      keyGenerator: (request) => `epcis:key-failures:ip:${request.ip}`,
    }) as FailureCounter,
  });

  app.setErrorHandler((error: GatewayError | FastifyError, request, reply) => {
    if ((error.statusCode ?? 500) >= 500) request.log.warn({ err: error }, 'EPCIS call failed at the gateway');
    return sendProblem(reply, error);
  });
  app.setNotFoundHandler((_request, reply) => sendProblem(reply, gatewayErrors.notFound()));

  const refuse = (reply: FastifyReply, seconds: number) => {
    reply.header('retry-after', String(Math.max(1, seconds)));
    return gatewayErrors.rateLimited();
  };

  /**
   * Before a stream's upgrade, the API is asked for the named query with the caller's key: a key it
   * refuses is counted like any refused key and answered (401, 404) as it answered, over HTTP, where
   * after the upgrade the caller would only see its socket closed.
   */
  async function checkStreamHandshake(request: FastifyRequest, reply: FastifyReply, digest: string | null): Promise<boolean> {
    const match = request.method === 'GET' ? STREAM_PATH.exec(epcisDestination(request.url) ?? '') : null;
    if (!match) throw gatewayErrors.notFound();
    const { baseUrl, dispatcher, timeoutMs } = app.upstream;
    const headers: Record<string, string> = { 'x-request-id': request.id };
    if (request.headers.authorization) headers.authorization = request.headers.authorization;
    const answer = await dispatcher
      .request({ origin: baseUrl, method: 'GET', path: `/epcis/queries/${match[1]}`, headers, signal: AbortSignal.timeout(timeoutMs) })
      .catch((err: unknown) => {
        throw gatewayErrors.upstreamUnavailable(err);
      });
    if (answer.statusCode === 200) {
      await answer.body.dump();
      if (digest) keyChecks.accepted(digest);
      return true;
    }
    const text = await answer.body.text();
    if (answer.statusCode === 401 && digest) await keyChecks.failed(request, digest);
    const type = String(answer.headers['content-type'] ?? 'application/problem+json');
    reply.code(answer.statusCode).headers(VERSION_HEADERS).type(type).send(text);
    return false;
  }

  await passThrough(app, {
    rewritePrefix: '/epcis',
    destination(request) {
      const dest = epcisDestination(request.url);
      if (!dest) throw gatewayErrors.notFound();
      return dest;
    },
    // The API's own limit for a capture (GS1-EPCIS-Capture-File-Size-Limit), the largest it takes.
    bodyLimitBytes: EPCIS_CAPTURE_FILE_SIZE_LIMIT_BYTES,
    async onRequest(request, reply) {
      const digest = keyDigestOf(request);
      if (digest) keyDigests.set(request, digest);
      const [counted, keysRefusedFor] = await Promise.all([limit(request), digest ? keyChecks.refusedFor(request, digest) : null]);
      if (!counted.isAllowed && counted.isExceeded) throw refuse(reply, counted.ttlInSeconds);
      if (keysRefusedFor !== null) throw refuse(reply, keysRefusedFor);
      if (request.headers.upgrade !== undefined && !(await checkStreamHandshake(request, reply, digest))) return reply;
    },
    // Query streams (`/epcis/queries/{name}/events?stream=true` with Upgrade: websocket) pass with the key and the format asked for.
    websocket: {
      headers(request) {
        const passed: Record<string, string> = {};
        for (const name of ['authorization', 'gs1-epc-format', 'gs1-epcis-version']) {
          const value = request.headers[name];
          if (typeof value === 'string') passed[name] = value;
        }
        return passed;
      },
      maxPayloadBytes: 4096,
    },
    // The API's own problem documents (a busy capture queue's 503 with Retry-After) pass as written.
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
      reply.send(answer.stream);
    },
  });
};

export default epcisRoutes;
