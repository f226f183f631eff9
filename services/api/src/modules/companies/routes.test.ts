import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '@product-console/shared';
import { analyticsRebuilds, companies } from './tables.js';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/service/super/customer/list', () => {
  it('lists every company with its approval state and plan for the super-admin', async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.superAdmin);
    const response = await call(t.app, authorization, { method: 'GET', url: '/api/service/super/customer/list' });
    expect(response.statusCode).toBe(200);
    const byService = Object.fromEntries(response.json().result.map((c: { serviceName: string }) => [c.serviceName, c]));
    expect(byService.acme).toMatchObject({ companyName: 'Acme Outdoor', permission: true, planName: 'Business', services: ['DL', 'DPP'] });
    expect(byService.nordic).toMatchObject({ permission: true, planName: 'Starter', services: ['DL'] });
    expect(byService.borealis).toMatchObject({ permission: false });
  });

  it('is refused to a manager', async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.acmeManager);
    const response = await call(t.app, authorization, { method: 'GET', url: '/api/service/super/customer/list' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(ERROR_CODES.FORBIDDEN);
  });
});

describe('GET /api/auth/me/company-info', () => {
  it("answers the caller's company", async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.acmeSubAdmin);
    const response = await call(t.app, authorization, { method: 'GET', url: '/api/auth/me/company-info' });
    expect(response.json().result).toMatchObject({
      companyName: 'Acme Outdoor',
      serviceName: 'acme',
      categoryId: 1,
      gcps: ['0614141', '0614142'],
      contactEmail: 'hello@acme.example',
    });
    // The product's public address, for the addresses the console shows (access links, capture).
    expect(response.json().result.publicOrigin).toBe(new URL(t.config.PUBLIC_URL).origin);
  });

  it('is refused to a super-admin that has not switched company', async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.superAdmin);
    const response = await call(t.app, authorization, { method: 'GET', url: '/api/auth/me/company-info' });
    expect(response.statusCode).toBe(403);
  });
});

describe('company changes and the consumer pages', () => {
  it("drops the cached pages of every live entry of the company when its profile changes", async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.acmeManager);
    const current = (await call(t.app, authorization, { method: 'GET', url: '/api/auth/me/company-info' })).json().result;
    const response = await call(t.app, authorization, {
      method: 'PUT',
      url: '/api/auth/me/company-info',
      payload: { updateInfo: { ...current, contactHour: 'Mon–Fri 9–17' } },
    });
    expect(response.statusCode).toBe(200);
    const paths = String(response.headers['x-resolver-invalidate']).split(',');
    expect(paths.length).toBeGreaterThan(1);
    expect(paths.every((path) => path.startsWith('/01/') || path.startsWith('/414/'))).toBe(true);
  });

  it("drops them when the super-admin revokes or grants the company's approval", async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.superAdmin);
    const list = (await call(t.app, authorization, { method: 'GET', url: '/api/service/super/customer/list' })).json().result;
    const nordic = list.find((company: { serviceName: string }) => company.serviceName === 'nordic');
    const response = await call(t.app, authorization, {
      method: 'PUT',
      url: '/api/service/super/customer/permission',
      payload: { customerId: nordic.customerId, permission: true },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['x-resolver-invalidate'])).toMatch(/^\/01\//);
  });
});

describe('the company time zone', () => {
  it('answers a change at once and regroups the analytics in the background, telling the profile until it is done', async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.acmeManager);
    const info = async () => (await call(t.app, authorization, { method: 'GET', url: '/api/auth/me/company-info' })).json().result;
    const saved = await call(t.app, authorization, { method: 'PUT', url: '/api/auth/me/company-info', payload: { updateInfo: { timeZone: 'Asia/Tokyo' } } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result).toMatchObject({ timeZone: 'Asia/Tokyo', analyticsRebuild: { status: 'queued', timeZone: 'Asia/Tokyo' } });
    await expect.poll(async () => (await info()).analyticsRebuild, { timeout: 20_000, interval: 200 }).toBeNull();
    const [row] = await t.app.db
      .select({ status: analyticsRebuilds.status, finishedAt: analyticsRebuilds.finishedAt })
      .from(analyticsRebuilds)
      .innerJoin(companies, eq(companies.id, analyticsRebuilds.companyId))
      .where(eq(companies.serviceName, 'acme'));
    expect(row).toMatchObject({ status: 'done', finishedAt: expect.any(Date) });
    // The same zone saved again asks for nothing.
    const again = await call(t.app, authorization, { method: 'PUT', url: '/api/auth/me/company-info', payload: { updateInfo: { timeZone: 'Asia/Tokyo' } } });
    expect(again.json().result.analyticsRebuild).toBeNull();
  });

  it('is UTC at first, takes an IANA zone, and refuses what is not one', async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.nordicManager);
    const read = async () => (await call(t.app, authorization, { method: 'GET', url: '/api/auth/me/company-info' })).json().result.timeZone;
    expect(await read()).toBe('UTC');
    const put = (timeZone: unknown) => call(t.app, authorization, { method: 'PUT', url: '/api/auth/me/company-info', payload: { updateInfo: { timeZone } } });

    const saved = await put('Asia/Seoul');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result.timeZone).toBe('Asia/Seoul');
    expect(await read()).toBe('Asia/Seoul');
    // The analytics days follow it.
    const board = await call(t.app, authorization, { method: 'GET', url: '/api/analytics/dashboard?from=2026-03-01&to=2026-03-02' });
    expect(board.json().result.timeZone).toBe('Asia/Seoul');
    // Another name of a listed zone, as browsers and Node differ on which is canonical.
    expect((await put('Asia/Kolkata')).statusCode).toBe(200);
    expect((await put('UTC')).statusCode).toBe(200);

    for (const bad of ['Mars/Olympus_Mons', '+09:00', 'EST5EDT; drop table companies', '', 42]) {
      const refused = await put(bad);
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json().details.map((d: { path: string }) => d.path).join(), String(bad)).toMatch(/timeZone/);
    }
    expect(await read()).toBe('UTC');
  });

  it('is changed by admins only', async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.acmeSubAdmin);
    const refused = await call(t.app, authorization, { method: 'PUT', url: '/api/auth/me/company-info', payload: { updateInfo: { timeZone: 'Asia/Seoul' } } });
    expect(refused.statusCode).toBe(403);
  });
});
