import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startHarness, type Harness } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('plan-limit checks', () => {
  it('answers the API verdict', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    await request(h.app.server).get('/bff/plan/check/product').set('Cookie', cookie).expect(200, { isLimit: false });
    await request(h.app.server).get('/bff/plan/check/link?productId=5').set('Cookie', cookie).expect(200, { isLimit: false });
    await request(h.app.server).get('/bff/plan/check/link?productId=99').set('Cookie', cookie).expect(200, { isLimit: true });
  });

  it('treats a failed check as the limit reached', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    h.upstream.options.planCheckFails = true;
    try {
      await request(h.app.server).get('/bff/plan/check/product').set('Cookie', cookie).expect(200, { isLimit: true });
      await request(h.app.server).get('/bff/plan/check/link?productId=5').set('Cookie', cookie).expect(200, { isLimit: true });
    } finally {
      h.upstream.options.planCheckFails = false;
    }
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
