import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launchBrowser, signIn } from '../support/browser.js';

/** A demo product of Acme that no other browser test changes. */
const PRODUCT_NAME = 'Ridge Trekking Poles';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/** Screens are saved here for a person to look at. */
const SHOTS = path.join(tmpdir(), 'redirect-rules-e2e');

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' })).newPage();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** What the window shows (a dialog scrolls within it). */
const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

/** The resolver's answer to a scan of the Digital Link, not followed. */
const scan = (digitalLinkPath: string, userAgent: string) => fetch(`${baseURL()}${digitalLinkPath}`, { redirect: 'manual', headers: { 'user-agent': userAgent } });

describe('redirect rules in Chromium', () => {
  it('a rule added in the link dialog sends an iPhone scan elsewhere at once, with its campaign parameters', async () => {
    await signIn(page, 'manager@demo.example');
    await page.waitForURL('**/acme/dashboard/main-overview');
    await page.goto(`${baseURL()}/acme/entry-list`);
    await page.getByTestId('product-search').fill(PRODUCT_NAME);
    await page.waitForURL(/[?&]q=/);
    const productLink = page.getByRole('link', { name: PRODUCT_NAME });
    await expect.poll(() => productLink.count()).toBe(1);
    await productLink.click();
    await page.waitForURL(/\/acme\/product-details\/\d+$/);
    const productId = Number(new URL(page.url()).pathname.split('/').pop());
    const product = (await (await page.request.get(`${baseURL()}/bff/api/product/?productId=${productId}`)).json()) as { entry: { entryPath: string } };
    const entryPath = product.entry.entryPath;
    const before = (await scan(entryPath, IPHONE)).headers.get('location');
    expect(before).toBeTruthy();

    await page.locator('[data-link-type="gs1:pip"]').getByRole('button', { name: /^Edit / }).click();
    const dialog = page.getByTestId('link-edit-dialog');
    await dialog.getByTestId('rules-empty').waitFor();
    await dialog.getByTestId('rule-add').click();
    await dialog.getByTestId('rule-name').fill('iPhone campaign');
    await dialog.getByTestId('rule-target').fill('https://example.com/ridge-iphone');
    await dialog.getByTestId('rule-device-ios').check();
    await shot('rule-form');
    await dialog.getByTestId('rule-apply').click();
    await dialog.getByTestId('rule-row-0').waitFor();
    await dialog.getByTestId('preview-device').selectOption('ios');
    await expect.poll(() => dialog.getByTestId('preview-target').innerText()).toBe('https://example.com/ridge-iphone');
    await dialog.getByTestId('preview-result').scrollIntoViewIfNeeded();
    await shot('rules-in-link-dialog');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // The rule change dropped the cached record: the next iPhone scan follows the rule, a desktop scan the link.
    const ruled = await scan(`${entryPath}?utm_campaign=spring&utm_source=label`, IPHONE);
    expect(ruled.status).toBe(307);
    expect(ruled.headers.get('location')).toBe('https://example.com/ridge-iphone?utm_campaign=spring&utm_source=label');
    expect((await scan(entryPath, DESKTOP)).headers.get('location')).toBe(before);
    // The link set lists the link, not the rule's target.
    const linkset = await (await fetch(`${baseURL()}${entryPath}?linkType=linkset`)).text();
    expect(linkset).not.toContain('ridge-iphone');

    // On a phone the rule list, its actions and the test stay within the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('[data-link-type="gs1:pip"]').getByRole('button', { name: /^Edit / }).click();
    await dialog.getByTestId('rule-row-0').waitFor();
    await dialog.getByTestId('preview-result').scrollIntoViewIfNeeded();
    const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot('rules-at-390px');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.setViewportSize({ width: 1366, height: 900 });

    await page.goto(`${baseURL()}/acme/profiles/company`);
    await page.getByTestId('company-rules').getByTestId('rule-add').waitFor();
    await page.getByTestId('company-rules').getByTestId('rule-preview').scrollIntoViewIfNeeded();
    await shot('company-default-rules');
  });
});
