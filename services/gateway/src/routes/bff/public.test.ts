import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startHarness, type Harness } from '../../test/harness.js';
import { isPublicCall } from './public.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('/bff/public/* pass-through for visitors', () => {
  it('forwards a listed call without a session, bearer or cookie, and keeps upstream cookies out', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    const res = await request(h.app.server)
      .post('/bff/public/auth/password/forgot')
      .set('X-CSRF', '1')
      .set('Cookie', cookie)
      .send({ email: 'someone@example.com' })
      .expect(200);
    expect(res.body.result).toBe(true);
    expect(res.body.headers.authorization).toBeUndefined();
    expect(res.body.headers.cookie).toBeUndefined();
    expect(res.body.headers['x-csrf']).toBeUndefined();
    expect(res.body.headers['x-request-id']).toBeTruthy();
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 404 for anything not on the list, so authenticated API calls stay behind /bff/api', async () => {
    await request(h.app.server).get('/bff/public/overview/total-count').expect(404);
    await request(h.app.server).post('/bff/public/echo').set('X-CSRF', '1').send({}).expect(404);
    await request(h.app.server).get('/bff/public/auth/password/forgot').expect(404);
  });

  it("lets the consumer landing page read a product's public data and stored images, nothing around them", () => {
    expect(isPublicCall('GET', '/bff/public/product/landing-page/preview-productInfo?productId=3')).toBe(true);
    expect(isPublicCall('GET', '/bff/public/product/landing-page/preview-links?productId=3')).toBe(true);
    expect(isPublicCall('GET', '/bff/public/product/landing-page/preview-contents?productId=3&lang=ko')).toBe(true);
    expect(isPublicCall('GET', '/bff/public/product/landing-page/design?productId=3')).toBe(true);
    expect(isPublicCall('PUT', '/bff/public/product/landing-page/design')).toBe(false);
    expect(isPublicCall('GET', '/bff/public/product/design?productId=3')).toBe(false);
    expect(isPublicCall('GET', '/bff/public/product/content?productId=3')).toBe(false);
    expect(isPublicCall('GET', '/bff/public/files/products/3/a1b2.thumb.webp')).toBe(true);
    expect(isPublicCall('GET', '/bff/public/files/../overview/total-count')).toBe(false);
    expect(isPublicCall('GET', '/bff/public/files/%2e%2e/overview')).toBe(false);
    expect(isPublicCall('DELETE', '/bff/public/files/products/3/a1b2.webp')).toBe(false);
  });

  it('requires X-CSRF on state-changing calls', async () => {
    await request(h.app.server).post('/bff/public/auth/password/forgot').send({ email: 'a@b.example' }).expect(403);
  });
});

describe('a visitor\'s call the API does not answer, or answers as asked', () => {
  const LANDING = '/bff/public/product/landing-page/preview-productInfo';
  afterEach(() => {
    h.upstream.options.landingAnswer = 'address';
  });

  /** The gateway's count of calls to the API that got no usable answer, of one kind. */
  async function upstreamErrors(harness: Harness, kind: string): Promise<number> {
    const text = (await request(harness.app.server).get('/metrics').expect(200)).text;
    const line = text.split('\n').find((l) => l.startsWith(`bff_upstream_errors_total{kind="${kind}"}`));
    return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
  }

  it('passes the query as sent, an escape that does not decode included: the API reads it', async () => {
    const res = await request(h.app.server).get(`${LANDING}?productId=3&x=%C3%28`).expect(200);
    expect(res.body.url).toBe('/api/product/landing-page/preview-productInfo?productId=3&x=%C3%28');
  });

  it('answers 504 when the API is too slow and 502 when it drops the connection, and counts both', async () => {
    const slow = await startHarness({ UPSTREAM_TIMEOUT_MS: '200' }, { upstream: h.upstream, store: h.testStore, processMetrics: true });
    try {
      const [timeoutsBefore, brokenBefore] = [await upstreamErrors(slow, 'timeout'), await upstreamErrors(slow, 'bad_gateway')];
      h.upstream.options.landingAnswer = 'slow';
      const timedOut = await request(slow.app.server).get(`${LANDING}?productId=3`).expect(504);
      expect(timedOut.body).toEqual({ code: 'E504001', message: 'Unable to connect to the service' });
      h.upstream.options.landingAnswer = 'hang-up';
      const dropped = await request(slow.app.server).get(`${LANDING}?productId=3`).expect(502);
      expect(dropped.body).toEqual({ code: 'E502001', message: 'Unable to connect to the service' });
      expect(await upstreamErrors(slow, 'timeout')).toBe(timeoutsBefore + 1);
      expect(await upstreamErrors(slow, 'bad_gateway')).toBe(brokenBefore + 1);
    } finally {
      await slow.close();
    }
  });

  it('refuses a JSON body above BODY_LIMIT_BYTES with 413 E413001, as the API would, instead of streaming it on', async () => {
    const small = await startHarness({ BODY_LIMIT_BYTES: '1024' }, { upstream: h.upstream, store: h.testStore });
    try {
      const res = await request(small.app.server)
        .post('/bff/public/auth/password/forgot')
        .set('X-CSRF', '1')
        .send({ email: `${'a'.repeat(2_048)}@example.com` })
        .expect(413);
      expect(res.body).toEqual({ code: 'E413001', message: 'The request is too large.' });
      await request(small.app.server).post('/bff/public/auth/password/forgot').set('X-CSRF', '1').send({ email: 'a@b.example' }).expect(200);
    } finally {
      await small.close();
    }
  });
});
