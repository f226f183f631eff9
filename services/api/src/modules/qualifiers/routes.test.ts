import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, RESOLVER_INVALIDATE_HEADER } from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp, productInProject, setSubAdminProductAccess, type DemoProduct } from '../../test/demo.js';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;
let projectIds: Record<string, number>;
let camping: DemoProduct;
let trail: DemoProduct;

const productIn = (project: string) => productInProject(t.app, acme, projectIds[project]);

const create = (authorization: string, product: DemoProduct, qualifierPath: string, overrides: Record<string, unknown> = {}) =>
  call(t.app, authorization, {
    method: 'POST',
    url: '/api/entry/qualifiers/',
    payload: { qualifierPath, identifierCode: '21', entryId: product.entry.entry_id, entryPath: product.entry.entryPath, gcp: product.entry.gcp, ...overrides },
  });
const byPath = (authorization: string, product: DemoProduct, path: string) =>
  call(t.app, authorization, { method: 'GET', url: `/api/entry/qualifiers/path?entryId=${product.entry.entry_id}&path=${encodeURIComponent(path)}` });
const page = (authorization: string, product: DemoProduct, query = '') =>
  call(t.app, authorization, { method: 'GET', url: `/api/entry/qualifiers/all?entryId=${product.entry.entry_id}${query}` });
const ofProduct = (authorization: string, product: DemoProduct) =>
  call(t.app, authorization, { method: 'GET', url: `/api/entry/qualifiers/all/product?productId=${product.productId}` });
const remove = (authorization: string, product: DemoProduct, qualifierId: number) =>
  call(t.app, authorization, {
    method: 'PUT',
    url: `/api/entry/qualifiers/delete?qualifierId=${qualifierId}&entryId=${product.entry.entry_id}&entryPath=${encodeURIComponent(product.entry.entryPath)}`,
  });

const setSubAccess = (project: string, flags: { r: boolean; w: boolean }) => setSubAdminProductAccess(t.app, projectIds[project], flags);

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub, projectIds } = await demoSetUp(t.app));
  camping = await productIn('Camping');
  trail = await productIn('Trail Gear');
});
afterAll(async () => {
  await t?.close();
});

describe('serials of an entry', () => {
  it('registers a serial (201), finds it by path and lists it, telling the gateway which entry changed', async () => {
    const created = await create(acme, camping, '/21/SN-0001');
    expect(created.statusCode).toBe(201);
    expect(created.headers[RESOLVER_INVALIDATE_HEADER]).toBe(camping.entry.entryPath);
    const qualifier = created.json().result;
    expect(qualifier).toMatchObject({
      qualifierId: expect.any(Number),
      qualifierPath: '/21/SN-0001',
      identifierCode: '21',
      entryId: camping.entry.entry_id,
      value: 'SN-0001',
      createdAt: expect.any(String),
    });

    const found = await byPath(acme, camping, '/21/SN-0001');
    expect(found.statusCode).toBe(200);
    expect(found.json().result).toEqual(qualifier);
    expect((await byPath(acme, camping, '/21/SN-9999')).statusCode).toBe(404);
    expect((await ofProduct(acme, camping)).json().result).toContainEqual(qualifier);
  });

  it('keeps a percent-encoded serial decoded in value and canonical in its path', async () => {
    const created = await create(acme, camping, '/21/A%2F1');
    expect(created.statusCode).toBe(201);
    expect(created.json().result).toMatchObject({ qualifierPath: '/21/A%2F1', value: 'A/1' });
    expect((await byPath(acme, camping, '/21/A%2F1')).json().result.value).toBe('A/1');
  });

  it.each([
    ['too long', `/21/${'X'.repeat(21)}`, 'at most 20'],
    ['a space', '/21/AB%20C', 'may only contain'],
    ['a character outside CSET 82', '/21/AB%23C', 'may only contain'],
    ['nothing', '/21/', '/21/{serial}'],
    ['another AI', '/10/LOT1', '/21/{serial}'],
    ['an unencoded slash', '/21/A/1', '/21/{serial}'],
    ['a broken escape', '/21/A%2', 'percent-encoded'],
  ])('answers 400 for a serial with %s', async (_case, path, message) => {
    const response = await create(acme, camping, path);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, details: [{ path: 'qualifierPath', message: expect.stringContaining(message) }] });
  });

  it('answers 400 when the entry path or prefix is not that of the entry', async () => {
    const wrongPath = await create(acme, camping, '/21/OK1', { entryPath: trail.entry.entryPath });
    expect(wrongPath.statusCode).toBe(400);
    expect(wrongPath.json().details).toEqual([{ path: 'entryPath', message: expect.any(String) }]);
    const wrongPrefix = await create(acme, camping, '/21/OK1', { gcp: '7350053' });
    expect(wrongPrefix.json().details).toEqual([{ path: 'gcp', message: expect.any(String) }]);
    const wrongAi = await create(acme, camping, '/21/OK1', { identifierCode: '10' });
    expect(wrongAi.statusCode).toBe(400);
  });

  it('answers 409 for a live duplicate and accepts the serial again once deleted', async () => {
    const first = (await create(acme, camping, '/21/DUP-1')).json().result;
    const again = await create(acme, camping, '/21/DUP-1');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ERROR_CODES.DUPLICATE_SERIAL);
    // The same serial on another product is another Digital Link.
    expect((await create(acme, trail, '/21/DUP-1')).statusCode).toBe(201);

    const deleted = await remove(acme, camping, first.qualifierId);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ result: true });
    expect(deleted.headers[RESOLVER_INVALIDATE_HEADER]).toBe(camping.entry.entryPath);
    expect((await byPath(acme, camping, '/21/DUP-1')).statusCode).toBe(404);
    expect((await remove(acme, camping, first.qualifierId)).statusCode).toBe(404);
    expect((await create(acme, camping, '/21/DUP-1')).statusCode).toBe(201);
  });

  it('pages newest first, filters by AI root and searches the serial', async () => {
    for (const serial of ['PAGE-A', 'PAGE-B', 'PAGE-C', 'OTHER-1']) expect((await create(acme, trail, `/21/${serial}`)).statusCode).toBe(201);
    const all = (await page(acme, trail, '&page=1&size=100')).json();
    const firstPage = await page(acme, trail, '&page=1&size=2');
    expect(firstPage.json()).toEqual({ result: all.result.slice(0, 2), pageInfo: { total: all.pageInfo.total, page: 1, size: 2 } });
    expect(firstPage.json().result[0].value).toBe('OTHER-1');
    expect((await page(acme, trail, '&page=2&size=2')).json().result).toEqual(all.result.slice(2, 4));

    const searched = (await page(acme, trail, '&search=page-')).json();
    expect(searched.result.map((q: { value: string }) => q.value)).toEqual(['PAGE-C', 'PAGE-B', 'PAGE-A']);
    expect(searched.pageInfo.total).toBe(3);
    // `%` and `_` are searched as characters, not patterns.
    expect((await page(acme, trail, '&search=%25')).json().pageInfo.total).toBe(0);
    expect((await page(acme, trail, '&root=21')).json().pageInfo.total).toBe(all.pageInfo.total);
    expect((await page(acme, trail, `&root=${encodeURIComponent('/21')}`)).json().pageInfo.total).toBe(all.pageInfo.total);
    expect((await page(acme, trail, '&root=10')).json().pageInfo.total).toBe(0);
    expect((await page(acme, trail, '&root=abc')).statusCode).toBe(400);
  });

  it("answers 404 on every route for another company's entry, product or serial", async () => {
    const serial = (await create(acme, camping, '/21/MINE-1')).json().result;
    const responses = [
      await ofProduct(nordic, camping),
      await byPath(nordic, camping, '/21/MINE-1'),
      await page(nordic, camping),
      await create(nordic, camping, '/21/THEIRS-1'),
      await remove(nordic, camping, serial.qualifierId),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect(responses.every((response) => response.headers[RESOLVER_INVALIDATE_HEADER] === undefined)).toBe(true);
    expect((await byPath(acme, camping, '/21/MINE-1')).statusCode).toBe(200);
    expect((await byPath(acme, camping, '/21/THEIRS-1')).statusCode).toBe(404);
  });

  it("gives a sub-admin the serials of its projects' products: reads with read access, writes with write access", async () => {
    const existing = (await create(acme, trail, '/21/SUB-1')).json().result;
    await setSubAccess('Trail Gear', { r: true, w: false });
    try {
      expect((await page(sub, trail)).statusCode).toBe(200);
      expect((await ofProduct(sub, trail)).statusCode).toBe(200);
      expect((await byPath(sub, trail, '/21/SUB-1')).statusCode).toBe(200);
      expect((await create(sub, trail, '/21/SUB-2')).statusCode).toBe(403);
      expect((await remove(sub, trail, existing.qualifierId)).statusCode).toBe(403);

      await setSubAccess('Trail Gear', { r: true, w: true });
      expect((await create(sub, trail, '/21/SUB-2')).statusCode).toBe(201);
      expect((await remove(sub, trail, existing.qualifierId)).statusCode).toBe(200);

      // No access to the Camping project at all.
      expect((await page(sub, camping)).statusCode).toBe(403);
      expect((await ofProduct(sub, camping)).statusCode).toBe(403);
      expect((await create(sub, camping, '/21/SUB-3')).statusCode).toBe(403);
    } finally {
      await setSubAccess('Trail Gear', { r: true, w: true });
    }
  });
});
