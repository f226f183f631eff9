import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, INTERNAL_TOKEN_HEADER, RESOLVER_INVALIDATE_HEADER, type ResolverEntry } from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp, productInProject, setSubAdminProductAccess, type DemoProduct } from '../../test/demo.js';
import { multipart } from '../../test/multipart.js';
import { companies } from '../companies/tables.js';
import { qualifiers } from '../qualifiers/tables.js';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;
let projectIds: Record<string, number>;
let camping: DemoProduct;
let trail: DemoProduct;
let acmeCompanyId: number;

const create = (authorization: string, product: DemoProduct, body: Record<string, unknown>) =>
  call(t.app, authorization, { method: 'POST', url: '/api/entry/batches/', payload: { productId: product.productId, ...body } });
const update = (authorization: string, body: Record<string, unknown>) => call(t.app, authorization, { method: 'PUT', url: '/api/entry/batches/', payload: body });
const list = (authorization: string, product: DemoProduct, query = '') =>
  call(t.app, authorization, { method: 'GET', url: `/api/entry/batches/all?productId=${product.productId}${query}` });
const remove = (authorization: string, batchId: number) => call(t.app, authorization, { method: 'PUT', url: `/api/entry/batches/delete?batchId=${batchId}` });
const addLink = (authorization: string, body: Record<string, unknown>) => call(t.app, authorization, { method: 'POST', url: '/api/entry/batches/links', payload: body });
const resolverEntry = async (product: DemoProduct): Promise<ResolverEntry> =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/internal/resolver/entry?entryPath=${encodeURIComponent(product.entry.entryPath)}`,
      headers: { [INTERNAL_TOKEN_HEADER]: t.config.INTERNAL_TOKEN },
    })
  ).json();

function importFile(authorization: string, product: DemoProduct, csv: string) {
  const body = multipart(
    { entryPath: product.entry.entryPath, entryId: String(product.entry.entry_id), gcp: product.entry.gcp },
    [{ field: 'file', data: Buffer.from(csv), filename: 'batches.csv', contentType: 'text/csv' }],
  );
  return call(t.app, authorization, { method: 'POST', url: '/api/service/data/import?type=batch_material', ...body });
}

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub, projectIds } = await demoSetUp(t.app));
  camping = await productInProject(t.app, acme, projectIds.Camping);
  trail = await productInProject(t.app, acme, projectIds['Trail Gear']);
  [{ id: acmeCompanyId }] = await t.app.db.select({ id: companies.id }).from(companies).where(eq(companies.serviceName, 'acme'));
});
afterAll(async () => {
  await t?.close();
});

describe('batches of a product', () => {
  it('adds a batch with its dates (201), lists it newest first and tells the gateway which entry changed', async () => {
    const created = await create(acme, camping, { lot: 'L-2026/01', productionDate: '2026-01-10', expiryDate: '2027-01-10', quantity: 500, site: 'Plant 2, Busan' });
    expect(created.statusCode).toBe(201);
    expect(created.headers[RESOLVER_INVALIDATE_HEADER]).toBe(camping.entry.entryPath);
    expect(created.json().result).toMatchObject({
      lot: 'L-2026/01',
      batchPath: '/10/L-2026%2F01',
      productionDate: '2026-01-10',
      expiryDate: '2027-01-10',
      bestBeforeDate: null,
      quantity: 500,
      site: 'Plant 2, Busan',
      serials: 0,
      links: 0,
    });
    await create(acme, camping, { lot: 'L-2026/02' });
    const page = await list(acme, camping, '&size=1');
    expect(page.json()).toMatchObject({ result: [{ lot: 'L-2026/02' }], pageInfo: { total: 2, page: 1, size: 1 } });
    expect((await list(acme, camping, '&search=%2F01')).json().result.map((batch: { lot: string }) => batch.lot)).toEqual(['L-2026/01']);
  });

  it.each([
    ['a lot longer than AI 10 allows', { lot: 'X'.repeat(21) }, 'lot', 'at most 20'],
    ['a lot with a space', { lot: 'AB C' }, 'lot', 'may only contain'],
    ['an empty lot', { lot: '' }, 'lot', 'empty'],
    ['an expiry before production', { lot: 'OK1', productionDate: '2026-05-01', expiryDate: '2026-04-30' }, 'expiryDate', 'before the production'],
    ['a date that is no day', { lot: 'OK2', expiryDate: '2026-02-30' }, 'expiryDate', ''],
    ['a negative quantity', { lot: 'OK3', quantity: -1 }, 'quantity', ''],
  ])('refuses %s with a field error (400)', async (_name, body, path, message) => {
    const response = await create(acme, camping, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(ERROR_CODES.VALIDATION);
    expect(response.json().details).toContainEqual(expect.objectContaining({ path, message: expect.stringContaining(message) }));
  });

  it('refuses a lot number the product already has (409), also when a batch is renamed to it', async () => {
    await create(acme, camping, { lot: 'DUP-1' });
    expect((await create(acme, camping, { lot: 'DUP-1' })).statusCode).toBe(409);
    const other = (await create(acme, camping, { lot: 'DUP-2' })).json().result;
    expect((await update(acme, { batchId: other.batchId, lot: 'DUP-1' })).statusCode).toBe(409);
  });

  it('changes and clears fields, checking dates against the stored ones', async () => {
    const batch = (await create(acme, camping, { lot: 'EDIT-1', productionDate: '2026-03-01', site: 'Old site' })).json().result;
    const tooEarly = await update(acme, { batchId: batch.batchId, expiryDate: '2026-02-01' });
    expect(tooEarly.statusCode).toBe(400);
    const changed = await update(acme, { batchId: batch.batchId, expiryDate: '2026-09-01', site: null });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers[RESOLVER_INVALIDATE_HEADER]).toBe(camping.entry.entryPath);
    expect(changed.json().result).toMatchObject({ lot: 'EDIT-1', productionDate: '2026-03-01', expiryDate: '2026-09-01', site: null });
  });

  it('deletes a batch with its links; its serials stay registered, in no batch', async () => {
    const batch = (await create(acme, camping, { lot: 'GONE-1' })).json().result;
    const [serial] = await t.app.db
      .insert(qualifiers)
      .values({ companyId: acmeCompanyId, entryId: camping.entry.entry_id, identifierCode: '21', qualifierPath: '/21/IN-GONE', value: 'IN-GONE', batchId: batch.batchId })
      .returning();
    expect((await addLink(acme, { batchId: batch.batchId, linkType: 'gs1:certificationInfo', targetUrl: 'https://lab.example/gone.pdf' })).statusCode).toBe(201);
    const removed = await remove(acme, batch.batchId);
    expect(removed.statusCode).toBe(200);
    expect(removed.headers[RESOLVER_INVALIDATE_HEADER]).toBe(camping.entry.entryPath);
    expect((await list(acme, camping, '&search=GONE')).json().result).toEqual([]);
    const [kept] = await t.app.db.select().from(qualifiers).where(eq(qualifiers.id, serial.id));
    expect(kept).toMatchObject({ isDeleted: false, batchId: null });
    expect((await remove(acme, batch.batchId)).statusCode).toBe(404);
  });
});

describe('who may see and change batches', () => {
  it('answers 404 to another company, for the product and for the batch', async () => {
    const batch = (await create(acme, camping, { lot: 'PRIVATE-1' })).json().result;
    expect((await list(nordic, camping)).statusCode).toBe(404);
    expect((await create(nordic, camping, { lot: 'THEIRS' })).statusCode).toBe(404);
    expect((await update(nordic, { batchId: batch.batchId, site: 'x' })).statusCode).toBe(404);
    expect((await remove(nordic, batch.batchId)).statusCode).toBe(404);
    expect((await call(t.app, nordic, { method: 'GET', url: `/api/entry/batches/links?batchId=${batch.batchId}` })).statusCode).toBe(404);
  });

  it('lets a sub-admin read and write batches of its projects only, as for products', async () => {
    expect((await list(sub, camping)).statusCode).toBe(403);
    expect((await create(sub, camping, { lot: 'SUB-1' })).statusCode).toBe(403);
    expect((await create(sub, trail, { lot: 'SUB-1' })).statusCode).toBe(201);

    const before = await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], { r: true, w: false });
    try {
      expect((await list(sub, trail)).statusCode).toBe(200);
      expect((await create(sub, trail, { lot: 'SUB-2' })).statusCode).toBe(403);
    } finally {
      await setSubAdminProductAccess(t.app, projectIds['Trail Gear'], before.product!);
    }
  });
});

describe('links of a batch and the resolver', () => {
  it('answers a batch link under its /10/{lot} in the resolver entry, after the product links', async () => {
    const batch = (await create(acme, camping, { lot: 'LAB-7' })).json().result;
    const added = await addLink(acme, { batchId: batch.batchId, linkType: 'gs1:certificationInfo', title: 'Lab report', targetUrl: 'https://lab.example/lab-7.pdf', isDefault: true });
    expect(added.statusCode).toBe(201);
    expect(added.headers[RESOLVER_INVALIDATE_HEADER]).toBe(camping.entry.entryPath);
    const entry = await resolverEntry(camping);
    expect(entry.links).toContainEqual({
      linkType: 'gs1:certificationInfo',
      href: 'https://lab.example/lab-7.pdf',
      title: 'Lab report',
      lang: null,
      type: 'text/html',
      isDefault: true,
      qualifierPath: '/10/LAB-7',
      order: 1,
    });
    const links = (await call(t.app, acme, { method: 'GET', url: `/api/entry/batches/links?batchId=${batch.batchId}` })).json().result;
    expect(links).toEqual([expect.objectContaining({ title: 'Lab report', isDefault: true, order: 1 })]);

    const removed = await call(t.app, acme, { method: 'DELETE', url: `/api/entry/batches/links?batchId=${batch.batchId}&batchLinkId=${links[0].batchLinkId}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.headers[RESOLVER_INVALIDATE_HEADER]).toBe(camping.entry.entryPath);
    expect((await resolverEntry(camping)).links.some((link) => link.qualifierPath === '/10/LAB-7')).toBe(false);
  });
});

describe('serials of a batch', () => {
  it('puts serials into a batch and out again, all or none', async () => {
    const batch = (await create(acme, trail, { lot: 'SER-1' })).json().result;
    const [a, b] = await t.app.db
      .insert(qualifiers)
      .values(['SB-A', 'SB-B'].map((value) => ({ companyId: acmeCompanyId, entryId: trail.entry.entry_id, identifierCode: '21', qualifierPath: `/21/${value}`, value })))
      .returning();
    const assign = (payload: Record<string, unknown>) => call(t.app, acme, { method: 'PUT', url: '/api/entry/batches/serials', payload: { productId: trail.productId, ...payload } });

    const wrong = await assign({ batchId: batch.batchId, qualifierIds: [a.id, 999_999] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].path).toBe('qualifierIds.1');
    expect((await list(acme, trail, '&search=SER-1')).json().result[0].serials).toBe(0);

    const done = await assign({ batchId: batch.batchId, qualifierIds: [a.id, b.id] });
    expect(done.json()).toEqual({ result: true, changed: 2 });
    expect(done.headers[RESOLVER_INVALIDATE_HEADER]).toBe(trail.entry.entryPath);
    expect((await list(acme, trail, '&search=SER-1')).json().result[0].serials).toBe(2);
    expect((await assign({ batchId: null, qualifierIds: [b.id] })).json().changed).toBe(1);
    expect((await list(acme, trail, '&search=SER-1')).json().result[0].serials).toBe(1);
  });
});

describe('POST /api/service/data/import?type=batch_material', () => {
  it('creates batches with their serials from CSV, GS1 dates read as days', async () => {
    const csv = ['Lot,Production Date,Expiry Date,Quantity,Site,Serial', 'IMP-A,260110,270100,100,Busan,IA-1', 'IMP-A,,,,,IA-2', 'IMP-B,2026-02-01,,,,'].join('\n');
    const response = await importFile(acme, camping, csv);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: true, batches: 2, updated: 0, serials: 2 });
    expect(response.headers[RESOLVER_INVALIDATE_HEADER]).toBe(camping.entry.entryPath);
    const [batch] = (await list(acme, camping, '&search=IMP-A')).json().result;
    expect(batch).toMatchObject({ productionDate: '2026-01-10', expiryDate: '2027-01-31', quantity: 100, site: 'Busan', serials: 2 });

    // Again with a changed expiry: the batch is updated, the serials are already in it.
    const again = await importFile(acme, camping, ['lot,expiryDate,serial', 'IMP-A,2027-02-28,IA-1'].join('\n'));
    expect(again.json()).toEqual({ result: true, batches: 0, updated: 1, serials: 0 });
  });

  it('imports nothing from a file with a bad row and lists each problem by sheet row', async () => {
    const csv = ['lot,expiryDate,serial', 'BAD A,,S-1', 'IMP-C,2026-13-01,S-2', 'IMP-C,,S-2', 'IMP-D,,IA-1'].join('\n');
    const response = await importFile(acme, camping, csv);
    expect(response.statusCode).toBe(400);
    expect(response.json().result).toBe(false);
    expect(response.json().details.map((problem: { row: number }) => problem.row)).toEqual([2, 3, 4, 5]);
    expect((await list(acme, camping, '&search=IMP-C')).json().result).toEqual([]);
  });

  it('needs a lot column and product write access', async () => {
    const noLot = await importFile(acme, camping, 'serial\nS-9');
    expect(noLot.statusCode).toBe(400);
    expect(noLot.json().details[0].message).toMatch(/lot column/);
    expect((await importFile(sub, camping, 'lot\nX-1')).statusCode).toBe(403);
  });
});
