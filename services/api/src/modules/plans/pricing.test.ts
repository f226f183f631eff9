import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { requireService } from './require-service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/service/plan/list', () => {
  it('lists every plan with its services and limits and marks the current one', async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.nordicManager);
    const response = await call(t.app, authorization, { method: 'GET', url: '/api/service/plan/list' });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual([
      { planId: expect.any(Number), planName: 'Starter', services: ['DL'], limits: { product: 20, link: 5, subAdmin: 2 }, current: true },
      { planId: expect.any(Number), planName: 'Business', services: ['DL', 'DPP'], limits: { product: 100, link: 10, subAdmin: 5 }, current: false },
      { planId: expect.any(Number), planName: 'Enterprise', services: ['DL', 'DPP'], limits: { product: 10000, link: 20, subAdmin: 50 }, current: false },
    ]);
  });
});

describe("requireService('DPP')", () => {
  /** Runs the hook as a route's onRequest would, for the company of `email`. */
  async function gate(email: string) {
    const { user } = await signIn(t.app, email);
    const { authorization } = await signIn(t.app, DEMO_USERS.superAdmin);
    const customers = (await call(t.app, authorization, { method: 'GET', url: '/api/service/super/customer/list' })).json().result;
    const companyId = customers.find((c: { serviceName: string }) => c.serviceName === user.serviceName).customerId;
    const request = { auth: { userId: user.userId, roleId: user.roleId, companyId } } as unknown as FastifyRequest;
    return requireService('DPP').call(t.app as FastifyInstance, request, {} as FastifyReply);
  }

  it('lets a company whose plan has the service through and refuses the others with E403004', async () => {
    await expect(gate(DEMO_USERS.acmeManager)).resolves.toBeUndefined();
    await expect(gate(DEMO_USERS.nordicManager)).rejects.toMatchObject({ statusCode: 403, code: ERROR_CODES.SERVICE_NOT_IN_PLAN });
  });
});
