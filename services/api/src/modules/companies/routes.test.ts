import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@product-console/shared';
import { DEMO_USERS } from '../../db/seed.js';
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
  });

  it('is refused to a super-admin that has not switched company', async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.superAdmin);
    const response = await call(t.app, authorization, { method: 'GET', url: '/api/auth/me/company-info' });
    expect(response.statusCode).toBe(403);
  });
});
