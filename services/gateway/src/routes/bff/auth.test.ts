import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../../test/fake-upstream.js';
import { sessionCookie, signIn, startHarness, type Harness } from '../../test/harness.js';

/*
 * The gateway's side of the auth routes against a stand-in API: its cookie settings and checks,
 * and answers a real API does not give (no tokens). What the real API answers to sign-in, me and
 * the company switch is tested in tests/integration/gateway-bff.test.ts.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('POST /bff/auth/sign-in', () => {
  it('marks the cookie Secure when COOKIE_SECURE is on', async () => {
    const secure = await startHarness({ COOKIE_SECURE: 'true' });
    try {
      const res = await request(secure.app.server)
        .post('/bff/auth/sign-in')
        .set('X-CSRF', '1')
        .send({ email: 'manager@demo.example', password: PASSWORD })
        .expect(200);
      expect(sessionCookie(res.headers['set-cookie'])).toMatch(/^sid=/);
      expect((res.headers['set-cookie'] as unknown as string[]).join()).toContain('Secure');
    } finally {
      await secure.close();
    }
  });

  it('refuses a state-changing call without X-CSRF: 1', async () => {
    const res = await request(h.app.server)
      .post('/bff/auth/sign-in')
      .send({ email: 'manager@demo.example', password: PASSWORD })
      .expect(403);
    expect(res.body).toEqual({ code: 'E403002', message: expect.any(String) });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 400 with field details for an invalid body', async () => {
    const res = await request(h.app.server)
      .post('/bff/auth/sign-in')
      .set('X-CSRF', '1')
      .send({ email: 'not-an-email' })
      .expect(400);
    expect(res.body.code).toBe('E400001');
    expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['email', 'password']);
  });

  it("answers 502 'Token is not provided.' when the API answer lacks the tokens", async () => {
    h.upstream.options.signInWithoutTokens = true;
    try {
      const res = await request(h.app.server)
        .post('/bff/auth/sign-in')
        .set('X-CSRF', '1')
        .send({ email: 'manager@demo.example', password: PASSWORD })
        .expect(502);
      expect(res.body.message).toBe('Token is not provided.');
      expect(res.headers['set-cookie']).toBeUndefined();
    } finally {
      h.upstream.options.signInWithoutTokens = false;
    }
  });
});

describe('GET /bff/auth/me', () => {
  it('answers 401 E401005 without a session', async () => {
    const res = await request(h.app.server).get('/bff/auth/me').expect(401);
    expect(res.body.code).toBe('E401005');
  });

  it('answers 401 E401005 for an unknown session id', async () => {
    const res = await request(h.app.server)
      .get('/bff/auth/me')
      .set('Cookie', 'sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
      .expect(401);
    expect(res.body.code).toBe('E401005');
  });
});

describe('POST /bff/auth/sign-out', () => {
  it('revokes the refresh token upstream, destroys the session and clears the cookie', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    const signOutsBefore = h.upstream.signOuts.length;
    const res = await request(h.app.server).post('/bff/auth/sign-out').set('X-CSRF', '1').set('Cookie', cookie).expect(200);
    expect(res.body).toEqual({ result: true });
    expect(h.upstream.signOuts.length).toBe(signOutsBefore + 1);
    expect((res.headers['set-cookie'] as unknown as string[]).join()).toMatch(/sid=;.*Expires=Thu, 01 Jan 1970/);
    await request(h.app.server).get('/bff/auth/me').set('Cookie', cookie).expect(401);
  });
});
