import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import jsqr from 'jsqr';
import sharp from 'sharp';
import { baseURL, launchBrowser, signIn } from '../support/browser.js';

/** A demo product of Acme that no other browser test changes. */
const PRODUCT_NAME = 'Ember Camp Stove';
/** A demo product with an NFC tag. */
const NFC_PRODUCT_NAME = 'Basecamp 2P Tent';

/** Screens are saved here for a person to look at. */
const SHOTS = path.join(tmpdir(), 'digital-link-e2e');

let browser: Browser;
let page: Page;
let workDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  page = await context.newPage();
  workDir = mkdtempSync(path.join(tmpdir(), 'digital-link-'));
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

/** Reads the QR code of a PNG image. */
async function decodeQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  // jsqr is CommonJS: its function is the `default` of the module object.
  return jsqr.default(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

describe('Digital Link in Chromium: links, serials, QR and the page a scan opens', () => {
  it('adds a link and serials to a demo product, and its QR code leads to the consumer product view', async () => {
    await signIn(page, 'manager@demo.example');
    await page.waitForURL('**/acme/dashboard/main-overview');

    // The demo product, found in the product list.
    await page.goto(`${baseURL()}/acme/entry-list`);
    await page.getByTestId('product-search').fill(PRODUCT_NAME);
    await page.waitForURL(/[?&]q=/);
    const productLink = page.getByRole('link', { name: PRODUCT_NAME });
    await expect.poll(() => productLink.count()).toBe(1);
    await productLink.click();
    await page.waitForURL(/\/acme\/product-details\/\d+$/);
    const productId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect.poll(() => page.getByTestId('product-detail-name').innerText()).toBe(PRODUCT_NAME);
    await expect.poll(() => page.getByTestId('links-list').locator('li').count()).toBeGreaterThan(0);
    const typesBefore = await page.getByTestId('links-list').locator('li').evaluateAll((items) => items.map((item) => item.getAttribute('data-link-type')));
    await shot('product-details');

    // Add a link of a type the product lacks (the form starts with the first such type).
    await page.getByTestId('link-add').click();
    await page.waitForURL(`**/acme/product-details/${productId}/new-link`);
    const linkType = await page.getByTestId('new-link-type').inputValue();
    expect(typesBefore).not.toContain(linkType);
    await page.getByTestId('new-link-target').fill('https://example.com/e2e-link');
    await shot('new-link');
    await page.getByTestId('new-link-submit').click();
    await page.waitForURL(new RegExp(`/acme/product-details/${productId}$`));
    const added = page.locator(`[data-link-type="${linkType}"]`);
    await expect.poll(() => added.count()).toBe(1);
    expect(await added.innerText()).toContain('https://example.com/e2e-link');
    expect(await page.getByTestId('links-list').locator('li').count()).toBe(typesBefore.length + 1);
    // Its edit dialog opens from the keyboard and closes with Escape.
    await added.getByRole('button', { name: /^Edit / }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('link-edit-dialog').count()).toBe(1);
    expect(await page.getByLabel('Target URL').inputValue()).toBe('https://example.com/e2e-link');
    await page.screenshot({ path: path.join(SHOTS, 'link-edit.png') });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('link-edit-dialog').count()).toBe(0);

    // One serial by hand, two from a csv file.
    const stamp = String(Date.now() % 1_000_000);
    const serial = `E2E-${stamp}`;
    await page.getByTestId('serial-new').fill(serial);
    await page.getByTestId('serial-add').click();
    await expect.poll(() => page.getByTestId(`serial-row-${serial}`).count()).toBe(1);

    const csv = path.join(workDir, 'serials.csv');
    writeFileSync(csv, `serial\nCSV-${stamp}-1\nCSV-${stamp}-2\n`);
    await page.getByTestId('serials-import-input').setInputFiles(csv);
    await expect.poll(() => page.getByText('2 serials were imported.').count()).toBe(1);
    await page.getByTestId('serials-search').fill(`CSV-${stamp}`);
    await expect.poll(() => page.getByTestId('serials-table').locator('tbody tr').count()).toBe(2);
    await page.getByTestId('serials-search').fill('');

    // The QR code shows, and its PNG download carries the product's Digital Link URI.
    const qr = page.getByTestId('qr-image');
    await qr.scrollIntoViewIfNeeded();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const uri = await page.getByTestId('qr-uri').innerText();
    expect(uri).toMatch(/\/01\/\d{14}$/);
    await shot('product-details-after');
    const href = await page.getByTestId('qr-download-png-512').getAttribute('href');
    const download = await page.context().request.get(`${baseURL()}${href}`);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toContain('image/png');
    const decoded = await decodeQr(await download.body());
    expect(decoded).toBe(uri);

    // Scanning it: the resolver answers 307 to the product's landing page, which needs no session.
    const scan = await page.context().request.get(`${baseURL()}${new URL(uri).pathname}`, { maxRedirects: 0 });
    expect(scan.status()).toBe(307);
    const landing = new URL(scan.headers().location ?? '', baseURL());
    expect(landing.pathname).toBe(`/acme/product-details/${productId}/preview`);
    // The Digital Link domain defaults to the console's address, so the phone opens the code itself.
    expect(new URL(uri).origin).toBe(baseURL());
    expect(landing.origin).toBe(baseURL());
    const consumer = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', isMobile: true });
    try {
      const visitor = await consumer.newPage();
      await visitor.goto(uri);
      expect(new URL(visitor.url()).pathname).toBe(landing.pathname);
      await expect.poll(() => visitor.getByTestId('preview-product-name').innerText()).toBe(PRODUCT_NAME);
      // Its images come through the gateway's public pass-through, without a session.
      const image = visitor.getByTestId('product-preview').locator('img').first();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      await expect.poll(() => visitor.getByTestId('preview-links').getByRole('link').count()).toBe(typesBefore.length + 1);
      await visitor.screenshot({ path: path.join(SHOTS, 'consumer-preview.png'), fullPage: true });
    } finally {
      await consumer.close();
    }

    // An NFC product shows the NDEF record to write to its tag: one short well-known URI record.
    await page.goto(`${baseURL()}/acme/entry-list?q=${encodeURIComponent(NFC_PRODUCT_NAME)}`);
    await page.getByRole('link', { name: NFC_PRODUCT_NAME }).click();
    await page.waitForURL(/\/acme\/product-details\/\d+$/);
    const hex = page.getByTestId('nfc-hex');
    await expect.poll(() => hex.count()).toBe(1);
    expect(await hex.innerText()).toMatch(/^D1 01 [0-9A-F]{2} 55 0[34] /);
    await page.getByTestId('nfc-section').scrollIntoViewIfNeeded();
    await shot('nfc-product');
  });
});
