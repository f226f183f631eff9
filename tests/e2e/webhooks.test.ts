import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signIn } from '../support/browser.js';

/*
 * Product-data webhooks in the console (issue 30 §2, decision 086), in Chromium: Acme's manager
 * creates a webhook to a receiver this test runs on loopback (the API of the browser tests allows
 * private destinations), sees its secret once, sends a test event that arrives signed and verifies
 * with the Standard Webhooks reference check, sees it delivered in the log, and deletes the webhook
 * after confirming. The screen is photographed at 1440 and 390 px.
 */

const WAIT = { timeout: 30_000 };
const SHOTS = fileURLToPath(new URL('../../.artifacts/e2e/webhooks/', import.meta.url));

interface Received {
  headers: Record<string, string>;
  body: string;
}

let browser: Browser;
let desk: BrowserContext;
let page: Page;
let receiver: Server;
let hookUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/products`;
  browser = await launchBrowser();
  desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  page = await desk.newPage();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('Webhooks in the console', () => {
  let secret = '';

  it('creates a webhook with its events and shows the secret once', async () => {
    await signIn(page, 'manager@demo.example');
    await page.waitForURL('**/acme/dashboard/main-overview');
    await page.getByRole('link', { name: 'Webhooks' }).first().click();
    await page.waitForURL('**/acme/webhooks');
    await expect.poll(() => page.getByTestId('webhook-list-empty').count(), WAIT).toBe(1);
    expect(await page.getByTestId('webhook-dead-list-empty').innerText()).toContain('No failed deliveries');

    await page.getByTestId('webhook-new').click();
    const dialog = page.getByTestId('webhook-dialog');
    await dialog.getByLabel('Destination URL').fill(hookUrl);
    await dialog.getByLabel('Description (optional)').fill('ERP sync');
    await dialog.getByTestId('webhook-event-product.updated').check();
    await dialog.getByTestId('webhook-event-batch.recalled').check();
    await dialog.getByTestId('webhook-save').click();

    const shown = page.getByTestId('webhook-secret');
    await expect.poll(() => shown.count(), WAIT).toBe(1);
    secret = (await shown.getByTestId('webhook-secret-value').innerText()).trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await shown.getByTestId('webhook-secret-done').click();
    await expect.poll(() => shown.count(), WAIT).toBe(0);
    const row = page.getByTestId('webhook').filter({ hasText: hookUrl });
    await expect.poll(() => row.count(), WAIT).toBe(1);
    expect(await row.innerText()).toContain('Product updated');
    // Shown once: nowhere on the page now.
    expect(await page.content()).not.toContain(secret);
    await page.screenshot({ path: `${SHOTS}webhooks-1440.png`, fullPage: true });
  });

  it('sends a test event that arrives signed and shows as delivered in the log', async () => {
    const row = page.getByTestId('webhook').filter({ hasText: hookUrl });
    await row.getByTestId('webhook-test').click();
    const log = page.getByTestId('webhook-log');
    await expect.poll(() => log.count(), WAIT).toBe(1);
    // The job queue delivers it; the log is read again while it is pending.
    await expect.poll(async () => (await log.getByTestId('webhook-delivery-status').first().innerText().catch(() => '')), { timeout: 40_000 }).toBe('Delivered');
    expect(await log.getByTestId('webhook-delivery').first().innerText()).toContain('Test event');
    expect(await log.getByTestId('webhook-delivery').first().innerText()).toContain('204');

    expect(received).toHaveLength(1);
    const payload = new Webhook(secret).verify(received[0]!.body, received[0]!.headers);
    expect(payload).toMatchObject({ type: 'webhook.test' });
    await log.screenshot({ path: `${SHOTS}log-1440.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect.poll(() => log.count(), WAIT).toBe(0);
  });

  it('is usable at 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const row = page.getByTestId('webhook').filter({ hasText: hookUrl });
    await expect.poll(() => row.count(), WAIT).toBe(1);
    // Nothing sticks out sideways: the page does not scroll horizontally.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await page.screenshot({ path: `${SHOTS}webhooks-390.png`, fullPage: true });
    await row.getByTestId('webhook-log-open').click();
    const log = page.getByTestId('webhook-log');
    await expect.poll(() => log.getByTestId('webhook-delivery').count(), WAIT).toBe(1);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}log-390.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await page.getByTestId('webhook-new').click();
    await expect.poll(() => page.getByTestId('webhook-dialog').count(), WAIT).toBe(1);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}create-390.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
  });

  it('deletes the webhook after confirming', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const row = page.getByTestId('webhook').filter({ hasText: hookUrl });
    await row.getByTestId('webhook-delete').click();
    const confirm = page.getByTestId('confirm-dialog');
    expect(await confirm.innerText()).toContain(hookUrl);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row.count(), WAIT).toBe(0);
    await expect.poll(() => page.getByTestId('webhook-list-empty').count(), WAIT).toBe(1);
  });
});
