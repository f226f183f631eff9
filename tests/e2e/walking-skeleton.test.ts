import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, browserPerTest, signIn } from '../support/browser.js';

const ui = browserPerTest();
let page: Page;
beforeEach(() => {
  page = ui.page();
});

async function countOf(testId: string): Promise<number> {
  const text = await page.getByTestId(testId).innerText();
  const digits = text.match(/\d+/);
  if (!digits) throw new Error(`no number in ${testId}: ${text}`);
  return Number(digits[0]);
}

describe('walking skeleton in Chromium', () => {
  it('signs the manager in and shows the overview with counts and products', async () => {
    await signIn(page, 'manager@demo.example');
    await page.waitForURL('**/acme/dashboard/main-overview');
    await expect.poll(() => countOf('count-products')).toBeGreaterThan(0);
    expect(await countOf('count-projects')).toBe(3);
    await expect.poll(() => page.getByText('Acme Outdoor').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('overview-product-list').locator('tbody tr').count()).toBeGreaterThan(0);
  });

  it('tells a user with a wrong password that the sign-in failed and stays on the login page', async () => {
    await signIn(page, 'manager@demo.example', 'not-the-password');
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/incorrect/i);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('sends the super-admin to /switch, then into Acme with a change-company button', async () => {
    await signIn(page, 'super@demo.example');
    await page.waitForURL('**/switch');
    const acme = page.getByTestId('customer-acme');
    await acme.getByRole('button').first().click();
    await page.waitForURL('**/acme/dashboard/main-overview');
    await expect.poll(() => countOf('count-projects')).toBe(3);
    await expect.poll(() => page.getByText('Acme Outdoor').count()).toBeGreaterThan(0);

    await page.getByTestId('change-company').click();
    await page.waitForURL('**/switch');
    await expect.poll(() => page.getByTestId('customer-nordic').count()).toBe(1);
  });

  it('changes the menu text when the UI language is switched to Korean', async () => {
    await signIn(page, 'manager@demo.example');
    await page.waitForURL('**/acme/dashboard/main-overview');
    const nav = page.getByRole('navigation').first();
    const before = await nav.innerText();
    expect(before).toContain('Overview');
    await page.getByTestId('language-select').selectOption('ko');
    await expect.poll(() => nav.innerText()).not.toContain('Overview');
    expect(await page.locator('html').getAttribute('lang')).toBe('ko');
  });

  it('shows the 404 page for an unknown path', async () => {
    await page.goto(`${baseURL()}/no/such/page/here`);
    await expect.poll(() => page.getByText("Error 404 - This page doesn't exist!").count()).toBeGreaterThan(0);
  });
});
