import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The package's source, as the other suites import the services' (the package's build is not needed to run them).
import { createPublicApiClient } from '../../packages/client/src/index.js';
import { gtin14 } from '@product-console/shared';
import { signInThroughGateway, startStack, type Stack } from '../support/stack.js';

/*
 * The public API end to end (issue 30 §1): a manager makes scoped keys in the console (through the
 * BFF, with the session); the generated client (packages/client) creates a product, adds serials
 * and publishes its passport through the gateway's /api/v1 with one key, and a key without the
 * publishing scope is refused with 403.
 */

let stack: Stack;
let baseUrl: string;
let cookie: string;
beforeAll(async () => {
  stack = await startStack();
  await stack.gateway.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(stack.gateway.server.address() as AddressInfo).port}`;
  cookie = await signInThroughGateway(stack.gateway, 'manager@demo.example');
});
afterAll(async () => {
  await stack?.close();
});

async function makeKey(scopes: string[]): Promise<string> {
  const created = await request(stack.gateway.server).post('/bff/api/auth/api-keys').set('Cookie', cookie).set('X-CSRF', '1').send({ name: 'PIM', scopes }).expect(201);
  return created.body.result.key;
}

const PASSPORT = {
  uniqueProductIdentifier: 'https://id.example/01/00614142077006',
  granularity: 'model',
  manufacturer: { name: 'Acme Outdoor Ltd', gln: '0614142000011', address: { city: 'Berlin', country: 'DE' } },
} as const;

describe('the public API through the gateway with the generated client', () => {
  it('creates a product, adds serials and publishes its passport with a scoped key; a key without the scope gets 403', async () => {
    const api = createPublicApiClient({
      baseUrl,
      apiKey: await makeKey(['projects:read', 'products:read', 'products:write', 'serials:read', 'serials:write', 'passports:read', 'passports:publish']),
    });

    const projects = await api.GET('/api/v1/projects', { params: { query: { limit: 50 } } });
    expect(projects.response.status).toBe(200);
    expect(projects.response.headers.get('ratelimit-policy')).toMatch(/^"key";q=\d+;w=\d+$/);
    expect(projects.response.headers.get('ratelimit')).toMatch(/^"key";r=\d+;t=\d+$/);
    const camping = projects.data!.data.find((project) => project.name === 'Camping')!;

    const gtin = gtin14(0, '0614142', 7700);
    const created = await api.POST('/api/v1/products', {
      body: { project_id: camping.id, product_name: 'Summit Lantern', gtin, service: 'DPP' },
      headers: { 'idempotency-key': 'pim-summit-lantern' },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const product = created.data!;
    expect(product).toMatchObject({ name: 'Summit Lantern', gtin, entryPath: `/01/${gtin}`, service: 'DPP' });

    const serials = await api.POST('/api/v1/products/{productId}/serials', {
      params: { path: { productId: product.id } },
      body: { serials: ['SL-0001', 'SL-0002', 'SL-0003'] },
    });
    expect(serials.response.status, JSON.stringify(serials.error)).toBe(201);
    expect(serials.data!.data.map((serial) => serial.serial)).toEqual(['SL-0001', 'SL-0002', 'SL-0003']);

    const draft = await api.PUT('/api/v1/products/{productId}/passport/draft', {
      params: { path: { productId: product.id } },
      body: { template: 'core', data: PASSPORT },
    });
    expect(draft.response.status, JSON.stringify(draft.error)).toBe(200);
    const published = await api.POST('/api/v1/products/{productId}/passport/publish', { params: { path: { productId: product.id } } });
    expect(published.response.status, JSON.stringify(published.error)).toBe(201);
    expect(published.data).toMatchObject({ version: 1, status: 'published' });

    // The serial now resolves through the gateway's resolver to the product.
    const scan = await request(stack.gateway.server).get(`/01/${gtin}/21/SL-0002`).redirects(0);
    expect(scan.status).toBeLessThan(400);

    const readOnly = createPublicApiClient({ baseUrl, apiKey: await makeKey(['products:read', 'passports:read']) });
    const refused = await readOnly.POST('/api/v1/products/{productId}/passport/publish', { params: { path: { productId: product.id } } });
    expect(refused.response.status).toBe(403);
    expect(refused.response.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.error).toMatchObject({ type: '/api/v1/docs#problem-missing-scope', status: 403, detail: 'This call needs the scope passports:publish' });
    const passport = await readOnly.GET('/api/v1/products/{productId}/passport', { params: { path: { productId: product.id } } });
    expect(passport.data!.versions).toEqual([expect.objectContaining({ version: 1, status: 'published' })]);

    const reference = await request(stack.gateway.server).get('/api/v1/docs').expect(200);
    expect(reference.text).toContain('id="createProduct"');
    const document = await request(stack.gateway.server).get('/api/v1/openapi.json').expect(200);
    expect(document.body.openapi).toBe('3.1.0');
  });
});
