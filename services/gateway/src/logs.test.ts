import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { PASSWORD } from './test/fake-upstream.js';
import { sessionCookie } from './test/harness.js';
import { GTIN, startResolverStandIn, type ResolverStandIn } from './test/resolver-stand-in.js';
import { createTestStore, type TestStore } from './test/store.js';

/*
 * What an operator reading the gateway's log at info level sees: every request's line (method,
 * address, status), and neither a credential nor the address of a shopper who scanned a product.
 */

const INTERNAL_TOKEN = 'logs-test-internal-token-0123456789abcdef';
const ACCESS_TOKEN = 'upstream-access-jwt-secret-0001';
const REFRESH_TOKEN = 'upstream-refresh-secret-0002';
const PASSPORT_ACCESS = 'passport-access-link-secret-0003';
const RESET_TOKEN = 'reset-link-token-secret-0004';
const INVITATION_TOKEN = 'invitation-token-secret-0005';
const API_KEY = 'epcis-api-key-secret-0006';
const BEARER = 'browser-bearer-secret-0007';
/** A shopper's address, as the load balancer reports it in X-Forwarded-For. */
const SHOPPER = '81.2.69.142';
/** A console user's address. */
const CONSOLE_USER = '203.0.113.77';

interface LogLine {
  msg: string;
  reqId?: string;
  req?: { method?: string; url?: string; remoteAddress?: string };
  res?: { statusCode?: number };
}

let standIn: ResolverStandIn;
let testStore: TestStore;
let app: FastifyInstance;
const output: string[] = [];
const lines = () => output.map((line) => JSON.parse(line) as LogLine);

beforeAll(async () => {
  standIn = await startResolverStandIn({ accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN });
  testStore = createTestStore();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    UPSTREAM_URL: standIn.url,
    INTERNAL_TOKEN,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    LANDING_SSR_MODULE: '/nonexistent-landing.js',
    REDIS_URL: testStore.redisUrl,
    // The compose default: the load balancer on the private network reports the client's address.
    TRUST_PROXY: '1',
  });
  app = await buildApp(config, {
    store: testStore.store,
    storeKeyPrefix: testStore.keyPrefix,
    processMetrics: false,
    logStream: { write: (line) => void output.push(line) },
  });
  // One address for every request: the resolver's fast path answers a host it has seen.
  await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app?.close();
  await standIn?.close();
  await testStore?.cleanup();
});

/** The request's two lines (method and address; status), once its answer has been logged. */
async function requestLines(requestId: string) {
  for (let tries = 0; tries < 50; tries += 1) {
    const mine = lines().filter((line) => line.reqId === requestId);
    const incoming = mine.find((line) => line.req);
    const completed = mine.find((line) => line.res);
    if (incoming && completed) return { method: incoming.req!.method, url: incoming.req!.url, remoteAddress: incoming.req!.remoteAddress, status: completed.res!.statusCode };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no request lines for ${requestId}`);
}

describe('secrets in the log', () => {
  it('logs every request line with its credentials redacted, and no credential anywhere', async () => {
    const signedIn = await request(app.server)
      .post('/bff/auth/sign-in')
      .set('X-CSRF', '1')
      .set('X-Request-Id', 'sign-in')
      .send({ email: 'manager@demo.example', password: PASSWORD })
      .expect(200);
    const cookie = sessionCookie(signedIn.headers['set-cookie']);
    const sid = cookie.slice('sid='.length);

    await request(app.server).get(`/acme/product-details/42/preview/dpp?lang=en&access=${PASSPORT_ACCESS}`).set('X-Request-Id', 'landing');
    await request(app.server).get(`/bff/public/files/passports/42/manual.pdf?access=${PASSPORT_ACCESS}`).set('X-Request-Id', 'file');
    await request(app.server).get(`/reset-password/12/${RESET_TOKEN}`).set('X-Request-Id', 'reset-page');
    await request(app.server).get(`/bff/public/auth/password/reset/12/${RESET_TOKEN}`).set('X-Request-Id', 'reset-check');
    await request(app.server).get(`/bff/public/auth/invitation/7?token=${INVITATION_TOKEN}`).set('X-Request-Id', 'invitation');
    await request(app.server).get('/bff/api/echo').set('Cookie', cookie).set('Authorization', `Bearer ${BEARER}`).set('X-Request-Id', 'console');
    await request(app.server).get('/epcis/events').set('Authorization', `Bearer ${API_KEY}`).set('X-Api-Key', API_KEY).set('X-Request-Id', 'epcis');

    expect(await requestLines('landing')).toMatchObject({ method: 'GET', url: '/acme/product-details/42/preview/dpp?lang=en&access=[redacted]' });
    expect(await requestLines('file')).toMatchObject({ url: '/bff/public/files/passports/42/manual.pdf?access=[redacted]' });
    expect(await requestLines('reset-page')).toMatchObject({ url: '/reset-password/12/[redacted]' });
    expect(await requestLines('reset-check')).toMatchObject({ url: '/bff/public/auth/password/reset/12/[redacted]', status: 200 });
    expect(await requestLines('invitation')).toMatchObject({ url: '/bff/public/auth/invitation/7?token=[redacted]', status: 200 });
    expect(await requestLines('console')).toMatchObject({ method: 'GET', url: '/bff/api/echo', status: 200 });
    expect(await requestLines('epcis')).toMatchObject({ url: '/epcis/events' });
    expect(await requestLines('sign-in')).toMatchObject({ method: 'POST', url: '/bff/auth/sign-in', status: 200 });

    const log = output.join('');
    for (const secret of [sid, ACCESS_TOKEN, REFRESH_TOKEN, PASSPORT_ACCESS, RESET_TOKEN, INVITATION_TOKEN, API_KEY, BEARER, INTERNAL_TOKEN, PASSWORD]) {
      expect(log).not.toContain(secret);
    }
  });

  it('redacts secret headers and addresses that a log call carries itself', async () => {
    const headers = { cookie: `sid=${RESET_TOKEN}`, 'x-internal-token': INTERNAL_TOKEN, 'x-forwarded-for': SHOPPER, 'x-visitor-address': SHOPPER };
    app.log.warn({ url: `/x?access=${PASSPORT_ACCESS}`, err: { headers } }, 'logged by hand');
    const line = lines().find((l) => l.msg === 'logged by hand') as LogLine & { url: string; err: { headers: Record<string, string> } };
    expect(line.url).toBe('/x?access=[redacted]');
    expect(line.err.headers).toEqual({ cookie: '[redacted]', 'x-internal-token': '[redacted]', 'x-forwarded-for': '[redacted]', 'x-visitor-address': '[redacted]' });
  });
});

describe("a shopper's address in the log (TRUST_PROXY=1)", () => {
  it('logs no client address beside a scan, a verification, a landing view, a stored image or a DID document', async () => {
    const from = (path: string, id: string) => request(app.server).get(path).set('X-Forwarded-For', SHOPPER).set('X-Request-Id', id).redirects(0);
    // The first scan misses the fast path (nothing cached yet) and goes through Fastify; the second is answered from memory.
    expect((await from(`/01/${GTIN}/21/S1`, 'scan-miss')).status).toBe(307);
    expect((await from(`/01/${GTIN}/21/S1`, 'scan-fast')).status).toBe(307);
    await from('/acme/product-details/42/preview/verification?serial=S1', 'verification');
    await from('/acme/product-details/42/preview', 'landing-view');
    await from('/bff/public/files/products/42/boots.webp', 'image');
    await from('/bff/public/product/landing-page/page?productId=42&serial=S1', 'page-data');
    await from('/.well-known/did.json', 'did');
    await from('/acme/did.json', 'did-company');

    for (const id of ['scan-miss', 'verification', 'landing-view', 'image', 'page-data', 'did', 'did-company']) {
      expect((await requestLines(id)).remoteAddress, id).toBeUndefined();
    }
    expect(lines().find((line) => line.reqId === 'scan-fast')).toMatchObject({ req: { method: 'GET', url: `/01/${GTIN}/21/S1` }, res: { statusCode: 307 } });
    expect(output.join('')).not.toContain(SHOPPER);
  });

  it("still logs a console user's address beside their sign-in", async () => {
    await request(app.server)
      .post('/bff/auth/sign-in')
      .set('X-CSRF', '1')
      .set('X-Forwarded-For', CONSOLE_USER)
      .set('X-Request-Id', 'sign-in-from')
      .send({ email: 'manager@demo.example', password: PASSWORD })
      .expect(200);
    expect(await requestLines('sign-in-from')).toMatchObject({ remoteAddress: CONSOLE_USER, status: 200 });
  });
});
