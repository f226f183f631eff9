import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { ProductSummary } from '@product-console/shared';
import { baseURL, launchBrowser, signIn } from '../support/browser.js';

/*
 * DL analytics in Chromium (issue 18): a demo product of Acme is scanned through the resolver by
 * three phones and a computer (distinct user agents, no session); Acme's manager then opens
 * DL-analytics for today, filtered to that product, and finds exactly those scans added to the
 * totals, to the scans-over-time chart's data table and to the devices table.
 */

const SHOTS = fileURLToPath(new URL('../../.artifacts/e2e/analytics/', import.meta.url));
const WAIT = { timeout: 20_000 };

const AGENTS = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  pixelFold: 'Mozilla/5.0 (Linux; Android 14; Pixel Fold) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36',
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

let browser: Browser;
let desk: BrowserContext;
let page: Page;
let product: ProductSummary;

/** The figures the screen shows for the product today: total scans, the chart table's scans, phones and computers. */
interface Figures {
  total: number;
  charted: number;
  phones: number;
  computers: number;
}

function number(text: string): number {
  return Number(text.replace(/[^\d]/g, '') || '0');
}

/** Today in UTC: the demo company's zone until it sets another. */
const today = () => new Date().toISOString().slice(0, 10);

async function openToday(): Promise<void> {
  await page.goto(`${baseURL()}/acme/dashboard/DL-analytics?range=custom&from=${today()}&to=${today()}&productId=${product.productId}`);
  await page.getByTestId('total-scans-value').waitFor(WAIT);
}

/** Reads the figures from the page: the totals card, and the (hidden) data tables behind the charts. */
async function figures(): Promise<Figures> {
  const total = number(await page.getByTestId('total-scans-value').innerText());
  if (total === 0) return { total, charted: 0, phones: 0, computers: 0 };
  const charted = await page.getByTestId('chart-scans-over-time-table').locator('tbody tr').evaluateAll((rows) =>
    rows.reduce((sum, row) => sum + Number((row.children[1]?.textContent ?? '0').replace(/[^\d]/g, '')), 0),
  );
  const devices = await page.getByTestId('chart-devices-table').locator('tbody tr').evaluateAll((rows) =>
    Object.fromEntries(rows.map((row) => [row.children[1]?.textContent ?? '', Number((row.children[2]?.textContent ?? '0').replace(/[^\d]/g, ''))])),
  );
  return { total, charted, phones: devices.mobile ?? 0, computers: devices.desktop ?? 0 };
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  desk = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  page = await desk.newPage();
});
afterAll(async () => {
  await browser?.close();
});

/** Pictures at a desk's width and a phone's, in the console's light and dark modes, the series' data table shown. */
async function shoot(name: string) {
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((value) => window.localStorage.setItem('console.theme.mode', value), mode);
    await page.reload();
    await page.getByTestId('total-scans-value').waitFor(WAIT);
    await page.getByTestId('chart-scans-over-time').getByRole('button', { name: 'Show data' }).click();
    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}${name}-${width}-${mode}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  }
}

describe('DL analytics in Chromium', () => {
  it('shows the scans made through the resolver, filtered to the scanned product', async () => {
    await signIn(page, 'manager@demo.example');
    await page.waitForURL('**/acme/dashboard/main-overview');

    // A demo product of Acme with a GTIN: its Digital Link is what the scanners read.
    const list = await page.request.get(`${baseURL()}/bff/api/product/all?page=1&size=100`);
    expect(list.status()).toBe(200);
    const found = ((await list.json()) as { result: ProductSummary[] }).result.find((item) => item.gtin && item.service === 'DL');
    expect(found, 'a DL demo product with a GTIN').toBeDefined();
    product = found!;

    await openToday();
    const before = await figures();

    // Four scans without a session, as phones and a computer would make them.
    const scanners = await Promise.all(Object.values(AGENTS).map((userAgent) => request.newContext({ userAgent })));
    for (const scanner of scanners) {
      const answer = await scanner.get(`${baseURL()}/01/${product.gtin}`, { maxRedirects: 0 });
      expect(answer.status(), await answer.text()).toBeLessThan(400);
    }
    await Promise.all(scanners.map((scanner) => scanner.dispose()));

    // The gateway sends scans in batches about each second; the screen shows them once stored.
    await expect
      .poll(async () => {
        await openToday();
        return (await figures()).total;
      }, { timeout: 30_000, interval: 1_500 })
      .toBe(before.total + 4);
    const after = await figures();
    expect(after).toEqual({ total: before.total + 4, charted: before.charted + 4, phones: before.phones + 3, computers: before.computers + 1 });
    expect(await page.getByTestId('analytics-product').inputValue()).toBe(String(product.productId));
    expect(await page.getByTestId('chart-top-products-table').innerText()).toContain(product.product_name);
    expect(await page.getByTestId('analytics-time-zone').innerText()).toMatch(/^Times in /);

    // The data table on request, as a reader without the chart gets it.
    const series = page.getByTestId('chart-scans-over-time');
    await series.getByRole('button', { name: 'Show data' }).click();
    await expect.poll(() => series.getByTestId('chart-scans-over-time-table').isVisible(), WAIT).toBe(true);
    await shoot('dl-analytics-product-today');
  });

  it("opens on the last 30 days of the demo's scans, with the copied serial flagged and its evidence", async () => {
    await page.goto(`${baseURL()}/acme/dashboard/DL-analytics`);
    await page.getByTestId('total-scans-value').waitFor(WAIT);
    expect(number(await page.getByTestId('total-scans-value').innerText())).toBeGreaterThan(100);
    expect(await page.getByTestId('analytics-range').inputValue()).toBe('last30');
    // Names in words: countries from Intl.DisplayNames, link types with the console's titles.
    expect(await page.getByTestId('chart-countries-table').innerText()).toContain('Germany');
    expect(await page.getByTestId('chart-link-types-table').innerText()).toContain('Product information');

    const flagged = page.getByTestId('suspicious-serial');
    await expect.poll(() => flagged.count(), WAIT).toBeGreaterThan(0);
    const evidence = await flagged.first().innerText();
    expect(evidence).toContain('Scanned in several countries within a short time');
    expect(evidence).toContain('Germany');
    expect(evidence).toContain('China');
    await shoot('dl-analytics-30-days');

    // Every chart card's header is laid out the same: its actions at the top of the header, beside the title.
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      const offsets = await page.locator('[data-testid^="chart-"]:has(> header)').evaluateAll((cards) =>
        cards.map((card) => {
          const header = card.querySelector(':scope > header')!.getBoundingClientRect();
          const actions = card.querySelector(':scope > header > div')!.getBoundingClientRect();
          const title = card.querySelector(':scope > header > h2')!.getBoundingClientRect();
          return { actions: Math.round(actions.top - header.top), beside: actions.left >= title.right - 1 };
        }),
      );
      expect(offsets.length, `${width} px`).toBeGreaterThan(3);
      expect(new Set(offsets.map((offset) => offset.actions)).size, `${width} px: ${JSON.stringify(offsets)}`).toBe(1);
      expect(offsets.every((offset) => offset.beside), `${width} px`).toBe(true);
    }
    await page.setViewportSize({ width: 1366, height: 900 });
  });
});
