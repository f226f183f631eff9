import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseURL, DEMO_PASSWORD, launchBrowser } from '../support/browser.js';

/*
 * Batches and a recall (issue 27), on the running product: a manager adds two lots of a food product
 * in the console and recalls one; on a phone (390 px) the recalled lot's Digital Link leads to the
 * recall notice before anything else, while the other lot's code leads to the product page with its
 * batch and expiry date.
 */

const SHOTS = fileURLToPath(new URL('../../.artifacts/e2e/recalls/', import.meta.url));
const PRODUCT_NAME = 'Rye Crispbread';
const run = Date.now() % 1_000_000;
const RECALLED = `RC${run}`;
const SPARED = `OK${run}`;

let browser: Browser;
let manager: BrowserContext;
let phone: BrowserContext;
let product = { productId: 0, gtin: '' };

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  manager = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB', extraHTTPHeaders: { 'Accept-Language': 'en' }, isMobile: true, hasTouch: true });
  const signedIn = await manager.request.post(`${baseURL()}/bff/auth/sign-in`, { headers: { 'X-CSRF': '1' }, data: { email: 'manager@nordic.example', password: DEMO_PASSWORD } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const list = (await (await manager.request.get(`${baseURL()}/bff/api/product/all?page=1&size=100`)).json()) as { result: { productId: number; product_name: string; gtin: string }[] };
  const found = list.result.find((entry) => entry.product_name === PRODUCT_NAME)!;
  product = { productId: found.productId, gtin: found.gtin };
});
afterAll(async () => {
  await browser?.close();
});

describe('a recalled batch', () => {
  it('is added and recalled by a manager in the console', async () => {
    const page = await manager.newPage();
    await page.goto(`${baseURL()}/nordic/product-details/${product.productId}`);
    const section = page.getByTestId('batches-section');
    for (const [lot, expiry] of [
      [RECALLED, '2027-03-31'],
      [SPARED, '2027-09-30'],
    ]) {
      await section.getByTestId('batch-add').click();
      const dialog = page.getByTestId('batch-dialog');
      await dialog.getByLabel('Lot').fill(lot);
      await dialog.getByLabel('Production date').fill('2026-03-01');
      await dialog.getByLabel('Expiry date').fill(expiry);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => section.getByTestId(`batch-row-${lot}`).count()).toBe(1);
    }
    await shot(page, 'console-batches');

    const recalls = page.getByTestId('recalls-card');
    await recalls.getByTestId('recall-start').click();
    const dialog = page.getByTestId('recall-dialog');
    await dialog.getByRole('checkbox', { name: RECALLED }).check();
    await dialog.getByLabel('Reason').fill('Undeclared sesame in this lot.');
    await dialog.getByLabel('What to do').fill('Do not eat it. Return it to the shop for a full refund.');
    await dialog.getByLabel('Contact').fill('+46 8 555 0100');
    await dialog.getByRole('button', { name: 'Start the recall' }).click();
    await expect.poll(() => recalls.getByText(`Lots ${RECALLED}`).count()).toBe(1);
    await shot(page, 'console-recall');
    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}console-batches-390.png` });
    await page.close();
  });

  it("leads a phone scanning the recalled lot's code to the recall notice, and the other lot's to the product with its dates", async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL()}/01/${product.gtin}/10/${RECALLED}`);
    expect(new URL(page.url()).pathname).toMatch(/\/preview\/verification$/);
    const notice = page.getByRole('alert', { name: 'Product recall' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain('Undeclared sesame in this lot.');
    expect(await notice.textContent()).toContain(`lot ${RECALLED}`);
    // The notice is the first thing on the page, within the phone's width.
    const box = (await notice.boundingBox())!;
    expect(box.y).toBeLessThan(200);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await shot(page, 'phone-recall-notice');

    await page.goto(`${baseURL()}/01/${product.gtin}/10/${SPARED}?linkType=gs1:pip`);
    await expect.poll(() => page.getByTestId('product-landing').count()).toBe(1);
    expect(await page.getByTestId('landing-recall').count()).toBe(0);
    expect(await page.getByTestId('landing-batch').textContent()).toContain(SPARED);
    await shot(page, 'phone-spared-lot');
    await page.close();
  });
});
