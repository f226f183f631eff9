import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOLVER_INVALIDATE_HEADER, gtin14, type Link } from '@product-console/shared';
import { ConfigError, loadConfig } from '../../config.js';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { multipart } from '../../test/multipart.js';
import { users } from '../auth/tables.js';
import { companies } from '../companies/tables.js';
import { products } from '../products/tables.js';
import { resolverInvalidation } from '../resolver/invalidate.js';
import { productDigitalLink } from './digital-link.js';
import { links } from './tables.js';

let t: TestApp;
let acme: string;
let nordic: string;
let projectIds: Record<string, number>;
let origin: string;
let nextReference = 500;

interface Created {
  productId: number;
  entryId: number;
  entryPath: string;
  invalidated: string | undefined;
}

function productJson(overrides: Record<string, unknown>) {
  return JSON.stringify([{ project_id: projectIds.Camping, product_name: 'Aurora Headlamp', ...overrides }]);
}

async function newProduct(overrides: Record<string, unknown> = {}, service = 'DL', authorization = acme): Promise<Created> {
  const gtin = gtin14(0, '0614142', nextReference++);
  const body = multipart({ product: productJson({ gtin, ...overrides }) });
  const response = await call(t.app, authorization, { method: 'POST', url: `/api/product/?service=${service}`, ...body });
  expect(response.statusCode).toBe(201);
  return { ...response.json(), entryPath: `/01/${gtin}`, invalidated: response.headers[RESOLVER_INVALIDATE_HEADER] as string | undefined };
}

const updateProduct = (productId: number, overrides: Record<string, unknown> = {}, service = 'DL') =>
  call(t.app, acme, { method: 'PUT', url: `/api/product/?productId=${productId}&service=${service}`, ...multipart({ product: productJson(overrides) }) });

const entryLinks = (productId: number) => t.app.db.select().from(links).where(and(eq(links.productId, productId), isNull(links.qualifierId)));

const shownTypes = async (productId: number) => {
  const response = await call(t.app, acme, { method: 'GET', url: `/api/entry/links/active?productId=${productId}` });
  return (response.json().result as Link[]).map((link) => link.linkType);
};

async function setCustomDomain(email: string, customDomain: string | null) {
  await t.app.db.update(users).set({ customDomain }).where(eq(users.email, email));
}

beforeAll(async () => {
  t = await createTestApp();
  [acme, nordic] = (await Promise.all([DEMO_USERS.acmeManager, DEMO_USERS.nordicManager].map((email) => signIn(t.app, email)))).map(
    (session) => session.authorization,
  );
  const list = (await call(t.app, acme, { method: 'GET', url: '/api/project/all' })).json().result as { project_id: number; project_name: string }[];
  projectIds = Object.fromEntries(list.map((p) => [p.project_name, p.project_id]));
  origin = t.config.DIGITAL_LINK_DOMAIN;
});
afterAll(async () => {
  await t?.close();
});

describe('automatic links of a new product', () => {
  it('gives a DL product its product view (default), verification and brand home on the template domain', async () => {
    const product = await newProduct();
    const rows = (await entryLinks(product.productId)).sort((a, b) => a.ord - b.ord);
    const base = `http://localhost:3000/acme/product-details/${product.productId}/preview`;
    expect(origin).toBe('http://localhost:3000');
    expect(rows.map((row) => [row.linkType, row.targetUrl, row.ord, row.isDefault])).toEqual([
      ['gs1:pip', base, 1, true],
      ['gs1:certificationInfo', `${base}/verification`, 2, false],
      ['gs1:homepage', `${base}/homepage`, 3, false],
    ]);
    expect(rows.every((row) => row.isAuto && row.display && row.isActive && row.entryId === product.entryId)).toBe(true);
    expect(rows.map((row) => row.title)).toEqual(['Product Information', 'Authentication', 'Brand']);
  });

  it('adds the passport for DPP and the smart label for categories 2 and 3', async () => {
    const dpp = await newProduct({}, 'DPP');
    expect(await shownTypes(dpp.productId)).toEqual(['gs1:pip', 'gs1:dpp', 'gs1:certificationInfo', 'gs1:homepage']);
    const [passport] = (await entryLinks(dpp.productId)).filter((row) => row.linkType === 'gs1:dpp');
    expect(passport.targetUrl).toBe(`${origin}/acme/product-details/${dpp.productId}/preview/dpp`);

    const label = await newProduct({ category_id: 3 });
    expect(await shownTypes(label.productId)).toEqual(['gs1:pip', 'gs1:certificationInfo', 'gs1:homepage', 'gs1:smartLabel']);
    const [smartLabel] = (await entryLinks(label.productId)).filter((row) => row.linkType === 'gs1:smartLabel');
    expect(smartLabel.targetUrl).toBe(`${origin}/acme/product-details/${label.productId}/preview/smartLabel`);
  });

  it('targets the custom domain of the user when one is set, and the product reads back its Digital Link there', async () => {
    await setCustomDomain(DEMO_USERS.acmeManager, 'brand.acme.example');
    try {
      const product = await newProduct();
      const [pip] = (await entryLinks(product.productId)).filter((row) => row.linkType === 'gs1:pip');
      expect(pip.targetUrl).toBe(`https://brand.acme.example/acme/product-details/${product.productId}/preview`);
      const read = await call(t.app, acme, { method: 'GET', url: `/api/product/?productId=${product.productId}` });
      expect(read.json().entry.digitalLink).toBe(`https://brand.acme.example${product.entryPath}`);

      const [acmeCompany] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'acme'));
      // Without an acting user (the QR code, the public landing page), the company's custom domain.
      expect(await productDigitalLink(t.app.db, origin, { productId: product.productId, companyId: acmeCompany.id })).toBe(
        `https://brand.acme.example${product.entryPath}`,
      );
    } finally {
      await setCustomDomain(DEMO_USERS.acmeManager, null);
    }
    const plain = await newProduct();
    const read = await call(t.app, acme, { method: 'GET', url: `/api/product/?productId=${plain.productId}` });
    expect(read.json().entry.digitalLink).toBe(`${origin}${plain.entryPath}`);
  });

  it('exports the Digital Link URI of a product, null for a deleted or foreign one', async () => {
    const product = await newProduct();
    const [acmeCompany] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'acme'));
    const [nordicCompany] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'nordic'));
    expect(await productDigitalLink(t.app.db, origin, { productId: product.productId, companyId: acmeCompany.id })).toBe(`${origin}${product.entryPath}`);
    expect(await productDigitalLink(t.app.db, origin, { productId: product.productId, companyId: nordicCompany.id })).toBeNull();
    await call(t.app, acme, { method: 'DELETE', url: `/api/product/${product.productId}` });
    expect(await productDigitalLink(t.app.db, origin, { productId: product.productId, companyId: acmeCompany.id })).toBeNull();
  });
});

describe('automatic links on update', () => {
  it('adds each automatic type once, and never again one a person hid or made inactive', async () => {
    const product = await newProduct();
    expect((await updateProduct(product.productId)).statusCode).toBe(200);
    expect((await updateProduct(product.productId)).statusCode).toBe(200);
    expect((await entryLinks(product.productId)).map((row) => row.linkType).sort()).toEqual(['gs1:certificationInfo', 'gs1:homepage', 'gs1:pip']);

    const listed = (await call(t.app, acme, { method: 'GET', url: `/api/entry/links/active?productId=${product.productId}` })).json().result as Link[];
    const certification = listed.find((link) => link.linkType === 'gs1:certificationInfo')!;
    const homepage = listed.find((link) => link.linkType === 'gs1:homepage')!;
    await call(t.app, acme, {
      method: 'DELETE',
      url: `/api/entry/links/?linkId=${certification.linkId}&entryPath=${product.entryPath}&entryId=${product.entryId}`,
    });
    await call(t.app, acme, { method: 'PUT', url: '/api/entry/links/', payload: { updatedLink: { linkId: homepage.linkId, isActive: false } } });

    // Becoming a DPP product adds the passport, and only that.
    expect((await updateProduct(product.productId, {}, 'DPP')).statusCode).toBe(200);
    const rows = await entryLinks(product.productId);
    expect(rows.map((row) => row.linkType).sort()).toEqual(['gs1:certificationInfo', 'gs1:dpp', 'gs1:homepage', 'gs1:pip']);
    expect(rows.find((row) => row.linkType === 'gs1:certificationInfo')!.display).toBe(false);
    expect(rows.find((row) => row.linkType === 'gs1:homepage')!.isActive).toBe(false);
    expect(await shownTypes(product.productId)).toEqual(['gs1:pip', 'gs1:homepage', 'gs1:dpp']);
  });

  it('removes the smart-label links of a category 2 product with setting 1, stores the setting, and tells the resolver', async () => {
    const product = await newProduct({ category_id: 2 });
    expect(await shownTypes(product.productId)).toContain('gs1:smartLabel');

    const details = await call(t.app, acme, { method: 'PUT', url: '/api/product/details', payload: { productId: product.productId, smartLabelSetting: 1 } });
    expect(details.statusCode).toBe(200);
    expect(details.headers[RESOLVER_INVALIDATE_HEADER]).toBe(product.entryPath);
    expect(await shownTypes(product.productId)).toEqual(['gs1:pip', 'gs1:certificationInfo', 'gs1:homepage']);
    const [stored] = await t.app.db.select().from(products).where(eq(products.id, product.productId));
    expect(stored.smartLabelSetting).toBe(1);

    // Product updates keep it removed; a category 3 product is not concerned by the setting.
    await updateProduct(product.productId, { category_id: 2 });
    expect(await shownTypes(product.productId)).not.toContain('gs1:smartLabel');
    const other = await newProduct({ category_id: 3 });
    await call(t.app, acme, { method: 'PUT', url: '/api/product/details', payload: { productId: other.productId, smartLabelSetting: 1 } });
    expect(await shownTypes(other.productId)).toContain('gs1:smartLabel');

    const bad = await call(t.app, acme, { method: 'PUT', url: '/api/product/details', payload: { productId: product.productId, smartLabelSetting: 2 } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('demo data', () => {
  it('gives the seeded products their automatic links on their entry', async () => {
    const [nordicCompany] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'nordic'));
    const [milk] = await t.app.db
      .select()
      .from(products)
      .where(and(eq(products.companyId, nordicCompany.id), eq(products.productName, 'Organic Whole Milk 1L')));
    const rows = (await entryLinks(milk.id)).sort((a, b) => a.ord - b.ord);
    expect(rows.map((row) => [row.linkType, row.targetUrl, row.entryId])).toEqual([
      ['gs1:pip', `${origin}/nordic/product-details/${milk.id}/preview`, milk.entryId],
      ['gs1:certificationInfo', `${origin}/nordic/product-details/${milk.id}/preview/verification`, milk.entryId],
      ['gs1:homepage', `${origin}/nordic/product-details/${milk.id}/preview/homepage`, milk.entryId],
      // Milk is a food product, category 2: a smart-label type.
      ['gs1:smartLabel', `${origin}/nordic/product-details/${milk.id}/preview/smartLabel`, milk.entryId],
    ]);
    const response = await call(t.app, nordic, { method: 'GET', url: `/api/entry/links/active?productId=${milk.id}` });
    expect(response.json().result).toHaveLength(4);
  });
});

describe('x-resolver-invalidate on product writes', () => {
  it('names the entry paths a create, update, move, delete and bulk delete change', async () => {
    const first = await newProduct();
    expect(first.invalidated).toBe(first.entryPath);
    const second = await newProduct();

    const updated = await updateProduct(first.productId);
    expect(updated.headers[RESOLVER_INVALIDATE_HEADER]).toBe(first.entryPath);

    const moved = await call(t.app, acme, { method: 'PATCH', url: `/api/product/move/${first.productId}`, payload: { targetProjectId: projectIds['Trail Gear'] } });
    expect(moved.headers[RESOLVER_INVALIDATE_HEADER]).toBe(first.entryPath);
    const movedBoth = await call(t.app, acme, {
      method: 'PUT',
      url: '/api/product/move/bulk',
      payload: { productIds: [first.productId, second.productId], targetProjectId: projectIds.Camping },
    });
    expect(String(movedBoth.headers[RESOLVER_INVALIDATE_HEADER]).split(',').sort()).toEqual([first.entryPath, second.entryPath].sort());

    const third = await newProduct();
    const deleted = await call(t.app, acme, { method: 'DELETE', url: `/api/product/${third.productId}` });
    expect(deleted.headers[RESOLVER_INVALIDATE_HEADER]).toBe(third.entryPath);
    const bulk = await call(t.app, acme, { method: 'PUT', url: '/api/product/bulk', payload: { productIds: [first.productId, second.productId] } });
    expect(bulk.statusCode).toBe(200);
    expect(String(bulk.headers[RESOLVER_INVALIDATE_HEADER]).split(',').sort()).toEqual([first.entryPath, second.entryPath].sort());

    const refused = await call(t.app, nordic, { method: 'DELETE', url: `/api/product/${third.productId}` });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers[RESOLVER_INVALIDATE_HEADER]).toBeUndefined();
  });

  it('sends * for more than 50 entry paths', () => {
    const paths = Array.from({ length: 51 }, (_, index) => `/01/${String(index).padStart(14, '0')}`);
    expect(resolverInvalidation(paths)).toBe('*');
    expect(resolverInvalidation(paths.slice(0, 50))).toBe(paths.slice(0, 50).join(','));
    expect(resolverInvalidation([])).toBeNull();
  });
});

describe('DIGITAL_LINK_DOMAIN', () => {
  it('takes a host or an origin and defaults to the origin of PUBLIC_URL', () => {
    expect(loadConfig({}).DIGITAL_LINK_DOMAIN).toBe('http://localhost:3000');
    expect(loadConfig({ PUBLIC_URL: 'https://console.example.com/app' }).DIGITAL_LINK_DOMAIN).toBe('https://console.example.com');
    expect(loadConfig({ DIGITAL_LINK_DOMAIN: 'id.example.com' }).DIGITAL_LINK_DOMAIN).toBe('https://id.example.com');
    expect(loadConfig({ DIGITAL_LINK_DOMAIN: 'http://localhost:3000/' }).DIGITAL_LINK_DOMAIN).toBe('http://localhost:3000');
    expect(() => loadConfig({ DIGITAL_LINK_DOMAIN: 'ftp://id.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ DIGITAL_LINK_DOMAIN: 'https://id.example.com/path' })).toThrow(ConfigError);
  });
});
