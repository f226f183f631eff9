import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, MESSAGES } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, GATEWAY_HEADERS, signIn, type TestApp } from '../../test/app.js';
import { companies } from '../companies/tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const refresh = (authToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/token/refresh', headers: GATEWAY_HEADERS, payload: { authToken } });

describe('POST /api/auth/sign/in', () => {
  it('answers a bearer token, a refresh token and the user', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign/in',
      headers: GATEWAY_HEADERS,
      payload: { email: 'Manager@Demo.Example', password: 'Demo-pass-2026' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.Authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.authToken).toMatch(/^[\w-]{43}$/);
    expect(body.user).toMatchObject({
      username: 'Mia Manager',
      email: DEMO_USERS.acmeManager,
      roleId: 2,
      serviceName: 'acme',
      companyName: 'Acme Outdoor',
      isLoggedIn: true,
    });

    const me = await call(t.app, body.Authorization, { method: 'GET', url: '/api/auth/me/' });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(DEMO_USERS.acmeManager);
  });

  it('gives the super-admin an empty service name', async () => {
    const { user } = await signIn(t.app, DEMO_USERS.superAdmin);
    expect(user).toMatchObject({ roleId: 1, serviceName: '' });
  });

  it('answers wrong password and unknown email identically', async () => {
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign/in',
      headers: GATEWAY_HEADERS,
      payload: { email: DEMO_USERS.acmeManager, password: 'not-the-password' },
    });
    const unknownEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign/in',
      headers: GATEWAY_HEADERS,
      payload: { email: 'nobody@demo.example', password: 'Demo-pass-2026' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknownEmail.body);
    expect(wrongPassword.json()).toEqual({ code: ERROR_CODES.INVALID_CREDENTIALS, message: MESSAGES.invalidCredentials });
  });

  it('refuses a user of a company that is not approved yet', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign/in',
      headers: GATEWAY_HEADERS,
      payload: { email: DEMO_USERS.borealisManager, password: 'Demo-pass-2026' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: ERROR_CODES.COMPANY_NOT_AUTHORIZED, message: MESSAGES.companyNotAuthorized });
  });

  it('answers 400 with field errors for a malformed body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign/in', headers: GATEWAY_HEADERS, payload: { email: 'not-an-email' } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe(ERROR_CODES.VALIDATION);
    expect(body.details.map((d: { path: string }) => d.path).sort()).toEqual(['email', 'password']);
  });
});

describe('the calls that issue tokens', () => {
  it("answer only the gateway, which sends the internal token: never a browser's call, however valid", async () => {
    const manager = await signIn(t.app, DEMO_USERS.acmeManager);
    const admin = await signIn(t.app, DEMO_USERS.superAdmin);
    const calls = [
      { url: '/api/auth/sign/in', payload: { email: DEMO_USERS.acmeManager, password: 'Demo-pass-2026' }, authorization: undefined },
      { url: '/api/auth/token/refresh', payload: { authToken: manager.authToken }, authorization: undefined },
      { url: '/api/auth/token/switch-customer', payload: { customerId: 1 }, authorization: admin.authorization },
    ];
    for (const { url, payload, authorization } of calls) {
      for (const headers of [{}, { 'x-internal-token': 'guessed-token-of-at-least-32-characters' }] as Record<string, string>[]) {
        const response = await call(t.app, authorization, { method: 'POST', url, headers, payload });
        expect(response.statusCode, url).toBe(401);
        expect(response.json().code).toBe(ERROR_CODES.UNAUTHENTICATED);
        expect(response.body).not.toMatch(/eyJ/);
      }
    }
    // The refresh token refused above is still good for the gateway.
    expect((await refresh(manager.authToken)).statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  it('answers E401005 without a token or with a forged one', async () => {
    const missing = await call(t.app, undefined, { method: 'GET', url: '/api/auth/me/' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe(ERROR_CODES.UNAUTHENTICATED);

    const forged = await new SignJWT({ role: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('some-other-secret-of-at-least-32-chars'));
    const response = await call(t.app, `Bearer ${forged}`, { method: 'GET', url: '/api/auth/me/' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(ERROR_CODES.UNAUTHENTICATED);
  });

  it('answers E401002 for an expired token', async () => {
    const { user } = await signIn(t.app, DEMO_USERS.acmeManager);
    const expired = await new SignJWT({ role: 2, cid: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.userId))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 1000)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.config.JWT_SECRET));
    const response = await call(t.app, `Bearer ${expired}`, { method: 'GET', url: '/api/auth/me/' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: ERROR_CODES.TOKEN_EXPIRED, message: MESSAGES.tokenExpired });
  });
});

describe('POST /api/auth/token/refresh', () => {
  it('rotates the refresh token; reusing a rotated token revokes the whole family', async () => {
    const first = await signIn(t.app, DEMO_USERS.acmeManager);

    const rotated = await refresh(first.authToken);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second).toMatchObject({ isSwitch: false });
    expect(second.authToken).not.toBe(first.authToken);
    const me = await call(t.app, second.Authorization, { method: 'GET', url: '/api/auth/me/' });
    expect(me.statusCode).toBe(200);

    const reuse = await refresh(first.authToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ code: ERROR_CODES.REFRESH_INVALID, message: MESSAGES.refreshInvalid });

    // The theft is detected: the legitimate successor is revoked too.
    const successor = await refresh(second.authToken);
    expect(successor.statusCode).toBe(401);
    expect(successor.json().code).toBe(ERROR_CODES.REFRESH_INVALID);
  });

  it('answers E401003 for an unknown token', async () => {
    const response = await refresh('this-token-was-never-issued');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(ERROR_CODES.REFRESH_INVALID);
  });

  it('answers E401003 after sign-out', async () => {
    const session = await signIn(t.app, DEMO_USERS.acmeManager);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign/out', payload: { authToken: session.authToken } });
    expect(out.json()).toEqual({ result: true });
    expect((await refresh(session.authToken)).json().code).toBe(ERROR_CODES.REFRESH_INVALID);
  });

  it('answers E401004 once the company is no longer approved', async () => {
    const session = await signIn(t.app, DEMO_USERS.nordicManager);
    await t.app.db.update(companies).set({ permission: false }).where(eq(companies.serviceName, 'nordic'));
    try {
      const me = await call(t.app, session.authorization, { method: 'GET', url: '/api/auth/me/' });
      expect(me.statusCode).toBe(401);
      expect(me.json().code).toBe(ERROR_CODES.COMPANY_NOT_AUTHORIZED);
      const refreshed = await refresh(session.authToken);
      expect(refreshed.statusCode).toBe(401);
      expect(refreshed.json().code).toBe(ERROR_CODES.COMPANY_NOT_AUTHORIZED);
    } finally {
      await t.app.db.update(companies).set({ permission: true }).where(eq(companies.serviceName, 'nordic'));
    }
  });
});

describe('switching company', () => {
  async function acmeId(authorization: string): Promise<number> {
    const list = await call(t.app, authorization, { method: 'GET', url: '/api/service/super/customer/list' });
    return list.json().result.find((c: { serviceName: string }) => c.serviceName === 'acme').customerId;
  }

  it('is refused to a manager', async () => {
    const manager = await signIn(t.app, DEMO_USERS.acmeManager);
    const response = await call(t.app, manager.authorization, {
      method: 'POST',
      url: '/api/auth/token/switch-customer',
      headers: GATEWAY_HEADERS,
      payload: { customerId: 1 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(ERROR_CODES.FORBIDDEN);

    const view = await call(t.app, manager.authorization, { method: 'GET', url: '/api/auth/super/switch-customer' });
    expect(view.statusCode).toBe(403);
  });

  it('gives the super-admin a token that sees the customer company', async () => {
    const admin = await signIn(t.app, DEMO_USERS.superAdmin);
    const unswitched = await call(t.app, admin.authorization, { method: 'GET', url: '/api/overview/total-count' });
    expect(unswitched.statusCode).toBe(403);

    const switched = await call(t.app, admin.authorization, {
      method: 'POST',
      url: '/api/auth/token/switch-customer',
      headers: GATEWAY_HEADERS,
      payload: { customerId: await acmeId(admin.authorization) },
    });
    expect(switched.statusCode).toBe(200);
    const pair = switched.json();
    expect(pair.user).toMatchObject({ roleId: 1, serviceName: 'acme', companyName: 'Acme Outdoor' });

    const overview = await call(t.app, pair.Authorization, { method: 'GET', url: '/api/overview/total-count' });
    expect(overview.statusCode).toBe(200);
    expect(overview.json().result).toMatchObject({ projects: 3, products: 8 });

    const view = await call(t.app, pair.Authorization, { method: 'GET', url: '/api/auth/super/switch-customer' });
    expect(view.json().user).toMatchObject({ username: 'Sam Super', serviceName: 'acme' });

    const refreshed = await refresh(pair.authToken);
    expect(refreshed.json().isSwitch).toBe(true);
    const again = await call(t.app, refreshed.json().Authorization, { method: 'GET', url: '/api/overview/total-count' });
    expect(again.json().result.products).toBe(8);
  });

  it('answers 404 for an unknown customer', async () => {
    const admin = await signIn(t.app, DEMO_USERS.superAdmin);
    const response = await call(t.app, admin.authorization, {
      method: 'POST',
      url: '/api/auth/token/switch-customer',
      headers: GATEWAY_HEADERS,
      payload: { customerId: 999_999 },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(ERROR_CODES.NOT_FOUND);
  });
});
