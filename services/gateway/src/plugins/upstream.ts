import fp from 'fastify-plugin';
import { Pool, type Dispatcher } from 'undici';
import { INTERNAL_TOKEN_HEADER } from '@product-console/shared';
import { gatewayErrors } from '../errors.js';
import type { UpstreamErrorKind } from './metrics.js';

/*
 * The API as the gateway reaches it: one address, one set of timeouts, one pool of kept-alive
 * connections. Callers' requests pass through the pool (`dispatcher`) by the one pass-through
 * every surface uses (pass-through.ts: /bff/api, /bff/public, /epcis); the gateway's own calls
 * (sign-in, refresh, plan checks, resolver data, scan batches) go through `call` and `postJson`,
 * which add the internal token.
 */

export interface UpstreamResponse {
  status: number;
  body: unknown;
}

export interface UpstreamCallOptions {
  /** Access token sent as `Authorization: Bearer`. */
  token?: string;
  body?: unknown;
  requestId?: string;
  timeoutMs?: number;
  /** Further request headers of the gateway's own (the landing's `x-visitor-address`). */
  headers?: Record<string, string>;
  /** A body passed on as it came (the landing's report form, multipart), instead of `body` as JSON. */
  rawBody?: { contentType: string; data: Buffer };
}

export interface UpstreamClient {
  readonly baseUrl: string;
  /** Time for the API to answer one call. */
  readonly timeoutMs: number;
  /** Largest streamed request body (uploads) passed to the API. */
  readonly uploadLimitBytes: number;
  /** The pool of connections to the API, for the pass-through (pass-through.ts). */
  readonly dispatcher: Dispatcher;
  /** Answers every HTTP status; throws 503 E503001 when unreachable and 504 on timeout. */
  call(method: string, path: string, options?: UpstreamCallOptions): Promise<UpstreamResponse>;
  /** POSTs a body already serialised as JSON; answers the status, the answer's body is dropped. */
  postJson(path: string, json: string): Promise<number>;
  /** True when the API answers HTTP at all. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface UpstreamClientOptions {
  baseUrl: string;
  timeoutMs: number;
  /** TCP connect to the API: a refused or black-holed API fails fast. */
  connectTimeoutMs: number;
  /**
   * The API's INTERNAL_TOKEN, sent on every call of this client: the gateway's own calls, among
   * them the token-issuing ones the API answers to nobody else. The proxy never sends it.
   */
  internalToken?: string;
  uploadLimitBytes?: number;
  /** Told of every call that got no answer. */
  onError?: (kind: UpstreamErrorKind) => void;
}

const isTimeout = (err: unknown) =>
  err instanceof Error && (err.name === 'TimeoutError' || (err.cause instanceof Error && err.cause.name === 'TimeoutError'));

export function createUpstreamClient({
  baseUrl,
  timeoutMs,
  connectTimeoutMs,
  internalToken,
  uploadLimitBytes = 57_671_680,
  onError,
}: UpstreamClientOptions): UpstreamClient {
  const base = baseUrl.replace(/\/+$/, '');
  // Keep-alive connections to the API are what keeps the added latency low (decision 020).
  const pool = new Pool(base, { connections: 128, pipelining: 1, connect: { timeout: connectTimeoutMs } });

  /** One request on the pool; a transport failure becomes the gateway's 503 or 504. */
  async function send(method: string, path: string, headers: Record<string, string>, body: string | Buffer | undefined, ms: number) {
    if (internalToken) headers[INTERNAL_TOKEN_HEADER] = internalToken;
    try {
      const response = await pool.request({ method: method as Dispatcher.HttpMethod, path, headers, body, signal: AbortSignal.timeout(ms) });
      return { status: response.statusCode, text: await response.body.text() };
    } catch (err) {
      const timedOut = isTimeout(err);
      onError?.(timedOut ? 'timeout' : 'unavailable');
      throw timedOut ? gatewayErrors.upstreamTimeout(err) : gatewayErrors.upstreamUnavailable(err);
    }
  }

  const client: UpstreamClient = {
    baseUrl: base,
    timeoutMs,
    uploadLimitBytes,
    dispatcher: pool,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      if (options.rawBody) headers['content-type'] = options.rawBody.contentType;
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.requestId) headers['x-request-id'] = options.requestId;
      const body = options.rawBody ? options.rawBody.data : options.body === undefined ? undefined : JSON.stringify(options.body);
      const { status, text } = await send(method, path, headers, body, options.timeoutMs ?? timeoutMs);
      let parsed: unknown = null;
      if (text) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = null;
        }
      }
      return { status, body: parsed };
    },
    async postJson(path, json) {
      const { status } = await send('POST', path, { 'content-type': 'application/json' }, json, timeoutMs);
      return status;
    },
    async ping() {
      try {
        await client.call('GET', '/healthz', { timeoutMs: Math.min(timeoutMs, 2_000) });
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await pool.close();
    },
  };
  return client;
}

declare module 'fastify' {
  interface FastifyInstance {
    upstream: UpstreamClient;
  }
}

export type UpstreamPluginOptions = Omit<UpstreamClientOptions, 'onError'>;

/** Decorates `upstream`; every plugin and route that reaches the API declares `upstream`. */
export default fp<UpstreamPluginOptions>(
  async (app, options) => {
    const client = createUpstreamClient({ ...options, onError: (kind) => app.metrics.upstreamError(kind) });
    app.decorate('upstream', client);
    app.addHook('onClose', async () => client.close());
  },
  { name: 'upstream', fastify: '5.x', dependencies: ['metrics'] },
);
