import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
