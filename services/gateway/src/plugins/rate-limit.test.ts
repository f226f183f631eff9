import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../test/fake-upstream.js';
import { signIn, startHarness, type Harness } from '../test/harness.js';
import { GTIN, startResolverStandIn, type ResolverStandIn } from '../test/resolver-stand-in.js';
import { createTestStore, redisForTest } from '../test/store.js';

const signInFrom = (harness: Harness, address: string | null, email: string, password = 'wrong') => {
  const call = request(harness.app.server).post('/bff/auth/sign-in').set('X-CSRF', '1');
  if (address) call.set('X-Forwarded-For', address);
  return call.send({ email, password });
};

const expectRateLimited = (res: request.Response) => {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ code: 'E429001', message: 'Too many requests. Please try again later' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
};

describe('sign-in rate limits behind a load balancer (TRUST_PROXY=1)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ SIGN_IN_RATE_LIMIT: '3', TRUST_PROXY: '1' });
  });
  afterAll(async () => h?.close());

  it('limits attempts per client address, whatever the emails', async () => {
    for (const email of ['a@demo.example', 'b@demo.example', 'c@demo.example']) {
      await signInFrom(h, '203.0.113.1', email).expect(401);
    }
    expectRateLimited(await signInFrom(h, '203.0.113.1', 'd@demo.example'));
    // Even the right password waits: the address is spent.
    expectRateLimited(await signInFrom(h, '203.0.113.1', 'manager@demo.example', PASSWORD));
    // Another client behind the same load balancer is not affected.
    await signInFrom(h, '203.0.113.2', 'manager@demo.example', PASSWORD).expect(200);
  });

  it('limits attempts per email, whatever the addresses', async () => {
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      await signInFrom(h, address, 'target@demo.example').expect(401);
    }
    expectRateLimited(await signInFrom(h, '198.51.100.4', 'TARGET@demo.example'));
    await signInFrom(h, '198.51.100.5', 'other@demo.example').expect(401);
  });

  it('does not let the API see a refused attempt', async () => {
    const res = await signInFrom(h, '203.0.113.1', 'manager@demo.example', PASSWORD);
    expectRateLimited(res);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('sign-in rate limits without a trusted proxy', () => {
  it('ignores X-Forwarded-For, so a client cannot pick a fresh address per attempt', async () => {
    const h = await startHarness({ SIGN_IN_RATE_LIMIT: '2' });
    try {
      await signInFrom(h, '192.0.2.1', 'a@demo.example').expect(401);
      await signInFrom(h, '192.0.2.2', 'b@demo.example').expect(401);
      expectRateLimited(await signInFrom(h, '192.0.2.3', 'c@demo.example'));
    } finally {
      await h.close();
    }
  });
});

describe('/bff rate limit per session (BFF_RATE_LIMIT)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ BFF_RATE_LIMIT: '3' });
  });
  afterAll(async () => h?.close());

  it('limits the calls of one session and leaves other sessions, sign-in and health alone', async () => {
    const busy = await signIn(h.app, 'manager@demo.example');
    const calm = await signIn(h.app, 'manager@demo.example');
    await request(h.app.server).get('/bff/auth/me').set('Cookie', busy).expect(200);
    await request(h.app.server).get('/bff/api/echo').set('Cookie', busy).expect(200);
    await request(h.app.server).get('/bff/plan/check/product').set('Cookie', busy).expect(200);
    expectRateLimited(await request(h.app.server).get('/bff/auth/me').set('Cookie', busy));
    const callsBefore = h.upstream.calls.length;
    expectRateLimited(await request(h.app.server).get('/bff/api/echo').set('Cookie', busy));
    expect(h.upstream.calls.length).toBe(callsBefore);

    await request(h.app.server).get('/bff/auth/me').set('Cookie', calm).expect(200);
    await signIn(h.app, 'manager@demo.example');
    for (let i = 0; i < 5; i += 1) await request(h.app.server).get('/healthz').expect(200);
  });

  it("counts a visitor's landing-page data calls per address but not the images they show", async () => {
    const images = [];
    for (let i = 0; i < 5; i += 1) images.push((await request(h.app.server).get(`/bff/public/files/products/1/image-${i}.webp`)).status);
    expect(images).not.toContain(429);
    const reads = [];
    for (let i = 0; i < 4; i += 1) reads.push((await request(h.app.server).get('/bff/public/product/landing-page/preview-links?productId=1')).status);
    expect(reads.at(-1)).toBe(429);
  });
});

describe('/bff rate limit for a session cookie the gateway does not know (TRUST_PROXY=1)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ BFF_RATE_LIMIT: '3', TRUST_PROXY: '1' });
  });
  afterAll(async () => h?.close());

  const madeUpSid = () => `sid=${randomBytes(32).toString('base64url')}`;
  const meFrom = (address: string, cookie?: string) => {
    const call = request(h.app.server).get('/bff/auth/me').set('X-Forwarded-For', address);
    return cookie ? call.set('Cookie', cookie) : call;
  };

  it('counts calls with made-up session cookies against their address, as calls without one', async () => {
    for (const cookie of [madeUpSid(), madeUpSid(), 'sid=not-even-the-shape']) await meFrom('203.0.113.20', cookie).expect(401);
    expectRateLimited(await meFrom('203.0.113.20', madeUpSid()));
    expectRateLimited(await meFrom('203.0.113.20'));
    // Another address has its own allowance.
    await meFrom('203.0.113.21', madeUpSid()).expect(401);
  });

  it('keeps the allowance of a session the store knows, whatever its address has spent', async () => {
    for (let i = 0; i < 3; i += 1) await meFrom('203.0.113.30', madeUpSid()).expect(401);
    expectRateLimited(await meFrom('203.0.113.30', madeUpSid()));
    const real = await signIn(h.app, 'manager@demo.example');
    for (let i = 0; i < 3; i += 1) await meFrom('203.0.113.30', real).expect(200);
    expectRateLimited(await meFrom('203.0.113.30', real));
  });
});

describe('rate limits shared by replicas', () => {
  const redisUrl = redisForTest('rate-limit.test.ts: counts the attempts of one address on every replica');

  it.runIf(redisUrl)('counts the attempts of one address on every replica (Redis)', async () => {
    const a = await startHarness({ SIGN_IN_RATE_LIMIT: '2', TRUST_PROXY: '1' });
    const b = await startHarness({ SIGN_IN_RATE_LIMIT: '2', TRUST_PROXY: '1' }, { upstream: a.upstream, store: a.testStore });
    try {
      await signInFrom(a, '203.0.113.50', 'x@demo.example').expect(401);
      await signInFrom(b, '203.0.113.50', 'y@demo.example').expect(401);
      expectRateLimited(await signInFrom(a, '203.0.113.50', 'z@demo.example'));
      expectRateLimited(await signInFrom(b, '203.0.113.50', 'z@demo.example'));
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('lets requests through when the rate-limit store is down (skipOnError)', async () => {
    // The sessions stay on the test store; only the rate-limit client points at a closed port.
    const h = await startHarness({ SIGN_IN_RATE_LIMIT: '1', REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const started = Date.now();
      for (let i = 0; i < 3; i += 1) await signInFrom(h, null, 'manager@demo.example', PASSWORD).expect(200);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await h.close();
    }
  });
});

describe('the session read beside the rate-limit count', () => {
  /** The test store, with its session reads counted and, once `failing` is set, refused. */
  function watchedStore() {
    const testStore = createTestStore();
    const reads = { count: 0, failing: false };
    const get = testStore.store.get.bind(testStore.store);
    testStore.store.get = (async (key: string) => {
      if (key.startsWith('session:')) {
        reads.count += 1;
        if (reads.failing) throw new Error('store connection closed');
      }
      return get(key);
    }) as typeof testStore.store.get;
    return { testStore, reads };
  }

  it('reads the session of a proxied call from the store once', async () => {
    const { testStore, reads } = watchedStore();
    const h = await startHarness({}, { store: testStore });
    try {
      const cookie = await signIn(h.app, 'manager@demo.example');
      reads.count = 0;
      await request(h.app.server).get('/bff/api/echo').set('Cookie', cookie).expect(200);
      expect(reads.count).toBe(1);
      await request(h.app.server).get('/bff/public/files/products/1/image-1.webp').set('Cookie', cookie);
      expect(reads.count).toBe(1);
    } finally {
      await h.close();
    }
  });

  it('answers a call over its limit with 429, and one under it with 503, while the session cannot be read', async () => {
    const { testStore, reads } = watchedStore();
    const h = await startHarness({ BFF_RATE_LIMIT: '1', REDIS_URL: '' }, { store: testStore });
    try {
      const cookie = await signIn(h.app, 'manager@demo.example');
      reads.failing = true;
      const first = await request(h.app.server).get('/bff/api/echo').set('Cookie', cookie);
      expect(first.status).toBe(503);
      expect(first.body.code).toBe('E503002');
      expectRateLimited(await request(h.app.server).get('/bff/api/echo').set('Cookie', cookie));
    } finally {
      await h.close();
    }
  });
});

describe('the per-address limit of the public routes (PUBLIC_RATE_LIMIT, TRUST_PROXY=1)', () => {
  let standIn: ResolverStandIn;
  let h: Harness;
  beforeAll(async () => {
    standIn = await startResolverStandIn();
    h = await startHarness({ PUBLIC_RATE_LIMIT: '4', TRUST_PROXY: '1', UPSTREAM_URL: standIn.url });
    // One address for every request: the resolver's fast path answers a host it has seen.
    await h.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await h?.close();
    await standIn?.close();
  });

  const from = (address: string, path: string) => request(h.app.server).get(path).set('X-Forwarded-For', address).redirects(0);
  /** Each case's own shopper and a neighbour behind the same load balancer. */
  let cases = 0;
  const addresses = () => {
    cases += 1;
    return [`198.51.100.${cases}`, `192.0.2.${cases}`];
  };

  it.each([
    ['a scan (the first loads the product, the next are cached redirects)', `/01/${GTIN}/21/S1`],
    ['a verification', '/acme/product-details/42/preview/verification?serial=S1'],
    ['a landing view', '/acme/product-details/42/preview'],
    ['a stored image', '/bff/public/files/products/42/boots.webp'],
    ["the host's DID document", '/.well-known/did.json'],
    ["a company's DID document", '/acme/did.json'],
    ["the resolver's description", '/.well-known/gs1resolver'],
  ])('answers %s from one address until the allowance is spent, then 429', async (_what, path) => {
    const [address, neighbour] = addresses();
    const answered = [];
    for (let i = 0; i < 4; i += 1) answered.push((await from(address, path)).status);
    expect(answered).not.toContain(429);
    expectRateLimited(await from(address, path));
    // Others behind the same load balancer are not affected.
    expect((await from(neighbour, path)).status).not.toBe(429);
  });

  it('counts every public route of an address together and leaves its console calls and health checks alone', async () => {
    const address = '203.0.113.99';
    for (const path of [`/01/${GTIN}`, '/acme/product-details/42/preview', '/.well-known/did.json', '/bff/public/files/products/42/a.webp']) {
      expect((await from(address, path)).status).not.toBe(429);
    }
    expectRateLimited(await from(address, `/01/${GTIN}`));
    await from(address, '/healthz').expect(200);
    await request(h.app.server).get('/bff/auth/me').set('X-Forwarded-For', address).expect(401);
  });
});
