import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MAX, ERROR_CODES, gtin14 } from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp } from '../../test/demo.js';
import { multipart } from '../../test/multipart.js';

let t: TestApp;
let acme: string;
let projectIds: Record<string, number>;
let nextReference = 980;

const newDppProduct = async (): Promise<number> => {
  const product = multipart({ product: JSON.stringify([{ project_id: projectIds.Camping, product_name: 'Aurora Headlamp', gtin: gtin14(0, '0614142', nextReference++) }]) });
  const created = await call(t.app, acme, { method: 'POST', url: '/api/product/?service=DPP', ...product });
  expect(created.statusCode).toBe(201);
  return created.json().productId;
};

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, projectIds } = await demoSetUp(t.app));
});
afterAll(async () => t?.close());

describe("a passport's days", () => {
  it('answer 400 with a field error for a certificate valid from year 0 or a manufacturing day past the last one, and take ordinary days', async () => {
    const productId = await newDppProduct();
    const [certification] = (await call(t.app, acme, { method: 'GET', url: '/api/product/certifications' })).json().result as { id: number }[];
    const putCertificate = (validFrom: string, validUntil: string | null) =>
      call(t.app, acme, { method: 'PUT', url: '/api/product/cert-info', payload: { productId, certificates: [{ certificationId: certification.id, number: 'CE-1', issuer: 'TÜV', validFrom, validUntil }] } });

    const yearZero = await putCertificate('0000-01-01', null);
    expect(yearZero.statusCode, yearZero.body).toBe(400);
    expect(yearZero.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, details: [{ path: 'certificates.0.validFrom' }] });
    const farFuture = await putCertificate('2020-01-01', '9999-12-31');
    expect(farFuture.statusCode).toBe(400);
    expect(farFuture.json().details).toEqual([expect.objectContaining({ path: 'certificates.0.validUntil' })]);
    expect((await putCertificate('1998-06-01', DAY_MAX)).statusCode).toBe(200);

    const manufactured = (manufacturingDate: string) =>
      call(t.app, acme, { method: 'PUT', url: '/api/product/passport', payload: { productId, template: 'battery', data: { battery: { generalProductInformation: { manufacturingDate } } } } });
    const unlikely = await manufactured('9999-12-31');
    expect(unlikely.statusCode).toBe(400);
    expect(unlikely.json().details).toEqual([expect.objectContaining({ path: 'data.battery.generalProductInformation.manufacturingDate' })]);
    expect((await manufactured('2025-11-03')).statusCode).toBe(200);
  });
});

describe("a passport's access overrides", () => {
  it("take only the templates' field paths: names every object has (constructor, toString) are a field error, and nothing is saved", async () => {
    const productId = await newDppProduct();
    const save = (accessOverrides: Record<string, string>) =>
      call(t.app, acme, { method: 'PUT', url: '/api/product/passport', payload: { productId, template: 'core', data: {}, accessOverrides } });

    const refused = await save({ constructor: 'authority', toString: 'public', hasOwnProperty: 'legitimateInterest' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().details.map((detail: { path: string }) => detail.path).sort()).toEqual([
      'accessOverrides.constructor',
      'accessOverrides.hasOwnProperty',
      'accessOverrides.toString',
    ]);
    const draft = await call(t.app, acme, { method: 'GET', url: `/api/product/passport?productId=${productId}` });
    expect(draft.json().result.draft).toBeNull();

    expect((await save({ carbonFootprint: 'authority' })).statusCode).toBe(200);
  });
});
