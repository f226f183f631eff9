import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_TOKEN_HEADER, type ResolverEntry } from '@product-console/shared';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createTestStore, type TestStore } from '../../test/store.js';

/*
 * A scan of a serialised item (`/01/{gtin}/21/{serial}`) redirected to one of the product's own
 * landing views carries the serial on (`?serial=`), so the page shows it and the verification
 * view checks it; links elsewhere are left as the brand entered them.
 */

const INTERNAL_TOKEN = 'serial-redirect-test-internal-token-0123456789';
const GTIN = '09506000134352';
const LANDING = 'https://id.example.com/acme/product-details/42/preview';

const entry: ResolverEntry = {
  entryPath: `/01/${GTIN}`,
  entryId: 7,
  productId: 42,
  companyId: 3,
  title: 'Trail boots',
  links: [
    { linkType: 'gs1:pip', href: LANDING, title: 'Product', lang: null, type: 'text/html', isDefault: true, qualifierPath: null, order: 1 },
    { linkType: 'gs1:certificationInfo', href: `${LANDING}/verification?utm_source=qr`, title: 'Genuine', lang: null, type: 'text/html', isDefault: false, qualifierPath: null, order: 2 },
    { linkType: 'gs1:homepage', href: 'https://brand.example/about', title: 'About', lang: null, type: 'text/html', isDefault: false, qualifierPath: null, order: 3 },
    // Another product's landing is not this scan's page.
    { linkType: 'gs1:dpp', href: 'https://id.example.com/acme/product-details/43/preview/dpp', title: 'Passport', lang: null, type: 'text/html', isDefault: false, qualifierPath: null, order: 4 },
  ],
};

let api: FastifyInstance;
let store: TestStore;
let gateway: FastifyInstance;

beforeAll(async () => {
  api = Fastify({ logger: false });
  api.get<{ Querystring: { entryPath?: string } }>('/api/internal/resolver/entry', async (request, reply) => {
    if (request.headers[INTERNAL_TOKEN_HEADER] !== INTERNAL_TOKEN) return reply.code(401).send({ code: 'E401001', message: 'no' });
    return request.query.entryPath === entry.entryPath ? entry : reply.code(404).send({ code: 'E404001', message: 'not found' });
  });
  api.post('/api/internal/resolver/scans', async () => ({ result: true }));
  await api.listen({ host: '127.0.0.1', port: 0 });
  store = createTestStore();
  gateway = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      UPSTREAM_URL: `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`,
      WEB_DIST_DIR: '/nonexistent-web-dist',
      LANDING_SSR_MODULE: '/nonexistent-landing.js',
      REDIS_URL: store.redisUrl,
      INTERNAL_TOKEN,
    }),
    { store: store.store, storeKeyPrefix: store.keyPrefix, processMetrics: false },
  );
  await gateway.ready();
});

afterAll(async () => {
  await gateway?.close();
  await store?.cleanup();
  await api?.close();
});

const scan = (url: string) => gateway.inject({ method: 'GET', url });

describe('redirects of a serialised scan to the landing', () => {
  it('append the scanned serial to the landing address', async () => {
    const response = await scan(`/01/${GTIN}/21/A%2F7`);
    expect(response.statusCode).toBe(307);
    expect(response.headers.location).toBe(`${LANDING}?serial=A%2F7`);
  });

  it('keep the query the link already has and carry the serial to the view of the link type', async () => {
    const response = await scan(`/01/${GTIN}/21/S1?linkType=gs1:certificationInfo`);
    expect(response.statusCode).toBe(307);
    expect(response.headers.location).toBe(`${LANDING}/verification?utm_source=qr&serial=S1`);
  });

  it('leave links to other sites and to other products as they are, and scans without a serial', async () => {
    expect((await scan(`/01/${GTIN}/21/S1?linkType=gs1:homepage`)).headers.location).toBe('https://brand.example/about');
    expect((await scan(`/01/${GTIN}/21/S1?linkType=gs1:dpp`)).headers.location).toBe('https://id.example.com/acme/product-details/43/preview/dpp');
    expect((await scan(`/01/${GTIN}`)).headers.location).toBe(LANDING);
  });
});
