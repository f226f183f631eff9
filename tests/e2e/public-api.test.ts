import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launchBrowser, signIn } from '../support/browser.js';

/*
 * The public API's keys in Chromium (issue 30 §1): Acme's manager makes a key on the Traceability
 * screen choosing its permissions with the keyboard, a project and an expiry; the list shows them;
 * the key reads products at /api/v1 and is refused what it was not given; the reference page reads.
 */

const SHOTS = fileURLToPath(new URL('../../.artifacts/e2e/public-api/', import.meta.url));
const WAIT = { timeout: 15_000 };

let browser: Browser;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'en-US' })).newPage();
});
afterAll(async () => {
  await browser?.close();
});

describe('keys of the public API', () => {
  it('makes a scoped key with the keyboard, lists its permissions, and the key works only within them', async () => {
    await signIn(page, 'manager@demo.example');
    await page.waitForURL(/\/acme\//, WAIT);
    await page.goto(`${baseURL()}/acme/epcis`);
    await expect.poll(() => page.getByTestId('api-key-form').count(), WAIT).toBe(1);

    const name = `PIM ${Date.now() % 100_000}`;
    await page.getByLabel('Key name').fill(name);
    // The EPCIS permissions are ticked by default: untick them and tick products read, by keyboard.
    await page.getByTestId('api-key-scope-epcis:capture').focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.getByTestId('api-key-scope-products:read').focus();
    await page.keyboard.press('Space');
    expect(await page.getByTestId('api-key-scope-products:read').isChecked()).toBe(true);
    expect(await page.getByTestId('api-key-scope-epcis:query').isChecked()).toBe(false);
    await page.getByTestId('api-key-project').selectOption({ label: 'Camping' });
    await page.getByTestId('api-key-expires').fill('2031-12-31');
    await page.screenshot({ path: `${SHOTS}/key-form-1440.png`, fullPage: true });
    await page.getByTestId('api-key-create').click();

    const dialog = page.getByTestId('api-key-created');
    await expect.poll(() => dialog.count(), WAIT).toBe(1);
    const key = (await dialog.getByTestId('api-key-value').innerText()).trim().split(/\s/)[0]!;
    expect(key).toMatch(/^pck_/);
    await dialog.getByTestId('api-key-done').click();

    const row = page.getByTestId('api-key').filter({ hasText: name });
    await expect.poll(() => row.count(), WAIT).toBe(1);
    const text = await row.innerText();
    expect(text).toContain('Products: read');
    expect(text).toContain('Camping');
    expect(text).toContain('2031');
    await page.screenshot({ path: `${SHOTS}/key-list-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/keys-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 1000 });

    // Through the gateway, without a session: the key reads products of its project, and may not write.
    const api = await browser.newContext();
    try {
      const listed = await api.request.get(`${baseURL()}/api/v1/products?limit=5`, { headers: { authorization: `Bearer ${key}` } });
      expect(listed.status()).toBe(200);
      expect(listed.headers()['ratelimit-policy']).toMatch(/^"key";q=\d+;w=\d+$/);
      const created = await api.request.post(`${baseURL()}/api/v1/products`, {
        headers: { authorization: `Bearer ${key}` },
        data: { project_id: 1, product_name: 'Not allowed', gtin: '00614142000017' },
      });
      expect(created.status()).toBe(403);
      expect(created.headers()['content-type']).toContain('application/problem+json');
      expect((await created.json()).detail).toBe('This call needs the scope products:write');
    } finally {
      await api.close();
    }
  });

  it('shows the reference page of /api/v1 without loading anything from elsewhere', async () => {
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(baseURL())) outside.push(request.url());
    });
    await page.goto(`${baseURL()}/api/v1/docs`);
    await expect.poll(() => page.locator('#createProduct').count(), WAIT).toBe(1);
    await page.screenshot({ path: `${SHOTS}/docs-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/docs-390.png` });
    expect(outside).toEqual([]);
  });
});
