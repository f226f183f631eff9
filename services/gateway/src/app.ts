import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { GatewayConfig } from './config.js';
import csrfPlugin from './plugins/csrf.js';
import errorsPlugin from './plugins/errors.js';
import sessionPlugin from './plugins/session.js';
import staticPlugin from './plugins/static.js';
import storePlugin, { type SessionStore } from './plugins/store.js';
import upstreamPlugin from './plugins/upstream.js';
import authRoutes from './routes/bff/auth.js';
import planRoutes from './routes/bff/plan.js';
import proxyRoutes from './routes/bff/proxy.js';
import healthRoutes from './routes/health.js';

export interface AppDeps {
  /** A store made by the caller, e.g. one shared by several apps playing replicas in a test. */
  store?: SessionStore;
  /** Key prefix of the store the app creates itself. */
  storeKeyPrefix?: string;
  fetch?: typeof fetch;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Keeps the caller's request id (load balancer, browser) when it is sane, else makes one. */
export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export async function buildApp(config: GatewayConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          'headers.authorization',
          'headers.cookie',
        ],
        censor: '[redacted]',
      },
    },
    genReqId,
    // A hop count is valid at run time (proxy-addr) though Fastify's types omit it.
    trustProxy: config.TRUST_PROXY as boolean | string,
    bodyLimit: 1_048_576,
    // Longer than the 60 s idle timeout of common load balancers, so they close first.
    keepAliveTimeout: 65_000,
    connectionTimeout: 120_000,
    // Uploads stream through the proxy; a slow client gets five minutes for one request.
    requestTimeout: 300_000,
    return503OnClosing: true,
  });
  app.server.headersTimeout = 30_000;
  app.decorate('draining', false);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // External plugins.
  await app.register(fastifyCookie);

  // App plugins.
  await app.register(storePlugin, { redisUrl: config.REDIS_URL, keyPrefix: deps.storeKeyPrefix, store: deps.store });
  await app.register(sessionPlugin, { ttlSeconds: config.SESSION_TTL_SECONDS, cookieSecure: config.COOKIE_SECURE });
  await app.register(csrfPlugin);
  await app.register(upstreamPlugin, { baseUrl: config.UPSTREAM_URL, timeoutMs: config.UPSTREAM_TIMEOUT_MS, fetch: deps.fetch });
  await app.register(errorsPlugin);
  await app.register(staticPlugin, { root: config.WEB_DIST_DIR });

  // Routes.
  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/bff/auth' });
  await app.register(planRoutes, { prefix: '/bff/plan' });
  await app.register(proxyRoutes, { prefix: '/bff/api', upstream: config.UPSTREAM_URL, timeoutMs: config.UPSTREAM_TIMEOUT_MS });

  return app;
}
