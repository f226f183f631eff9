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
      { planId: expect.any(Number), planName: 'Starter', services: ['DL'], limits: { product: 20, link: 5, subAdmin: 2 }, current: true, price: { monthly: 4900, currency: 'EUR' } },
      { planId: expect.any(Number), planName: 'Business', services: ['DL', 'DPP'], limits: { product: 100, link: 10, subAdmin: 5 }, current: false, price: { monthly: 19900, currency: 'EUR' } },
      { planId: expect.any(Number), planName: 'Enterprise', services: ['DL', 'DPP'], limits: { product: 10000, link: 20, subAdmin: 50 }, current: false, price: null },
    ]);
  });
});

describe('POST /api/service/plan/request', () => {
  it("tells the operators once a day which plan a company's manager asks for; refuses the current plan and a sub-admin", async () => {
    const manager = (await signIn(t.app, DEMO_USERS.nordicManager)).authorization;
    const plans = (await call(t.app, manager, { method: 'GET', url: '/api/service/plan/list' })).json().result as { planId: number; planName: string }[];
    const business = plans.find((plan) => plan.planName === 'Business')!.planId;
    const starter = plans.find((plan) => plan.planName === 'Starter')!.planId;
    const ask = (planId: number, authorization = manager) => call(t.app, authorization, { method: 'POST', url: '/api/service/plan/request', payload: { planId } });

    const asked = await ask(business);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ result: { requested: true } });
    expect((await ask(business)).json()).toEqual({ result: { requested: false } });
    const current = await ask(starter);
    expect(current.statusCode).toBe(400);
    expect(current.json().details).toEqual([expect.objectContaining({ path: 'planId' })]);
    expect((await ask(999_999)).statusCode).toBe(404);
    expect((await ask(business, (await signIn(t.app, DEMO_USERS.acmeSubAdmin)).authorization)).statusCode).toBe(403);

    const operator = (await signIn(t.app, DEMO_USERS.superAdmin)).authorization;
    const told = (await call(t.app, operator, { method: 'GET', url: '/api/service/notifications?page=1&size=20' })).json().result as { type: string; params: Record<string, string> }[];
    expect(told.filter((notification) => notification.type === 'plan.requested')).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ company: 'Nordic Foods', plan: 'Business', current: 'Starter' }) }),
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
