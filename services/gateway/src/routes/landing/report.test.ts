import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { INTERNAL_TOKEN_HEADER, VISITOR_ADDRESS_HEADER } from '@product-console/shared';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { landingPageData } from '../../test/landing-page-data.js';
import { landingRenderer } from '../../test/landing-renderer.js';
import { createTestStore, type TestStore } from '../../test/store.js';

/*
 * The landing's report page as a shopper's phone uses it without JavaScript: the page from the
 * web workspace's server bundle (built here from the current sources), a plain multipart post
 * passed to a stand-in API with the shopper's address, and the page that answers it.
 */


const pageData = () => landingPageData({ content: { contents: [], languages: [], productDetails: [], translatedTo: null } });

interface Posted {
  fields: Record<string, string>;
  photo: { name: string; size: number } | null;
  visitor: string | undefined;
  internalToken: boolean;
  /** The product the address named, as the gateway passed it in the query. */
  product: string;
}

interface ReportApi {
  url: string;
  posted: Posted[];
  reads: URLSearchParams[];
  answer: { status: number; body: unknown };
  close(): Promise<void>;
}

async function startApi(): Promise<ReportApi> {
  const app = Fastify({ logger: false });
  const api: ReportApi = { url: '', posted: [], reads: [], answer: { status: 201, body: { result: { received: true } } }, close: () => app.close() };
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 10 * 1024 * 1024 }, (_request, body, done) => done(null, body));
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get<{ Querystring: Record<string, string> }>('/api/product/landing-page/page', async (request, reply) => {
    api.reads.push(new URLSearchParams(request.query));
    if (request.query.productId !== '42' || request.query.serviceName !== 'acme') return reply.code(404).send({ code: 'E404001', message: 'not found' });
    return { result: pageData() };
  });
  app.post('/api/authenticity/reports', async (request, reply) => {
    const form = await new Response(new Uint8Array(request.body as Buffer), { headers: { 'content-type': request.headers['content-type'] ?? '' } }).formData();
    const fields: Record<string, string> = {};
    let photo: Posted['photo'] = null;
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') fields[name] = value;
      else photo = { name: value.name, size: value.size };
    }
    api.posted.push({
      fields,
      photo,
      visitor: request.headers[VISITOR_ADDRESS_HEADER] as string | undefined,
      internalToken: typeof request.headers[INTERNAL_TOKEN_HEADER] === 'string',
      product: new URLSearchParams(request.query as Record<string, string>).toString(),
    });
    return reply.code(api.answer.status).send(api.answer.body);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  api.url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return api;
}

/** A multipart body as a browser's plain form post sends it. */
function formBody(fields: Record<string, string>, photo?: Buffer) {
  const boundary = '----formboundary7MA4YWxkTrZu0gW';
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const chunks: Buffer[] = parts.map((part) => Buffer.from(part));
  if (photo) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="fake.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), photo, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let workDir: string;
/** The landing renderer built from the current sources, shared by the run's landing tests. */
let ssrModule: string;
let api: ReportApi;
let store: TestStore;
let gateway: FastifyInstance;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'landing-report-'));
  ssrModule = await landingRenderer(inject('gatewayTestRun'));
  mkdirSync(path.join(workDir, 'web/.vite'), { recursive: true });
  writeFileSync(path.join(workDir, 'web/.vite/landing-manifest.json'), JSON.stringify({ 'src/landing/entry-client.ts': { file: 'assets/landing-test.js' } }));
  api = await startApi();
  store = createTestStore();
  gateway = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      UPSTREAM_URL: api.url,
      WEB_DIST_DIR: path.join(workDir, 'web'),
      LANDING_SSR_MODULE: ssrModule,
      REDIS_URL: store.redisUrl,
      RESOLVER_ORIGIN: 'https://id.example.com',
    }),
    { store: store.store, storeKeyPrefix: store.keyPrefix, processMetrics: false },
  );
  await gateway.ready();
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await store?.cleanup();
  await api?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

beforeEach(() => {
  api.posted.length = 0;
  api.answer = { status: 201, body: { result: { received: true } } };
});

const REPORT_PATH = '/acme/product-details/42/preview/report';

describe('the landing report page', () => {
  it('answers a form that works without JavaScript: labelled fields, the consent box, the photo input, the hidden trap and the privacy statement', async () => {
    const response = await gateway.inject({ method: 'GET', url: `${REPORT_PATH}?serial=S-1`, headers: { 'accept-language': 'it-IT,it;q=0.9' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    expect(html).toMatch(/^<!doctype html><html lang="it">/);
    expect(html).toContain('<title>Segnala un sospetto falso – Trail boots</title>');
    const form = /<form[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/acme/product-details/42/preview/report"');
    expect(form).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toContain('<input type="hidden" name="serial" value="S-1"/>');
    expect(html).toContain('<input type="hidden" name="language" value="it"/>');
    const input = (name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(html).toMatch(/<label>Dove l&#x27;hai acquistato\?<span class="hint"[^>]*>[^<]*<\/span><input[^>]*name="purchasePlace"/);
    expect(input('photo')).toMatch(/type="file"[^>]*accept="image\/jpeg,image\/png,image\/webp"/);
    expect(input('emailConsent')).toContain('type="checkbox"');
    expect(html).toMatch(/aria-hidden="true"[^>]*><label>Website<input[^>]*tabindex="-1"[^>]*name="website"/);
    expect(html).toContain('Privacy: questa segnalazione va solo a Acme Outdoor.');
    // The back link returns to the verification view of the serial; no script is needed.
    expect(html).toContain('href="/acme/product-details/42/preview/verification?serial=S-1"');
    expect(html).not.toContain('<script');
    expect(api.reads.at(-1)?.get('view')).toBe('index');

    expect((await gateway.inject({ method: 'GET', url: '/nordic/product-details/42/preview/report' })).statusCode).toBe(404);
  });

  it('passes a plain form post (no X-CSRF header, no session) to the API with the photo and the shopper\'s address, then shows the thank-you state', async () => {
    const photo = Buffer.alloc(2048, 7);
    const body = formBody({ serial: 'S-1', purchasePlace: 'Market', seller: 'Stall 4', emailConsent: 'on', email: 'a@example.com', language: 'it', website: '' }, photo);
    const response = await gateway.inject({ method: 'POST', url: `${REPORT_PATH}?lang=it`, ...body, remoteAddress: '203.0.113.9' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${REPORT_PATH}?sent=1&lang=it`);
    expect(api.posted).toEqual([
      {
        fields: { serial: 'S-1', purchasePlace: 'Market', seller: 'Stall 4', emailConsent: 'on', email: 'a@example.com', language: 'it', website: '' },
        photo: { name: 'fake.jpg', size: 2048 },
        visitor: '203.0.113.9',
        internalToken: true,
        product: 'serviceName=acme&productId=42',
      },
    ]);
    const thanks = await gateway.inject({ method: 'GET', url: response.headers.location as string });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain('data-testid="landing-report-thanks"');
    expect(thanks.body).toContain('Grazie, la segnalazione è stata inviata');
    expect(thanks.body).not.toContain('<form');
  });

  it('answers the form again with its values and the field errors the API named', async () => {
    api.answer = { status: 400, body: { code: 'E400001', message: 'Some fields are missing or invalid.', details: [{ path: 'purchasePlace', message: 'Say where you bought it' }] } };
    const response = await gateway.inject({ method: 'POST', url: REPORT_PATH, ...formBody({ purchasePlace: '', seller: 'Stall <4>', purchaseDate: '2026-01-02' }), headers: { ...formBody({}).headers, 'accept-language': 'en' } });
    expect(response.statusCode).toBe(400);
    const html = response.body;
    expect(html).toContain('Please check the fields marked below.');
    const place = /<input[^>]*name="purchasePlace"[^>]*>/.exec(html)?.[0] ?? '';
    expect(place).toContain('aria-invalid="true"');
    expect(place).toContain('aria-describedby="report-purchasePlace-hint report-purchasePlace-error"');
    expect(html).toContain('id="report-purchasePlace-error">Say where you bought it (up to 200 characters).');
    expect(html).toContain('value="Stall &lt;4&gt;"');
    expect(html).toContain('value="2026-01-02"');
  });

  it('says so when the address sent too many reports today, and when the API does not answer', async () => {
    api.answer = { status: 429, body: { code: 'E429001', message: 'At most 5 reports a day' } };
    const limited = await gateway.inject({ method: 'POST', url: REPORT_PATH, ...formBody({ purchasePlace: 'Market' }) });
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Too many reports were sent from your connection today. Please try again tomorrow.');
    expect(limited.body).toContain('value="Market"');

    api.answer = { status: 500, body: { code: 'E500001', message: 'boom' } };
    const failed = await gateway.inject({ method: 'POST', url: REPORT_PATH, ...formBody({ purchasePlace: 'Market' }) });
    expect(failed.statusCode).toBe(503);
    expect(failed.body).toContain('Your report could not be sent right now.');
  });
});
