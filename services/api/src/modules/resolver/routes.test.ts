import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_TOKEN_HEADER, ERROR_CODES, gtin14, resolverEntrySchema, type ResolverEntry } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { registerScannedSerials } from '../../test/serials.js';
import { multipart } from '../../test/multipart.js';
import { scans } from '../analytics/tables.js';
import { companies } from '../companies/tables.js';
import { entries } from '../entries/tables.js';
import { links } from '../links/tables.js';
import { qualifiers } from '../qualifiers/tables.js';

let t: TestApp;
let acme: string;
let acmeCompanyId: number;
let campingId: number;
let nextReference = 700;

interface Created {
  productId: number;
  entryId: number;
  entryPath: string;
}

async function newProduct(service = 'DL'): Promise<Created> {
  const gtin = gtin14(0, '0614142', nextReference++);
  const body = multipart({ product: JSON.stringify([{ project_id: campingId, product_name: 'Aurora Headlamp', gtin }]) });
  const response = await call(t.app, acme, { method: 'POST', url: `/api/product/?service=${service}`, ...body });
  expect(response.statusCode).toBe(201);
  return { ...response.json(), entryPath: `/01/${gtin}` };
}

const token = () => ({ [INTERNAL_TOKEN_HEADER]: t.config.INTERNAL_TOKEN });
const resolve = (entryPath: string, headers: Record<string, string> = token()) =>
  t.app.inject({ method: 'GET', url: `/api/internal/resolver/entry?entryPath=${encodeURIComponent(entryPath)}`, headers });
const postScans = (payload: unknown, headers: Record<string, string> = token()) =>
  t.app.inject({ method: 'POST', url: '/api/internal/resolver/scans', payload: payload as object, headers });

beforeAll(async () => {
  t = await createTestApp();
  acme = (await signIn(t.app, DEMO_USERS.acmeManager)).authorization;
  const list = (await call(t.app, acme, { method: 'GET', url: '/api/project/all' })).json().result as { project_id: number; project_name: string }[];
  campingId = list.find((project) => project.project_name === 'Camping')!.project_id;
  [{ id: acmeCompanyId }] = await t.app.db.select({ id: companies.id }).from(companies).where(eq(companies.serviceName, 'acme'));
});
afterAll(async () => {
  await t?.close();
});

describe('the internal token', () => {
  it('is required, compared exactly, on both routes', async () => {
    const product = await newProduct();
    const refused: Record<string, string>[] = [{}, { [INTERNAL_TOKEN_HEADER]: 'wrong' }, { [INTERNAL_TOKEN_HEADER]: `${t.config.INTERNAL_TOKEN}x` }];
    for (const headers of refused) {
      const entry = await resolve(product.entryPath, headers);
      expect(entry.statusCode).toBe(401);
      expect(entry.json().code).toBe(ERROR_CODES.UNAUTHENTICATED);
      const recorded = await postScans({ scans: [] }, headers);
      expect(recorded.statusCode).toBe(401);
    }
    // A console session is no substitute.
    expect((await call(t.app, acme, { method: 'GET', url: `/api/internal/resolver/entry?entryPath=${product.entryPath}` })).statusCode).toBe(401);
    expect((await resolve(product.entryPath)).statusCode).toBe(200);
  });

  it('is documented as an internal route', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.paths['/api/internal/resolver/entry'].get.tags).toEqual(['internal']);
    expect(spec.paths['/api/internal/resolver/scans'].post.tags).toEqual(['internal']);
  });
});

describe('GET /api/internal/resolver/entry', () => {
  it('answers the shown, active links of a live entry in their order, href = targetUrl', async () => {
    const product = await newProduct('DPP');
    const response = await resolve(product.entryPath);
    expect(response.statusCode).toBe(200);
    const body = resolverEntrySchema.parse(response.json());
    expect(body).toMatchObject({ entryPath: product.entryPath, entryId: product.entryId, productId: product.productId, companyId: acmeCompanyId, title: 'Aurora Headlamp' });
    const [pip] = await t.app.db.select().from(links).where(and(eq(links.productId, product.productId), eq(links.linkType, 'gs1:pip')));
    expect(body.links[0]).toEqual({
      linkType: 'gs1:pip',
      href: pip.targetUrl,
      title: 'Product Information',
      lang: null,
      type: 'text/html',
      isDefault: true,
      qualifierPath: null,
      order: 1,
    });
    expect(body.links.map((link) => link.linkType)).toEqual(['gs1:pip', 'gs1:dpp', 'gs1:certificationInfo', 'gs1:homepage']);
  });

  it('leaves out hidden and inactive links, and links of deleted serials', async () => {
    const product = await newProduct();
    const linkOf = async (linkType: string) =>
      (await t.app.db.select().from(links).where(and(eq(links.productId, product.productId), eq(links.linkType, linkType))))[0];
    await t.app.db.update(links).set({ display: false }).where(eq(links.id, (await linkOf('gs1:homepage')).id));
    await t.app.db.update(links).set({ isActive: false }).where(eq(links.id, (await linkOf('gs1:certificationInfo')).id));

    const [live, gone] = await t.app.db
      .insert(qualifiers)
      .values([
        { companyId: acmeCompanyId, entryId: product.entryId, identifierCode: '21', qualifierPath: '/21/LIVE', value: 'LIVE' },
        { companyId: acmeCompanyId, entryId: product.entryId, identifierCode: '21', qualifierPath: '/21/GONE', value: 'GONE', isDeleted: true },
      ])
      .returning();
    const serialLink = { productId: product.productId, entryId: product.entryId, linkType: 'gs1:pip', title: 'Serial' };
    await t.app.db.insert(links).values([
      { ...serialLink, qualifierId: live.id, targetUrl: 'https://acme.example/live' },
      { ...serialLink, qualifierId: gone.id, targetUrl: 'https://acme.example/gone' },
      { ...serialLink, qualifierId: live.id, targetUrl: 'https://acme.example/hidden', linkType: 'gs1:dpp', display: false },
    ]);

    const body = (await resolve(product.entryPath)).json() as ResolverEntry;
    expect(body.links.map((link) => [link.linkType, link.qualifierPath, link.href])).toEqual([
      ['gs1:pip', null, (await linkOf('gs1:pip')).targetUrl],
      ['gs1:pip', '/21/LIVE', 'https://acme.example/live'],
    ]);
  });

  it('answers 404 for inactive and deleted entries, deleted products and unknown paths, 400 for a malformed path', async () => {
    const inactive = await newProduct();
    await t.app.db.update(entries).set({ isActive: false }).where(eq(entries.id, inactive.entryId));
    expect((await resolve(inactive.entryPath)).statusCode).toBe(404);

    const deletedEntry = await newProduct();
    await t.app.db.update(entries).set({ isDeleted: true }).where(eq(entries.id, deletedEntry.entryId));
    expect((await resolve(deletedEntry.entryPath)).statusCode).toBe(404);

    const deletedProduct = await newProduct();
    expect((await resolve(deletedProduct.entryPath)).statusCode).toBe(200);
    expect((await call(t.app, acme, { method: 'DELETE', url: `/api/product/${deletedProduct.productId}` })).statusCode).toBe(200);
    expect((await resolve(deletedProduct.entryPath)).statusCode).toBe(404);

    expect((await resolve('/01/09506000134352')).statusCode).toBe(404);
    const malformed = await resolve('01/abc/def');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe(ERROR_CODES.VALIDATION);
  });
});

describe('POST /api/internal/resolver/scans', () => {
  it('records the scans of known entry paths, skips unknown ones and answers 202 with the count', async () => {
    const product = await newProduct();
    await registerScannedSerials(t.app.db, [{ entryPath: product.entryPath, qualifierPath: '/21/S1' }]);
    const at = '2026-03-01T10:00:00.000Z';
    const response = await postScans({
      scans: [
        { entryPath: product.entryPath, qualifierPath: '/21/S1', linkType: 'gs1:pip', lang: 'ko', device: 'ios', at },
        { entryPath: product.entryPath, qualifierPath: null, linkType: 'linkset', lang: null, device: 'desktop', at },
        { entryPath: '/01/09506000134352', qualifierPath: null, linkType: 'gs1:pip', lang: null, device: 'other', at },
      ],
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 2 });
    const rows = await t.app.db.select().from(scans).where(eq(scans.entryId, product.entryId));
    expect(rows.map(({ companyId, productId, qualifierPath, linkType, lang, device, scannedAt }) => ({ companyId, productId, qualifierPath, linkType, lang, device, at: scannedAt.toISOString() }))).toEqual(
      expect.arrayContaining([
        { companyId: acmeCompanyId, productId: product.productId, qualifierPath: '/21/S1', linkType: 'gs1:pip', lang: 'ko', device: 'ios', at },
        { companyId: acmeCompanyId, productId: product.productId, qualifierPath: null, linkType: 'linkset', lang: null, device: 'desktop', at },
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it('refuses a malformed batch with 400 and records nothing', async () => {
    const before = (await t.app.db.select().from(scans)).length;
    const response = await postScans({ scans: [{ entryPath: '/01/1', qualifierPath: null, linkType: 'gs1:pip', lang: null, device: 'fridge', at: 'yesterday' }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.length).toBeGreaterThan(0);
    expect((await t.app.db.select().from(scans)).length).toBe(before);
  });
});
