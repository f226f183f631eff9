import type { IncomingHttpHeaders } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { gatewayErrors } from '../errors.js';
import { headersForClient, stripRequestHeaders } from '../lib/upstream-headers.js';
import type { UpstreamErrorKind } from './metrics.js';

/*
 * The one way a gateway surface passes callers' requests to the API (decision 061): /bff/api,
 * /bff/public and /epcis each describe where a request goes and what is theirs (credentials,
 * answers they act on); how it travels is decided here, once. It rides the upstream plugin's pool
 * of kept-alive connections (decision 020) through @fastify/http-proxy, so the fast path stays
 * one streamed pass-through.
 *
 * - The API gets the path the surface checked and the caller's query byte for byte: the query is
 *   the API's to read (an escape that does not decode is its to judge), never rebuilt here.
 * - A body reaches the API only within the surface's limit, by its declared length or as it
 *   streams: the API refuses a body past its own limit and drops the connection while the
 *   gateway is still sending, which loses its answer; the gateway answers that 413 itself.
 * - No answer (timeout, refused, reset) and the API's 502, 503 and 504 become the gateway's 504,
 *   503 and 502, counted in bff_upstream_errors_total; every other answer passes as the API gave it.
 * - GET and HEAD are tried once more on a 503 or a reset kept-alive connection.
 */

type ReplyFromOptions = NonNullable<FastifyHttpProxyOptions['replyOptions']>;
type ForwardedHeaders = Record<string, string | string[] | undefined>;

/** The API's answer, as reply-from hands it over (its types name it loosely). */
export interface UpstreamAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  stream: Readable;
}

export interface PassThroughOptions {
  /** The API's prefix for the surface (`/api`, `/epcis`): a `Location` under it is told as the surface's. */
  rewritePrefix: string;
  /**
   * The API path a request goes to, from the path the surface checked; throws the gateway's
   * error (404, 400) for a request that goes nowhere. A query in it is ignored: the caller's is sent.
   */
  destination(request: FastifyRequest): string;
  /** Largest body passed to the API, declared or streamed; past it the surface answers 413. */
  bodyLimitBytes: number;
  /**
   * JSON bodies are read whole (up to the server's bodyLimit) so that the call can be sent again
   * (`resend`); other bodies stream.
   */
  bufferJson?: boolean;
  /** The surface's own checks, after the destination is known (session, rate limits). */
  onRequest?: onRequestAsyncHookHandler;
  preHandler?: preHandlerAsyncHookHandler;
  /** Sets the surface's credentials on the headers forwarded, after the browser's were stripped. */
  forwardHeaders?(request: FastifyRequest, headers: ForwardedHeaders): void;
  /**
   * A 502, 503 or 504 the API wrote for the caller to read as sent (EPCIS's busy capture queue,
   * with its Retry-After); any other is replaced by the gateway's answer.
   */
  passesFailure?(answer: UpstreamAnswer): boolean;
  /** Acts on the API's answer and sends it (the default sends it as it is). */
  onAnswer?(request: FastifyRequest, reply: FastifyReply, answer: UpstreamAnswer): void;
  /**
   * Passes WebSocket upgrades on to the API (after the surface's hooks), with only these headers of
   * the caller's handshake (no cookie): EPCIS query streams (decision 082).
   */
  websocket?: {
    headers(request: FastifyRequest): Record<string, string>;
    /** Largest message a client may send on a passed socket. */
    maxPayloadBytes: number;
  };
}

export interface PassThrough {
  /** Sends the request to the API again: same path, query and (buffered) body. */
  resend(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

interface CallState {
  /** The API path, without query. */
  path: string;
  /** reply-from's options for this call, a buffered body included; kept for `resend`. */
  from: ReplyFromOptions | undefined;
  /** A streamed body went past the limit on its way to the API. */
  tooLarge: boolean;
}

const IDEMPOTENT = new Set(['GET', 'HEAD']);
const RETRY_DELAY_MS = 100;

/** An API answer that means "the service behind is not there". */
const GATEWAY_STATUSES: Record<number, UpstreamErrorKind> = { 502: 'bad_gateway', 503: 'unavailable', 504: 'timeout' };

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'FST_REPLY_FROM_TIMEOUT']);
const REFUSED_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** reply-from wraps the transport error; its code says what happened. */
export function failureKind(error: Error): UpstreamErrorKind {
  const cause = (error.cause ?? error) as Error & { code?: string };
  const code = cause.code ?? (error as { code?: string }).code ?? '';
  const statusCode = (error as { statusCode?: number }).statusCode;
  if (statusCode === 504 || TIMEOUT_CODES.has(code)) return 'timeout';
  if (REFUSED_CODES.has(code) || statusCode === 503) return 'unavailable';
  // Connection reset or closed mid-answer, malformed answer.
  return 'bad_gateway';
}

/** What the caller gets instead of an upstream failure it should not see. */
function upstreamFailure(kind: UpstreamErrorKind, cause: unknown) {
  if (kind === 'timeout') return gatewayErrors.upstreamTimeout(cause);
  if (kind === 'bad_gateway') return gatewayErrors.upstreamBadGateway(cause);
  return gatewayErrors.upstreamUnavailable(cause);
}

/** Drops the headers reply-from copied from an upstream answer the caller is not going to get. */
export function forgetUpstreamHeaders(reply: FastifyReply, headers: IncomingHttpHeaders) {
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

/** http-proxy's WebSocket settings: upgrades pass with the surface's headers only (http-proxy's default would pass the cookie). */
function websocketOptions(websocket: PassThroughOptions['websocket'], timeoutMs: number) {
  if (!websocket) return { websocket: false as const };
  const wsClientOptions = {
    handshakeTimeout: timeoutMs,
    // Read by http-proxy, not in its types: the headers of the handshake sent to the API.
    rewriteRequestHeaders: (_headers: unknown, request: FastifyRequest) => ({ ...websocket.headers(request), 'x-request-id': request.id }),
  } as NonNullable<FastifyHttpProxyOptions['wsClientOptions']>;
  return { websocket: true as const, wsServerOptions: { maxPayload: websocket.maxPayloadBytes }, wsClientOptions };
}

/**
 * Registers the pass-through on `app` (an encapsulated route plugin whose prefix is the surface's):
 * every method on `/` and `/*`. Call it after the surface's own hooks and error handler.
 */
export async function passThrough(app: FastifyInstance, options: PassThroughOptions): Promise<PassThrough> {
  const { baseUrl, timeoutMs, dispatcher } = app.upstream;
  const limit = options.bodyLimitBytes;
  // Keyed by the request object; reply-from's hooks type requests more loosely than routes do.
  const calls = new WeakMap<object, CallState>();
  const callOf = (request: object): CallState => {
    const call = calls.get(request);
    if (!call) throw gatewayErrors.notFound();
    return call;
  };

  app.addHook('onRequest', (request, _reply, done) => {
    // An upgrade reaches a surface only where it streams; elsewhere it is a path that does not
    // exist (http-proxy would take the socket and leave it hanging).
    if (request.headers.upgrade !== undefined && !options.websocket) {
      done(gatewayErrors.notFound());
      return;
    }
    let destination: string;
    try {
      destination = options.destination(request);
    } catch (err) {
      done(err as Error);
      return;
    }
    const query = destination.indexOf('?');
    calls.set(request, { path: query === -1 ? destination : destination.slice(0, query), from: undefined, tooLarge: false });
    done();
  });
  if (options.onRequest) app.addHook('onRequest', options.onRequest);
  if (options.preHandler) app.addHook('preHandler', options.preHandler);

  // Streamed bodies pass through a counter of their own, never as the caller's stream: should the
  // API fail mid-body, reply-from destroys the stream it was given, and the caller's would take
  // its connection, and the gateway's answer, with it.
  const streamed = (request: FastifyRequest, payload: Readable, done: (err: Error | null, body?: unknown) => void) => {
    if (Number(request.headers['content-length'] ?? 0) > limit) {
      done(gatewayErrors.payloadTooLarge(), undefined);
      return;
    }
    const call = callOf(request);
    done(null, limitedStream(payload, limit, () => (call.tooLarge = true)));
  };
  app.addContentTypeParser('*', streamed);
  // JSON read whole is held to the server's bodyLimit (413 past it) by Fastify's parser.
  if (options.bufferJson) app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  else app.addContentTypeParser('application/json', streamed);

  const sendAnswer = options.onAnswer ?? ((_request: FastifyRequest, reply: FastifyReply, answer: UpstreamAnswer) => reply.send(answer.stream));

  await app.register(httpProxy, {
    upstream: baseUrl,
    rewritePrefix: options.rewritePrefix,
    // Bodies are the parsers' above, not http-proxy's.
    proxyPayloads: false,
    disableRequestLogging: true,
    // The upstream plugin's pool of kept-alive connections (it closes it).
    undici: dispatcher,
    ...websocketOptions(options.websocket, timeoutMs),
    handler(request, reply, _dest, from) {
      const call = callOf(request);
      const body = request.body;
      call.from = Buffer.isBuffer(body) && !IDEMPOTENT.has(request.method) ? { ...from, body, contentType: request.headers['content-type'] } : from;
      return reply.from(call.path, call.from);
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
        // `headers` is reply-from's own copy for this call: changed in place, not copied again.
        // undici leaves out headers whose value is undefined.
        const forwarded = stripRequestHeaders(headers as ForwardedHeaders);
        forwarded['x-request-id'] = request.id;
        options.forwardHeaders?.(request as FastifyRequest, forwarded);
        return headers;
      },
      rewriteHeaders(headers) {
        return headersForClient(headers as IncomingHttpHeaders);
      },
      onResponse(request, reply, res) {
        const answer = res as unknown as UpstreamAnswer;
        const failed = GATEWAY_STATUSES[answer.statusCode];
        if (failed) {
          app.metrics.upstreamError(failed);
          if (!options.passesFailure?.(answer)) {
            answer.stream.resume();
            forgetUpstreamHeaders(reply as FastifyReply, answer.headers);
            reply.send(upstreamFailure(failed, { status: answer.statusCode }));
            return;
          }
        }
        sendAnswer(request as FastifyRequest, reply as FastifyReply, answer);
      },
      onError(reply, { error }) {
        if (calls.get(reply.request)?.tooLarge) {
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

  return {
    resend(request, reply) {
      const call = callOf(request);
      return reply.from(call.path, call.from);
    },
  };
}
