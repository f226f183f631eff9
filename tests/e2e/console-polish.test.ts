import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, browserPerTest, signIn } from '../support/browser.js';

const ui = browserPerTest();
let page: Page;
beforeEach(() => {
  page = ui.page();
});

const trailOf = (p: Page) => p.getByRole('navigation', { name: 'Breadcrumb' });
const crumbTexts = (p: Page) => trailOf(p).locator('li').evaluateAll((items) => items.map((item) => (item as HTMLElement).innerText.trim()));

async function openProduct(p: Page, name: string): Promise<string> {
  await p.goto(`${baseURL()}/acme/entry-list`);
  await p.getByTestId('product-list').getByRole('link', { name }).click();
  await p.waitForURL('**/acme/product-details/*');
  return new URL(p.url()).pathname;
}

describe('console polish in Chromium', () => {
  it('shows the trail project > product > page, each crumb but the page a link', async () => {
    await signIn(page, 'manager@demo.example');
    await page.waitForURL('**/acme/dashboard/main-overview');
    const productPath = await openProduct(page, 'Glacier Down Jacket');

    await expect.poll(() => crumbTexts(page)).toEqual(['', 'Products', 'Winter Collection', 'Glacier Down Jacket']);
    await expect.poll(() => trailOf(page).locator('[aria-current="page"]').innerText()).toBe('Glacier Down Jacket');

    await page.goto(`${baseURL()}${productPath}/new-link`);
    await expect.poll(() => crumbTexts(page)).toEqual(['', 'Products', 'Winter Collection', 'Glacier Down Jacket', 'New link']);
    await expect.poll(() => trailOf(page).locator('[aria-current="page"]').innerText()).toBe('New link');
    const project = trailOf(page).getByRole('link', { name: 'Winter Collection' });
    await project.click();
    await page.waitForURL('**/acme/entry-list/*');
    await expect.poll(() => crumbTexts(page)).toEqual(['', 'Products', 'Winter Collection']);
  });

  it("marks the demo manager's quick-start steps done from the company's data, the QR code once downloaded", async () => {
    await signIn(page, 'manager@demo.example');
    await page.waitForURL('**/acme/dashboard/main-overview');
    await page.goto(`${baseURL()}/acme/quick-start`);
    const step = (id: string) => page.locator(`[data-testid="quick-start-step"][data-step="${id}"]`);
    await expect.poll(() => step('project').getAttribute('data-done')).toBe('true');
    expect(await step('project').innerText()).toContain('Done');
    expect(await step('product').getAttribute('data-done')).toBe('true');
    expect(await step('subAdmin').getAttribute('data-done')).toBe('true');

    await openProduct(page, 'Frost Merino Beanie');
    const link = page.getByTestId('qr-download-svg-256');
    await link.scrollIntoViewIfNeeded();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^qr-\d{14}-256\.svg$/);

    await page.goto(`${baseURL()}/acme/quick-start`);
    await expect.poll(() => step('qr').getAttribute('data-done')).toBe('true');
    expect(await step('qr').innerText()).toContain('Done');
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/quick-start.png`, fullPage: true });
  });

  it('names Korean, Chinese and Japanese in their own script in the language menu of an English page, without their fonts', async () => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${baseURL()}/login`);
    await page.locator('input[name="email"]').waitFor();
    await expect.poll(() => page.evaluate(async () => {
      await document.fonts.ready;
      return document.fonts.check('14px "Console Language Names"', '日本語中文한국어');
    })).toBe(true);
    const faces = await page.evaluate(() => [...document.fonts].filter((face) => face.family.includes('Console Language Names')).map((face) => face.status));
    expect(faces).toEqual(['loaded', 'loaded', 'loaded']);
    const optionFont = await page.getByTestId('language-select').locator('option[value="ja"]').evaluate((option) => getComputedStyle(option).fontFamily);
    expect(optionFont).toContain('Console Language Names');
    expect(requested.filter((path) => /noto-sans-(jp|sc)-|Pretendard/.test(path))).toEqual([]);
  });
});
