import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { ERROR_CODES, LOG_REDACTION, MESSAGES } from '@product-console/shared';
import type { GatewayConfig } from './config.js';
import { gatewayErrors } from './errors.js';
import { serializeRequest } from './lib/request-log.js';
import { trustProxyOption } from './lib/trust-proxy.js';
import compressionPlugin from './plugins/compression.js';
import csrfPlugin from './plugins/csrf.js';
import errorsPlugin from './plugins/errors.js';
import metricsPlugin from './plugins/metrics.js';
import planCachePlugin from './plugins/plan-cache.js';
import redisPlugin from './plugins/redis.js';
import rateLimitPlugin from './plugins/rate-limit.js';
import resolutionPlugin from './plugins/resolution.js';
import routedPathPlugin from './plugins/routed-path.js';
import sessionPlugin from './plugins/session.js';
import staticPlugin from './plugins/static.js';
import storePlugin, { type SessionStore } from './plugins/store.js';
import tokenRefresherPlugin from './plugins/token-refresher.js';
import upstreamPlugin from './plugins/upstream.js';
import authRoutes from './routes/bff/auth.js';
import ssoRoutes from './routes/bff/sso.js';
import didRoutes from './routes/did.js';
import epcisRoutes, { isEpcisUrl, sendProblem } from './routes/epcis.js';
import publicApiRoutes, { isPublicApiUrl, PUBLIC_API_PREFIX, sendPublicApiProblem } from './routes/public-api.js';
import planRoutes from './routes/bff/plan.js';
import proxyRoutes from './routes/bff/proxy.js';
import publicRoutes from './routes/bff/public.js';
import healthRoutes from './routes/health.js';
import landingRoutes from './routes/landing/routes.js';
import metricsRoutes from './routes/metrics.js';
import resolverRoutes from './routes/resolver/routes.js';

export interface AppDeps {
  /** A store made by the caller, e.g. one shared by several apps playing replicas in a test. */
  store?: SessionStore;
  /** Key prefix of everything the app keeps in Redis (sessions, caches, rate-limit counters). */
  storeKeyPrefix?: string;
  /** Process metrics (CPU, memory, GC) at /metrics; on unless turned off (tests make many apps). */
  processMetrics?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/**
 * What the gateway answers a request the HTTP parser refused (oversized headers, bytes a request
 * line may not hold, a client too slow to send its headers): the one error shape, then the
 * connection is closed, as Node does by default.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, body] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', { code: ERROR_CODES.HEADERS_TOO_LARGE, message: MESSAGES.headersTooLarge }]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', { code: ERROR_CODES.UPSTREAM_TIMEOUT, message: MESSAGES.tryAgainLater }]
        : [400, 'Bad Request', { code: ERROR_CODES.BAD_PATH, message: MESSAGES.badPath }];
  if (socket.writable) {
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Keeps the caller's request id (load balancer, browser) when it is sane, else makes one. */
export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export async function buildApp(config: GatewayConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const keyPrefix = deps.storeKeyPrefix ?? 'gw:';
  const app = Fastify({
    // No secret and no scanner's address in a log line (decisions 055 and 062): one request
    // serializer, and the secret headers and any `url` redacted wherever a log call puts them.
    logger: {
      level: config.LOG_LEVEL,
      stream: deps.logStream,
      redact: LOG_REDACTION,
      serializers: { req: serializeRequest },
    },
    genReqId,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Longer than the load balancer's idle timeout (see config.ts), so it closes first.
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    return503OnClosing: true,
    // Requests the router or the HTTP parser gives up on still get the one error shape.
    frameworkErrors: (_error, request, reply) => {
      // EPCIS clients read problem+json, even for a path the router could not decode.
      if (isEpcisUrl(request.url)) void sendProblem(reply as unknown as FastifyReply, gatewayErrors.badPath());
      else if (isPublicApiUrl(request.url)) void sendPublicApiProblem(reply as unknown as FastifyReply, gatewayErrors.badPath());
      else void (reply as unknown as FastifyReply).code(400).send(gatewayErrors.badPath().toBody());
    },
    clientErrorHandler: answerClientError,
  });
  app.server.headersTimeout = config.HEADERS_TIMEOUT_MS;
  app.decorate('draining', false);
  // While draining, every answer closes its connection: a kept-alive socket would otherwise hold
  // the shutdown open until its keep-alive timeout.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.draining) reply.header('connection', 'close');
    done(null, payload);
  });

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // External plugins.
  await app.register(fastifyCookie);
  await app.register(metricsPlugin, { processMetrics: deps.processMetrics ?? true });
  // Before any route: it hooks every route added after it (decision 073).
  await app.register(compressionPlugin);

  // Connections: Redis (every connection, one per purpose) and the API (address, timeouts,
  // internal token, one pool). Every plugin after them that needs one declares it.
  await app.register(redisPlugin, { url: config.REDIS_URL, keyPrefix, timeoutMs: config.STORE_TIMEOUT_MS });
  await app.register(upstreamPlugin, {
    baseUrl: config.UPSTREAM_URL,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    connectTimeoutMs: config.UPSTREAM_CONNECT_TIMEOUT_MS,
    internalToken: config.INTERNAL_TOKEN,
    uploadLimitBytes: config.UPLOAD_LIMIT_BYTES,
  });

  // App plugins. The routed path comes first: every check after it reads it.
  await app.register(routedPathPlugin);
  await app.register(storePlugin, { store: deps.store });
  await app.register(sessionPlugin, { ttlSeconds: config.SESSION_TTL_SECONDS, cookieSecure: config.COOKIE_SECURE });
  // After the session plugin, whose hook starts reading the session before the counter is asked.
  await app.register(rateLimitPlugin, {
    windowMs: config.RATE_LIMIT_WINDOW_MS,
    signInMax: config.SIGN_IN_RATE_LIMIT,
    bffMax: config.BFF_RATE_LIMIT,
    accountMax: config.ACCOUNT_RATE_LIMIT,
    publicMax: config.PUBLIC_RATE_LIMIT,
  });
  await app.register(csrfPlugin);
  await app.register(tokenRefresherPlugin);
  await app.register(planCachePlugin, { ttlSeconds: config.PLAN_CACHE_TTL_SECONDS });
  // What a scan resolves to: the resolver's records and the landing's page data, one cache.
  await app.register(resolutionPlugin, {
    ttlSeconds: config.RESOLVER_CACHE_TTL_SECONDS,
    negativeTtlSeconds: config.RESOLVER_NEGATIVE_TTL_SECONDS,
    maxEntries: config.RESOLVER_CACHE_MAX_ENTRIES,
    pageTtlSeconds: config.LANDING_CACHE_TTL_SECONDS,
    pageMaxEntries: config.LANDING_CACHE_MAX_ENTRIES,
  });
  await app.register(errorsPlugin);
  await app.register(staticPlugin, { root: config.WEB_DIST_DIR });

  // Routes.
  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  // The passports' issuer DID documents (/.well-known/did.json, /{serviceName}/did.json); the
  // resolver tells it of the keys of the credentials it answers.
  await app.register(didRoutes);
  // EPCIS 2.0 for machine clients (API keys): /epcis/* passed to the API, no session, no CSRF.
  await app.register(epcisRoutes, {
    prefix: '/epcis',
    rateLimitMax: config.BFF_RATE_LIMIT,
    keyFailureMax: config.EPCIS_KEY_FAILURE_LIMIT,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
  });
  // The public REST API for machine clients (scoped API keys): /api/v1/* passed to the API, no session, no CSRF.
  await app.register(publicApiRoutes, {
    prefix: PUBLIC_API_PREFIX,
    rateLimitMax: config.PUBLIC_API_RATE_LIMIT,
    keyFailureMax: config.EPCIS_KEY_FAILURE_LIMIT,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
  });
  // GS1 Digital Link resolver at the root (/01/..., /414/..., /.well-known/gs1resolver).
  await app.register(resolverRoutes, {
    genReqId,
    behindProxy: config.TRUST_PROXY !== false,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    origin: config.RESOLVER_ORIGIN,
    scanFlushMs: config.RESOLVER_SCAN_FLUSH_MS,
    scanBatchSize: config.RESOLVER_SCAN_BATCH_SIZE,
  });
  // The consumer landing, server-rendered; before the console's SPA fallback takes its paths.
  await app.register(landingRoutes, {
    ssrModulePath: config.LANDING_SSR_MODULE,
    manifestPaths: ['landing-manifest.json', 'landing-draft-manifest.json'].map((file) => path.join(config.WEB_DIST_DIR, '.vite', file)),
    origin: config.RESOLVER_ORIGIN,
  });
  await app.register(authRoutes, { prefix: '/bff/auth' });
  await app.register(ssoRoutes, {
    prefix: '/bff/auth/sso',
    publicUrl: config.PUBLIC_URL,
    stateTtlSeconds: config.SSO_STATE_TTL_SECONDS,
    cookieSecure: config.COOKIE_SECURE,
  });
  await app.register(planRoutes, { prefix: '/bff/plan' });
  await app.register(publicRoutes, { prefix: '/bff/public' });
  await app.register(proxyRoutes, { prefix: '/bff/api' });

  return app;
}
