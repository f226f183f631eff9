import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_USAGE_CHANGED_HEADER, gtin14, type Link } from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp } from '../../test/demo.js';
import { multipart } from '../../test/multipart.js';

// The gateway drops a company's cached plan verdicts when an answer carries this header, and only then.

let t: TestApp;
let acme: string;
let projectIds: Record<string, number>;
let nextReference = 700;

const changesUsage = (response: LightMyRequestResponse) => response.headers[PLAN_USAGE_CHANGED_HEADER] !== undefined;

function createProduct(gtin = gtin14(0, '0614142', nextReference++)) {
  const body = multipart({ product: JSON.stringify([{ project_id: projectIds.Camping, product_name: 'Usage Lamp', gtin }]) });
  return call(t.app, acme, { method: 'POST', url: '/api/product/?service=DL', ...body });
}

async function newProduct(): Promise<{ productId: number; entryId: number; entryPath: string; gtin: string }> {
  const gtin = gtin14(0, '0614142', nextReference++);
  const response = await createProduct(gtin);
  expect(response.statusCode).toBe(201);
  return { ...response.json(), entryPath: `/01/${gtin}`, gtin };
}

const addLink = (product: { productId: number; entryId: number; entryPath: string }) =>
  call(t.app, acme, {
    method: 'POST',
    url: '/api/entry/links/',
    payload: { ...product, linkType: 'gs1:dpp', lang: 'en', targetUrl: 'https://acme.example/usage' },
  });

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, projectIds } = await demoSetUp(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe('the plan-usage header', () => {
  it('comes with creating, deleting and moving products, and not with reading or changing one', async () => {
    const created = await createProduct();
    expect(created.statusCode).toBe(201);
    expect(created.headers[PLAN_USAGE_CHANGED_HEADER]).toBe('1');
    const { productId } = created.json();

    for (const url of ['/api/product/all?page=1&size=10', `/api/product/?productId=${productId}`, '/api/service/plan/check/product', '/api/service/plan/info']) {
      const read = await call(t.app, acme, { method: 'GET', url });
      expect(read.statusCode, url).toBe(200);
      expect(changesUsage(read), url).toBe(false);
    }
    const nfc = await call(t.app, acme, { method: 'PUT', url: '/api/product/nfc', payload: { productId, isNFC: 1 } });
    expect(nfc.statusCode).toBeLessThan(300);
    expect(changesUsage(nfc)).toBe(false);

    const moved = await call(t.app, acme, { method: 'PATCH', url: `/api/product/move/${productId}`, payload: { targetProjectId: projectIds['Trail Gear'] } });
    expect(moved.statusCode).toBe(200);
    expect(changesUsage(moved)).toBe(true);

    const deleted = await call(t.app, acme, { method: 'DELETE', url: `/api/product/${productId}` });
    expect(deleted.statusCode).toBe(200);
    expect(changesUsage(deleted)).toBe(true);
  });

  it('comes with showing and hiding a link, and not with changing one', async () => {
    const product = await newProduct();
    const added = await addLink(product);
    expect(added.statusCode).toBe(201);
    expect(changesUsage(added)).toBe(true);
    const link: Link = added.json().result;

    const listed = await call(t.app, acme, { method: 'GET', url: `/api/entry/links/all?page=1&size=50&entryId=${product.entryId}` });
    expect(changesUsage(listed)).toBe(false);
    const checked = await call(t.app, acme, { method: 'GET', url: `/api/service/plan/check/link?productId=${product.productId}` });
    expect(checked.statusCode).toBe(200);
    expect(changesUsage(checked)).toBe(false);

    const updated = await call(t.app, acme, { method: 'PUT', url: '/api/entry/links/', payload: { updatedLink: { linkId: link.linkId, title: 'Passport' } } });
    expect(updated.statusCode).toBe(200);
    expect(changesUsage(updated)).toBe(false);

    const hidden = await call(t.app, acme, {
      method: 'DELETE',
      url: `/api/entry/links/?linkId=${link.linkId}&entryPath=${product.entryPath}&entryId=${product.entryId}`,
    });
    expect(hidden.statusCode).toBe(200);
    expect(changesUsage(hidden)).toBe(true);
  });

  it('does not come with a write that fails', async () => {
    const product = await newProduct();
    const again = await createProduct(product.gtin);
    expect(again.statusCode).toBe(409);
    expect(changesUsage(again)).toBe(false);

    expect((await addLink(product)).statusCode).toBe(201);
    const duplicate = await addLink(product);
    expect(duplicate.statusCode).toBe(409);
    expect(changesUsage(duplicate)).toBe(false);

    const missing = await call(t.app, acme, { method: 'DELETE', url: '/api/product/999999' });
    expect(missing.statusCode).toBe(404);
    expect(changesUsage(missing)).toBe(false);
  });

  it('comes with adding and removing a sub-admin', async () => {
    const added = await call(t.app, acme, {
      method: 'POST',
      url: '/api/auth/sub-admin/up',
      payload: { newUser: { first_name: 'Uma', last_name: 'Usage', email: 'uma.usage@acme.example' } },
    });
    expect(added.statusCode).toBe(201);
    expect(changesUsage(added)).toBe(true);
    const removed = await call(t.app, acme, { method: 'PUT', url: `/api/auth/sub-admin/del?subAdminId=${added.json().result.user_id}` });
    expect(removed.statusCode).toBe(200);
    expect(changesUsage(removed)).toBe(true);
  });
});
