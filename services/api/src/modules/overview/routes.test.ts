import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
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

describe('GET /api/overview/quick-start', () => {
  const stepsOf = async (authorization: string) => {
    const response = await call(t.app, authorization, { method: 'GET', url: '/api/overview/quick-start' });
    expect(response.statusCode).toBe(200);
    return Object.fromEntries(response.json().result.steps.map((step: { id: string; done: boolean }) => [step.id, step.done]));
  };

  it('says which steps the company has done, from its data, in the order of the page', async () => {
    const response = await call(t.app, acme, { method: 'GET', url: '/api/overview/quick-start' });
    expect(response.json().result.steps.map((step: { id: string }) => step.id)).toEqual(['project', 'product', 'link', 'qr', 'subAdmin']);
    // The demo company has projects, products (with only their automatic links) and a sub-admin, and has downloaded no QR code yet.
    expect(await stepsOf(acme)).toEqual({ project: true, product: true, link: false, qr: false, subAdmin: true });
    const nordic = (await signIn(t.app, DEMO_USERS.nordicManager)).authorization;
    expect(await stepsOf(nordic)).toEqual({ project: true, product: true, link: false, qr: false, subAdmin: false });
  });

  it('counts a QR code as printed once it was downloaded, not when it was only shown, for the whole company alone', async () => {
    const list = (await call(t.app, acme, { method: 'GET', url: '/api/product/all?page=1&size=1' })).json();
    const productId = list.result[0].productId;
    const shown = await call(t.app, acme, { method: 'GET', url: `/api/product/qr?productId=${productId}&format=svg` });
    expect(shown.statusCode).toBe(200);
    expect((await stepsOf(acme)).qr).toBe(false);

    const downloaded = await call(t.app, acme, { method: 'GET', url: `/api/product/qr?productId=${productId}&format=svg&size=256&download=1` });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment; filename="qr-/);
    expect((await stepsOf(acme)).qr).toBe(true);
    // A sub-admin sees the company's progress; another company's stays its own.
    expect((await stepsOf(sub)).qr).toBe(true);
    const nordic = (await signIn(t.app, DEMO_USERS.nordicManager)).authorization;
    expect((await stepsOf(nordic)).qr).toBe(false);
  });

  it('counts a link someone added, and no longer once it is deleted', async () => {
    const [product] = (await call(t.app, acme, { method: 'GET', url: '/api/product/all?page=1&size=1' })).json().result;
    const target = { productId: product.productId, entryId: product.entry_id, entryPath: `/01/${product.gtin}` };
    const added = await call(t.app, acme, {
      method: 'POST',
      url: '/api/entry/links/',
      payload: { ...target, linkType: 'gs1:traceability', targetUrl: 'https://acme.example/trace' },
    });
    expect(added.statusCode).toBe(201);
    expect((await stepsOf(acme)).link).toBe(true);

    const link = added.json().result;
    const removed = await call(t.app, acme, {
      method: 'DELETE',
      url: `/api/entry/links/?linkId=${link.linkId}&entryPath=${target.entryPath}&entryId=${target.entryId}`,
    });
    expect(removed.statusCode).toBe(200);
    expect((await stepsOf(acme)).link).toBe(false);
  });

  it('needs a signed-in caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/overview/quick-start' });
    expect(response.statusCode).toBe(401);
  });
});
