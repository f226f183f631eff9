import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { productInProject, projectIdsByName, setSubAdminAccess, setSubAdminProductAccess } from '../../test/demo.js';
import { companies } from '../companies/tables.js';
import { links } from '../links/tables.js';
import { products } from '../products/tables.js';

let t: TestApp;
let nordic: string;
let acme: string;

beforeAll(async () => {
  t = await createTestApp();
  nordic = (await signIn(t.app, DEMO_USERS.nordicManager)).authorization;
  acme = (await signIn(t.app, DEMO_USERS.acmeManager)).authorization;
});
afterAll(async () => {
  await t?.close();
});

const checkProduct = async (authorization: string) =>
  (await call(t.app, authorization, { method: 'GET', url: '/api/service/plan/check/product' })).json().isLimit;

async function nordicProducts() {
  const [company] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'nordic'));
  const rows = await t.app.db.select().from(products).where(eq(products.companyId, company.id));
  return { company, rows };
}

describe('GET /api/service/plan/info', () => {
  it("answers the company's plan with limits and usage", async () => {
    const response = await call(t.app, acme, { method: 'GET', url: '/api/service/plan/info' });
    expect(response.json().result).toMatchObject({
      planName: 'Business',
      services: ['DL', 'DPP'],
      limits: { product: 100, link: 10, subAdmin: 5 },
      usage: { product: 8, subAdmin: 1 },
      subscription: { status: 'active' },
    });
  });
});

describe('GET /api/service/plan/check/product', () => {
  it('flips to isLimit true when the product limit is reached, and back when one is deleted', async () => {
    const { company, rows } = await nordicProducts();
    expect(rows).toHaveLength(4);
    expect(await checkProduct(nordic)).toBe(false);

    // Starter allows 20 products: fill up to one below the limit.
    const template = { companyId: company.id, projectId: rows[0].projectId, service: 'DL' as const };
    await t.app.db.insert(products).values(Array.from({ length: 15 }, (_, i) => ({ ...template, productName: `Filler ${i}` })));
    expect(await checkProduct(nordic)).toBe(false);

    const [last] = await t.app.db.insert(products).values({ ...template, productName: 'The twentieth' }).returning();
    expect(await checkProduct(nordic)).toBe(true);

    await t.app.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, last.id));
    expect(await checkProduct(nordic)).toBe(false);
    expect(await checkProduct(acme)).toBe(false);
  });
});

describe('GET /api/service/plan/check/link', () => {
  it('counts the displayed links of the product against the link limit', async () => {
    const { rows } = await nordicProducts();
    const product = rows.find((row) => row.productName === 'Rye Crispbread')!;
    const url = `/api/service/plan/check/link?productId=${product.id}`;
    expect((await call(t.app, nordic, { method: 'GET', url })).json()).toEqual({ isLimit: false });

    // Starter allows 5 displayed links; the demo product has its automatic ones. Hidden links do not count.
    const shown = (await t.app.db.select().from(links).where(and(eq(links.productId, product.id), eq(links.display, true)))).length;
    const base = { productId: product.id, linkType: 'gs1:pip', targetUrl: 'https://nordic.example/x' };
    const hidden = { ...base, display: false };
    await t.app.db.insert(links).values([hidden, hidden, hidden, ...Array.from({ length: 4 - shown }, () => base)]);
    expect((await call(t.app, nordic, { method: 'GET', url })).json()).toEqual({ isLimit: false });
    await t.app.db.insert(links).values(base);
    expect((await call(t.app, nordic, { method: 'GET', url })).json()).toEqual({ isLimit: true });

    await t.app.db.update(links).set({ display: false }).where(and(eq(links.productId, product.id), eq(links.targetUrl, base.targetUrl)));
    expect((await call(t.app, nordic, { method: 'GET', url })).json()).toEqual({ isLimit: false });
  });

  it("answers 404 for another company's product and 400 without a product id", async () => {
    const { rows } = await nordicProducts();
    const foreign = await call(t.app, acme, { method: 'GET', url: `/api/service/plan/check/link?productId=${rows[0].id}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(ERROR_CODES.NOT_FOUND);

    const missing = await call(t.app, acme, { method: 'GET', url: '/api/service/plan/check/link' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].path).toBe('productId');
  });

  it('answers a sub-admin only for products of its projects, like every product read', async () => {
    const sub = (await signIn(t.app, DEMO_USERS.acmeSubAdmin)).authorization;
    const projectIds = await projectIdsByName(t.app, acme);
    const own = await productInProject(t.app, acme, projectIds['Trail Gear']);
    const foreign = await productInProject(t.app, acme, projectIds['Winter Collection']);
    const check = (productId: number) => call(t.app, sub, { method: 'GET', url: `/api/service/plan/check/link?productId=${productId}` });

    expect((await check(own.productId)).json()).toEqual({ isLimit: false });
    const refused = await check(foreign.productId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: ERROR_CODES.FORBIDDEN, message: expect.any(String) });

    // Without product access on its own project the answer is refused there too.
    const before = await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: false, w: false });
    try {
      expect((await check(own.productId)).statusCode).toBe(403);
    } finally {
      await setSubAdminAccess(t.app, projectIds['Trail Gear'], before);
    }
  });
});
