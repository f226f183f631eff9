import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@product-console/shared';
import { gatewayErrors } from '../../errors.js';
import { secondsUntilExpiry } from '../../lib/access-token.js';
import { activePair, tokensOf, type SessionHandle, type TokenPairName } from '../../plugins/session.js';

/*
 * /bff/api/* -> upstream /api/* with the session's bearer, through @fastify/http-proxy (undici
 * pool, streamed bodies both ways: the fast path costs one pass-through).
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
  dest: string;
  fromOptions: FastifyReplyFromHooks;
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
  for (const name of Object.keys(headers)) reply.removeHeader(name);
}

export interface ProxyRoutesOptions {
  upstream: string;
  timeoutMs: number;
}

const proxyRoutes: FastifyPluginAsync<ProxyRoutesOptions> = async (app, { upstream, timeoutMs }) => {
  // JSON is buffered so that a request can be sent again after a token refresh; everything else
  // (multipart uploads above all) is streamed through untouched.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.addHook('onRequest', async (request) => {
    const handle = await app.sessions.require(request);
    const pair = activePair(handle.data);
    states.set(request, { handle, pair, dest: '', fromOptions: {}, replayable: true, retried: false });
  });

  app.addHook('preHandler', async (request) => {
    const state = stateOf(request);
    state.replayable = !isStream(request.body);
    if (state.replayable) return;
    const left = secondsUntilExpiry(tokensOf(state.handle.data, state.pair)?.accessToken ?? '');
    if (left !== null && left < PROACTIVE_REFRESH_SECONDS) {
      state.handle = await app.tokens.refreshOnce(state.handle, state.pair, request.id);
    }
  });

  async function onUnauthorized(request: FastifyRequest, reply: FastifyReply, raw: Buffer, headers: IncomingHttpHeaders) {
    const state = stateOf(request);
    if (errorCodeOf(raw) !== ERROR_CODES.TOKEN_EXPIRED) return reply.send(raw);
    try {
      state.handle = await app.tokens.refreshOnce(state.handle, state.pair, request.id);
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
    upstream,
    rewritePrefix: '/api',
    proxyPayloads: false,
    disableRequestLogging: true,
    undici: { connections: 128, pipelining: 1 },
    handler(request, reply, dest, options) {
      const state = stateOf(request);
      const body = request.body;
      state.dest = dest;
      state.fromOptions =
        Buffer.isBuffer(body) && request.method !== 'GET' && request.method !== 'HEAD'
          ? { ...options, body, contentType: request.headers['content-type'] }
          : { ...options };
      return reply.from(dest, state.fromOptions);
    },
    replyOptions: {
      timeout: timeoutMs,
      // The gateway retries only after a token refresh; reply-from's own 503 retries are off.
      retryDelay: () => null,
      rewriteRequestHeaders(request, headers) {
        const state = stateOf(request);
        const {
          cookie: _cookie,
          'x-csrf': _csrf,
          authorization: _authorization,
          // Uncompressed between gateway and API, so a 401 body can be read.
          'accept-encoding': _acceptEncoding,
          ...forwarded
        } = headers as IncomingHttpHeaders;
        return {
          ...forwarded,
          authorization: `Bearer ${tokensOf(state.handle.data, state.pair)?.accessToken ?? ''}`,
          'x-request-id': request.id,
        };
      },
      rewriteHeaders(headers) {
        const { 'set-cookie': _setCookie, ...kept } = headers as IncomingHttpHeaders;
        return kept;
      },
      onResponse(request, reply, res) {
        const state = stateOf(request);
        if (res.statusCode !== 401 || state.retried) {
          reply.send(res.stream);
          return;
        }
        readAll(res.stream)
          .then((raw) => onUnauthorized(request as FastifyRequest, reply as FastifyReply, raw, (res as unknown as { headers: IncomingHttpHeaders }).headers))
          .catch((err: unknown) => reply.send(err));
      },
      onError(reply, { error }) {
        const cause = (error.cause ?? error) as Error & { code?: string };
        const timedOut =
          (error as { statusCode?: number }).statusCode === 504 ||
          ['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT'].includes(cause.code ?? '');
        reply.send(timedOut ? gatewayErrors.upstreamTimeout(error) : gatewayErrors.upstreamUnavailable(error));
      },
    },
  });
};

export default proxyRoutes;
