import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { SessionStore } from '../plugins/store.js';
import { PASSWORD, startFakeUpstream, type FakeUpstream } from './fake-upstream.js';
import { createTestStore, type TestStore } from './store.js';

export interface Harness {
  app: FastifyInstance;
  upstream: FakeUpstream;
  store: SessionStore;
  /** The test store, to share with another harness playing a second replica. */
  testStore: TestStore;
  close(): Promise<void>;
}

export interface HarnessOptions {
  upstream?: FakeUpstream;
  store?: TestStore;
  /** The app makes its own store from the configuration (e.g. a REDIS_URL that is down). */
  appOwnsStore?: boolean;
  processMetrics?: boolean;
}

/**
 * A gateway in front of a fake API, on a test store. `env` overrides the configuration. The
 * sign-in, /bff and account rate limits are lifted unless a test sets them: most tests sign in often.
 * With a test Redis, the rate-limit counters live there too, under the test's key prefix.
 */
export async function startHarness(env: Record<string, string> = {}, shared: HarnessOptions = {}): Promise<Harness> {
  const upstream = shared.upstream ?? (await startFakeUpstream());
  const testStore = shared.store ?? createTestStore();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    UPSTREAM_URL: upstream.url,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    REDIS_URL: testStore.redisUrl,
    SIGN_IN_RATE_LIMIT: '100000',
    BFF_RATE_LIMIT: '100000',
    ACCOUNT_RATE_LIMIT: '100000',
    ...env,
  });
  const app = await buildApp(config, {
    store: shared.appOwnsStore ? undefined : testStore.store,
    storeKeyPrefix: testStore.keyPrefix,
    processMetrics: shared.processMetrics ?? false,
  });
  await app.ready();
  return {
    app,
    upstream,
    store: shared.appOwnsStore ? app.store : testStore.store,
    testStore,
    async close() {
      await app.close();
      if (!shared.upstream) await upstream.close();
      if (!shared.store) await testStore.cleanup();
    },
  };
}

/** The `sid=...` pair of a Set-Cookie answer, ready for a Cookie header. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const sid = all.find((c) => c.startsWith('sid='));
  if (!sid) throw new Error(`no sid cookie in ${JSON.stringify(setCookie)}`);
  return sid.split(';', 1)[0];
}

export async function signIn(app: FastifyInstance, email: string): Promise<string> {
  const res = await request(app.server)
    .post('/bff/auth/sign-in')
    .set('X-CSRF', '1')
    .send({ email, password: PASSWORD })
    .expect(200);
  return sessionCookie(res.headers['set-cookie']);
}

/** Everything a browser receives from one answer, to scan for leaked tokens. */
export function visibleText(res: { headers: Record<string, unknown>; text?: string; body?: unknown }): string {
  return JSON.stringify(res.headers) + (res.text ?? '') + JSON.stringify(res.body ?? null);
}
