import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtin14, landingLinksResponseSchema, landingProductInfoResponseSchema } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { expectClosedWithTheLanding } from '../../test/public-visibility.js';
import { multipart } from '../../test/multipart.js';
import { entries } from '../entries/tables.js';
import { links } from './tables.js';

let t: TestApp;
let acme: string;
let campingId: number;
let nextReference = 900;

interface Created {
  productId: number;
  entryId: number;
  entryPath: string;
}

async function newProduct(fields: Record<string, unknown> = {}): Promise<Created> {
  const gtin = gtin14(0, '0614142', nextReference++);
  const product = { project_id: campingId, product_name: 'Aurora Headlamp', product_number: 'AO-CA-090', features: 'Bright', description: 'A headlamp', gtin, ...fields };
  const response = await call(t.app, acme, { method: 'POST', url: '/api/product/?service=DL', ...multipart({ product: JSON.stringify([product]) }) });
  expect(response.statusCode).toBe(201);
  return { ...response.json(), entryPath: `/01/${gtin}` };
}

const productInfo = (productId: number | string) => t.app.inject({ method: 'GET', url: `/api/product/landing-page/preview-productInfo?productId=${productId}` });
const previewLinks = (productId: number | string) => t.app.inject({ method: 'GET', url: `/api/product/landing-page/preview-links?productId=${productId}` });

beforeAll(async () => {
  t = await createTestApp();
  acme = (await signIn(t.app, DEMO_USERS.acmeManager)).authorization;
  const list = (await call(t.app, acme, { method: 'GET', url: '/api/project/all' })).json().result as { project_id: number; project_name: string }[];
  campingId = list.find((project) => project.project_name === 'Camping')!.project_id;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/product/landing-page/preview-productInfo (public)', () => {
  it('answers what the consumer product view shows, without a session, cacheable for a minute', async () => {
    const product = await newProduct({ careInfoText: 'Hand wash' });
    const response = await productInfo(product.productId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const { result } = landingProductInfoResponseSchema.parse(response.json());
    expect(result).toMatchObject({
      productId: product.productId,
      product_name: 'Aurora Headlamp',
      product_number: 'AO-CA-090',
      description: 'A headlamp',
      features: 'Bright',
      category_id: 1,
      careInfo: { type: 'text', text: 'Hand wash', image: null },
      image: [],
      companyName: 'Acme Outdoor',
      serviceName: 'acme',
      entryPath: product.entryPath,
      digitalLink: `${t.config.DIGITAL_LINK_DOMAIN}${product.entryPath}`,
      company: { contactEmail: 'hello@acme.example', website: 'https://acme.example' },
    });
  });

  it('answers 404 for deleted products, inactive entries and unknown ids, 400 for a bad id', async () => {
    const inactive = await newProduct();
    await t.app.db.update(entries).set({ isActive: false }).where(eq(entries.id, inactive.entryId));
    expect((await productInfo(inactive.productId)).statusCode).toBe(404);
    expect((await previewLinks(inactive.productId)).statusCode).toBe(404);

    const deleted = await newProduct();
    await call(t.app, acme, { method: 'DELETE', url: `/api/product/${deleted.productId}` });
    expect((await productInfo(deleted.productId)).statusCode).toBe(404);
    expect((await previewLinks(deleted.productId)).statusCode).toBe(404);

    expect((await productInfo(999_999)).statusCode).toBe(404);
    expect((await productInfo('abc')).statusCode).toBe(400);
  });

  it("answers as the landing does, 404, while the product's entry is deactivated or once its company's approval is withdrawn", async () => {
    const product = await newProduct();
    await expectClosedWithTheLanding(t.app, acme, product, [() => productInfo(product.productId), () => previewLinks(product.productId)]);
  });
});

describe('GET /api/product/landing-page/preview-links (public)', () => {
  it('answers the shown, active entry-level links in their order', async () => {
    const product = await newProduct();
    const rows = await t.app.db.select().from(links).where(eq(links.productId, product.productId));
    const byType = (linkType: string) => rows.find((row) => row.linkType === linkType)!;
    await call(t.app, acme, { method: 'PUT', url: '/api/entry/links/', payload: { updatedLink: { linkId: byType('gs1:homepage').id, order: 1 } } });
    await t.app.db.update(links).set({ isActive: false }).where(eq(links.id, byType('gs1:certificationInfo').id));
    await t.app.db.insert(links).values({ productId: product.productId, entryId: product.entryId, linkType: 'gs1:dpp', targetUrl: 'https://acme.example/hidden', display: false });

    const response = await previewLinks(product.productId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const { result } = landingLinksResponseSchema.parse(response.json());
    expect(result.map((link) => [link.linkType, link.order, link.targetUrl])).toEqual([
      ['gs1:homepage', 1, byType('gs1:homepage').targetUrl],
      ['gs1:pip', 2, byType('gs1:pip').targetUrl],
    ]);
    expect(result[1]).toMatchObject({ title: 'Product Information', title_eng: 'Product Information', modifiedTitle: [], isDefault: true, lang: null });
    const [stored] = await t.app.db.select().from(links).where(and(eq(links.productId, product.productId), eq(links.linkType, 'gs1:dpp')));
    expect(result.some((link) => link.linkId === stored.id)).toBe(false);
  });
});
