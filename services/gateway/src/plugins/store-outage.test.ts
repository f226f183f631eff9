import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../test/fake-upstream.js';
import { signIn, startHarness, type Harness } from '../test/harness.js';
import { redisForTest } from '../test/store.js';

const STORE_DOWN = { code: 'E503002', message: 'The session service is unavailable. Please try again later' };
const SOME_SID = 'sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** Answers within `ms`, or fails the test instead of hanging. */
async function within<T>(ms: number, call: PromiseLike<T>): Promise<T> {
  const started = Date.now();
  const result = await call;
  expect(Date.now() - started).toBeLessThan(ms);
  return result;
}

describe('with the session store down (REDIS_URL at a closed port)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ REDIS_URL: 'redis://127.0.0.1:1' }, { appOwnsStore: true });
  });
  afterAll(async () => h?.close());

  it('answers sign-in with 503 E503002 within two seconds, before the API checks the password', async () => {
    const tokensBefore = h.upstream.issuedTokens.length;
    const res = await within(
      2_000,
      request(h.app.server).post('/bff/auth/sign-in').set('X-CSRF', '1').send({ email: 'manager@demo.example', password: PASSWORD }),
    );
    expect(res.status).toBe(503);
    expect(res.body).toEqual(STORE_DOWN);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(h.upstream.issuedTokens.length).toBe(tokensBefore);
  });

  it.each([
    ['get', '/bff/auth/me'],
    ['get', '/bff/api/echo'],
    ['get', '/bff/plan/check/product'],
    ['post', '/bff/auth/sign-out'],
  ] as const)('answers %s %s with a session cookie with 503 E503002 within two seconds', async (method, url) => {
    const res = await within(2_000, request(h.app.server)[method](url).set('Cookie', SOME_SID).set('X-CSRF', '1'));
    expect(res.status).toBe(503);
    expect(res.body).toEqual(STORE_DOWN);
  });

  it('still answers what needs no session', async () => {
    await request(h.app.server).get('/healthz').expect(200);
    await request(h.app.server).get('/bff/auth/me').expect(401);
  });

  it('reports the store down in readyz', async () => {
    const res = await within(3_000, request(h.app.server).get('/readyz'));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'unavailable', checks: { store: false, upstream: true } });
  });
});

/** A TCP relay to Redis that a test can cut and restore, standing in for a Redis restart. */
async function startRelay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        sockets.add(client).add(upstream);
        for (const socket of [client, upstream]) {
          socket.on('error', () => {});
          socket.on('close', () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await open();
  return {
    get url() {
      return `redis://127.0.0.1:${port}`;
    },
    async cut() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: open,
  };
}

const redisUrl = redisForTest('store-outage.test.ts: when Redis goes away and comes back');

describe.runIf(redisUrl)('when Redis goes away and comes back', () => {
  it('answers 503 E503002 meanwhile and recovers by itself, sessions intact', async () => {
    const relay = await startRelay(new URL(redisUrl));
    const h = await startHarness({ REDIS_URL: relay.url }, { appOwnsStore: true });
    try {
      const cookie = await signIn(h.app, 'manager@demo.example');
      await request(h.app.server).get('/bff/auth/me').set('Cookie', cookie).expect(200);

      await relay.cut();
      const down = await within(2_000, request(h.app.server).get('/bff/auth/me').set('Cookie', cookie));
      expect(down.status).toBe(503);
      expect(down.body).toEqual(STORE_DOWN);
      await request(h.app.server).get('/readyz').expect(503);

      await relay.restore();
      const deadline = Date.now() + 8_000;
      let status = 0;
      while (Date.now() < deadline) {
        status = (await request(h.app.server).get('/bff/auth/me').set('Cookie', cookie)).status;
        if (status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status).toBe(200);
      await request(h.app.server).get('/readyz').expect(200);
    } finally {
      await h.close();
      await relay.cut();
    }
  });
});
