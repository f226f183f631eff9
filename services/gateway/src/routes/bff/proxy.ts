import type { IncomingHttpHeaders } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, PLAN_USAGE_CHANGED_HEADER } from '@product-console/shared';
import { gatewayErrors } from '../../errors.js';
import { secondsUntilExpiry } from '../../lib/access-token.js';
import type { UpstreamErrorKind } from '../../plugins/metrics.js';
import { actingCompanyKey, activePair, tokensOf, type SessionHandle, type TokenPairName } from '../../plugins/session.js';
import { isGatewayOnlyCall } from '../../lib/gateway-only-calls.js';
import { forwardedPath, parseRoutedPath } from '../../lib/routed-path.js';
import { headersForClient, stripRequestHeaders } from '../../lib/upstream-headers.js';

/*
 * /bff/api/* -> upstream /api/* with the session's bearer, through @fastify/http-proxy (undici
 * pool with keep-alive, streamed bodies both ways: the fast path costs one pass-through).
 *
 * Refresh-and-retry on 401 E401002 lives in the proxy's onResponse hook. To make a retry
 * possible the JSON bodies are buffered (they are small and bounded by bodyLimit); multipart and
 * other bodies stay streamed and cannot be sent twice, so for those the gateway renews an access
 * token about to expire *before* forwarding. Should one still meet E401002, the session is
 * renewed and the 401 passed on, so the browser's single repeat succeeds.
 */

type FastifyReplyFromHooks = NonNullable<FastifyHttpProxyOptions['replyOptions']>;

interface ProxyState {
  handle: SessionHandle;
  pair: TokenPairName;
  /** The API path and query forwarded: the routed path the gateway checked, escaped again. */
  dest: string;
  fromOptions: FastifyReplyFromHooks;
  replayable: boolean;
  retried: boolean;
  /** Set when a streamed body went past the upload limit on its way to the API. */
  tooLarge: boolean;
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

/** Drops the headers reply-from copied from an upstream answer we are not going to send. */
function forgetUpstreamHeaders(reply: FastifyReply, headers: IncomingHttpHeaders) {
  for (const name of Object.keys(headers)) if (name !== 'x-request-id') reply.removeHeader(name);
}

/**
 * Passes a streamed body on chunk by chunk, failing it once more than `limit` bytes went by: the
 * declared length is checked before, but a chunked body declares none. The client's stream is
 * left alone (not destroyed) so that the 413 can still reach it.
 */
function limitedStream(payload: Readable, limit: number, onTooLarge: () => void): Readable {
  let seen = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) {
        payload.unpipe(limiter);
        onTooLarge();
        callback(gatewayErrors.payloadTooLarge());
        return;
      }
      callback(null, chunk);
    },
  });
  payload.on('error', (err) => limiter.destroy(err));
  return payload.pipe(limiter);
}

const IDEMPOTENT = new Set(['GET', 'HEAD']);
const RETRY_DELAY_MS = 100;

/** What the browser gets instead of an upstream answer or failure it should not see. */
function upstreamFailure(kind: UpstreamErrorKind, cause: unknown) {
  if (kind === 'timeout') return gatewayErrors.upstreamTimeout(cause);
  if (kind === 'bad_gateway') return gatewayErrors.upstreamBadGateway(cause);
  return gatewayErrors.upstreamUnavailable(cause);
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'FST_REPLY_FROM_TIMEOUT']);
const REFUSED_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** reply-from wraps the transport error; its code says what happened. */
function failureKind(error: Error): UpstreamErrorKind {
  const cause = (error.cause ?? error) as Error & { code?: string };
  const code = cause.code ?? (error as { code?: string }).code ?? '';
  const statusCode = (error as { statusCode?: number }).statusCode;
  if (statusCode === 504 || TIMEOUT_CODES.has(code)) return 'timeout';
  if (REFUSED_CODES.has(code) || statusCode === 503) return 'unavailable';
  // Connection reset or closed mid-answer, malformed answer.
  return 'bad_gateway';
}

/** An upstream answer that means "the service behind is not there": mapped, never passed on. */
const GATEWAY_STATUSES: Record<number, UpstreamErrorKind> = { 502: 'bad_gateway', 503: 'unavailable', 504: 'timeout' };

const proxyRoutes: FastifyPluginAsync = async (app) => {
  const { baseUrl, timeoutMs, uploadLimitBytes, dispatcher } = app.upstream;
  // JSON is buffered (up to the server's bodyLimit, else 413) so that a request can be sent again
  // after a token refresh; everything else (multipart uploads above all) is streamed through
  // untouched, never held in memory, up to the upload limit.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.addContentTypeParser('*', (request, payload, done) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > uploadLimitBytes) {
      done(gatewayErrors.payloadTooLarge(), undefined);
      return;
    }
    const state = stateOf(request);
    done(null, limitedStream(payload, uploadLimitBytes, () => (state.tooLarge = true)));
  });

  app.addHook('onRequest', async (request) => {
    const routed = parseRoutedPath(request.url);
    if (!routed) throw gatewayErrors.badPath();
    // `/bff/api/...` is `/api/...` upstream. Calls that issue tokens, and the internal ones, are
    // the gateway's own: answered as if they did not exist.
    const apiPath = `/api/${routed.segments.slice(2).join('/')}`;
    if (isGatewayOnlyCall(apiPath)) throw gatewayErrors.notFound();
    const dest = forwardedPath(request.url, routed, 2, '/api');
    const handle = await app.sessions.require(request);
    const pair = activePair(handle.data);
    states.set(request, { handle, pair, dest, fromOptions: {}, replayable: true, retried: false, tooLarge: false });
  });

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

  app.addHook('preHandler', async (request) => {
    const state = stateOf(request);
    state.replayable = !isStream(request.body);
    if (state.replayable) return;
    const left = secondsUntilExpiry(tokensOf(state.handle.data, state.pair)?.accessToken ?? '');
    if (left !== null && left < PROACTIVE_REFRESH_SECONDS) {
      state.handle = await app.tokenRefresher.refreshOnce(state.handle, state.pair, request.id);
    }
  });

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
    return reply.from(state.dest, state.fromOptions);
  }

  await app.register(httpProxy, {
    upstream: baseUrl,
    rewritePrefix: '/api',
    proxyPayloads: false,
    disableRequestLogging: true,
    // The upstream plugin's pool of kept-alive connections (it closes it).
    undici: dispatcher,
    handler(request, reply, _dest, options) {
      const state = stateOf(request);
      const body = request.body;
      state.fromOptions =
        Buffer.isBuffer(body) && request.method !== 'GET' && request.method !== 'HEAD'
          ? { ...options, body, contentType: request.headers['content-type'] }
          : { ...options };
      return reply.from(state.dest, state.fromOptions);
    },
    replyOptions: {
      timeout: timeoutMs,
      // One more try, for GET and HEAD only (nothing is done twice), when the API answered 503 or
      // a kept-alive connection was reset under us. reply-from's types misname its arguments:
      // `req` is the outgoing request, `res` the upstream answer.
      retryDelay: (details) => {
        const { req, res, err, attempt } = details as unknown as {
          req: { method: string };
          res?: { statusCode: number; stream: Readable };
          err?: Error & { code?: string };
          attempt: number;
        };
        if (attempt > 0 || !IDEMPOTENT.has(req.method)) return null;
        if (res?.statusCode === 503) {
          res.stream.resume();
          return RETRY_DELAY_MS;
        }
        return err && (err.code === 'ECONNRESET' || err.code === 'UND_ERR_SOCKET') ? RETRY_DELAY_MS : null;
      },
      rewriteRequestHeaders(request, headers) {
        const state = stateOf(request);
        // `headers` is reply-from's own copy for this call: changed in place, not copied again.
        // undici leaves out headers whose value is undefined.
        const forwarded = stripRequestHeaders(headers as Record<string, string | string[] | undefined>);
        // Uncompressed between gateway and API, so a 401 body can be read.
        forwarded['accept-encoding'] = undefined;
        forwarded.authorization = `Bearer ${tokensOf(state.handle.data, state.pair)?.accessToken ?? ''}`;
        forwarded['x-request-id'] = request.id;
        return headers;
      },
      rewriteHeaders(headers) {
        return headersForClient(headers as IncomingHttpHeaders);
      },
      onResponse(request, reply, res) {
        const state = stateOf(request);
        const status = res.statusCode;
        const headers = (res as unknown as { headers: IncomingHttpHeaders }).headers;
        const failed = GATEWAY_STATUSES[status];
        if (failed) {
          res.stream.resume();
          app.metrics.upstreamError(failed);
          forgetUpstreamHeaders(reply as FastifyReply, headers);
          reply.send(upstreamFailure(failed, { status }));
          return;
        }
        if (status === 401 && !state.retried) {
          readAll(res.stream)
            .then((raw) => onUnauthorized(request as FastifyRequest, reply as FastifyReply, raw, headers))
            .catch((err: unknown) => reply.send(err));
          return;
        }
        if (status >= 200 && status < 300 && request.method !== 'GET') {
          // Dropped before the answer goes out, so the browser's next check (or scan) is fresh.
          void Promise.all([forgetPlanVerdicts(request as FastifyRequest, state, headers), app.resolverCache.invalidateFrom(headers)]).then(() =>
            reply.send(res.stream),
          );
          return;
        }
        reply.send(res.stream);
      },
      onError(reply, { error }) {
        const request = reply.request;
        if (states.get(request)?.tooLarge) {
          // The rest of the body is not read: the connection cannot serve another request.
          reply.header('connection', 'close').send(gatewayErrors.payloadTooLarge());
          return;
        }
        const kind = failureKind(error);
        app.metrics.upstreamError(kind);
        reply.send(upstreamFailure(kind, error));
      },
    },
  });
};

export default proxyRoutes;
