import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@product-console/shared';
import { DEMO_USERS } from '../../db/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { isValidGtin14 } from '../products/gtin.js';

let t: TestApp;
let acme: string;
let sub: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = (await signIn(t.app, DEMO_USERS.acmeManager)).authorization;
  sub = (await signIn(t.app, DEMO_USERS.acmeSubAdmin)).authorization;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/overview/total-count', () => {
  it("counts the company's projects and products", async () => {
    const response = await call(t.app, acme, { method: 'GET', url: '/api/overview/total-count' });
    expect(response.json().result).toEqual({ projects: 3, products: 8, dlProducts: 4, dppProducts: 4, nfcProducts: 4 });
  });

  it("counts only a sub-admin's projects", async () => {
    const response = await call(t.app, sub, { method: 'GET', url: '/api/overview/total-count' });
    expect(response.json().result).toEqual({ projects: 1, products: 3, dlProducts: 1, dppProducts: 2, nfcProducts: 1 });
  });
});

describe('GET /api/overview/productList', () => {
  it('pages products newest first', async () => {
    const first = (await call(t.app, acme, { method: 'GET', url: '/api/overview/productList?page=1&size=5' })).json();
    expect(first.pageInfo).toEqual({ total: 8, page: 1, size: 5 });
    expect(first.result).toHaveLength(5);
    expect(first.result[0]).toMatchObject({ product_name: 'Frost Merino Beanie', project_name: 'Winter Collection', service: 'DL' });
    const times = first.result.map((p: { createdAt: string }) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    for (const product of first.result) expect(isValidGtin14(product.gtin)).toBe(true);

    const second = (await call(t.app, acme, { method: 'GET', url: '/api/overview/productList?page=2&size=5' })).json();
    expect(second.result).toHaveLength(3);

    const defaults = (await call(t.app, acme, { method: 'GET', url: '/api/overview/productList' })).json();
    expect(defaults.pageInfo).toEqual({ total: 8, page: 1, size: 10 });
  });

  it("shows a sub-admin only its project's products", async () => {
    const list = (await call(t.app, sub, { method: 'GET', url: '/api/overview/productList' })).json();
    expect(list.pageInfo.total).toBe(3);
    expect(new Set(list.result.map((p: { project_name: string }) => p.project_name))).toEqual(new Set(['Trail Gear']));
  });

  it('filters by project, refusing a sub-admin a project outside its access', async () => {
    const projects = (await call(t.app, acme, { method: 'GET', url: '/api/project/all' })).json().result;
    const camping = projects.find((p: { project_name: string }) => p.project_name === 'Camping').project_id;
    const list = (await call(t.app, acme, { method: 'GET', url: `/api/overview/productList?projectId=${camping}` })).json();
    expect(list.pageInfo.total).toBe(3);

    const denied = await call(t.app, sub, { method: 'GET', url: `/api/overview/productList?projectId=${camping}` });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(ERROR_CODES.FORBIDDEN);
  });
});
