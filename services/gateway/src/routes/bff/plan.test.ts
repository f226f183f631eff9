import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PLAN_USAGE_CHANGED_HEADER } from '@product-console/shared';
import { PRODUCT_OUTSIDE_SUB_ADMIN } from '../../test/fake-upstream.js';
import { signIn, startHarness, type Harness } from '../../test/harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h?.close();
});

const checkProduct = (harness: Harness, cookie: string) =>
  request(harness.app.server).get('/bff/plan/check/product').set('Cookie', cookie).expect(200);

async function switchedSuperAdmin(harness: Harness, customerId: number): Promise<string> {
  const cookie = await signIn(harness.app, 'super@demo.example');
  await request(harness.app.server).post('/bff/auth/switch').set('X-CSRF', '1').set('Cookie', cookie).send({ customerId }).expect(200);
  return cookie;
}

// The real API's verdicts, and one upstream check per company, are tested in
// tests/integration/gateway-bff.test.ts; here the stand-in fails, answers late and counts.
describe('plan-limit checks', () => {
  it('treats a failed check as the limit reached, and asks again next time', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    h.upstream.options.planCheckFails = true;
    await request(h.app.server).get('/bff/plan/check/product').set('Cookie', cookie).expect(200, { isLimit: true });
    await request(h.app.server).get('/bff/plan/check/link?productId=5').set('Cookie', cookie).expect(200, { isLimit: true });
    h.upstream.options.planCheckFails = false;
    const callsBefore = h.upstream.planCheckCalls;
    await request(h.app.server).get('/bff/plan/check/product').set('Cookie', cookie).expect(200, { isLimit: false });
    expect(h.upstream.planCheckCalls).toBe(callsBefore + 1);
  });

  it('renews an expired token before answering', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    h.upstream.expireAccessTokens();
    await request(h.app.server).get('/bff/plan/check/product').set('Cookie', cookie).expect(200, { isLimit: false });
  });

  it('answers 401 E401005 without a session', async () => {
    const res = await request(h.app.server).get('/bff/plan/check/product').expect(401);
    expect(res.body.code).toBe('E401005');
  });
});

describe('plan-limit cache', () => {
  it('calls the API once per company for 30 concurrent checks of two users of that company', async () => {
    const manager = await signIn(h.app, 'manager@demo.example');
    // A super-admin switched into the manager's company (acme) acts for the same company.
    const superAdmin = await switchedSuperAdmin(h, 10);
    h.upstream.options.planCheckDelayMs = 100;

    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => checkProduct(h, i % 2 ? manager : superAdmin)),
    );

    expect(answers.every((res) => res.body.isLimit === false)).toBe(true);
    expect(h.upstream.planCheckCalls).toBe(1);
    await checkProduct(h, manager);
    expect(h.upstream.planCheckCalls).toBe(1);
  });

  it('calls the API once per company across replicas sharing the store', async () => {
    const second = await startHarness({}, { upstream: h.upstream, store: h.testStore });
    try {
      const cookie = await signIn(h.app, 'manager@demo.example');
      h.upstream.options.planCheckDelayMs = 100;
      await Promise.all([h, second, h, second, h, second].map((replica) => checkProduct(replica, cookie)));
      expect(h.upstream.planCheckCalls).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('keeps companies apart', async () => {
    const acme = await signIn(h.app, 'manager@demo.example');
    const nordic = await switchedSuperAdmin(h, 11);
    h.upstream.options.productLimit = 1;
    h.upstream.products.acme = 1;

    await checkProduct(h, acme).expect({ isLimit: true });
    await checkProduct(h, nordic).expect({ isLimit: false });
    expect(h.upstream.planCheckCalls).toBe(2);
  });

  it('keeps link checks apart by product', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    await request(h.app.server).get('/bff/plan/check/link?productId=5').set('Cookie', cookie).expect(200, { isLimit: false });
    await request(h.app.server).get('/bff/plan/check/link?productId=99').set('Cookie', cookie).expect(200, { isLimit: true });
    await request(h.app.server).get('/bff/plan/check/link?productId=5').set('Cookie', cookie).expect(200, { isLimit: false });
    expect(h.upstream.planCheckCalls).toBe(2);
  });

  it("never answers a sub-admin's link check from a verdict the API gave somebody else", async () => {
    const manager = await signIn(h.app, 'manager@demo.example');
    const sub = await signIn(h.app, 'sub@demo.example');
    await request(h.app.server).get(`/bff/plan/check/link?productId=${PRODUCT_OUTSIDE_SUB_ADMIN}`).set('Cookie', manager).expect(200, { isLimit: false });
    // The API refuses the sub-admin this product; a failed check reads as the limit reached.
    await request(h.app.server).get(`/bff/plan/check/link?productId=${PRODUCT_OUTSIDE_SUB_ADMIN}`).set('Cookie', sub).expect(200, { isLimit: true });
    expect(h.upstream.planCheckCalls).toBe(2);
    // Its own verdicts are kept for the window like anyone's.
    await request(h.app.server).get('/bff/plan/check/link?productId=5').set('Cookie', sub).expect(200, { isLimit: false });
    await request(h.app.server).get('/bff/plan/check/link?productId=5').set('Cookie', sub).expect(200, { isLimit: false });
    expect(h.upstream.planCheckCalls).toBe(3);
  });

  it('asks the API every time for a super-admin acting for no company', async () => {
    const cookie = await signIn(h.app, 'super@demo.example');
    await checkProduct(h, cookie);
    await checkProduct(h, cookie);
    expect(h.upstream.planCheckCalls).toBe(2);
  });

  it('asks the API again once the window (PLAN_CACHE_TTL_SECONDS) is over', async () => {
    const short = await startHarness({ PLAN_CACHE_TTL_SECONDS: '1' }, { upstream: h.upstream });
    try {
      const cookie = await signIn(short.app, 'manager@demo.example');
      await checkProduct(short, cookie);
      await checkProduct(short, cookie);
      expect(h.upstream.planCheckCalls).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      await checkProduct(short, cookie);
      expect(h.upstream.planCheckCalls).toBe(2);
    } finally {
      await short.close();
    }
  });

  it('answers fresh on every replica after a product is created through the proxy', async () => {
    const second = await startHarness({}, { upstream: h.upstream, store: h.testStore });
    try {
      const cookie = await signIn(h.app, 'manager@demo.example');
      h.upstream.options.productLimit = 1;
      await checkProduct(h, cookie).expect({ isLimit: false });
      await checkProduct(second, cookie).expect({ isLimit: false });

      await request(h.app.server).post('/bff/api/product/').set('Cookie', cookie).set('X-CSRF', '1').send({}).expect(200);

      await checkProduct(second, cookie).expect({ isLimit: true });
      await checkProduct(h, cookie).expect({ isLimit: true });
      expect(h.upstream.planCheckCalls).toBe(2);
    } finally {
      await second.close();
    }
  });

  it('is dropped by each answer the API marks as changing plan usage, for the acting company', async () => {
    const cookie = await switchedSuperAdmin(h, 10);
    const calls = [
      ['post', '/bff/api/product/'],
      ['delete', '/bff/api/product/7'],
      ['put', '/bff/api/product/bulk'],
      ['patch', '/bff/api/product/move/7'],
      ['put', '/bff/api/product/move/bulk'],
      ['post', '/bff/api/entry/links/'],
      ['delete', '/bff/api/entry/links/?linkId=3&entryPath=x&entryId=1'],
    ] as const;
    for (const [method, url] of calls) {
      await checkProduct(h, cookie);
      const before = h.upstream.planCheckCalls;
      await checkProduct(h, cookie);
      expect(h.upstream.planCheckCalls, `cached before ${method} ${url}`).toBe(before);
      const res = await request(h.app.server)[method](url).set('Cookie', cookie).set('X-CSRF', '1').send({}).expect(200);
      // The API's note to the gateway is not the browser's business.
      expect(res.headers[PLAN_USAGE_CHANGED_HEADER]).toBeUndefined();
      await checkProduct(h, cookie);
      expect(h.upstream.planCheckCalls, `fresh after ${method} ${url}`).toBe(before + 1);
    }
  });

  it('is kept after a failed or unrelated call', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    await checkProduct(h, cookie);
    h.upstream.options.mutationsFail = true;
    await request(h.app.server).post('/bff/api/product/').set('Cookie', cookie).set('X-CSRF', '1').send({}).expect(400);
    await request(h.app.server).put('/bff/api/echo/product').set('Cookie', cookie).set('X-CSRF', '1').send({}).expect(200);
    await checkProduct(h, cookie);
    expect(h.upstream.planCheckCalls).toBe(1);
  });
});
