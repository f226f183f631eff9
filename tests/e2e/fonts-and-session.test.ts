import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, browserPerTest, signIn } from '../support/browser.js';

const ui = browserPerTest();
let page: Page;
let requested: string[];
let consoleErrors: string[];
beforeEach(() => {
  page = ui.page();
  requested = [];
  consoleErrors = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
});

const cjkFontFile = /noto-sans-(jp|sc)-.*\.woff2?$/;
const pretendardFile = /Pretendard.*\.woff2$/;

describe('fonts and the session probe in Chromium', () => {
  it('downloads no Korean, Chinese or Japanese font on an English page, Pretendard once the language is Korean and Noto Sans JP once it is Japanese', async () => {
    await signIn(page, 'manager@demo.example');
    await page.waitForURL('**/acme/dashboard/main-overview');
    await expect.poll(() => page.getByTestId('count-projects').count()).toBe(1);
    expect(requested.filter((path) => cjkFontFile.test(path) || pretendardFile.test(path))).toEqual([]);

    await page.getByTestId('language-select').selectOption('ko');
    await expect.poll(() => requested.some((path) => pretendardFile.test(path)), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.evaluate(() => document.fonts.check("16px 'Pretendard Variable'", '대시보드')), { timeout: 10_000 }).toBe(true);
    // The console part of the Korean catalogue came with the change: the menu speaks Korean.
    await expect.poll(() => page.getByRole('navigation').first().innerText(), { timeout: 10_000 }).toMatch(/[가-힣]/);

    await page.getByTestId('language-select').selectOption('ja');
    await expect.poll(() => requested.some((path) => /noto-sans-jp-.*\.woff2$/.test(path)), { timeout: 10_000 }).toBe(true);
    expect(requested.some((path) => /noto-sans-sc-/.test(path))).toBe(false);
    // A face is in use for the menu's Japanese text, not an empty box.
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Noto Sans JP"', 'ダッシュボード')), { timeout: 10_000 }).toBe(true);
  });

  it('makes no session call and logs no error on the sign-in page of a visitor who has not signed in', async () => {
    await page.goto(`${baseURL()}/login`);
    await page.locator('input[name="email"]').waitFor();
    await page.waitForLoadState('networkidle');
    expect(requested).not.toContain('/bff/auth/me');
    expect(consoleErrors).toEqual([]);
  });
});
