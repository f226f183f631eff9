import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CODES, ERROR_CODES, RESOLVER_INVALIDATE_HEADER } from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp, productInProject, readProduct, setSubAdminProductAccess } from '../../test/demo.js';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;
let projectIds: Record<string, number>;

const setMarkets = (authorization: string, productId: number, intendedMarkets: unknown) =>
  call(t.app, authorization, { method: 'PUT', url: '/api/product/markets', payload: { productId, intendedMarkets } });

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub, projectIds } = await demoSetUp(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe('PUT /api/product/markets', () => {
  it('stores the countries sorted, answers them in the product detail, and an empty list means anywhere', async () => {
    const product = await productInProject(t.app, acme, projectIds.Camping);
    expect((await readProduct(t.app, acme, product.productId)).product).toMatchObject({ intendedMarkets: [] });

    const response = await setMarkets(acme, product.productId, ['KR', 'DE', 'FR']);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: { productId: product.productId, intendedMarkets: ['DE', 'FR', 'KR'] } });
    expect(response.headers[RESOLVER_INVALIDATE_HEADER]).toBe(product.entry.entryPath);
    expect((await readProduct(t.app, acme, product.productId)).product).toMatchObject({ intendedMarkets: ['DE', 'FR', 'KR'] });

    expect((await setMarkets(acme, product.productId, [])).json().result.intendedMarkets).toEqual([]);
    expect((await readProduct(t.app, acme, product.productId)).product).toMatchObject({ intendedMarkets: [] });
  });

  it.each([
    ['lower case', ['de'], 'upper-case'],
    ['an unknown code', ['ZZ'], 'Not a known country'],
    ['three letters', ['DEU'], 'upper-case'],
    ['a repeated country', ['DE', 'DE'], 'Each country once'],
  ])('answers 400 for %s and keeps the old list', async (_case, intendedMarkets, message) => {
    const product = await productInProject(t.app, acme, projectIds['Trail Gear']);
    await setMarkets(acme, product.productId, ['JP']);
    const response = await setMarkets(acme, product.productId, intendedMarkets);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, details: [{ message: expect.stringContaining(message) }] });
    expect((await readProduct(t.app, acme, product.productId)).product).toMatchObject({ intendedMarkets: ['JP'] });
  });

  it('accepts every known country at once, and no more', async () => {
    const product = await productInProject(t.app, acme, projectIds['Winter Collection']);
    expect(COUNTRY_CODES.length).toBeGreaterThan(240);
    expect((await setMarkets(acme, product.productId, COUNTRY_CODES)).statusCode).toBe(200);
    expect((await setMarkets(acme, product.productId, [...COUNTRY_CODES, 'GB'])).statusCode).toBe(400);
  });

  it("answers 404 for another company's product and 403 to a sub-admin without write access", async () => {
    const product = await productInProject(t.app, acme, projectIds['Trail Gear'], 1);
    expect((await setMarkets(nordic, product.productId, ['DE'])).statusCode).toBe(404);
    await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: false });
    try {
      expect((await setMarkets(sub, product.productId, ['DE'])).statusCode).toBe(403);
      await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: true });
      expect((await setMarkets(sub, product.productId, ['DE'])).statusCode).toBe(200);
    } finally {
      await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: true });
    }
  });
});
