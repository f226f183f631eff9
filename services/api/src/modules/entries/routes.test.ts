import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, RESOLVER_INVALIDATE_HEADER, gs1CheckDigit, gtin14 } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, GATEWAY_HEADERS, signIn, type TestApp } from '../../test/app.js';
import { demoSetUp, productInProject, setSubAdminProductAccess } from '../../test/demo.js';
import { entries } from './tables.js';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;
let projectIds: Record<string, number>;
let nextReference = 500;

/** A fresh valid GTIN-14 on Acme's second prefix. */
const newGtin = () => gtin14(0, '0614142', nextReference++);

const post = (authorization: string, items: Record<string, unknown>[]) =>
  call(t.app, authorization, { method: 'POST', url: '/api/entry/entries/', payload: { entries: items } });
const put = (authorization: string, payload: Record<string, unknown>) => call(t.app, authorization, { method: 'PUT', url: '/api/entry/entries/', payload });

/** A demo product of a project with its entry, as the product read-back gives it. */
const productIn = (project: string) => productInProject(t.app, acme, projectIds[project]);

const setSubAccess = (project: string, flags: { r: boolean; w: boolean }) => setSubAdminProductAccess(t.app, projectIds[project], flags);

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub, projectIds } = await demoSetUp(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/entry/entries/', () => {
  it('registers GTINs padded to 14 digits and GLNs as prefix plus value, answering the entries', async () => {
    const gtin = newGtin();
    const glnBody = `0614141${'54321'}`;
    const glnReference = `54321${gs1CheckDigit(glnBody)}`;
    const response = await post(acme, [
      { aiString: '01', aiValue: gtin.slice(1), gcp: '0614142', title: 'Trail bottle' },
      { aiString: '414', aiValue: glnReference, gcp: '0614141' },
    ]);
    expect(response.statusCode).toBe(201);
    const [gtinEntry, glnEntry] = response.json().result;
    expect(gtinEntry).toMatchObject({
      entry_id: expect.any(Number),
      entryPath: `/01/${gtin}`,
      aiString: '01',
      aiValue: gtin,
      gcp: '0614142',
      isActive: true,
      isDeleted: false,
      title: 'Trail bottle',
      title_eng: 'Trail bottle',
      // The Digital Link domain comes from the settings (template domain or custom domain).
      digitalLink: expect.stringMatching(new RegExp(`^https?://[^/]+/01/${gtin}$`)),
    });
    expect(glnEntry).toMatchObject({ entryPath: `/414/${glnBody}${gs1CheckDigit(glnBody)}`, aiString: '414', gcp: '0614141' });
    // Newly registered keys may have been cached as unknown by the resolver.
    expect(response.headers[RESOLVER_INVALIDATE_HEADER]).toBe(`/01/${gtin},${glnEntry.entryPath}`);
  });

  it('refuses a bad check digit, a prefix of another company and a GTIN outside the given prefix', async () => {
    const gtin = newGtin();
    const wrongDigit = `${gtin.slice(0, 13)}${(Number(gtin[13]) + 1) % 10}`;
    const response = await post(acme, [
      { aiString: '01', aiValue: wrongDigit, gcp: '0614142' },
      { aiString: '01', aiValue: gtin14(0, '7350053', 77), gcp: '7350053' },
      { aiString: '01', aiValue: newGtin(), gcp: '0614141' },
      { aiString: '414', aiValue: '123', gcp: '0614141' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: ERROR_CODES.VALIDATION,
      details: [
        { path: 'entries.0.aiValue', message: 'The GTIN check digit is wrong.' },
        { path: 'entries.1.gcp', message: 'Not one of your company prefixes.' },
        { path: 'entries.2.aiValue', message: 'The GTIN does not start with one of your company prefixes.' },
        { path: 'entries.3.aiValue', message: expect.stringContaining('13 digits') },
      ],
    });
    const malformed = await post(acme, [{ aiString: '02', aiValue: 'abc', gcp: '0614142' }]);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details.map((d: { path: string }) => d.path)).toEqual(['entries.0.aiString', 'entries.0.aiValue']);
  });

  it('answers 409 for a key registered among live entries, registering none of the batch', async () => {
    const product = await productIn('Camping');
    const fresh = newGtin();
    const response = await post(acme, [
      { aiString: '01', aiValue: fresh, gcp: '0614142' },
      { aiString: '01', aiValue: product.entry.aiValue, gcp: product.entry.gcp },
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: ERROR_CODES.DUPLICATE_GTIN, details: [{ path: 'entries.1.aiValue' }] });
    expect(await t.app.db.select().from(entries).where(eq(entries.aiValue, fresh))).toHaveLength(0);

    // Another company cannot take it either, nor can one request list a key twice.
    expect((await post(nordic, [{ aiString: '01', aiValue: product.entry.aiValue, gcp: '7350053' }])).statusCode).toBe(400);
    const twice = await post(acme, [
      { aiString: '01', aiValue: fresh, gcp: '0614142' },
      { aiString: '01', aiValue: fresh.slice(1), gcp: '0614142' },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details).toEqual([{ path: 'entries.1.aiValue', message: 'Same key as entries.0' }]);
  });

  it('lets a sub-admin register only with product write access on a project', async () => {
    await setSubAccess('Trail Gear', { r: true, w: false });
    expect((await post(sub, [{ aiString: '01', aiValue: newGtin(), gcp: '0614142' }])).statusCode).toBe(403);
    await setSubAccess('Trail Gear', { r: true, w: true });
    expect((await post(sub, [{ aiString: '01', aiValue: newGtin(), gcp: '0614142' }])).statusCode).toBe(201);
  });

  it('registers for the company a super-admin switched to, and refuses an unswitched super-admin', async () => {
    const admin = await signIn(t.app, DEMO_USERS.superAdmin);
    expect((await post(admin.authorization, [{ aiString: '01', aiValue: newGtin(), gcp: '0614142' }])).statusCode).toBe(403);
    const customers = await call(t.app, admin.authorization, { method: 'GET', url: '/api/service/super/customer/list' });
    const customerId = customers.json().result.find((c: { serviceName: string }) => c.serviceName === 'acme').customerId;
    const switched = await call(t.app, admin.authorization, { method: 'POST', url: '/api/auth/token/switch-customer', headers: GATEWAY_HEADERS, payload: { customerId } });
    const gtin = newGtin();
    const response = await post(switched.json().Authorization, [{ aiString: '01', aiValue: gtin, gcp: '0614142' }]);
    expect(response.statusCode).toBe(201);
    expect((await put(acme, { entryPath: `/01/${gtin}`, isActive: true })).statusCode).toBe(200);
  });
});

describe('PUT /api/entry/entries/', () => {
  it('deactivates and reactivates an entry, telling the gateway which entry changed', async () => {
    const { entry } = await productIn('Camping');
    const off = await put(acme, { entryPath: entry.entryPath, isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().result).toMatchObject({ entryPath: entry.entryPath, isActive: false, isDeleted: false });
    expect(off.headers[RESOLVER_INVALIDATE_HEADER]).toBe(entry.entryPath);
    expect((await call(t.app, acme, { method: 'GET', url: `/api/product/?productId=${(await productIn('Camping')).product.productId}` })).json().entry.isActive).toBe(
      false,
    );
    const on = await put(acme, { entryPath: entry.entryPath, isActive: true });
    expect(on.json().result.isActive).toBe(true);
  });

  it('deletes an entry without a product, which frees its key; an entry of a product stays', async () => {
    const gtin = newGtin();
    await post(acme, [{ aiString: '01', aiValue: gtin, gcp: '0614142' }]);
    const deleted = await put(acme, { entryPath: `/01/${gtin}`, isDeleted: true });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().result).toMatchObject({ isDeleted: true, isActive: false });
    expect((await put(acme, { entryPath: `/01/${gtin}`, isActive: true })).statusCode).toBe(404);
    expect((await post(acme, [{ aiString: '01', aiValue: gtin, gcp: '0614142' }])).statusCode).toBe(201);

    const { entry } = await productIn('Camping');
    const refused = await put(acme, { entryPath: entry.entryPath, isDeleted: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(ERROR_CODES.CONFLICT);
  });

  it("answers 404 for another company's entry and 400 without a change", async () => {
    const { entry } = await productIn('Camping');
    const foreign = await put(nordic, { entryPath: entry.entryPath, isActive: false });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers[RESOLVER_INVALIDATE_HEADER]).toBeUndefined();
    expect((await put(acme, { entryPath: entry.entryPath })).statusCode).toBe(400);
  });

  it("lets a sub-admin change only entries of its projects' products", async () => {
    await setSubAccess('Trail Gear', { r: true, w: true });
    const trail = await productIn('Trail Gear');
    const camping = await productIn('Camping');
    expect((await put(sub, { entryPath: trail.entry.entryPath, isActive: true })).statusCode).toBe(200);
    expect((await put(sub, { entryPath: camping.entry.entryPath, isActive: true })).statusCode).toBe(403);
    await setSubAccess('Trail Gear', { r: true, w: false });
    expect((await put(sub, { entryPath: trail.entry.entryPath, isActive: true })).statusCode).toBe(403);
    await setSubAccess('Trail Gear', { r: true, w: true });
  });
});
