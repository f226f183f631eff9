import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { gs1CheckDigit } from '@product-console/shared';
import { baseURL, launchBrowser, signIn } from '../support/browser.js';

const fixture = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: readFileSync(fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url))),
});

/** A GTIN-13 on Acme's second company prefix, unique per run, with its GS1 check digit. */
function uniqueGtin13(): string {
  const body = `0614142${String(Date.now() % 100_000).padStart(5, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

describe('the product lifecycle in Chromium', () => {
  it('creates a project, adds a product with two images, edits it, moves it and deletes it', async () => {
    await signIn(page, 'manager@demo.example');
    await page.waitForURL('**/acme/dashboard/main-overview');

    // A new project.
    await page.goto(`${baseURL()}/acme/entry-list`);
    await page.getByTestId('project-create').click();
    const projectName = `E2E project ${Date.now()}`;
    await page.getByTestId('project-name-input').fill(projectName);
    await page.getByTestId('project-description-input').fill('Made by the browser test');
    await page.getByTestId('project-save').click();
    await page.waitForURL(/\/acme\/entry-list\/\d+$/);
    const projectId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect.poll(() => page.getByTestId('entry-list-title').innerText()).toBe(projectName);
    await expect.poll(() => page.getByTestId('product-list-empty').count()).toBe(1);

    // The add-product wizard, with two images.
    await page.getByTestId('entry-list-add').click();
    await page.waitForURL(`**/acme/project/${projectId}/add-product`);
    const name = `Aurora Headlamp ${Date.now()}`;
    await page.getByLabel('Product name').fill(name);
    await page.getByLabel('Product number').fill('AO-E2E-001');
    const gtin = uniqueGtin13();
    await page.getByLabel('GTIN (AI 01)').fill(gtin);
    await page.getByTestId('wizard-next').click();
    await page.getByLabel('Features').fill('Bright and light');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('product-images-input').setInputFiles([fixture('product-red.png'), fixture('product-blue.png')]);
    await expect.poll(() => page.getByTestId('product-images-input-previews').locator('img').count()).toBe(2);
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-submit').click();
    await page.waitForURL(/\/acme\/product-details\/\d+$/);
    const productId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect.poll(() => page.getByTestId('product-detail-name').innerText()).toBe(name);
    await expect.poll(() => page.getByTestId('product-detail-images').locator('img').count()).toBe(2);
    expect(await page.getByTestId('product-gtin').innerText()).toBe(`0${gtin}`);
    expect(await page.getByTestId('digital-link').innerText()).toMatch(new RegExp(`/01/0${gtin}$`));
    // The thumbnails really load.
    await expect
      .poll(() => page.getByTestId('product-detail-images').locator('img').first().evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    // It is in the project's list.
    await page.goto(`${baseURL()}/acme/entry-list/${projectId}`);
    await expect.poll(() => page.getByTestId(`product-row-${productId}`).count()).toBe(1);
    await page.getByTestId('product-search').fill('AO-E2E');
    await expect.poll(() => page.getByTestId(`product-row-${productId}`).count()).toBe(1);

    // Edit: remove one image.
    await page.goto(`${baseURL()}/acme/product-details/${productId}`);
    await page.getByTestId('product-edit').click();
    await page.waitForURL(`**/acme/product-details/${productId}/edit/basic`);
    await page.getByTestId('wizard-step-images').click();
    await page.waitForURL(`**/edit/images`);
    await expect.poll(() => page.getByTestId('product-images-input-previews').locator('img').count()).toBe(2);
    await page.getByTestId('product-images-input-remove-stored-1').click();
    await page.getByTestId('wizard-step-qr').click();
    await page.waitForURL(`**/edit/qr`);
    await page.getByTestId('wizard-submit').click();
    await page.waitForURL(new RegExp(`/acme/product-details/${productId}$`));
    await expect.poll(() => page.getByTestId('product-detail-images').locator('img').count()).toBe(1);

    // Move it to another project.
    await page.goto(`${baseURL()}/acme/entry-list/${projectId}`);
    await page.getByTestId(`product-move-${productId}`).click();
    await page.getByTestId('move-target').selectOption({ label: 'Camping' });
    await page.getByTestId('move-confirm').click();
    await expect.poll(() => page.getByTestId(`product-row-${productId}`).count()).toBe(0);
    await page.goto(`${baseURL()}/acme/product-details/${productId}`);
    await expect.poll(() => page.getByTestId('product-project').innerText()).toBe('Camping');

    // Delete it, confirming.
    await page.getByTestId('product-delete').click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect.poll(() => dialog.innerText()).toContain('Are you sure you want to delete?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/acme\/entry-list\/\d+$/);
    await expect.poll(() => page.getByTestId(`product-row-${productId}`).count()).toBe(0);

    // The project is empty again and can go (other suites count Acme's three demo projects).
    await page.goto(`${baseURL()}/acme/entry-list/${projectId}`);
    await expect.poll(() => page.getByTestId('product-list-empty').count()).toBe(1);
    await page.getByTestId('project-delete').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/acme\/entry-list$/);
    await expect.poll(() => page.getByText(projectName).count()).toBe(0);
  });
});
