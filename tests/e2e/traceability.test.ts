import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { gs1CheckDigit } from '@product-console/shared';
import { baseURL, launchBrowser, signIn } from '../support/browser.js';

/*
 * Traceability in Chromium (issue 17): Acme's manager makes a DPP product with a serial, starts
 * tracing it from its page (the Traceability link appears), records a shipping event in the
 * add-event form at a place kept on the Locations screen, and finds it by the place's name in the
 * product's timeline (with its map), the serial's view and the traced products list; a phone then
 * reads the journey on the landing's traceability view, places by name and drawn on a map.
 */

const SHOTS = fileURLToPath(new URL('../../.artifacts/e2e/traceability/', import.meta.url));

const fixture = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: readFileSync(fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url))),
});

/** A GTIN-13 on Acme's second company prefix, unique per run, with its GS1 check digit. */
function uniqueGtin13(): string {
  const body = `0614142${String((Date.now() + 37) % 100_000).padStart(5, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

/** Pages load lazily on a busy machine: each wait may take a few seconds. */
const WAIT = { timeout: 15_000 };

let browser: Browser;
let desk: BrowserContext;
let page: Page;

/** A GLN on Acme's prefix, unique per run, with its GS1 check digit. */
function uniqueGln(): string {
  const body = `0614141${String((Date.now() + 11) % 100_000).padStart(5, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

/** Filled in as the journey goes. */
const made = {
  projectId: 0,
  productId: 0,
  serial: `TRC${Date.now() % 1_000_000_000}`,
  name: `Trace Jacket ${Date.now()}`,
  gln: uniqueGln(),
  placeName: `Harbour warehouse ${Date.now() % 100_000}`,
};

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  desk = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US', timezoneId: 'Europe/Rome' });
  page = await desk.newPage();
});
afterAll(async () => {
  await browser?.close();
});

/** A screenshot of the page as it is, at the desk's width and at a phone's. */
async function shoot(name: string) {
  await page.screenshot({ path: `${SHOTS}${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: `${SHOTS}${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe('traceability in Chromium', () => {
  it('starts tracing a DPP product from its page, and the Traceability link appears', async () => {
    await signIn(page, 'manager@demo.example');
    await page.waitForURL('**/acme/dashboard/main-overview');

    // A project and a DPP product of its own, so that no other suite sees them.
    await page.goto(`${baseURL()}/acme/entry-list`);
    await page.getByTestId('project-create').click();
    await page.getByTestId('project-name-input').fill(`Trace project ${Date.now()}`);
    await page.getByTestId('project-save').click();
    await page.waitForURL(/\/acme\/entry-list\/\d+$/);
    made.projectId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('entry-list-add').click();
    await page.waitForURL(`**/acme/project/${made.projectId}/add-product`);
    await page.locator('select#service').selectOption('DPP');
    await page.getByLabel('Product name').fill(made.name);
    await page.getByLabel('Product number').fill('TR-E2E-001');
    await page.getByLabel('GTIN (AI 01)').fill(uniqueGtin13());
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('product-images-input').setInputFiles([fixture('product-blue.png')]);
    await expect.poll(() => page.getByTestId('product-images-input-previews').locator('img').count(), WAIT).toBe(1);
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-submit').click();
    await page.waitForURL(/\/acme\/product-details\/\d+$/);
    made.productId = Number(new URL(page.url()).pathname.split('/').pop());

    // One serial, for the serial view.
    await page.getByTestId('serial-new').fill(made.serial);
    await page.getByTestId('serial-add').click();
    await expect.poll(() => page.getByTestId(`serial-row-${made.serial}`).count(), WAIT).toBe(1);

    // Not traced yet: the product's page offers to start.
    const card = page.getByTestId('product-trace-card');
    await expect.poll(() => card.innerText(), WAIT).toContain('Start tracing');
    expect(await page.locator('[data-link-type="gs1:traceability"]').count()).toBe(0);
    await page.getByTestId('product-trace-start').click();
    await expect.poll(() => page.getByTestId('product-trace-status').innerText(), WAIT).toMatch(/Traced since .* · 1 event/);
    await expect.poll(() => page.locator('[data-link-type="gs1:traceability"]').count(), WAIT).toBe(1);
  });

  it('keeps a place on the Locations screen, with its town, country and coordinates', async () => {
    await page.goto(`${baseURL()}/acme/epcis`);
    await page.getByTestId('trace-locations').click();
    await page.waitForURL('**/acme/epcis/locations');
    await page.getByTestId('place-add').click();
    const dialog = page.getByTestId('place-dialog');
    await dialog.getByTestId('place-gln').fill(made.gln);
    await dialog.getByTestId('place-name').fill(made.placeName);
    await dialog.getByTestId('place-type').selectOption('warehouse');
    await dialog.getByTestId('place-city').fill('Hamburg');
    await dialog.getByTestId('place-countryCode').selectOption('DE');
    await dialog.getByTestId('place-latitude').fill('53.53');
    await dialog.getByTestId('place-longitude').fill('9.93');
    await dialog.getByTestId('place-save').click();
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    await page.getByTestId('places-search').fill(made.placeName);
    await expect.poll(() => page.getByTestId('places-table').innerText(), WAIT).toContain(made.placeName);
    expect(await page.getByTestId('places-table').innerText()).toContain('Germany');
    await shoot('locations');
    await page.goto(`${baseURL()}/acme/product-details/${made.productId}`);
  });

  it('adds a shipping event in the form and shows it in the timeline, the serial view and the list', async () => {
    await page.getByTestId('product-trace-open').click();
    await page.waitForURL(`**/acme/epcis/${made.productId}`);
    await expect.poll(() => page.getByTestId('trace-event-title').allInnerTexts(), WAIT).toEqual(['Commissioned']);

    await page.getByTestId('trace-add-event').click();
    await page.waitForURL(`**/acme/epcis/${made.productId}/add-event`);
    // The browser's own offset is the default (Rome in November).
    expect(await page.getByTestId('event-offset').inputValue()).toBe('+01:00');
    await page.getByTestId('event-biz-step').selectOption('shipping');
    await page.getByTestId('event-disposition').selectOption('in_transit');
    // The company's places are offered by name; the GLN is what the field takes.
    await expect.poll(() => page.locator(`#event-places option[value="${made.gln}"]`).count(), WAIT).toBe(1);
    await page.getByLabel('Business location').fill(made.gln);
    await page.getByTestId('event-serials').getByLabel(made.serial).check();
    await page.getByTestId('event-destinations-add').click();
    await page.getByTestId('event-destinations-0-type').selectOption('location');
    await page.getByTestId('event-destinations-0-value').fill('0614141000012');
    await shoot('add-event');
    await page.getByTestId('add-event-submit').click();

    await page.waitForURL(new RegExp(`/acme/epcis/${made.productId}\\?page=1`));
    await expect.poll(() => page.getByTestId('trace-event-title').allInnerTexts(), WAIT).toEqual(['Commissioned', 'Shipped']);
    const shipped = page.getByTestId('trace-event').nth(1);
    expect(await shipped.getByTestId('trace-event-why').innerText()).toBe('Shipped · In transit');
    const where = await shipped.getByTestId('trace-event-where').innerText();
    expect(where).toContain(`${made.placeName} — Hamburg, Germany`);
    expect(where).toContain(`Location, GLN ${made.gln}`);
    // The page's places on a map drawn in the page: the warehouse has coordinates.
    await expect.poll(() => page.getByTestId('trace-map-svg').locator('[data-testid="trace-map-point"]').count(), WAIT).toBe(1);
    expect(await page.getByTestId('trace-map-places').innerText()).toContain(made.placeName);
    expect(await shipped.getByTestId('trace-event-what').innerText()).toContain(`Serial ${made.serial} of GTIN`);
    expect(await shipped.getByTestId('trace-event-when').innerText()).toContain('(UTC+01:00)');
    await expect.poll(() => page.getByTestId('trace-serial-link').allInnerTexts(), WAIT).toEqual([made.serial]);
    await shoot('product-trace');

    // The serial's own view.
    await page.getByTestId('trace-serial-link').click();
    await page.waitForURL(`**/acme/epcis/${made.productId}/serial/${made.serial}`);
    await expect.poll(() => page.getByTestId('serial-trace-title').innerText(), WAIT).toBe(`Serial ${made.serial}`);
    await expect.poll(() => page.getByTestId('trace-event-title').allInnerTexts(), WAIT).toContain('Shipped');
    expect(await page.getByTestId('serial-parents').innerText()).toContain('Not packed in a case or pallet now.');
    await shoot('serial-trace');

    // A serial the product does not have: said so, never "not traced yet" with a Start tracing button.
    await page.goto(`${baseURL()}/acme/epcis/${made.productId}/serial/NOPE-404`);
    await expect.poll(() => page.getByTestId('trace-unknown-subject').innerText().catch(() => ''), WAIT).toContain('No serial NOPE-404 is registered for this product.');
    expect(await page.getByTestId('trace-not-traced').count()).toBe(0);

    // The traced products list, from the sidebar's Traceability item.
    await page.goto(`${baseURL()}/acme/epcis?projectId=${made.projectId}`);
    const row = page.getByTestId('traced-product');
    await expect.poll(() => row.count(), WAIT).toBe(1);
    expect(await row.getByRole('link', { name: made.name }).getAttribute('href')).toBe(`/acme/epcis/${made.productId}`);
    expect(await row.getByTestId('traced-product-events').innerText()).toContain('2');
    expect(await row.getByTestId('traced-product-last').innerText()).toContain('Shipped');
    await page.goto(`${baseURL()}/acme/epcis`);
    await expect.poll(() => page.getByTestId('api-keys').count(), WAIT).toBe(1);
    await shoot('traceability');
  });

  it("tells the journey on the phone's traceability view", async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', isMobile: true, hasTouch: true });
    try {
      const view = await phone.newPage();
      await view.goto(`${baseURL()}/acme/product-details/${made.productId}/preview/traceability`);
      const steps = view.getByTestId('landing-trace').getByTestId('trace-step');
      await expect.poll(() => steps.count(), WAIT).toBeGreaterThanOrEqual(2);
      const words = await steps.allInnerTexts();
      expect(words.some((text) => text.includes('Shipped'))).toBe(true);
      expect(words.some((text) => text.includes(`At ${made.placeName}, Hamburg, Germany`))).toBe(true);
      // The journey's map is in the page as drawn by the server, one point for the warehouse.
      const map = view.getByTestId('trace-map-svg');
      expect(await map.getAttribute('role')).toBe('img');
      expect(await map.locator('[data-testid="trace-map-point"]').count()).toBe(1);
      expect(await view.getByTestId('trace-map-places').innerText()).toContain(made.placeName);
      await view.screenshot({ path: `${SHOTS}phone-traceability-390.png`, fullPage: true });
    } finally {
      await phone.close();
    }
  });

  it('leaves no product, project or place behind', async () => {
    await page.goto(`${baseURL()}/acme/epcis/locations`);
    await page.getByTestId('places-search').fill(made.placeName);
    await page.getByRole('button', { name: `Delete ${made.placeName}` }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByTestId('places-empty').count(), WAIT).toBe(1);

    await page.goto(`${baseURL()}/acme/product-details/${made.productId}`);
    await page.getByTestId('product-delete').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/acme\/entry-list\/\d+$/);
    await expect.poll(() => page.getByTestId('product-list-empty').count(), WAIT).toBe(1);
    await page.getByTestId('project-delete').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/acme\/entry-list$/);
  });

  it('shows a company whose plan has no DPP service the plan-limit page, not a bare 403', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
    const nordic = await context.newPage();
    await signIn(nordic, 'manager@nordic.example');
    await nordic.waitForURL('**/nordic/dashboard/main-overview');
    await nordic.goto(`${baseURL()}/nordic/epcis`);
    await nordic.waitForURL('**/maintenance/plan-limit?type=feature', WAIT);
    await expect.poll(() => nordic.getByRole('heading', { level: 1 }).innerText().catch(() => ''), WAIT).toBe('Upgrade to Unlock');
    await context.close();
  });
});

