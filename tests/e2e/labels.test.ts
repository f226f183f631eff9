import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import axe from 'axe-core';
import { gtin14 } from '@product-console/shared';
import { baseURL, DEMO_PASSWORD, launchBrowser } from '../support/browser.js';

/*
 * The labels a brand is obliged to show (issue 29), from the console to the scanned page: a Nordic
 * Foods manager chooses the food, wine and textile templates in the product's label step, meets
 * the inline errors, saves; a phone at 390 px scans each code and reads the label, free of serious
 * accessibility faults. The wine e-label's page is proven to make no tracking request: every
 * request the page makes is recorded, and every cookie.
 */

const SHOTS = fileURLToPath(new URL('../../.artifacts/e2e/labels/', import.meta.url));
const NORDIC_PREFIX = '7350053';
const NAVIGATION_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

const catalogue = (language: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../services/web/src/locales/${language}.json`, import.meta.url)), 'utf8')) as Record<string, string>;
const KO = catalogue('ko');
const IT = catalogue('it');

const phoneOf = (locale: string) =>
  ({ viewport: { width: 390, height: 844 }, locale, extraHTTPHeaders: { 'Accept-Language': locale.split('-')[0]! }, isMobile: true, hasTouch: true }) as const;

let browser: Browser;
let manager: BrowserContext;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  manager = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  const signedIn = await manager.request.post(`${baseURL()}/bff/auth/sign-in`, { headers: { 'X-CSRF': '1' }, data: { email: 'manager@nordic.example', password: DEMO_PASSWORD } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });

/** Serious and critical findings of axe-core on the page as it is now (as the landing's own browser test scans). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const results = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }));
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

let reference = 70_000 + (Date.now() % 9_000);

/** A new category 2 (smart label) product of Nordic Foods, with its GTIN. */
async function newSmartLabelProduct(name: string): Promise<{ productId: number; gtin: string }> {
  const api = manager.request;
  const projects = (await (await api.get(`${baseURL()}/bff/api/project/all`)).json()) as { result: { project_id: number }[] };
  const gtin = gtin14(0, NORDIC_PREFIX, reference++);
  const created = await api.post(`${baseURL()}/bff/api/product/?service=DL`, {
    headers: { 'X-CSRF': '1' },
    multipart: { product: JSON.stringify([{ project_id: projects.result[0]!.project_id, category_id: 2, product_name: name, features: '', description: '', gtin }]) },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { productId: ((await created.json()) as { productId: number }).productId, gtin };
}

/** The console's label step of a product, with the template chosen. */
async function openLabelStep(productId: number, kind: 'food' | 'wine' | 'textile'): Promise<Page> {
  const page = await manager.newPage();
  await page.goto(`${baseURL()}/nordic/product-details/${productId}/edit/label`);
  await page.getByTestId('label-step').waitFor();
  await page.getByLabel('Template').selectOption(kind);
  return page;
}

async function fillNutrition(page: Page, values: [string, string][]) {
  for (const [label, value] of values) await page.getByLabel(label, { exact: true }).fill(value);
}

async function saveLabel(page: Page) {
  const saved = page.waitForResponse((response) => response.url().endsWith('/bff/api/product/label') && response.request().method() === 'PUT');
  await page.getByTestId('label-save').click();
  expect((await saved).status()).toBe(200);
}

/** Shots of the console's label step at 1440 and 390 px. */
async function shootEditor(page: Page, name: string) {
  await shot(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('the food label, from the console to the scanned page', () => {
  it('shows the errors inline, saves, and the scanned batch shows its best-before date under the label in Korean', async () => {
    const { productId, gtin } = await newSmartLabelProduct('Seeded Rye Crackers');
    const batch = await manager.request.post(`${baseURL()}/bff/api/entry/batches/`, { headers: { 'X-CSRF': '1' }, data: { productId, lot: 'LBL-1', bestBeforeDate: '2027-06-30' } });
    expect(batch.status(), await batch.text()).toBe(201);

    const page = await openLabelStep(productId, 'food');
    await page.getByTestId('label-save').click();
    const first = page.getByLabel('Ingredient 1', { exact: true });
    await expect.poll(() => first.getAttribute('aria-invalid')).toBe('true');
    expect(await first.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByLabel('Operator name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('label-failure').innerText()).toContain('Some fields need attention');
    await shot(page, 'food-editor-errors-1440');

    await first.fill('Whole rye flour');
    await page.getByLabel('Allergen of ingredient 1').selectOption('cereals');
    await page.getByLabel('Percent of ingredient 1 (optional)').fill('62');
    await page.getByRole('button', { name: 'Add ingredient' }).click();
    await page.getByLabel('Ingredient 2', { exact: true }).fill('Water');
    await page.getByRole('button', { name: 'Add ingredient' }).click();
    await page.getByLabel('Ingredient 3', { exact: true }).fill('Sesame seeds');
    await page.getByLabel('Allergen of ingredient 3').selectOption('sesame');
    await page.getByLabel('Percent of ingredient 3 (optional)').fill('4');
    await fillNutrition(page, [
      ['Energy (kJ)', '1450'],
      ['Energy (kcal)', '345'],
      ['Fat (g)', '5.5'],
      ['of which saturates (g)', '0.8'],
      ['Carbohydrate (g)', '58'],
      ['of which sugars (g)', '2'],
      ['Protein (g)', '11'],
      ['Salt (g)', '1.1'],
    ]);
    await page.getByLabel('Portion size in g or ml (optional)').fill('25');
    await page.getByLabel('Net quantity', { exact: true }).fill('250');
    await page.getByLabel('Storage conditions').fill('Store in a cool, dry place.');
    await page.getByLabel('Origin').fill('Rye from Sweden');
    await page.getByLabel('Operator name').fill('Nordic Foods AB');
    await page.getByLabel('Operator address').fill('Storgatan 1, 111 22 Stockholm, Sweden');
    await saveLabel(page);
    await shootEditor(page, 'food-editor');
    await page.close();

    const phone = await browser.newContext(phoneOf('ko-KR'));
    const shopper = await phone.newPage();
    const response = await shopper.goto(`${baseURL()}/01/${gtin}/10/LBL-1?linkType=gs1:smartLabel`);
    expect(response?.status()).toBe(200);
    expect(new URL(shopper.url()).pathname).toBe(`/nordic/product-details/${productId}/preview/smartLabel`);
    const ingredients = shopper.getByTestId('label-ingredients');
    expect(await ingredients.locator('strong').allInnerTexts()).toEqual([
      expect.stringContaining('Whole rye flour'),
      expect.stringContaining('Sesame seeds'),
    ]);
    expect(await ingredients.innerText()).toContain(KO['label.allergen.cereals']);
    expect(await shopper.getByRole('table', { name: KO['label.nutrition'] }).count()).toBe(1);
    expect(await shopper.getByTestId('label-date').innerText()).toContain('2027');
    expect(await shopper.getByTestId('label-food-facts').innerText()).toContain('Nordic Foods AB');
    expect(await seriousViolations(shopper)).toEqual([]);
    // Nothing runs past the 390 px column.
    expect(await shopper.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(shopper, 'food-smart-label-390-ko');
    await phone.close();
  });
});

describe('the wine e-label', () => {
  let gtin = '';
  let productId = 0;

  it('is filled in the console, which says the page collects nothing', async () => {
    ({ productId, gtin } = await newSmartLabelProduct('Riesling Kabinett 2024'));
    const page = await openLabelStep(productId, 'wine');
    expect(await page.getByTestId('label-wine-notice').innerText()).toContain('records no scan, sets no cookie');
    await page.getByLabel('Ingredient 1', { exact: true }).fill('Grapes');
    await page.getByRole('button', { name: 'Add ingredient' }).click();
    await page.getByLabel('Ingredient 2', { exact: true }).fill('Sulphites');
    await page.getByLabel('Allergen of ingredient 2').selectOption('sulphites');
    await fillNutrition(page, [
      ['Energy (kJ)', '301'],
      ['Energy (kcal)', '72'],
      ['Fat (g)', '0'],
      ['of which saturates (g)', '0'],
      ['Carbohydrate (g)', '2.6'],
      ['of which sugars (g)', '0.6'],
      ['Protein (g)', '0'],
      ['Salt (g)', '0'],
    ]);
    await page.getByLabel('Alcohol (% vol, optional)').fill('11.5');
    await saveLabel(page);
    await shootEditor(page, 'wine-editor');
    await page.close();
  });

  it('the page reached from its code makes no request elsewhere, no analytics request and sets no cookie, and says so', async () => {
    const phone = await browser.newContext(phoneOf('it-IT'));
    const requests: string[] = [];
    phone.on('request', (request) => requests.push(request.url()));
    const shopper = await phone.newPage();
    // The code as printed, then its e-label (the smart-label link), as a shopper would follow them.
    expect((await shopper.goto(`${baseURL()}/01/${gtin}`))?.status()).toBe(200);
    const response = await shopper.goto(`${baseURL()}/01/${gtin}?linkType=gs1:smartLabel`);
    expect(response?.status()).toBe(200);
    expect(new URL(shopper.url()).pathname).toBe(`/nordic/product-details/${productId}/preview/smartLabel`);
    await shopper.waitForLoadState('networkidle');
    expect(await shopper.getByTestId('label-no-data').innerText()).toBe(IT['label.noData']);
    expect(await shopper.getByTestId('label-ingredients').locator('strong').innerText()).toContain('Sulphites');
    expect(await shopper.getByRole('table', { name: IT['label.nutrition'] }).count()).toBe(1);
    expect(await seriousViolations(shopper)).toEqual([]);
    await shot(shopper, 'wine-e-label-390-it');

    const origin = new URL(baseURL()).origin;
    expect(requests.length).toBeGreaterThan(2);
    // Every request stays on the resolver's own origin (no third party), and none is an analytics call.
    expect(requests.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin)).toEqual([]);
    expect(requests.filter((url) => /analytics|umami|collect|track|beacon|pixel|gtag/i.test(new URL(url).pathname))).toEqual([]);
    // No cookie, first- or third-party.
    expect(await phone.cookies()).toEqual([]);
    await phone.close();

    // The resolver's answer itself sets none either.
    const direct = await manager.request.get(`${baseURL()}/01/${gtin}?linkType=gs1:smartLabel`, { maxRedirects: 0, headers: { Accept: NAVIGATION_ACCEPT } });
    expect(direct.status()).toBe(307);
    expect(direct.headers()['set-cookie']).toBeUndefined();
  });
});

describe('the textile label', () => {
  it('checks the fibres add up to 100, saves the care symbols, and the phone shows them as named images', async () => {
    const { productId, gtin } = await newSmartLabelProduct('Merino Base Layer');
    const page = await openLabelStep(productId, 'textile');
    await page.getByLabel('Fibre 1', { exact: true }).selectOption('wool');
    await page.getByLabel('Percent of fibre 1').fill('90');
    await page.getByTestId('label-save').click();
    await expect.poll(() => page.getByTestId('label-fibres-error').count()).toBe(1);
    expect(await page.getByTestId('label-fibres-error').innerText()).toContain('must add up to 100');
    await page.getByRole('button', { name: 'Add fibre' }).click();
    await page.getByLabel('Fibre 2', { exact: true }).selectOption('elastane');
    await page.getByLabel('Percent of fibre 2').fill('10');
    await page.getByLabel('Washing').selectOption('wash30');
    await page.getByLabel('Bleaching').selectOption('doNotBleach');
    await page.getByLabel('Tumble drying').selectOption('doNotTumble');
    await page.getByLabel('Ironing').selectOption('ironLow');
    await page.getByLabel('Professional care').selectOption('dryCleanP');
    await saveLabel(page);
    await shootEditor(page, 'textile-editor');
    await page.close();

    const phone = await browser.newContext(phoneOf('en-GB'));
    const shopper = await phone.newPage();
    await shopper.goto(`${baseURL()}/01/${gtin}?linkType=gs1:smartLabel`);
    expect((await shopper.getByTestId('label-fibres').locator('li').allInnerTexts()).map((text) => text.replace(/\u00a0/g, ' '))).toEqual(['90 % wool', '10 % elastane']);
    const care = shopper.getByTestId('label-care');
    expect(await care.getByRole('img').evaluateAll((images) => images.map((image) => image.getAttribute('aria-label')))).toEqual([
      'Machine wash, max. 30 °C',
      'Do not bleach',
      'Do not tumble dry',
      'Iron at low temperature, max. 110 °C',
      'Professional dry cleaning in tetrachloroethene and hydrocarbons',
    ]);
    expect(await care.innerText()).toContain('Do not tumble dry');
    expect(await seriousViolations(shopper)).toEqual([]);
    expect(await shopper.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(shopper, 'textile-smart-label-390');
    await phone.close();
  });
});
