import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';

/** Debian's Chromium, driven headless; no browser is ever downloaded. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export function baseURL(): string {
  return inject('baseURL');
}

export const DEMO_PASSWORD = 'Demo-pass-2026';

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${baseURL()}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

/**
 * One browser for the file and a fresh context (no cookies, no storage) for every test, at a
 * desktop size in English. Call at the top of a test file; `page()` is the current test's page.
 */
export function browserPerTest(): { page: () => Page } {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let current: Page | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  let refused: string[] = [];
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
    refused = [];
    // Anything the pages' Content-Security-Policy blocks is a fault of the page or of the policy.
    context.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    current = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
    if (refused.length > 0) throw new Error(`blocked by the Content-Security-Policy:\n${refused.join('\n')}`);
  });
  return {
    page: () => {
      if (!current) throw new Error('no page outside a test');
      return current;
    },
  };
}
