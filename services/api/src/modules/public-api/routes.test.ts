import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN, gs1CheckDigit, gtin14, RESOLVER_INVALIDATE_HEADER, type ApiScope, type PassportData } from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp } from '../../test/demo.js';
import { apiKeys } from '../api-keys/tables.js';
import { companies } from '../companies/tables.js';
import { plans, subscriptions } from '../plans/tables.js';
import { products } from '../products/tables.js';

let t: TestApp;
let acme: string;
let nordic: string;
let projectIds: Record<string, number>;
let nextReference = 4100;

const PROBLEM = 'application/problem+json; charset=utf-8';
const ALL: ApiScope[] = ['projects:read', 'products:read', 'products:write', 'serials:read', 'serials:write', 'passports:read', 'passports:publish'];

async function makeKey(scopes: ApiScope[], extra: { projectId?: number | null; expiresAt?: string | null } = {}, authorization = acme): Promise<{ key: string; apiKeyId: string }> {
  const created = await call(t.app, authorization, { method: 'POST', url: '/api/auth/api-keys', payload: { name: 'ERP', scopes, ...extra } });
  expect(created.statusCode).toBe(201);
  return created.json().result;
}

function v1(key: string | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...headers, ...(key ? { authorization: `Bearer ${key}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const newGtin = () => gtin14(0, '0614142', nextReference++);

async function createProduct(key: string, body: Record<string, unknown> = {}) {
  const response = await v1(key, 'POST', '/products', { project_id: projectIds.Camping, product_name: 'Trail Lamp', gtin: newGtin(), ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response;
}

const PASSPORT: PassportData = {
  uniqueProductIdentifier: 'https://id.example/01/00614142041007',
  granularity: 'model',
  manufacturer: { name: 'Acme Outdoor Ltd', gln: '0614142000011', address: { city: 'Berlin', country: 'DE' } },
} as PassportData;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, projectIds } = await demoSetUp(t.app));
  // Nordic is on Starter (no DPP, so no keys) in the demo.
  const [business] = await t.app.db.select().from(plans).where(eq(plans.name, 'Business'));
  const [company] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'nordic'));
  await t.app.db.update(subscriptions).set({ planId: business.id }).where(eq(subscriptions.companyId, company.id));
});
afterAll(async () => t?.close());

describe('keys and scopes', () => {
  it('makes a key with scopes, a project and an expiry, and lists them', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const { apiKeyId } = await makeKey(['products:read'], { projectId: projectIds.Camping, expiresAt });
    const listed = (await call(t.app, acme, { method: 'GET', url: '/api/auth/api-keys' })).json().result;
    expect(listed.find((key: { apiKeyId: string }) => key.apiKeyId === apiKeyId)).toMatchObject({
      scopes: ['products:read'],
      projectId: projectIds.Camping,
      projectName: 'Camping',
      expiresAt,
    });
  });

  it('refuses an unknown scope, a repeated one, another company’s project and a past expiry with field errors', async () => {
    const refused = async (payload: Record<string, unknown>, path: string) => {
      const response = await call(t.app, acme, { method: 'POST', url: '/api/auth/api-keys', payload: { name: 'x', ...payload } });
      expect(response.statusCode).toBe(400);
      expect(response.json().details.map((detail: { path: string }) => detail.path)).toContain(path);
    };
    await refused({ scopes: ['products:admin'] }, 'scopes.0');
    await refused({ scopes: ['products:read', 'products:read'] }, 'scopes');
    await refused({ expiresAt: new Date(Date.now() - 1000).toISOString() }, 'expiresAt');
    const nordicProjects = (await call(t.app, nordic, { method: 'GET', url: '/api/project/all' })).json().result;
    await refused({ projectId: nordicProjects[0].project_id }, 'projectId');
  });

  it('answers 401 problem+json without a key, with a revoked key and with an expired key', async () => {
    const missing = await v1(null, 'GET', '/products');
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['content-type']).toBe(PROBLEM);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="api"');
    expect(missing.json()).toMatchObject({ type: '/api/v1/docs#problem-unauthorized', status: 401, title: expect.any(String) });

    const { key, apiKeyId } = await makeKey(['products:read']);
    expect((await v1(key, 'GET', '/products')).statusCode).toBe(200);
    await call(t.app, acme, { method: 'DELETE', url: `/api/auth/api-keys/${apiKeyId}` });
    expect((await v1(key, 'GET', '/products')).statusCode).toBe(401);

    const expiring = await makeKey(['products:read'], { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await v1(expiring.key, 'GET', '/products')).statusCode).toBe(200);
    await t.app.db.update(apiKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, expiring.apiKeyId));
    const expired = await v1(expiring.key, 'GET', '/products');
    expect(expired.statusCode).toBe(401);
    expect(expired.headers['content-type']).toBe(PROBLEM);
  });

  it('answers 403 problem+json naming the scope a call needs', async () => {
    const { key } = await makeKey(['products:read']);
    const refused = await v1(key, 'POST', '/products', { project_id: projectIds.Camping, product_name: 'No', gtin: newGtin() });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toBe(PROBLEM);
    expect(refused.json()).toMatchObject({ type: '/api/v1/docs#problem-missing-scope', status: 403, detail: 'This call needs the scope products:write' });
    for (const [method, url] of [
      ['GET', '/projects'],
      ['GET', '/products/1/serials'],
      ['POST', '/products/1/serials'],
      ['GET', '/products/1/passport'],
      ['POST', '/products/1/passport/publish'],
    ] as const) {
      expect((await v1(key, method, url, method === 'POST' ? {} : undefined)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('keeps EPCIS keys working and asks EPCIS calls for the EPCIS scopes', async () => {
    const epcis = await makeKey(['epcis:capture', 'epcis:query']);
    expect((await t.app.inject({ method: 'GET', url: '/epcis/capture', headers: { authorization: `Bearer ${epcis.key}` } })).statusCode).toBe(200);
    const other = await makeKey(['products:read']);
    const refused = await t.app.inject({ method: 'GET', url: '/epcis/capture', headers: { authorization: `Bearer ${other.key}` } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('The API key lacks the scope epcis:query');
    const v1Refused = await v1(epcis.key, 'GET', '/products');
    expect(v1Refused.statusCode).toBe(403);
  });
});

describe('products', () => {
  it('creates a product with its GS1 identity, an ETag and a Location, by the products service’s rules', async () => {
    const { key } = await makeKey(ALL);
    const gtin = newGtin();
    const created = await v1(key, 'POST', '/products', { project_id: projectIds.Camping, product_name: 'Ridge Stove', gtin, service: 'DPP' });
    expect(created.statusCode).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({ name: 'Ridge Stove', gtin, service: 'DPP', entryPath: `/01/${gtin}`, projectId: projectIds.Camping, deletedAt: null });
    expect(product.digitalLink).toMatch(new RegExp(`/01/${gtin}$`));
    expect(created.headers.location).toBe(`/api/v1/products/${product.id}`);
    expect(created.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(created.headers[RESOLVER_INVALIDATE_HEADER]).toBe(`/01/${gtin}`);

    const read = await v1(key, 'GET', `/products/${product.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).toBe(created.headers.etag);

    // The same GTIN again is the service's 409; a GTIN outside the company's prefixes its 400 with the field.
    const taken = await v1(key, 'POST', '/products', { project_id: projectIds.Camping, product_name: 'Again', gtin });
    expect(taken.statusCode).toBe(409);
    expect(taken.headers['content-type']).toBe(PROBLEM);
    expect(taken.json()).toMatchObject({ type: '/api/v1/docs#problem-E409002', errors: [{ pointer: 'gtin' }] });
    const foreign = await v1(key, 'POST', '/products', { project_id: projectIds.Camping, product_name: 'Foreign', gtin: gtin14(0, '7350053', 1) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([expect.objectContaining({ pointer: 'gtin' })]);
  });

  it('answers 400 problem+json with every field error of the body', async () => {
    const { key } = await makeKey(ALL);
    const response = await v1(key, 'POST', '/products', { project_id: 'x', gtin: '12' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe(PROBLEM);
    const pointers = response.json().errors.map((error: { pointer: string }) => error.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['project_id', 'product_name', 'gtin']));
  });

  it('updates with If-Match: the current ETag passes, a stale one is 412 and changes nothing', async () => {
    const { key } = await makeKey(ALL);
    const created = await createProduct(key);
    const { id } = created.json();
    const etag = created.headers.etag as string;

    const updated = await v1(key, 'PUT', `/products/${id}`, { product_name: 'Trail Lamp II' }, { 'if-match': etag });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().name).toBe('Trail Lamp II');
    expect(updated.headers.etag).not.toBe(etag);

    const stale = await v1(key, 'PUT', `/products/${id}`, { product_name: 'Lost update' }, { 'if-match': etag });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().type).toBe('/api/v1/docs#problem-precondition-failed');
    expect((await v1(key, 'GET', `/products/${id}`)).json().name).toBe('Trail Lamp II');

    // Two writers with the same ETag at once: one wins, the other is told the product changed.
    const tag = updated.headers.etag as string;
    const racing = await Promise.all(['Racer A', 'Racer B'].map((name) => v1(key, 'PUT', `/products/${id}`, { product_name: name }, { 'if-match': tag })));
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([200, 412]);
    const winner = racing.find((answer) => answer.statusCode === 200)!;
    expect((await v1(key, 'GET', `/products/${id}`)).json().name).toBe(winner.json().name);

    const staleDelete = await v1(key, 'DELETE', `/products/${id}`, undefined, { 'if-match': etag });
    expect(staleDelete.statusCode).toBe(412);
    const deleted = await v1(key, 'DELETE', `/products/${id}`, undefined, { 'if-match': winner.headers.etag as string });
    expect(deleted.statusCode).toBe(204);
    expect((await v1(key, 'GET', `/products/${id}`)).statusCode).toBe(404);
  });

  it('pages with an opaque cursor and lists what changed since a time, deleted products included', async () => {
    const { key } = await makeKey(ALL);
    const since = new Date().toISOString();
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await createProduct(key, { product_name: `Paged ${i}` })).json().id);

    const first = await v1(key, 'GET', `/products?limit=2&updatedSince=${encodeURIComponent(since)}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.map((product: { id: number }) => product.id)).toEqual(ids.slice(0, 2));
    const { next } = first.json();
    expect(next).toEqual(expect.any(String));
    const second = await v1(key, 'GET', `/products?limit=2&updatedSince=${encodeURIComponent(since)}&cursor=${next}`);
    expect(second.json()).toEqual({ data: [expect.objectContaining({ id: ids[2] })], next: null });

    // A change moves the product to the end; a deletion shows only to updatedSince.
    const later = new Date().toISOString();
    await v1(key, 'DELETE', `/products/${ids[0]}`);
    const changed = (await v1(key, 'GET', `/products?updatedSince=${encodeURIComponent(later)}`)).json().data;
    expect(changed).toEqual([expect.objectContaining({ id: ids[0], deletedAt: expect.any(String) })]);
    const live = (await v1(key, 'GET', '/products?limit=200')).json().data.map((product: { id: number }) => product.id);
    expect(live).not.toContain(ids[0]);
    expect(live).toEqual(expect.arrayContaining(ids.slice(1)));

    const bad = await v1(key, 'GET', '/products?cursor=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ pointer: 'cursor' })]);
  });

  it('replays a creation sent again with the same Idempotency-Key, and refuses the key on another body', async () => {
    const { key } = await makeKey(ALL);
    const body = { project_id: projectIds.Camping, product_name: 'Once', gtin: newGtin() };
    const first = await v1(key, 'POST', '/products', body, { 'idempotency-key': 'erp-order-1' });
    expect(first.statusCode).toBe(201);
    const again = await v1(key, 'POST', '/products', body, { 'idempotency-key': 'erp-order-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(again.headers.location).toBe(first.headers.location);
    const rows = await t.app.db.select().from(products).where(eq(products.gtin, body.gtin));
    expect(rows).toHaveLength(1);
    const other = await v1(key, 'POST', '/products', { ...body, product_name: 'Other' }, { 'idempotency-key': 'erp-order-1' });
    expect(other.statusCode).toBe(422);
    expect(other.headers['content-type']).toBe(PROBLEM);
  });

  it('keeps a key restricted to a project to that project', async () => {
    const { key: wide } = await makeKey(ALL);
    const elsewhere = (await createProduct(wide, { project_id: projectIds['Winter Collection'] })).json();
    const { key } = await makeKey(ALL, { projectId: projectIds.Camping });

    expect((await v1(key, 'GET', `/products/${elsewhere.id}`)).statusCode).toBe(404);
    expect((await v1(key, 'PUT', `/products/${elsewhere.id}`, { product_name: 'Taken over' })).statusCode).toBe(404);
    expect((await v1(key, 'GET', `/products/${elsewhere.id}/serials`)).statusCode).toBe(404);
    const creating = await v1(key, 'POST', '/products', { project_id: projectIds['Winter Collection'], product_name: 'Elsewhere', gtin: newGtin() });
    expect(creating.statusCode).toBe(404);
    const listed = (await v1(key, 'GET', '/products?limit=200')).json().data as { projectId: number }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((product) => product.projectId === projectIds.Camping)).toBe(true);
    const projects = (await v1(key, 'GET', '/projects')).json().data;
    expect(projects).toEqual([expect.objectContaining({ id: projectIds.Camping, name: 'Camping' })]);
    expect((await v1(key, 'GET', `/projects/${projectIds['Winter Collection']}`)).statusCode).toBe(404);
  });

  it('never reaches another company’s products', async () => {
    const { key } = await makeKey(ALL, {}, nordic);
    const { key: acmeKey } = await makeKey(ALL);
    const acmeProduct = (await createProduct(acmeKey)).json();
    expect((await v1(key, 'GET', `/products/${acmeProduct.id}`)).statusCode).toBe(404);
    const listed = (await v1(key, 'GET', '/products?limit=200')).json().data as { id: number }[];
    expect(listed.map((product) => product.id)).not.toContain(acmeProduct.id);
  });
});

describe('serials and passports', () => {
  it('registers serials all or none, lists them, changes a status, and publishes the passport', async () => {
    const { key } = await makeKey(ALL);
    const product = (await createProduct(key, { service: 'DPP' })).json();

    const created = await v1(key, 'POST', `/products/${product.id}/serials`, { serials: ['SN-1', 'SN-2', 'A/3'] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.map((serial: { serial: string; path: string }) => [serial.serial, serial.path])).toEqual([
      ['SN-1', '/21/SN-1'],
      ['SN-2', '/21/SN-2'],
      ['A/3', '/21/A%2F3'],
    ]);
    expect(created.headers[RESOLVER_INVALIDATE_HEADER]).toBe(product.entryPath);

    // One taken serial refuses the whole list, naming it.
    const clash = await v1(key, 'POST', `/products/${product.id}/serials`, { serials: ['SN-4', 'SN-2'] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual([expect.objectContaining({ pointer: 'serials.1' })]);
    const bad = await v1(key, 'POST', `/products/${product.id}/serials`, { serials: ['OK-1', 'no spaces'] });
    expect(bad.statusCode).toBe(400);
    const listed = await v1(key, 'GET', `/products/${product.id}/serials?limit=2`);
    expect(listed.json().data.map((serial: { serial: string }) => serial.serial)).toEqual(['SN-1', 'SN-2']);
    const rest = await v1(key, 'GET', `/products/${product.id}/serials?limit=2&cursor=${listed.json().next}`);
    expect(rest.json()).toEqual({ data: [expect.objectContaining({ serial: 'A/3' })], next: null });

    const serialId = created.json().data[0].id;
    const noReason = await v1(key, 'PUT', `/products/${product.id}/serials/${serialId}/status`, { status: 'deactivated' });
    expect(noReason.statusCode).toBe(400);
    const since = new Date().toISOString();
    const changed = await v1(key, 'PUT', `/products/${product.id}/serials/${serialId}/status`, { status: 'deactivated', reason: 'Destroyed' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: serialId, status: 'deactivated' });
    const recent = await v1(key, 'GET', `/products/${product.id}/serials?updatedSince=${encodeURIComponent(since)}`);
    expect(recent.json().data.map((serial: { id: number }) => serial.id)).toEqual([serialId]);

    const draft = await v1(key, 'PUT', `/products/${product.id}/passport/draft`, { template: 'core', data: PASSPORT });
    expect(draft.statusCode, draft.body).toBe(200);
    const published = await v1(key, 'POST', `/products/${product.id}/passport/publish`, undefined, { 'idempotency-key': 'publish-1' });
    expect(published.statusCode, published.body).toBe(201);
    expect(published.json()).toMatchObject({ version: 1, status: 'published' });
    const replayed = await v1(key, 'POST', `/products/${product.id}/passport/publish`, undefined, { 'idempotency-key': 'publish-1' });
    expect(replayed.json().version).toBe(1);
    const passport = await v1(key, 'GET', `/products/${product.id}/passport`);
    expect(passport.json().versions).toEqual([expect.objectContaining({ version: 1, status: 'published' })]);

    // The signed credential of the published version: a compact JWS naming the product's Digital Link.
    const credential = await v1(key, 'GET', `/products/${product.id}/passport/credential`);
    expect(credential.statusCode, credential.body).toBe(200);
    expect(credential.headers['content-type']).toContain('application/vc+jwt');
    const [, payload] = credential.body.split('.');
    expect(credential.body.split('.')).toHaveLength(3);
    expect(Buffer.from(payload!, 'base64url').toString('utf8')).toContain(product.entryPath);
    expect((await v1(key, 'GET', `/products/${product.id}/passport/credential?version=2`)).statusCode).toBe(404);
  });

  it('refuses a passport for a product not on the DPP service (409) and an empty draft (400)', async () => {
    const { key } = await makeKey(ALL);
    const dl = (await createProduct(key)).json();
    expect((await v1(key, 'PUT', `/products/${dl.id}/passport/draft`, { template: 'core', data: PASSPORT })).statusCode).toBe(409);
    const dpp = (await createProduct(key, { service: 'DPP' })).json();
    const empty = await v1(key, 'POST', `/products/${dpp.id}/passport/publish`);
    expect(empty.statusCode).toBe(400);
    expect(empty.headers['content-type']).toBe(PROBLEM);
  });
});

describe('batches, links, recalls and places', () => {
  const MORE: ApiScope[] = [...ALL, 'batches:read', 'batches:write', 'links:read', 'links:write', 'recalls:read', 'recalls:write', 'places:read', 'places:write'];

  it('creates and pages a product’s batches by the batches service’s rules', async () => {
    const { key } = await makeKey(MORE);
    const product = (await createProduct(key)).json();
    const first = await v1(key, 'POST', `/products/${product.id}/batches`, { lot: 'L-100', expiryDate: '2027-06-30', quantity: 500 });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ lot: 'L-100', batchPath: '/10/L-100', expiryDate: '2027-06-30', quantity: 500, productId: product.id });
    expect((await v1(key, 'POST', `/products/${product.id}/batches`, { lot: 'L-100' })).statusCode).toBe(409);
    const backwards = await v1(key, 'POST', `/products/${product.id}/batches`, { lot: 'L-101', productionDate: '2027-01-01', expiryDate: '2026-01-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([expect.objectContaining({ pointer: 'expiryDate' })]);
    await v1(key, 'POST', `/products/${product.id}/batches`, { lot: 'L-102' });
    const page = await v1(key, 'GET', `/products/${product.id}/batches?limit=1`);
    expect(page.json().data.map((batch: { lot: string }) => batch.lot)).toEqual(['L-100']);
    const rest = await v1(key, 'GET', `/products/${product.id}/batches?limit=1&cursor=${page.json().next}`);
    expect(rest.json()).toEqual({ data: [expect.objectContaining({ lot: 'L-102' })], next: null });
    const { key: readOnly } = await makeKey(['batches:read']);
    expect((await v1(readOnly, 'POST', `/products/${product.id}/batches`, { lot: 'L-103' })).statusCode).toBe(403);
  });

  it('changes and deletes a batch of the product, and no other product’s', async () => {
    const { key } = await makeKey(MORE);
    const product = (await createProduct(key)).json();
    const other = (await createProduct(key)).json();
    const batch = (await v1(key, 'POST', `/products/${product.id}/batches`, { lot: 'E-1', expiryDate: '2027-06-30' })).json();
    await v1(key, 'POST', `/products/${product.id}/batches`, { lot: 'E-2' });

    const changed = await v1(key, 'PATCH', `/products/${product.id}/batches/${batch.batchId}`, { lot: 'E-1A', quantity: 40 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ batchId: batch.batchId, lot: 'E-1A', batchPath: '/10/E-1A', expiryDate: '2027-06-30', quantity: 40 });
    expect(changed.headers[RESOLVER_INVALIDATE_HEADER]).toBe(product.entryPath);
    expect((await v1(key, 'PATCH', `/products/${product.id}/batches/${batch.batchId}`, { lot: 'E-2' })).statusCode).toBe(409);
    const backwards = await v1(key, 'PATCH', `/products/${product.id}/batches/${batch.batchId}`, { productionDate: '2028-01-01' });
    expect(backwards.statusCode).toBe(400);
    // Through another product's path, the batch is not there.
    expect((await v1(key, 'PATCH', `/products/${other.id}/batches/${batch.batchId}`, { quantity: 1 })).statusCode).toBe(404);
    expect((await v1(key, 'DELETE', `/products/${other.id}/batches/${batch.batchId}`)).statusCode).toBe(404);
    const { key: readOnly } = await makeKey(['batches:read']);
    expect((await v1(readOnly, 'DELETE', `/products/${product.id}/batches/${batch.batchId}`)).statusCode).toBe(403);

    expect((await v1(key, 'DELETE', `/products/${product.id}/batches/${batch.batchId}`)).statusCode).toBe(204);
    const left = await v1(key, 'GET', `/products/${product.id}/batches`);
    expect(left.json().data.map((item: { lot: string }) => item.lot)).toEqual(['E-2']);
  });

  it('adds a link to a product and lists the product’s links', async () => {
    const { key } = await makeKey(MORE);
    const product = (await createProduct(key)).json();
    const created = await v1(key, 'POST', `/products/${product.id}/links`, { linkType: 'gs1:certificationInfo', targetUrl: 'https://acme.example/certificates', lang: 'ko' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ linkType: 'gs1:certificationInfo', targetUrl: 'https://acme.example/certificates', productId: product.id });
    expect(created.headers[RESOLVER_INVALIDATE_HEADER]).toBe(product.entryPath);
    const listed = await v1(key, 'GET', `/products/${product.id}/links`);
    expect(listed.json().data.map((link: { linkType: string }) => link.linkType)).toContain('gs1:certificationInfo');
    const bad = await v1(key, 'POST', `/products/${product.id}/links`, { linkType: 'gs1:certificationInfo', targetUrl: 'ftp://nope' });
    expect(bad.statusCode).toBe(400);
  });

  it('changes and removes a link of the product, and no other product’s', async () => {
    const { key } = await makeKey(MORE);
    const product = (await createProduct(key)).json();
    const other = (await createProduct(key)).json();
    const created = (await v1(key, 'POST', `/products/${product.id}/links`, { linkType: 'gs1:certificationInfo', targetUrl: 'https://acme.example/a', lang: 'ko' })).json();
    const linkId = created.linkId;

    const changed = await v1(key, 'PATCH', `/products/${product.id}/links/${linkId}`, { targetUrl: 'https://acme.example/b' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ linkId, targetUrl: 'https://acme.example/b', linkType: 'gs1:certificationInfo' });
    expect(changed.headers[RESOLVER_INVALIDATE_HEADER]).toBe(product.entryPath);
    expect((await v1(key, 'PATCH', `/products/${product.id}/links/${linkId}`, { targetUrl: 'ftp://nope' })).statusCode).toBe(400);
    expect((await v1(key, 'PATCH', `/products/${other.id}/links/${linkId}`, { targetUrl: 'https://acme.example/c' })).statusCode).toBe(404);
    expect((await v1(key, 'DELETE', `/products/${other.id}/links/${linkId}`)).statusCode).toBe(404);
    const { key: readOnly } = await makeKey(['links:read']);
    expect((await v1(readOnly, 'DELETE', `/products/${product.id}/links/${linkId}`)).statusCode).toBe(403);

    expect((await v1(key, 'DELETE', `/products/${product.id}/links/${linkId}`)).statusCode).toBe(204);
    const listed = await v1(key, 'GET', `/products/${product.id}/links`);
    expect(listed.json().data.map((link: { linkId: number }) => link.linkId)).not.toContain(linkId);
    expect((await v1(key, 'PATCH', `/products/${product.id}/links/${linkId}`, { targetUrl: 'https://acme.example/d' })).statusCode).toBe(404);
  });

  it('starts a recall of a batch, reads it and ends it', async () => {
    const { key } = await makeKey(MORE);
    const product = (await createProduct(key)).json();
    const batch = (await v1(key, 'POST', `/products/${product.id}/batches`, { lot: 'R-1' })).json();
    const missing = await v1(key, 'POST', `/products/${product.id}/recalls`, { scope: 'batches', reason: 'Faulty seal', action: 'Return it', contact: 'recalls@acme.example' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([expect.objectContaining({ pointer: 'batchIds' })]);
    const started = await v1(key, 'POST', `/products/${product.id}/recalls`, {
      scope: 'batches',
      batchIds: [batch.batchId],
      reason: 'Faulty seal',
      action: 'Return it to the store',
      contact: 'recalls@acme.example',
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ status: 'active', batches: [{ lot: 'R-1' }], productId: product.id });
    const { recallId } = started.json();
    expect((await v1(key, 'GET', `/recalls/${recallId}`)).json().status).toBe('active');
    const ended = await v1(key, 'POST', `/recalls/${recallId}/end`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().status).toBe('ended');
    const { key: elsewhere } = await makeKey(MORE, { projectId: projectIds['Winter Collection'] });
    expect((await v1(elsewhere, 'GET', `/recalls/${recallId}`)).statusCode).toBe(404);

    // The product's recalls, paged; the end of one counts as its change.
    const listed = await v1(key, 'GET', `/products/${product.id}/recalls`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({ data: [expect.objectContaining({ recallId, status: 'ended' })], next: null });
    const after = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    expect((await v1(key, 'GET', `/products/${product.id}/recalls?updatedSince=${after}`)).json().data).toEqual([]);
    expect((await v1(elsewhere, 'GET', `/products/${product.id}/recalls`)).statusCode).toBe(404);
  });

  it('replaces a product’s content blocks and saves its design through the contents service', async () => {
    const { key } = await makeKey([...MORE, 'content:read', 'content:write']);
    const product = (await createProduct(key)).json();
    const saved = await v1(key, 'PUT', `/products/${product.id}/content`, {
      contents: [
        { type: 'text', inputs: [{ languageCode: 'DEFAULT', inputData: 'Made to last' }] },
        { type: 'html', inputs: [{ languageCode: 'DEFAULT', inputData: '<p>Care<script>alert(1)</script></p>' }] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await v1(key, 'GET', `/products/${product.id}/content`)).json().data;
    expect(read.map((block: { type: string }) => block.type)).toEqual(['text', 'html']);
    // The service's sanitiser ran: no script is stored.
    expect(JSON.stringify(read)).not.toContain('<script');

    const design = { ...DEFAULT_DESIGN, layoutStyle: DEFAULT_DESIGN.layoutStyle === 'header' ? 'horizon' : 'header' };
    const stored = await v1(key, 'PUT', `/products/${product.id}/design`, design);
    expect(stored.statusCode, stored.body).toBe(200);
    expect((await v1(key, 'GET', `/products/${product.id}/design`)).json().layoutStyle).toBe(design.layoutStyle);
    const { key: readOnly } = await makeKey(['content:read']);
    expect((await v1(readOnly, 'PUT', `/products/${product.id}/design`, design)).statusCode).toBe(403);
  });

  it('keeps the company’s places, for keys of the whole company only', async () => {
    const { key } = await makeKey(MORE);
    const body = `0614142${String(nextReference++).padStart(5, '0')}`;
    const gln = `${body}${gs1CheckDigit(body)}`;
    const since = new Date().toISOString();
    const created = await v1(key, 'POST', '/places', { gln, name: 'Hamburg Dock', type: 'dock', countryCode: 'de' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ gln, name: 'Hamburg Dock', countryCode: 'DE', identifier: `https://id.gs1.org/414/${gln}` });
    const { placeId } = created.json();
    expect((await v1(key, 'POST', '/places', { gln, name: 'Again', type: 'dock', countryCode: 'de' })).statusCode).toBe(409);
    const updated = await v1(key, 'PUT', `/places/${placeId}`, { gln, name: 'Hamburg Dock 2', type: 'dock', countryCode: 'DE' });
    expect(updated.json().name).toBe('Hamburg Dock 2');
    const changed = await v1(key, 'GET', `/places?updatedSince=${encodeURIComponent(since)}`);
    expect(changed.json().data.map((place: { placeId: number }) => place.placeId)).toEqual([placeId]);

    const { key: restricted } = await makeKey(MORE, { projectId: projectIds.Camping });
    const refused = await v1(restricted, 'GET', '/places');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().type).toBe('/api/v1/docs#problem-company-wide-only');

    expect((await v1(key, 'DELETE', `/places/${placeId}`)).statusCode).toBe(204);
    expect((await v1(key, 'GET', `/places/${placeId}`)).statusCode).toBe(404);
  });
});

describe('webhooks', () => {
  it('subscribes, changes, rotates and deletes webhooks by the console’s rules, for keys of the whole company with the webhooks scopes', async () => {
    const { key } = await makeKey(['webhooks:read', 'webhooks:write']);
    const created = await v1(key, 'POST', '/webhooks', { url: 'https://erp.example.com/hooks', description: 'ERP', eventTypes: ['product.updated', 'passport.published'] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { webhookId, secret } = created.json();
    expect(secret).toMatch(/^whsec_/);

    const listed = await v1(key, 'GET', '/webhooks');
    const mine = listed.json().data.find((webhook: { webhookId: string }) => webhook.webhookId === webhookId);
    expect(mine).toMatchObject({ url: 'https://erp.example.com/hooks', eventTypes: ['product.updated', 'passport.published'], enabled: true });
    expect(mine).not.toHaveProperty('secret');
    expect(listed.json().next).toBeNull();

    const changed = await v1(key, 'PATCH', `/webhooks/${webhookId}`, { enabled: false });
    expect(changed.json()).toMatchObject({ webhookId, enabled: false });
    const rotated = await v1(key, 'POST', `/webhooks/${webhookId}/secret`);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(secret);

    // The console's destination rule: no private or loopback address.
    const refused = await v1(key, 'POST', '/webhooks', { url: 'http://127.0.0.1:8080/hooks', eventTypes: ['product.created'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toBe(PROBLEM);

    const { key: readOnly } = await makeKey(['webhooks:read']);
    const noScope = await v1(readOnly, 'DELETE', `/webhooks/${webhookId}`);
    expect(noScope.statusCode).toBe(403);
    expect(noScope.json().detail).toMatch(/webhooks:write/);
    const { key: restricted } = await makeKey(['webhooks:read'], { projectId: projectIds.Camping });
    expect((await v1(restricted, 'GET', '/webhooks')).json().type).toBe('/api/v1/docs#problem-company-wide-only');
    // Another company's key does not see it.
    const { key: nordicKey } = await makeKey(['webhooks:read'], {}, nordic);
    expect((await v1(nordicKey, 'GET', `/webhooks/${webhookId}`)).statusCode).toBe(404);

    expect((await v1(key, 'DELETE', `/webhooks/${webhookId}`)).statusCode).toBe(204);
    expect((await v1(key, 'GET', `/webhooks/${webhookId}`)).statusCode).toBe(404);
  });
});

describe('the OpenAPI document and its page', () => {
  it('serves an OpenAPI 3.1 document of the /api/v1 routes only, with their scopes, and a reference page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const paths = Object.keys(document.paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/products', '/api/v1/products/{productId}', '/api/v1/products/{productId}/serials', '/api/v1/products/{productId}/passport/publish']));
    expect(paths.every((path) => path.startsWith('/api/v1/'))).toBe(true);
    expect(paths).not.toContain('/api/v1/openapi.json');
    expect(document.paths['/api/v1/products'].post.operationId).toBe('createProduct');
    expect(document.paths['/api/v1/products'].post.description).toContain('products:write');
    expect(document.components.schemas.Product).toBeDefined();
    expect(document.components.schemas.Problem).toBeDefined();

    // The console's own document does not list them.
    const consoleDocument = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(consoleDocument.paths).some((path) => path.startsWith('/api/v1'))).toBe(false);

    const page = await t.app.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('id="createProduct"');
    expect(page.body).toContain('id="problem-missing-scope"');
    expect(page.body).not.toMatch(/<script|https?:\/\/cdn/);
  });
});
