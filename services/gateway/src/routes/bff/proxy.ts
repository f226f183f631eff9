import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, PLAN_USAGE_CHANGED_HEADER } from '@product-console/shared';
import { gatewayErrors } from '../../errors.js';
import { secondsUntilExpiry } from '../../lib/access-token.js';
import { actingCompanyKey, activePair, tokensOf, type SessionHandle, type TokenPairName } from '../../plugins/session.js';
import { isGatewayOnlyCall } from '../../lib/gateway-only-calls.js';
import { forwardedPath, parseRoutedPath } from '../../lib/routed-path.js';
import { forgetUpstreamHeaders, passThrough, type PassThrough, type UpstreamAnswer } from '../../plugins/pass-through.js';

/*
 * /bff/api/* -> upstream /api/* with the session's bearer, through the gateway's one
 * pass-through (plugins/pass-through.ts: limits, failures, retries and headers are decided there).
 *
 * Refresh-and-retry on 401 E401002 is this surface's answer hook. To make a retry possible the
 * JSON bodies are buffered (they are small and bounded by bodyLimit); multipart and other bodies
 * stay streamed and cannot be sent twice, so for those the gateway renews an access token about
 * to expire *before* forwarding. Should one still meet E401002, the session is renewed and the
 * 401 passed on, so the browser's single repeat succeeds.
 */

interface ProxyState {
  handle: SessionHandle;
  pair: TokenPairName;
  replayable: boolean;
  retried: boolean;
}

// Keyed by the request object; the proxy hooks type requests more loosely than routes do.
const states = new WeakMap<object, ProxyState>();

function stateOf(request: object): ProxyState {
  const state = states.get(request);
  if (!state) throw gatewayErrors.unauthenticated();
  return state;
}

const isStream = (body: unknown): body is Readable =>
  typeof body === 'object' && body !== null && typeof (body as Readable).pipe === 'function';

/** Renew a streamed request's token when it has less than this left: the body cannot be replayed. */
const PROACTIVE_REFRESH_SECONDS = 30;

/** `/bff/api/...` is `/api/...` upstream. */
const PREFIX_SEGMENTS = 2;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function errorCodeOf(raw: Buffer): string | undefined {
  try {
    const body = JSON.parse(raw.toString('utf8')) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The API path of a `/bff/api/...` call. Calls that issue tokens, and the internal ones, are the
 * gateway's own: answered as if they did not exist.
 */
function apiDestination(request: FastifyRequest): string {
  const routed = parseRoutedPath(request.url);
  if (!routed) throw gatewayErrors.badPath();
  if (isGatewayOnlyCall(`/api/${routed.segments.slice(PREFIX_SEGMENTS).join('/')}`)) throw gatewayErrors.notFound();
  return forwardedPath(request.url, routed, PREFIX_SEGMENTS, '/api');
}

const proxyRoutes: FastifyPluginAsync = async (app) => {
  /**
   * The API marks an answer to a call that changed the acting company's plan usage (products or
   * links created, deleted, moved) with PLAN_USAGE_CHANGED_HEADER; the company's cached verdicts
   * must then go. Which calls those are is the API's rule, not a list kept here.
   */
  async function forgetPlanVerdicts(request: FastifyRequest, state: ProxyState, headers: IncomingHttpHeaders) {
    if (!headers[PLAN_USAGE_CHANGED_HEADER]) return;
    const company = actingCompanyKey(state.handle.data);
    if (!company) return;
    try {
      await app.planCache.invalidate(company);
    } catch (err) {
      request.log.warn({ err, company }, 'could not drop cached plan verdicts; they expire with the window');
    }
  }

  async function onUnauthorized(request: FastifyRequest, reply: FastifyReply, raw: Buffer, headers: IncomingHttpHeaders) {
    const state = stateOf(request);
    if (errorCodeOf(raw) !== ERROR_CODES.TOKEN_EXPIRED) return reply.send(raw);
    try {
      state.handle = await app.tokenRefresher.refreshOnce(state.handle, state.pair, request.id);
    } catch (err) {
      forgetUpstreamHeaders(reply, headers);
      return reply.send(err);
    }
    if (!state.replayable) return reply.send(raw);
    forgetUpstreamHeaders(reply, headers);
    state.retried = true;
    return api.resend(request, reply);
  }

  function onAnswer(request: FastifyRequest, reply: FastifyReply, answer: UpstreamAnswer) {
    const state = stateOf(request);
    const { statusCode: status, headers } = answer;
    if (status === 401 && !state.retried) {
      readAll(answer.stream)
        .then((raw) => onUnauthorized(request, reply, raw, headers))
        .catch((err: unknown) => reply.send(err));
      return;
    }
    if (status >= 200 && status < 300 && request.method !== 'GET') {
      // Dropped before the answer goes out, so the browser's next check (or scan) is fresh.
      void Promise.all([forgetPlanVerdicts(request, state, headers), app.resolution.invalidateFrom(headers)]).then(() =>
        reply.send(answer.stream),
      );
      return;
    }
    reply.send(answer.stream);
  }

  const api: PassThrough = await passThrough(app, {
    rewritePrefix: '/api',
    destination: apiDestination,
    // JSON is buffered (up to the server's bodyLimit, else 413) so that a request can be sent again
    // after a token refresh; everything else (multipart uploads above all) is streamed through
    // untouched, never held in memory, up to the upload limit.
    bufferJson: true,
    bodyLimitBytes: app.upstream.uploadLimitBytes,
    async onRequest(request) {
      const handle = await app.sessions.require(request);
      states.set(request, { handle, pair: activePair(handle.data), replayable: true, retried: false });
    },
    async preHandler(request) {
      const state = stateOf(request);
      state.replayable = !isStream(request.body);
      if (state.replayable) return;
      const left = secondsUntilExpiry(tokensOf(state.handle.data, state.pair)?.accessToken ?? '');
      if (left !== null && left < PROACTIVE_REFRESH_SECONDS) {
        state.handle = await app.tokenRefresher.refreshOnce(state.handle, state.pair, request.id);
      }
    },
    forwardHeaders(request, headers) {
      const state = stateOf(request);
      // Uncompressed between gateway and API, so a 401 body can be read.
      headers['accept-encoding'] = undefined;
      headers.authorization = `Bearer ${tokensOf(state.handle.data, state.pair)?.accessToken ?? ''}`;
    },
    onAnswer,
  });
};

export default proxyRoutes;
