import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtin14, type CustomerListItem } from '@product-console/shared';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { demoSetUp } from '../../test/demo.js';
import { multipart } from '../../test/multipart.js';

let t: TestApp;
let acme: string;
let projectIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, projectIds } = await demoSetUp(t.app));
});
afterAll(async () => t?.close());

/** A DPP product whose published passport shows one public document; answers its id, entry path and the document's path. */
async function publishedDocument() {
  const gtin = gtin14(0, '0614142', 950);
  const product = multipart({ product: JSON.stringify([{ project_id: projectIds.Camping, product_name: 'Aurora Headlamp', gtin }]) });
  const created = await call(t.app, acme, { method: 'POST', url: '/api/product/?service=DPP', ...product });
  expect(created.statusCode).toBe(201);
  const { productId } = created.json() as { productId: number };
  const pdf = multipart({}, [{ field: 'file', data: Buffer.from('%PDF-1.7\n%%EOF\n'), filename: 'doc.pdf', contentType: 'application/pdf' }]);
  const upload = await call(t.app, acme, { method: 'POST', url: `/api/product/passport/document?productId=${productId}`, ...pdf });
  const path = upload.json().result.path as string;
  const data = {
    uniqueProductIdentifier: `https://id.example/01/${gtin}`,
    granularity: 'model',
    manufacturer: { name: 'Acme Outdoor Ltd' },
    complianceDocuments: [{ kind: 'declarationOfConformity', title: 'EU declaration of conformity', filePath: path }],
  };
  expect((await call(t.app, acme, { method: 'PUT', url: '/api/product/passport', payload: { productId, template: 'core', data } })).statusCode).toBe(200);
  expect((await call(t.app, acme, { method: 'POST', url: '/api/product/passport/publish', payload: { productId } })).statusCode).toBe(200);
  const read = await call(t.app, acme, { method: 'GET', url: `/api/product/?productId=${productId}` });
  return { productId, entryPath: read.json().entry.entryPath as string, path };
}

const readFile = (path: string) => t.app.inject({ method: 'GET', url: `/api${path}` });

describe("a passport's public document", () => {
  it('goes with the landing page: not served while its entry is deactivated or once its company is no longer approved', async () => {
    const { entryPath, path } = await publishedDocument();
    expect((await readFile(path)).statusCode).toBe(200);

    const setActive = (isActive: boolean) => call(t.app, acme, { method: 'PUT', url: '/api/entry/entries/', payload: { entryPath, isActive } });
    expect((await setActive(false)).statusCode).toBe(200);
    expect((await readFile(path)).statusCode).toBe(404);
    expect((await setActive(true)).statusCode).toBe(200);
    expect((await readFile(path)).statusCode).toBe(200);

    const superAdmin = (await signIn(t.app, DEMO_USERS.superAdmin)).authorization;
    const customers = (await call(t.app, superAdmin, { method: 'GET', url: '/api/service/super/customer/list' })).json().result as CustomerListItem[];
    const customerId = customers.find((customer) => customer.serviceName === 'acme')?.customerId;
    const withdrawn = await call(t.app, superAdmin, { method: 'PUT', url: '/api/service/super/customer/permission', payload: { customerId, permission: false } });
    expect(withdrawn.statusCode).toBe(200);
    expect((await readFile(path)).statusCode).toBe(404);
  });
});
