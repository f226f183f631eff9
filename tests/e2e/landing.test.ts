import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import axe from 'axe-core';
import jsqr from 'jsqr';
import { PNG } from 'pngjs';
import { gtin14 } from '@product-console/shared';
import { baseURL, DEMO_PASSWORD, launchBrowser } from '../support/browser.js';

/*
 * The consumer landing from a real scan (issue 15): a Nordic Foods manager registers a serial on a
 * category 2 (smart label) demo product and downloads its QR code through the console's calls; a Korean phone decodes it, follows
 * the resolver's 307 and reads every view of the landing — server-rendered, readable without
 * JavaScript, free of serious accessibility faults, with no link that leads to a dead end — and the
 * friendly 404 pages of a product that is not there.
 */

const SHOTS = fileURLToPath(new URL('../../.artifacts/e2e/landing/', import.meta.url));

/** A category 2 demo product of Nordic Foods, with label information (details, dynamic information). */
const PRODUCT_NAME = 'Rye Crispbread';
const PRODUCT_NUMBER = 'NF-BA-001';
const NORDIC = {
  name: 'Nordic Foods',
  phone: '+46 8 555 010 00',
  email: 'info@nordic.example',
  prefix: '7350053',
};

/** The page's own words in Korean, read from the console's message catalogue. */
const KO = JSON.parse(readFileSync(fileURLToPath(new URL('../../services/web/src/locales/ko.json', import.meta.url)), 'utf8')) as Record<string, string>;
/** A Korean message with its `{name}` arguments filled in. */
const ko = (id: string, values: Record<string, string> = {}) => {
  const message = KO[id];
  if (!message) throw new Error(`no Korean message ${id}`);
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
};

/** What a phone's browser sends when it opens a page. */
const NAVIGATION_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const PHONE = {
  viewport: { width: 400, height: 800 },
  locale: 'ko-KR',
  extraHTTPHeaders: { 'Accept-Language': 'ko' },
  isMobile: true,
  hasTouch: true,
} as const;

let browser: Browser;
let manager: BrowserContext;
let phone: BrowserContext;
let noScript: BrowserContext;

/** Filled in by the first test, used by the others. */
const scan = {
  productId: 0,
  gtin: '',
  serial: `LND${Date.now() % 1_000_000_000}`,
  /** The decoded QR code: `{origin}/01/{gtin}/21/{serial}`. */
  digitalLink: '',
  /** The index view's path. */
  basePath: '',
};
/** Every view as the phone reached it, by name. */
const views = new Map<string, string>();

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  manager = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  phone = await browser.newContext(PHONE);
  noScript = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
});
afterAll(async () => {
  await browser?.close();
});

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Reads the QR code of a PNG image. */
function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  // jsqr is CommonJS: its function is the `default` of the module object.
  return jsqr.default(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height)?.data ?? null;
}

/** Serious and critical findings of axe-core on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's Content-Security-Policy does not apply.
  await page.evaluate(axe.source);
  const results = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }));
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Every link of the page leads somewhere: same-origin addresses answer below 400 (redirects
 * followed, as a browser would); tel: and mailto: are left to the phone; other sites must at least
 * be web addresses (this machine has no network to ask them).
 */
async function deadLinks(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  const origin = new URL(baseURL()).origin;
  const dead: string[] = [];
  for (const href of new Set(hrefs)) {
    const url = new URL(href);
    if (url.protocol === 'tel:' || url.protocol === 'mailto:') continue;
    if (url.origin !== origin) {
      if (url.protocol !== 'https:' && url.protocol !== 'http:') dead.push(`${href}: not a web address`);
      continue;
    }
    const response = await page.context().request.get(href, { headers: { Accept: NAVIGATION_ACCEPT } });
    if (response.status() >= 400) dead.push(`${href}: ${response.status()}`);
  }
  return dead;
}

/** The text a visitor reads, as the server sent it: no script has run in this context. */
async function textWithoutJavaScript(url: string): Promise<{ status: number; text: string; lang: string | null; title: string; ogTitle: string | null; ogImage: string | null }> {
  const page = await noScript.newPage();
  try {
    const response = await page.goto(url);
    const meta = (property: string) => page.locator(`meta[property="${property}"]`).first().getAttribute('content', { timeout: 1000 }).catch(() => null);
    return {
      status: response?.status() ?? 0,
      text: await page.locator('body').innerText(),
      lang: await page.locator('html').getAttribute('lang'),
      title: await page.title(),
      ogTitle: await meta('og:title'),
      ogImage: await meta('og:image'),
    };
  } finally {
    await page.close();
  }
}

/** The console's shell (sidebar, top bar, breadcrumbs, sign-in form) and its script bundle. */
const CONSOLE_CHROME = [
  '[data-testid="sidebar"]',
  '[data-testid="profile-menu"]',
  '[data-testid="notification-bell"]',
  '[data-testid="breadcrumbs"]',
  'input[type="password"]',
  'a[href$="/login"]',
  'script[src*="/assets/index-"]',
].join(', ');

/** No console around a landing or error page: what of the console's shell or code the page holds. */
const consoleChrome = (page: Page): Promise<number> => page.locator(CONSOLE_CHROME).count();

/** Signs a context in as the console does (its session cookie then goes with the context's requests). */
async function signInByApi(context: BrowserContext, email: string): Promise<void> {
  const response = await context.request.post(`${baseURL()}/bff/auth/sign-in`, { headers: { 'X-CSRF': '1' }, data: { email, password: DEMO_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });

describe('the consumer landing from a real scan, on a Korean phone', () => {
  it('a serial registered on a category 2 product is carried by the QR code the console downloads', async () => {
    await signInByApi(manager, 'manager@nordic.example');
    const api = manager.request;
    const csrf = { 'X-CSRF': '1' };

    const list = await json<{ result: { productId: number; entry_id: number; product_name: string; category_id: number; gtin: string }[] }>(
      await api.get(`${baseURL()}/bff/api/product/all?page=1&size=100`),
    );
    const product = list.result.find((item) => item.product_name === PRODUCT_NAME);
    expect(product).toBeDefined();
    expect(product!.category_id).toBe(2);
    scan.productId = product!.productId;
    scan.gtin = product!.gtin;
    scan.basePath = `/nordic/product-details/${scan.productId}/preview`;

    const registered = await api.post(`${baseURL()}/bff/api/entry/qualifiers/`, {
      headers: csrf,
      data: { qualifierPath: `/21/${scan.serial}`, identifierCode: '21', entryId: product!.entry_id, entryPath: `/01/${scan.gtin}`, gcp: NORDIC.prefix },
    });
    expect(registered.status(), await registered.text()).toBeLessThan(300);

    // The console's QR call, with the serial: the PNG a brand prints on the item.
    const png = await api.get(`${baseURL()}/bff/api/product/qr?productId=${scan.productId}&format=png&size=512&serial=${encodeURIComponent(scan.serial)}&download=1`);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toContain('image/png');
    const decoded = decodeQr(await png.body());
    expect(decoded).toBe(`${baseURL()}/01/${scan.gtin}/21/${scan.serial}`);
    scan.digitalLink = decoded!;
  });

  it('the scan answers 307 to the index view, shown in Korean with the product and its serial', async () => {
    const redirect = await phone.request.get(scan.digitalLink, { maxRedirects: 0, headers: { Accept: NAVIGATION_ACCEPT } });
    expect(redirect.status()).toBe(307);
    const location = new URL(redirect.headers().location ?? '', baseURL());
    expect(location.pathname).toBe(scan.basePath);

    const page = await phone.newPage();
    const response = await page.goto(scan.digitalLink);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(scan.basePath);
    views.set('index', page.url());
    expect(await page.locator('html').getAttribute('lang')).toBe('ko');
    await expect.poll(() => page.getByTestId('preview-product-name').innerText()).toBe(PRODUCT_NAME);
    // The page's own words are Korean: the product's links are named so, and so is the Digital Link line.
    expect(await page.getByRole('navigation', { name: ko('preview.links') }).count()).toBe(1);
    expect(await page.getByTestId('preview-digital-link').innerText()).toContain(ko('landing.digitalLink'));
    // The scanned serial is shown and kept in the Digital Link of the footer.
    expect(await page.getByTestId('preview-serial').innerText()).toContain(scan.serial);
    expect(await page.getByTestId('preview-digital-link').innerText()).toContain(`/21/${scan.serial}`);
    // Title and Open Graph tags, so that a shared link previews properly.
    expect(await page.title()).toContain(PRODUCT_NAME);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toContain(PRODUCT_NAME);
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/^https?:\/\//);
    // Every image says what it shows.
    expect(await page.locator('img:not([alt]), img[alt=""]').count()).toBe(0);
    expect(await consoleChrome(page)).toBe(0);
    await shot(page, 'index-ko');
    await page.close();
  });

  it('with the registered serial, the verification view says registered item with its history, never the Genuine badge of a printed code', async () => {
    const page = await phone.newPage();
    await page.goto(`${scan.digitalLink}?linkType=gs1:certificationInfo`);
    expect(new URL(page.url()).pathname).toBe(`${scan.basePath}/verification`);
    views.set('verification', page.url());
    const registered = page.getByTestId('landing-registered');
    await expect.poll(() => registered.count()).toBe(1);
    expect(await registered.innerText()).toContain(ko('landing.verification.registered.title'));
    expect(await page.getByTestId('landing-history').count()).toBe(1);
    const body = await page.locator('body').innerText();
    expect(body).toContain(scan.serial);
    expect(body).toContain(PRODUCT_NAME);
    expect(body).toContain(PRODUCT_NUMBER);
    expect(body).not.toContain(ko('landing.verification.notGenuine.title'));
    expect(await page.getByTestId('landing-genuine').count()).toBe(0);
    await shot(page, 'verification-registered');
    await page.close();
  });

  it('with a serial nobody registered, the verification view says not genuine, and why, and never shows the badge', async () => {
    const unknown = `NOPE${Date.now() % 1_000_000}`;
    const page = await phone.newPage();
    await page.goto(`${baseURL()}/01/${scan.gtin}/21/${unknown}?linkType=gs1:certificationInfo`);
    expect(new URL(page.url()).pathname).toBe(`${scan.basePath}/verification`);
    views.set('verification-unverified', page.url());
    const body = await page.locator('body').innerText();
    expect(body).toContain(ko('landing.verification.notGenuine.title'));
    expect(body).toContain(ko('landing.verification.notGenuine.unknown'));
    expect(body).toContain(unknown);
    expect(await page.getByTestId('landing-genuine').count()).toBe(0);
    expect(body).not.toContain(ko('landing.verification.statement', { company: NORDIC.name }));
    // The company's contact, to ask about the item.
    expect(await page.locator(`a[href^="mailto:${NORDIC.email}"]`).count()).toBeGreaterThan(0);
    await shot(page, 'verification-unverified');
    await page.close();
  });

  it("the homepage view shows the company's About us with its contacts as tap-to-call and tap-to-write links", async () => {
    const page = await phone.newPage();
    await page.goto(`${scan.digitalLink}?linkType=gs1:homepage`);
    expect(new URL(page.url()).pathname).toBe(`${scan.basePath}/homepage`);
    views.set('homepage', page.url());
    const body = await page.locator('body').innerText();
    expect(body).toContain(NORDIC.name);
    expect(body).toContain('Dairy and bakery products from the north.');
    expect(body).toContain('Mon-Fri 8:00-16:00');
    const tel = page.locator('a[href^="tel:"]');
    expect(await tel.count()).toBeGreaterThan(0);
    expect((await tel.first().getAttribute('href'))!.replace(/[^+\d]/g, '')).toBe(NORDIC.phone.replace(/[^+\d]/g, ''));
    expect(await page.locator(`a[href="mailto:${NORDIC.email}"]`).count()).toBeGreaterThan(0);
    expect(await page.locator('a[href^="https://nordic.example"]').count()).toBeGreaterThan(0);
    expect(await page.locator('a[href="https://facebook.com/nordic.example"]').count()).toBe(1);
    // A way back to the product.
    const back = page.locator(`a[href^="${scan.basePath}"]`);
    expect(await back.count()).toBeGreaterThan(0);
    await shot(page, 'homepage');
    await page.close();
  });

  it('the smartLabel view of the category 2 product shows its label information', async () => {
    const page = await phone.newPage();
    await page.goto(`${scan.digitalLink}?linkType=gs1:smartLabel`);
    expect(new URL(page.url()).pathname).toBe(`${scan.basePath}/smartLabel`);
    views.set('smartLabel', page.url());
    const body = await page.locator('body').innerText();
    expect(body).toContain(PRODUCT_NAME);
    // The seeded details and dynamic information of the demo product.
    expect(body).toContain(`Product number ${PRODUCT_NUMBER}.`);
    expect(body).toContain('Country of origin');
    expect(body).toContain('Portugal');
    await shot(page, 'smart-label');
    await page.close();
  });

  it.each(['dpp', 'traceability'])('the %s view says plainly that nothing has been published yet', async (view) => {
    const page = await phone.newPage();
    const response = await page.goto(`${baseURL()}${scan.basePath}/${view}`);
    expect(response?.status()).toBe(200);
    views.set(view, page.url());
    // The page names the product in its title, as every view does for a shared link.
    expect(await page.title()).toContain(PRODUCT_NAME);
    const body = await page.locator('body').innerText();
    expect(body).toContain(ko('landing.unpublished'));
    expect(body).toContain(ko(`landing.${view}.unpublished`));
    expect(await consoleChrome(page)).toBe(0);
    await shot(page, view);
    await page.close();
  });

  it('every view passes an axe-core scan with no serious or critical violation', async () => {
    expect([...views.keys()].sort()).toEqual(['dpp', 'homepage', 'index', 'smartLabel', 'traceability', 'verification', 'verification-unverified']);
    const found: Record<string, string[]> = {};
    const page = await phone.newPage();
    for (const [name, url] of views) {
      await page.goto(url);
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[name] = violations;
    }
    await page.close();
    expect(found).toEqual({});
  });

  it("every view's text is in the HTML the server sends, before any script runs", async () => {
    const expected: Record<string, string[]> = {
      index: [PRODUCT_NAME, PRODUCT_NUMBER, ko('landing.digitalLink')],
      verification: [PRODUCT_NAME, scan.serial, ko('landing.verification.registered.title')],
      'verification-unverified': [PRODUCT_NAME, ko('landing.verification.notGenuine.title'), NORDIC.email],
      homepage: [NORDIC.name, NORDIC.email, 'Mon-Fri 8:00-16:00'],
      smartLabel: [PRODUCT_NAME, `Product number ${PRODUCT_NUMBER}.`, 'Portugal'],
      dpp: [ko('landing.dpp.unpublished')],
      traceability: [ko('landing.traceability.unpublished')],
    };
    const missing: string[] = [];
    for (const [name, url] of views) {
      const page = await textWithoutJavaScript(url);
      expect(page.status, name).toBe(200);
      expect(page.lang, name).toBe('ko');
      // A title and Open Graph tags (name, image), so that a shared link of any view previews properly.
      expect(page.title, name).not.toBe('');
      expect(page.ogTitle, name).toBeTruthy();
      expect(page.ogImage, name).toMatch(/^https?:\/\//);
      for (const text of expected[name] ?? []) if (!page.text.includes(text)) missing.push(`${name}: ${text}`);
    }
    expect(missing).toEqual([]);
  });

  it('no link on any view leads to a dead end', async () => {
    const found: Record<string, string[]> = {};
    const page = await phone.newPage();
    for (const [name, url] of views) {
      await page.goto(url);
      expect(await page.locator('a[href]').count(), name).toBeGreaterThan(0);
      const dead = await deadLinks(page);
      if (dead.length > 0) found[name] = dead;
    }
    await page.close();
    expect(found).toEqual({});
  });
});

describe('friendly 404 pages, never the console', () => {
  /** Checks a 404 page the phone opened: Korean, titled, no console, no serious accessibility fault, readable without JavaScript. */
  async function expectFriendly404(url: string, heading: string, name: string) {
    const page = await phone.newPage();
    const response = await page.goto(url);
    expect(response?.status()).toBe(404);
    expect(await page.locator('html').getAttribute('lang')).toBe('ko');
    expect(await page.title()).not.toBe('');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(heading);
    expect(await consoleChrome(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await deadLinks(page)).toEqual([]);
    await shot(page, name);
    await page.close();
    const plain = await textWithoutJavaScript(url);
    expect(plain.status).toBe(404);
    expect(plain.text).toContain(heading);
  }

  it("another company's address for a product shows the landing's 404 page", async () => {
    const acme = await browser.newContext({ locale: 'en-US' });
    try {
      await signInByApi(acme, 'manager@demo.example');
      const list = await json<{ result: { productId: number }[] }>(await acme.request.get(`${baseURL()}/bff/api/product/all?page=1&size=1`));
      const acmeProductId = list.result[0]!.productId;
      // The product is Acme's: under its own company it shows, under Nordic's it does not exist.
      const own = await phone.request.get(`${baseURL()}/acme/product-details/${acmeProductId}/preview`, { headers: { Accept: NAVIGATION_ACCEPT } });
      expect(own.status()).toBe(200);
      await expectFriendly404(`${baseURL()}/nordic/product-details/${acmeProductId}/preview`, ko('landing.notFound.title'), 'not-found-other-company');
    } finally {
      await acme.close();
    }
  });

  it('an unknown product, and a deleted one, show the landing 404 page; the deleted one scanned shows the resolver 404 page', async () => {
    await expectFriendly404(`${baseURL()}/nordic/product-details/987654321/preview`, ko('landing.notFound.title'), 'not-found-unknown');

    // A product of Nordic's own, published, then deleted.
    const api = manager.request;
    const projects = await json<{ result: { project_id: number }[] }>(await api.get(`${baseURL()}/bff/api/project/all`));
    const gtin = gtin14(0, NORDIC.prefix, 90_000 + (Date.now() % 9_999));
    const created = await api.post(`${baseURL()}/bff/api/product/?service=DL`, {
      headers: { 'X-CSRF': '1' },
      multipart: {
        product: JSON.stringify([{ project_id: projects.result[0]!.project_id, product_name: 'Oat Crackers', product_number: 'NF-E2E-404', features: '', description: '', gtin }]),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { productId } = (await created.json()) as { productId: number };
    const live = await phone.request.get(`${baseURL()}/nordic/product-details/${productId}/preview`, { headers: { Accept: NAVIGATION_ACCEPT } });
    expect(live.status()).toBe(200);
    expect(await live.text()).toContain('Oat Crackers');
    const deleted = await api.delete(`${baseURL()}/bff/api/product/${productId}`, { headers: { 'X-CSRF': '1' } });
    expect(deleted.status(), await deleted.text()).toBeLessThan(300);
    await expectFriendly404(`${baseURL()}/nordic/product-details/${productId}/preview`, ko('landing.notFound.title'), 'not-found-deleted');
    // Its printed code no longer leads anywhere: the resolver's own 404 page, in Korean.
    await expectFriendly404(`${baseURL()}/01/${gtin}`, '제품을 찾을 수 없습니다', 'resolver-not-found-deleted');
  });

  it("the resolver's 404 page for a code no product has is Korean, accessible and readable without JavaScript", async () => {
    await expectFriendly404(`${baseURL()}/01/${gtin14(0, NORDIC.prefix, 99_999)}`, '제품을 찾을 수 없습니다', 'resolver-not-found');
  });
});

describe('the dpp view of a published passport', () => {
  /** Acme's first DPP demo product (Summit 45L Backpack), with a published passport (seed-passports.ts). */
  const DPP_GTIN = '00614141000012';

  it("shows the passport's public fields and valid certificates, and the page itself verifies the credential before saying so", async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL()}/01/${DPP_GTIN}?linkType=gs1:dpp`);
    expect(new URL(page.url()).pathname).toMatch(/^\/acme\/product-details\/\d+\/preview\/dpp$/);
    const passport = page.getByTestId('landing-dpp');
    await expect.poll(() => passport.count()).toBe(1);
    const text = await passport.innerText();
    expect(text).toContain(ko('landing.dpp.identity'));
    expect(text).toContain(DPP_GTIN);
    expect(text).toContain('ISO 14067');
    expect(text).toContain('OTS-2026-04417');
    // The expired certificate and the fields above the public level are not there.
    expect(text).not.toContain('BS-2021-0093');
    expect(text).not.toContain('Acme Sewing Works');
    expect(text).not.toContain('any tailor can replace them');
    // The importer is public information (ESPR Annex III), shown with the other operators.
    expect(text).toContain('Acme Outdoor Europe GmbH');
    // The mark appears once the page has checked the signed credential against the issuer's DID document.
    const mark = page.getByTestId('dpp-verified');
    await expect.poll(() => mark.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await mark.innerText()).toBe(ko('landing.dpp.verifiedBy', { issuer: 'Acme Outdoor' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await shot(page, 'dpp-ko');
    await page.close();

    // Without JavaScript nothing was checked: the passport is readable, the mark is not shown.
    const still = await noScript.newPage();
    await still.goto(`${baseURL()}/01/${DPP_GTIN}?linkType=gs1:dpp`);
    expect(await still.getByTestId('landing-dpp').count()).toBe(1);
    expect(await still.getByTestId('dpp-verified').isVisible()).toBe(false);
    await still.close();
  });
});

describe('the traceability view of a traced demo product', () => {
  /** Acme's traced demo hiking boots (the third demo product, seed.ts and seed-traces.ts) and the serial sold at the Berlin store. */
  const TRACED_GTIN = gtin14(0, '0614141', 3);
  const SOLD_SERIAL = 'TH-0001';

  it("a scan of the sold boots' serial tells its journey from the factory to the shop, in Korean, readable without JavaScript", async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL()}/01/${TRACED_GTIN}/21/${SOLD_SERIAL}?linkType=gs1:traceability`);
    const url = new URL(page.url());
    expect(url.pathname).toMatch(/^\/acme\/product-details\/\d+\/preview\/traceability$/);
    expect(url.searchParams.get('serial')).toBe(SOLD_SERIAL);

    expect(await page.getByTestId('trace-intro').innerText()).toBe(ko('landing.traceability.introSerial', { serial: SOLD_SERIAL }));
    const journey = page.getByRole('list', { name: ko('landing.traceability.listLabel') });
    const step = (name: string) => ko(`landing.traceability.step.${name}`);
    // Oldest first: made and packed in Porto, shipped in a case with a temperature logger, received and unpacked in
    // Hamburg, shipped on to the Berlin store, received there and sold.
    expect(await journey.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(
      ['commissioning', 'packing', 'shipping', 'receiving', 'unpacking', 'shipping', 'receiving', 'retail_selling'].map(step),
    );
    expect(await page.getByTestId('trace-sensor').allInnerTexts()).toEqual([`${KO['cbv.measurement.Temperature']} 4.7~6.8\u00a0°C 유지`]);
    const text = await journey.innerText();
    // Places by their names and towns (decision 081), not by bare GLNs.
    expect(text).toContain('Acme footwear factory');
    expect(text).toContain('Porto');
    expect(text).toContain('Hamburg distribution centre');
    // Each time in its place's own zone (Lisbon and Berlin), the status words only where they add something.
    expect(text).toMatch(/\(UTC\+[12]\)/);
    expect(text).toContain(KO['cbv.disposition.sellable_accessible']);
    expect(text).not.toContain(KO['cbv.disposition.in_transit']);
    // The back link keeps the serial; nothing on the page leads to a dead end; no serious accessibility fault.
    expect(new URL(await page.getByTestId('landing-back').evaluate((a) => (a as HTMLAnchorElement).href)).searchParams.get('serial')).toBe(SOLD_SERIAL);
    expect(await deadLinks(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await shot(page, 'traceability-ko');
    const address = page.url();
    await page.close();

    const served = await textWithoutJavaScript(address);
    expect(served.status).toBe(200);
    expect(served.text).toContain(step('commissioning'));
    expect(served.text).toContain(step('retail_selling'));
  });
});
