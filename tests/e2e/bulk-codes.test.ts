import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launchBrowser, signIn } from '../support/browser.js';

/** A demo product of Acme that no other browser test changes. */
const PRODUCT_NAME = 'Summit 45L Backpack';
/** Screens are saved here for a person to look at. */
const SHOTS = path.join(tmpdir(), 'bulk-codes-e2e');

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  page = await context.newPage();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

describe('Codes by the ten thousand in Chromium', () => {
  it('generates serials in the background, shows them when the job is done, and offers their export', { timeout: 240_000 }, async () => {
    await signIn(page, 'manager@demo.example');
    await page.waitForURL('**/acme/dashboard/main-overview');
    await page.goto(`${baseURL()}/acme/entry-list`);
    await page.getByTestId('product-search').fill(PRODUCT_NAME);
    await page.waitForURL(/[?&]q=/);
    const productLink = page.getByRole('link', { name: PRODUCT_NAME });
    await expect.poll(() => productLink.count()).toBe(1);
    await productLink.click();
    await page.waitForURL(/\/acme\/product-details\/\d+$/);

    await page.getByTestId('serials-generate').click();
    const dialog = page.getByTestId('bulk-serials');
    await dialog.getByLabel('How many').fill('250');
    await dialog.getByLabel('Prefix').fill('RTP-');
    await shot('generate-dialog');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    const generation = page.locator('tr', { hasText: '250 random serials' });
    await expect.poll(() => generation.innerText(), { timeout: 90_000 }).toContain('Done');
    await expect.poll(() => page.getByTestId('serials-table').innerText()).toMatch(/RTP-[23456789A-Z]{10}/);
    await shot('generated');

    // Its serials can be exported for print from the job's row.
    await generation.getByRole('button', { name: 'Export these' }).click();
    await expect.poll(() => page.getByTestId('code-export-description').innerText()).toContain('The serials of one generation: RTP-');
    await shot('export-dialog');
  });

  it("generates serials into a batch from its row, and a phone scanning one reads the batch's lot", { timeout: 180_000 }, async () => {
    const lot = `BT${Date.now() % 1_000_000}`;
    // The first test left the export dialog open.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('code-export').count()).toBe(0);
    const productId = Number(/product-details\/(\d+)$/.exec(page.url())?.[1]);
    const section = page.getByTestId('batches-section');
    await section.getByTestId('batch-add').click();
    const batchDialog = page.getByTestId('batch-dialog');
    await batchDialog.getByLabel('Lot').fill(lot);
    await batchDialog.getByLabel('Expiry date').fill('2028-06-30');
    await batchDialog.getByRole('button', { name: 'Save' }).click();
    const row = section.getByTestId(`batch-row-${lot}`);
    await expect.poll(() => row.count()).toBe(1);

    await row.getByRole('button', { name: `Generate serials for batch ${lot}` }).click();
    const dialog = page.getByTestId('bulk-serials');
    expect(await dialog.textContent()).toContain(`They belong to batch ${lot}.`);
    await dialog.getByTestId('bulk-serials-mode-sequential').check();
    await dialog.getByLabel('How many').fill('3');
    await dialog.getByLabel('Prefix').fill(`${lot}-`);
    await dialog.getByLabel('Digits').fill('0');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    const generation = page.locator('tr', { hasText: '3 sequential serials' }).first();
    await expect.poll(() => generation.innerText(), { timeout: 90_000 }).toContain('Done');
    // The batch's serial count follows the generation.
    await expect.poll(() => row.innerText()).toMatch(/\b3\b/);
    await row.getByRole('button', { name: `Export the codes of batch ${lot}` }).click();
    expect(await page.getByTestId('code-export-description').innerText()).toContain(`The serials of batch ${lot}.`);
    await shot('batch-export-dialog');
    await page.keyboard.press('Escape');

    const gtin = ((await (await page.request.get(`${baseURL()}/bff/api/product/?productId=${productId}`)).json()) as { product: { gtin: string } }).product.gtin;
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB', isMobile: true, hasTouch: true });
    const scan = await phone.newPage();
    await scan.goto(`${baseURL()}/01/${gtin}/10/${lot}/21/${lot}-2?linkType=gs1:pip`);
    await expect.poll(() => scan.getByTestId('product-landing').count()).toBe(1);
    expect(await scan.getByTestId('landing-batch').textContent()).toContain(lot);
    await scan.screenshot({ path: path.join(SHOTS, 'phone-batch-serial.png'), fullPage: true });
    await phone.close();
  });
});
