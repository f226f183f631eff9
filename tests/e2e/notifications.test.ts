import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseURL, launchBrowser, signIn } from '../support/browser.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('notifications in Chromium', () => {
  it("shows the demo manager's notifications in Korean once the language menu says so", async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    await signIn(page, 'manager@demo.example');
    await page.waitForURL('**/acme/dashboard/main-overview');

    await page.getByTestId('language-select').selectOption('ko');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ko');
    await page.goto(`${baseURL()}/acme/notifications`);

    const list = page.getByTestId('notifications-list');
    await expect.poll(() => list.innerText(), { timeout: 10_000 }).toContain('새 서브 관리자');
    const text = await list.innerText();
    expect(text).toContain('Sid Sub님이 회사에 합류했습니다.');
    expect(text).toContain('정기 점검 예정');
    // The English of the API answer does not reach the screen.
    expect(text).not.toContain('joined your company');
    expect(text).not.toContain('Scheduled maintenance');
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/notifications-ko.png` });
    await context.close();
  });
});
