import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionInfoSchema } from '@product-console/shared';
import { CUSTOMERS, PASSWORD } from '../../test/fake-upstream.js';
import { sessionCookie, signIn, startHarness, visibleText, type Harness } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const expectNoTokens = (text: string) => {
  for (const token of h.upstream.issuedTokens) expect(text).not.toContain(token);
};

describe('POST /bff/auth/sign-in', () => {
  it('answers the user only and sets an HttpOnly, SameSite=Strict session cookie on /', async () => {
    const res = await request(h.app.server)
      .post('/bff/auth/sign-in')
      .set('X-CSRF', '1')
      .send({ email: 'manager@demo.example', password: PASSWORD })
      .expect(200);

    expect(Object.keys(res.body)).toEqual(['user']);
    expect(res.body.user.email).toBe('manager@demo.example');
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('sid='))!;
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure'); // COOKIE_SECURE defaults to false under NODE_ENV=test
    expectNoTokens(visibleText(res));
  });

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

  it('passes on the API refusal of wrong credentials', async () => {
    const res = await request(h.app.server)
      .post('/bff/auth/sign-in')
      .set('X-CSRF', '1')
      .send({ email: 'manager@demo.example', password: 'wrong' })
      .expect(401);
    expect(res.body).toEqual({ code: 'E401001', message: 'The email or password is incorrect.' });
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

  it('answers the session info without any token', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    const res = await request(h.app.server).get('/bff/auth/me').set('Cookie', cookie).expect(200);
    expect(sessionInfoSchema.parse(res.body)).toMatchObject({ user: { userId: 2 }, switchedCustomerId: null });
    expectNoTokens(visibleText(res));
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

describe('company switch', () => {
  it('is refused to anyone but a super-admin', async () => {
    const cookie = await signIn(h.app, 'manager@demo.example');
    const res = await request(h.app.server)
      .post('/bff/auth/switch')
      .set('X-CSRF', '1')
      .set('Cookie', cookie)
      .send({ customerId: 10 })
      .expect(403);
    expect(res.body.code).toBe('E403001');
    await request(h.app.server).delete('/bff/auth/switch').set('X-CSRF', '1').set('Cookie', cookie).expect(403);
  });

  it('lets the super-admin act for a company, then leave it', async () => {
    const cookie = await signIn(h.app, 'super@demo.example');

    const switched = await request(h.app.server)
      .post('/bff/auth/switch')
      .set('X-CSRF', '1')
      .set('Cookie', cookie)
      .send({ customerId: 10 })
      .expect(200);
    expect(sessionInfoSchema.parse(switched.body)).toMatchObject({ user: { serviceName: CUSTOMERS[10] }, switchedCustomerId: 10 });
    expectNoTokens(visibleText(switched));

    const me = await request(h.app.server).get('/bff/auth/me').set('Cookie', cookie).expect(200);
    expect(me.body).toMatchObject({ user: { serviceName: 'acme' }, switchedCustomerId: 10 });

    // Proxied calls now carry the switched company's token.
    const echo = await request(h.app.server).get('/bff/api/echo').set('Cookie', cookie).expect(200);
    expect(echo.body.customerId).toBe(10);

    const left = await request(h.app.server).delete('/bff/auth/switch').set('X-CSRF', '1').set('Cookie', cookie).expect(200);
    expect(left.body).toMatchObject({ user: { userId: 1, serviceName: '' }, switchedCustomerId: null });
    const after = await request(h.app.server).get('/bff/api/echo').set('Cookie', cookie).expect(200);
    expect(after.body.customerId).toBeNull();
  });

  it('passes on an unknown company as 404 and validates the body', async () => {
    const cookie = await signIn(h.app, 'super@demo.example');
    await request(h.app.server).post('/bff/auth/switch').set('X-CSRF', '1').set('Cookie', cookie).send({ customerId: 999 }).expect(404);
    const bad = await request(h.app.server).post('/bff/auth/switch').set('X-CSRF', '1').set('Cookie', cookie).send({}).expect(400);
    expect(bad.body.details[0].path).toBe('customerId');
  });
});
