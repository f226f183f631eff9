import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { VISITOR_ADDRESS_HEADER, type LandingPageData, type PublicPassport } from '@product-console/shared';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { expectEachEncoding, getEncoded } from '../../test/encodings.js';
import { landingPageData } from '../../test/landing-page-data.js';
import { landingRenderer } from '../../test/landing-renderer.js';
import { createTestStore, type TestStore } from '../../test/store.js';

/*
 * The consumer landing as a shopper's phone gets it from the gateway: HTML rendered by the web
 * workspace's server bundle (built here from the current sources) from a stand-in API's page data.
 */

const ENTRY_PATH = '/01/09506000134352';

const FACTORY = 'https://id.gs1.org/414/0614142000028';
const STORE = 'https://id.gs1.org/414/0614142000059';
/** The boots' journey as the API gives the traceability view: steps at two of the brand's places (decision 081). */
const TRACE: NonNullable<LandingPageData['trace']> = {
  serial: null,
  lot: null,
  total: 2,
  steps: [FACTORY, STORE].map((place, index) => ({
    eventId: `urn:uuid:00000000-0000-4000-8000-00000000000${index}`,
    eventType: 'ObjectEvent' as const,
    action: 'OBSERVE' as const,
    eventTime: `2026-11-0${index + 1}T10:00:00.000+01:00`,
    eventTimeZoneOffset: '+01:00',
    recordTime: `2026-11-0${index + 1}T10:00:00.000Z`,
    bizStep: index === 0 ? 'commissioning' : 'retail_selling',
    disposition: null,
    readPoint: place,
    bizLocation: place,
    epcs: [],
    parentId: null,
    quantities: [],
    sensorReadings: [],
    errorDeclaration: null,
  })),
  places: [
    { identifier: FACTORY, name: 'Acme footwear factory', city: 'Porto', region: null, countryCode: 'PT', latitude: 41.146, longitude: -8.574 },
    { identifier: STORE, name: 'Acme store Berlin Mitte', city: 'Berlin', region: null, countryCode: 'DE', latitude: 52.526, longitude: 13.402 },
  ],
};

function pageData(view: LandingPageData['view'] = 'index'): LandingPageData {
  return landingPageData({
    view,
    product: { description: 'Waterproof leather boots.', image: ['/files/boots.jpg'], thumbnails: ['/files/boots-thumb.jpg'] },
    content: {
      contents: [],
      languages: ['ko'],
      productDetails: [{ languageCode: 'ko', productName: '트레일 부츠', description: '방수 가죽 부츠입니다.' }],
      translatedTo: null,
    },
    verification:
      view === 'verification'
        ? { status: 'registered', serial: 'S1', checkedAt: '2026-11-24T06:00:00.000Z', warnings: [], reason: null, history: null, tapCounter: null, country: null }
        : null,
    trace: view === 'traceability' ? TRACE : null,
  });
}

/** The stand-in API's live access token; its level shows the facilities, which the public does not see. */
const ACCESS_TOKEN = 'live-token_0123456789';
const RESTRICTED = 'Calzaturificio Nord';

/** What the API answers the dpp view: public fields, or a live token's level, or public with `accessLink: 'invalid'`. */
function passportFor(access: string | undefined): PublicPassport {
  const open = access === ACCESS_TOKEN;
  return {
    productId: 42,
    template: 'core',
    version: 2,
    publishedAt: '2026-11-20T08:00:00.000Z',
    level: open ? 'legitimateInterest' : 'public',
    ...(access === undefined ? {} : { accessLink: open ? ('open' as const) : ('invalid' as const) }),
    data: {
      gtin: '09506000134352',
      manufacturer: { name: 'Acme Outdoor' },
      ...(open ? { manufacturingFacilities: [{ name: RESTRICTED, address: { city: 'Varese', country: 'IT' } }] } : {}),
    },
    certificates: [],
  };
}

interface LandingApi {
  url: string;
  /** Query strings of the page reads that reached the API. */
  reads: URLSearchParams[];
  /** The visitor address each read named (`x-visitor-address`), if any. */
  visitors: (string | undefined)[];
  options: { fail: boolean };
  close(): Promise<void>;
}

async function startLandingApi(): Promise<LandingApi> {
  const app = Fastify({ logger: false });
  const api: LandingApi = { url: '', reads: [], visitors: [], options: { fail: false }, close: () => app.close() };
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get<{ Querystring: Record<string, string> }>('/api/product/landing-page/page', async (request, reply) => {
    api.reads.push(new URLSearchParams(request.query));
    api.visitors.push(request.headers[VISITOR_ADDRESS_HEADER] as string | undefined);
    if (api.options.fail) return reply.code(500).send({ code: 'E500001', message: 'boom' });
    const { productId, serviceName, view = 'index' } = request.query;
    if (productId !== '42' || serviceName !== 'acme') return reply.code(404).send({ code: 'E404001', message: 'not found' });
    const data = pageData(view as LandingPageData['view']);
    return { result: view === 'dpp' ? { ...data, passport: passportFor(request.query.access) } : data };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  api.url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return api;
}

let workDir: string;
/** The landing renderer built from the current sources, shared by the run's landing tests. */
let ssrModule: string;
let api: LandingApi;
let store: TestStore;
let gateway: FastifyInstance;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'landing-routes-'));
  // The renderer of the current sources, and a web build with a manifest naming the page's script.
  ssrModule = await landingRenderer(inject('gatewayTestRun'));
  mkdirSync(path.join(workDir, 'web/.vite'), { recursive: true });
  writeFileSync(
    path.join(workDir, 'web/.vite/landing-manifest.json'),
    JSON.stringify({
      'src/landing/entry-client.ts': { file: 'assets/landing-test.js', imports: ['_media.js'] },
      '_media.js': { file: 'assets/media-test.js' },
      'src/landing/fonts-ko.css': { file: 'assets/landing-fonts-ko-test.css' },
      'src/landing/fonts-ja.css': { file: 'assets/landing-fonts-ja-test.css' },
    }),
  );
  writeFileSync(
    path.join(workDir, 'web/.vite/landing-draft-manifest.json'),
    JSON.stringify({ 'src/landing/draft.tsx': { file: 'assets/landing-draft-test.js', imports: ['_react.js'] }, '_react.js': { file: 'assets/react-test.js' } }),
  );
  api = await startLandingApi();
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

beforeEach(async () => {
  api.options.fail = false;
  // Each test starts with nothing kept: the entry's invalidation drops the landing's records too.
  await gateway.resolution.invalidate([ENTRY_PATH]);
  api.reads.length = 0;
  api.visitors.length = 0;
});

const page = (url: string, headers: Record<string, string> = {}) => gateway.inject({ method: 'GET', url, headers });

describe('GET /{serviceName}/product-details/{id}/preview', () => {
  it('answers the whole page as HTML: the product, its title and Open Graph tags, the script of the build and the inlined state', async () => {
    const response = await page('/acme/product-details/42/preview', { 'accept-language': 'en-US,en;q=0.9' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    // Framed by the console's editor only.
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    const html = response.body;
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain('<title>Trail boots – Acme Outdoor</title>');
    expect(html).toMatch(/data-testid="preview-product-name"[^>]*>Trail boots</);
    expect(html).toContain('<meta property="og:title" content="Trail boots – Acme Outdoor">');
    expect(html).toContain('<meta property="og:image" content="https://id.example.com/bff/public/files/boots-thumb.jpg">');
    expect(html).toContain('<meta property="og:url" content="https://id.example.com/acme/product-details/42/preview">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<script type="module" src="/assets/landing-test.js"></script>');
    expect(html).toContain('<link rel="modulepreload" href="/assets/media-test.js">');
    expect(html).toMatch(/<script type="application\/json" id="landing-state">\{"productId":42,/);
    // A shopper's page carries no draft preview: neither the draft script nor the page's data and messages.
    expect(html).toContain('"draftScript":null');
    expect(html).not.toContain('"messages":');
    expect(html).not.toMatch(/<(script|link)[^>]*(landing-draft-test|react-test)/);
    expect(response.headers.vary).toMatch(/^Accept-Language, Cookie\b/);
    // English needs no font file; none holds up the first paint.
    expect(html).toContain('"fonts":[]');
    expect(html).not.toContain('rel="stylesheet"');
    // No console: no sign-in, no console bundle.
    expect(html).not.toMatch(/sign in|index-[\w-]+\.js/i);
    expect(api.reads[0]?.get('view')).toBe('index');
    expect(api.reads[0]?.get('serviceName')).toBe('acme');
  });

  it("gives a browser signed in to the console what an editor's draft preview needs, kept from shared caches", async () => {
    const response = await page('/acme/product-details/42/preview', { 'accept-language': 'en', cookie: 'sid=an-editor-session' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    // The draft view is named for the script to import on an editor's answer, never loaded with the page.
    expect(response.body).toContain('"draftScript":"/assets/landing-draft-test.js"');
    expect(response.body).toContain('"messages":{');
    expect(response.body).not.toMatch(/<(script|link)[^>]*(landing-draft-test|react-test)/);
  });

  it('shows a registered language the browser prefers, with the page words in it', async () => {
    const response = await page('/acme/product-details/42/preview', { 'accept-language': 'ko-KR,ko;q=0.9,en;q=0.5' });
    expect(response.body).toMatch(/^<!doctype html><html lang="ko">/);
    expect(response.body).toContain('<title>트레일 부츠 – Acme Outdoor</title>');
    expect(response.body).toContain('트레일 부츠');
    expect(api.reads[0]?.get('lang')).toBe('ko');
    // The Korean faces only, for the enhancement script to add after the first paint.
    expect(response.body).toContain('"fonts":["/assets/landing-fonts-ko-test.css"]');
  });

  it('takes ?lang= over Accept-Language, and keeps it in the page address', async () => {
    const response = await page('/acme/product-details/42/preview?lang=ko', { 'accept-language': 'en' });
    expect(response.body).toMatch(/<html lang="ko">/);
    expect(response.body).toContain('<title>트레일 부츠 – Acme Outdoor</title>');
    expect(response.body).toContain('content="https://id.example.com/acme/product-details/42/preview?lang=ko"');
  });

  it("shows the default texts when the DEFAULT chip is chosen, in the page words of the viewer's language", async () => {
    const response = await page('/acme/product-details/42/preview?lang=DEFAULT', { 'accept-language': 'ko' });
    expect(response.body).toMatch(/<html lang="ko">/);
    expect(response.body).toContain('<title>Trail boots – Acme Outdoor</title>');
    expect(api.reads[0]?.get('lang')).toBeNull();
  });

  it('falls back to the default texts and English words for a language the product does not have', async () => {
    const response = await page('/acme/product-details/42/preview', { 'accept-language': 'fr-FR' });
    expect(response.body).toMatch(/<html lang="en">/);
    expect(response.body).toContain('<title>Trail boots – Acme Outdoor</title>');

    // Asked for in the address, a language of the console still names the page's words.
    const japanese = await page('/acme/product-details/42/preview?lang=ja', { 'accept-language': 'ko' });
    expect(japanese.body).toMatch(/<html lang="ja">/);
    expect(japanese.body).toContain('<title>Trail boots – Acme Outdoor</title>');
  });

  it('answers a product the API does not show with a 404 page in the viewer language, without console chrome', async () => {
    const response = await page('/nordic/product-details/42/preview', { 'accept-language': 'ja' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toMatch(/<html lang="ja">/);
    expect(response.body).toContain('製品が見つかりません');
    expect(response.body).toContain('data-testid="landing-not-found"');
    expect(response.body).not.toMatch(/sign in|<script/i);
    // A page without a script links the faces of its language itself.
    expect(response.body).toContain('<link rel="stylesheet" href="/assets/landing-fonts-ja-test.css">');

    const unknownView = await page('/acme/product-details/42/preview/settings', { 'accept-language': 'it' });
    expect(unknownView.statusCode).toBe(404);
    expect(unknownView.body).toContain('Prodotto non trovato');
  });

  it('answers 503 with a page of its own, and a way to try again, when the API cannot answer', async () => {
    api.options.fail = true;
    const response = await page('/acme/product-details/42/preview/homepage', { 'accept-language': 'ko' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body).toContain('지금은 이 페이지를 표시할 수 없습니다');
    expect(response.body).toContain('href="/acme/product-details/42/preview/homepage"');
  });

  it('reads the page data once per view and language, and again after the product\'s Digital Link path is invalidated', async () => {
    await page('/acme/product-details/42/preview/homepage');
    await page('/acme/product-details/42/preview/homepage');
    await page('/acme/product-details/42/preview/homepage', { 'accept-language': 'ko' });
    expect(api.reads.map((read) => `${read.get('view')}:${read.get('lang') ?? ''}`)).toEqual(['homepage:', 'homepage:ko']);

    await gateway.resolution.invalidate(['/01/00000000000000']);
    await page('/acme/product-details/42/preview/homepage');
    expect(api.reads).toHaveLength(2);

    await gateway.resolution.invalidate([ENTRY_PATH]);
    await page('/acme/product-details/42/preview/homepage');
    expect(api.reads).toHaveLength(3);
  });

  it('shares the page data between replicas, and every replica drops it when one of them sees the invalidation', async () => {
    const replica = await buildApp(
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
    await replica.ready();
    try {
      const url = '/acme/product-details/42/preview/smartLabel';
      await page(url);
      // The other replica finds the page data in the shared store.
      await expect.poll(async () => (await replica.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect(api.reads).toHaveLength(1);
      // The API's answer to a write reached this replica; the other one hears it on the bus.
      await gateway.resolution.invalidate([ENTRY_PATH]);
      await expect
        .poll(async () => {
          await replica.inject({ method: 'GET', url });
          return api.reads.length;
        })
        .toBe(2);
    } finally {
      await replica.close();
    }
  });

  it("passes the scanned serial and the shopper's address to the API on the verification view, which is read every time", async () => {
    const response = await gateway.inject({ method: 'GET', url: '/acme/product-details/42/preview/verification?serial=S1', remoteAddress: '203.0.113.7' });
    expect(response.statusCode).toBe(200);
    await page('/acme/product-details/42/preview/verification?serial=S1');
    expect(api.reads.map((read) => [read.get('view'), read.get('serial')])).toEqual([
      ['verification', 'S1'],
      ['verification', 'S1'],
    ]);
    // The API counts one visitor's repeated checks once by a salted hash of the address; the address is never in the query.
    expect(api.visitors).toEqual(['203.0.113.7', '127.0.0.1']);
    expect(api.reads[0].toString()).not.toContain('203.0.113.7');
    expect(response.body).toContain('"serial":"S1"');

    // Other views keep it in the Digital Link they show and in their links, without asking the API about it.
    const index = await page('/acme/product-details/42/preview?serial=S1');
    expect(index.body).toContain(`https://id.example.com${ENTRY_PATH}/21/S1`);
    expect(index.body).toContain('href="/acme/product-details/42/preview?lang=ko&amp;serial=S1"');
    expect(api.reads.at(-1)?.get('serial')).toBeNull();
    expect(api.visitors.at(-1)).toBeUndefined();
  });

  it("passes an NFC tag's mirrored tap parameters to the API's check on the verification view, and nothing malformed", async () => {
    const tap = 'picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086';
    expect((await page(`/acme/product-details/42/preview/verification?serial=S1&${tap}`)).statusCode).toBe(200);
    expect([api.reads.at(-1)?.get('picc_data'), api.reads.at(-1)?.get('cmac')]).toEqual(['EF963FF7828658A599F3041510671E88', '94EED9EE65337086']);
    await page('/acme/product-details/42/preview/verification?serial=S1&picc_data=%27%3Bdrop&cmac=94EED9EE65337086');
    expect([api.reads.at(-1)?.get('picc_data'), api.reads.at(-1)?.get('cmac')]).toEqual([null, null]);
    // Another view reads no tap.
    await page(`/acme/product-details/42/preview/dpp?serial=S1&${tap}`);
    expect(api.reads.at(-1)?.get('picc_data')).toBeNull();
  });

  it("passes the scanned serial to the API on the traceability view (the serial's own journey), past the cache; without one the product's journey is cached", async () => {
    await page('/acme/product-details/42/preview/traceability?serial=S1');
    await page('/acme/product-details/42/preview/traceability?serial=S2');
    await page('/acme/product-details/42/preview/traceability');
    await page('/acme/product-details/42/preview/traceability');
    expect(api.reads.map((read) => [read.get('view'), read.get('serial')])).toEqual([
      ['traceability', 'S1'],
      ['traceability', 'S2'],
      ['traceability', null],
    ]);
  });

  it("draws the journey on the traceability view as an SVG map in the page, naming the brand's places, with no request elsewhere and no script of its own", async () => {
    const response = await page('/acme/product-details/42/preview/traceability?lang=en');
    expect(response.statusCode, response.body).toBe(200);
    const html = response.body;
    expect(html).toContain('At Acme footwear factory, Porto, Portugal');
    expect(html).toContain('At Acme store Berlin Mitte, Berlin, Germany');
    const map = /<figure[^>]*data-testid="trace-map"[^>]*>([\s\S]*?)<\/figure>/.exec(html)?.[1] ?? '';
    expect(map).toMatch(/<svg[^>]*role="img"[^>]*>/);
    expect(map).toContain('<title');
    expect(map.match(/data-testid="trace-map-point"/g)).toHaveLength(2);
    // Drawn from data in the page: no image, tile or other address to fetch.
    expect(map).not.toMatch(/https?:\/\//);
    expect(map).not.toContain('<image');
    // The page's scripts are the build's first-load entry only.
    expect([...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1])).toEqual(['/assets/landing-test.js']);
    expect(map.length).toBeLessThan(12_000);
  });

  it('sends the page compressed as the phone asks (brotli or gzip), varying by language and encoding; its ETag revalidates either way', async () => {
    const url = '/acme/product-details/42/preview';
    const { identity, br, gzip } = await expectEachEncoding(gateway, url, { headers: { 'accept-language': 'en' }, vary: ['Accept-Language'] });
    expect(identity.decoded.toString('utf8')).toMatch(/^<!doctype html>/);
    // The page's ETag is weak (the same page, whatever its encoding): any of them revalidates.
    for (const answer of [identity, br, gzip]) expect(String(answer.headers.etag)).toMatch(/^W\//);
    const again = await getEncoded(gateway, url, 'br', { 'accept-language': 'en', 'if-none-match': String(identity.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('answers HEAD with the headers only, and a matching If-None-Match with 304', async () => {
    const head = await gateway.inject({ method: 'HEAD', url: '/acme/product-details/42/preview' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body).toBe('');

    const first = await page('/acme/product-details/42/preview');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await page('/acme/product-details/42/preview', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('opens a passport access link on the dpp view: passed to the API, never kept, answered privately without a Referer', async () => {
    const dpp = '/acme/product-details/42/preview/dpp';
    const opened = await page(`${dpp}?access=${ACCESS_TOKEN}`);
    expect(opened.statusCode).toBe(200);
    expect(api.reads.at(-1)?.get('access')).toBe(ACCESS_TOKEN);
    expect(opened.headers['cache-control']).toBe('private, no-store');
    expect(opened.headers['referrer-policy']).toBe('no-referrer');
    expect(opened.headers.etag).toBeUndefined();
    expect(opened.body).toContain(RESTRICTED);
    expect(opened.body).toMatch(/data-testid="dpp-access-level"[^>]*>.*Legitimate interest view/);
    // Links on the page do not carry the token onward (the back link, the views' links).
    expect(opened.body.match(/href="[^"]*"/g)?.filter((href) => href.includes(ACCESS_TOKEN)) ?? []).toEqual([]);

    // A public request after it gets no restricted field: the access answer was not kept, and the public one is read fresh.
    const readsBefore = api.reads.length;
    const plain = await page(dpp);
    expect(api.reads.length).toBe(readsBefore + 1);
    expect(api.reads.at(-1)?.get('access')).toBeNull();
    expect(plain.body).not.toContain(RESTRICTED);
    expect(plain.body).not.toContain('data-testid="dpp-access-level"');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // The public page is kept; another access request still goes to the API, and its answer is not served to the public.
    await page(`${dpp}?access=${ACCESS_TOKEN}`);
    expect(api.reads.length).toBe(readsBefore + 2);
    const again = await page(dpp);
    expect(api.reads.length).toBe(readsBefore + 2);
    expect(again.body).not.toContain(RESTRICTED);
  });

  it('shows the public passport with a short notice for a token the API does not take, and bounds the token', async () => {
    const dpp = '/acme/product-details/42/preview/dpp';
    const stale = await page(`${dpp}?access=revoked-token`);
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['cache-control']).toBe('private, no-store');
    expect(stale.body).toMatch(/data-testid="dpp-access-invalid"[^>]*>.*This access link is no longer valid\./);
    expect(stale.body).not.toContain(RESTRICTED);

    const long = await page(`${dpp}?access=${'x'.repeat(500)}`);
    expect(long.statusCode).toBe(200);
    expect(api.reads.at(-1)?.get('access')).toHaveLength(200);
    expect(long.body).toContain('data-testid="dpp-access-invalid"');

    // Other views do not read it, but still answer such an address privately.
    const index = await page(`/acme/product-details/42/preview?access=${ACCESS_TOKEN}`);
    expect(api.reads.at(-1)?.get('access')).toBeNull();
    expect(index.headers['cache-control']).toBe('private, no-store');
    expect(index.headers['referrer-policy']).toBe('no-referrer');
  });
});

