import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_TOKEN_HEADER, RESOLVER_INVALIDATE_HEADER, type ResolverEntry } from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp, productInProject, type DemoProduct } from '../../test/demo.js';
import { scans } from '../analytics/tables.js';
import { companies } from '../companies/tables.js';
import { epcisEvents } from '../epcis/tables.js';
import { notifications } from '../notifications/tables.js';
import { qualifiers } from '../qualifiers/tables.js';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;
let projectIds: Record<string, number>;
let camping: DemoProduct;
let trail: DemoProduct;
let acmeCompanyId: number;
let serviceName: string;

const start = (authorization: string, body: Record<string, unknown>) => call(t.app, authorization, { method: 'POST', url: '/api/recall/', payload: body });
const newBatch = async (product: DemoProduct, lot: string) =>
  (await call(t.app, acme, { method: 'POST', url: '/api/entry/batches/', payload: { productId: product.productId, lot, expiryDate: '2027-06-30' } })).json().result as { batchId: number; lot: string };
const resolverEntry = async (product: DemoProduct): Promise<ResolverEntry> =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/internal/resolver/entry?entryPath=${encodeURIComponent(product.entry.entryPath)}`,
      headers: { [INTERNAL_TOKEN_HEADER]: t.config.INTERNAL_TOKEN },
    })
  ).json();
const landing = async (product: DemoProduct, view: string, query: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: `/api/product/landing-page/page?${new URLSearchParams({ productId: String(product.productId), serviceName, view, ...query })}` })).json().result;

const notice = { reason: 'Possible contamination with metal fragments.', action: 'Stop using it and return it to the shop for a refund.', contact: '+82 2 555 0100, recall@acme.example' };

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub, projectIds } = await demoSetUp(t.app));
  camping = await productInProject(t.app, acme, projectIds.Camping);
  trail = await productInProject(t.app, acme, projectIds['Trail Gear']);
  [{ id: acmeCompanyId, serviceName }] = await t.app.db.select({ id: companies.id, serviceName: companies.serviceName }).from(companies).where(eq(companies.serviceName, 'acme'));
});
afterAll(async () => {
  await t?.close();
});

describe('starting a recall of batches', () => {
  it('records it with an EPCIS event, notifies the company and makes the resolver and the landing tell it', async () => {
    const recalled = await newBatch(camping, 'RC-1');
    const spared = await newBatch(camping, 'RC-2');
    await t.app.db.insert(qualifiers).values({ companyId: acmeCompanyId, entryId: camping.entry.entry_id, identifierCode: '21', qualifierPath: '/21/RC1-S1', value: 'RC1-S1', batchId: recalled.batchId });

    const response = await start(acme, { productId: camping.productId, scope: 'batches', batchIds: [recalled.batchId], ...notice });
    expect(response.statusCode).toBe(201);
    expect(response.headers[RESOLVER_INVALIDATE_HEADER]).toBe(camping.entry.entryPath);
    const recall = response.json().result;
    expect(recall).toMatchObject({ scope: 'batches', batches: [{ batchId: recalled.batchId, lot: 'RC-1' }], status: 'active', endedAt: null, scans: 0, ...notice });

    // The repository: an ObjectEvent with disposition recalled on the lot's class.
    const events = await t.app.db
      .select()
      .from(epcisEvents)
      .where(and(eq(epcisEvents.companyId, acmeCompanyId), eq(epcisEvents.disposition, 'recalled')));
    expect(events.some((event) => event.anyEpcClasses.includes(`https://id.gs1.org/01/${camping.product.gtin}/10/RC-1`))).toBe(true);

    // The company's users: one notification of the recall.
    const notes = await t.app.db.select().from(notifications).where(and(eq(notifications.companyId, acmeCompanyId), eq(notifications.type, 'recall.started')));
    expect(notes.at(-1)).toMatchObject({ userId: null, params: { productName: expect.any(String), lots: 'RC-1' } });

    // The resolver: the lot and the serials of the batch, the notice on the landing's verification view.
    const entry = await resolverEntry(camping);
    expect(entry.recalls).toContainEqual({
      recallId: recall.recallId,
      startsAt: recall.startsAt,
      scope: 'batches',
      lots: ['RC-1'],
      serials: ['RC1-S1'],
      serialFrom: null,
      serialTo: null,
      href: `/${serviceName}/product-details/${camping.productId}/preview/verification`,
    });

    // The landing: the recalled lot (or its serial without the lot) shows the notice; the other lot does not.
    expect((await landing(camping, 'verification', { lot: 'RC-1' })).recall).toMatchObject({ recallId: recall.recallId, ...notice, lots: ['RC-1'] });
    expect((await landing(camping, 'index', { serial: 'RC1-S1' })).recall).toMatchObject({ recallId: recall.recallId });
    expect((await landing(camping, 'index', { lot: spared.lot })).recall).toBeNull();
    expect((await landing(camping, 'index', { lot: spared.lot })).batch).toMatchObject({ lot: 'RC-2', expiryDate: '2027-06-30', expired: false });
  });

  it('refuses batches of another product and a reversed serial range (400), and writes nothing', async () => {
    const other = await newBatch(trail, 'RC-OTHER');
    const foreign = await start(acme, { productId: camping.productId, scope: 'batches', batchIds: [other.batchId], ...notice });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0].path).toBe('batchIds.0');
    const none = await start(acme, { productId: camping.productId, scope: 'batches', ...notice });
    expect(none.json().details[0].path).toBe('batchIds');
    const reversed = await start(acme, { productId: camping.productId, scope: 'serials', serialFrom: '200', serialTo: '100', ...notice });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details[0].path).toBe('serialTo');
    expect((await call(t.app, acme, { method: 'GET', url: `/api/recall/all?productId=${trail.productId}` })).json().pageInfo.total).toBe(0);
  });
});

describe('who may recall', () => {
  it('lets only managers start and end recalls; a sub-admin reads those of its projects; another company sees none', async () => {
    expect((await start(sub, { productId: trail.productId, scope: 'product', ...notice })).statusCode).toBe(403);
    const started = (await start(acme, { productId: trail.productId, scope: 'serials', serialFrom: '0001', serialTo: '0100', ...notice })).json().result;
    expect((await call(t.app, sub, { method: 'GET', url: `/api/recall/?recallId=${started.recallId}` })).statusCode).toBe(200);
    const listed = (await call(t.app, sub, { method: 'GET', url: '/api/recall/all' })).json().result as { productId: number }[];
    expect(listed.map((recall) => recall.productId)).toEqual([trail.productId]);
    expect((await call(t.app, sub, { method: 'PUT', url: `/api/recall/end?recallId=${started.recallId}` })).statusCode).toBe(403);
    expect((await call(t.app, nordic, { method: 'GET', url: `/api/recall/?recallId=${started.recallId}` })).statusCode).toBe(404);
    expect((await call(t.app, nordic, { method: 'GET', url: '/api/recall/all' })).json().pageInfo.total).toBe(0);

    const ended = await call(t.app, acme, { method: 'PUT', url: `/api/recall/end?recallId=${started.recallId}` });
    expect(ended.statusCode).toBe(200);
    expect(ended.headers[RESOLVER_INVALIDATE_HEADER]).toBe(trail.entry.entryPath);
    expect(ended.json().result.status).toBe('ended');
    expect((await resolverEntry(trail)).recalls?.map((recall) => recall.recallId)).not.toContain(started.recallId);
  });
});

describe('the scans since the start', () => {
  it('counts scans answered with the notice by country and exports them as CSV', async () => {
    const started = (await start(acme, { productId: camping.productId, scope: 'product', ...notice })).json().result;
    const at = new Date(Date.now() + 1_000);
    const scan = (country: string | null, linkType = 'gs1:recallStatus') => ({ companyId: acmeCompanyId, productId: camping.productId, entryId: camping.entry.entry_id, linkType, country, scannedAt: at });
    await t.app.db.insert(scans).values([scan('KR'), scan('KR'), scan('IT'), scan(null), scan('KR', 'gs1:pip')]);

    const byCountry = (await call(t.app, acme, { method: 'GET', url: `/api/recall/scans?recallId=${started.recallId}` })).json().result;
    expect(byCountry.map((row: { country: string | null; scans: number }) => [row.country, row.scans])).toEqual([
      ['KR', 2],
      ['IT', 1],
      [null, 1],
    ]);
    const csv = await call(t.app, acme, { method: 'GET', url: `/api/recall/scans/export?recallId=${started.recallId}` });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="recall-${started.recallId}-scans.csv"`);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('recallId,productId,lots,serialFrom,serialTo,startsAt,endedAt,country,scans,firstAt,lastAt');
    expect(lines[1]).toContain(',KR,2,');
    expect(lines).toHaveLength(4);
    expect((await call(t.app, acme, { method: 'GET', url: `/api/recall/?recallId=${started.recallId}` })).json().result.scans).toBe(4);
  });
});
