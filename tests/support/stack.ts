import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../services/api/src/test/app.js';
import { buildApp as buildGateway } from '../../services/gateway/src/app.js';
import { loadConfig as loadGatewayConfig } from '../../services/gateway/src/config.js';
import { createSessionStore } from '../../services/gateway/src/plugins/store.js';

export interface Stack {
  api: TestApp;
  gateway: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The real API (on DATABASE_URL's PostgreSQL, else the test run's embedded one; decision 067) listening on loopback, and a
 * real gateway in front of it (on Redis when REDIS_URL is set, with a key prefix of its own).
 * `gatewayEnv` overrides the gateway's settings.
 */
export async function startStack(apiEnv: Record<string, string> = {}, gatewayEnv: Record<string, string> = {}): Promise<Stack> {
  if (process.env.REQUIRE_SERVICES === '1' && (!process.env.DATABASE_URL || !process.env.REDIS_URL)) {
    throw new Error('REQUIRE_SERVICES=1 needs DATABASE_URL and REDIS_URL for the integration suite');
  }
  const api = await createTestApp(apiEnv);
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = api.app.server.address() as AddressInfo;
  const store = createSessionStore({
    redisUrl: process.env.REDIS_URL || undefined,
    keyPrefix: `test:int:${randomBytes(6).toString('hex')}:`,
  });
  const gateway = await buildGateway(
    loadGatewayConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      UPSTREAM_URL: `http://127.0.0.1:${port}`,
      WEB_DIST_DIR: '/nonexistent-web-dist',
      // Suites make many account calls from one address; the limit's own tests set it low.
      ACCOUNT_RATE_LIMIT: '1000',
      ...gatewayEnv,
    }),
    { store },
  );
  await gateway.ready();
  return {
    api,
    gateway,
    async close() {
      await gateway.close();
      await store.close();
      await api.close();
    },
  };
}

export const DEMO_PASSWORD = 'Demo-pass-2026';

/** Signs in through the gateway as the console does; answers the `sid=...` pair for a Cookie header. */
export async function signInThroughGateway(gateway: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request(gateway.server).post('/bff/auth/sign-in').set('X-CSRF', '1').send({ email, password }).expect(200);
  const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('sid='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';', 1)[0];
}
