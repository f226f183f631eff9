import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ERROR_CODES, type CustomerListItem } from '@product-console/shared';
import { DEMO_USERS } from '../seed/seed.js';
import { call, signIn } from './app.js';

/**
 * Walks a demo Acme product through what closes it to the public — its entry deactivated, then
 * the company's approval withdrawn — and back, asserting that each public `read` answers as the
 * landing does: 200 while the landing shows the product, the landing's very 404 while it does not.
 */
export async function expectClosedWithTheLanding(
  app: FastifyInstance,
  acme: string,
  product: { productId: number; entryPath: string },
  reads: ReadonlyArray<() => Promise<LightMyRequestResponse>>,
): Promise<void> {
  const landing = () => app.inject({ method: 'GET', url: `/api/product/landing-page/page?productId=${product.productId}&serviceName=acme` });
  const answers = () => Promise.all([landing(), ...reads.map((read) => read())]);
  const expectHidden = async () => {
    const [page, ...others] = await answers();
    expect(page.statusCode).toBe(404);
    expect(page.json().code).toBe(ERROR_CODES.NOT_FOUND);
    for (const response of others) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(page.json());
    }
  };
  const expectShown = async () => expect((await answers()).map((response) => response.statusCode)).toEqual([200, ...reads.map(() => 200)]);
  await expectShown();

  const setActive = (isActive: boolean) => call(app, acme, { method: 'PUT', url: '/api/entry/entries/', payload: { entryPath: product.entryPath, isActive } });
  expect((await setActive(false)).statusCode).toBe(200);
  await expectHidden();
  expect((await setActive(true)).statusCode).toBe(200);
  await expectShown();

  const superAdmin = (await signIn(app, DEMO_USERS.superAdmin)).authorization;
  const customers = (await call(app, superAdmin, { method: 'GET', url: '/api/service/super/customer/list' })).json().result as CustomerListItem[];
  const customerId = customers.find((customer) => customer.serviceName === 'acme')?.customerId;
  const setApproval = (permission: boolean) => call(app, superAdmin, { method: 'PUT', url: '/api/service/super/customer/permission', payload: { customerId, permission } });
  expect((await setApproval(false)).statusCode).toBe(200);
  try {
    await expectHidden();
  } finally {
    expect((await setApproval(true)).statusCode).toBe(200);
  }
  await expectShown();
}
