import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { NAME_MAX_LENGTH } from '@product-console/shared';
import { baseURL, launchBrowser, signIn } from '../support/browser.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A signed-in page whose console speaks `language` from its first load. */
async function pageIn(language: 'en' | 'ko'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: language === 'ko' ? 'ko-KR' : 'en-US' });
  await context.addInitScript((chosen) => window.localStorage.setItem('console.language', chosen), language);
  const page = await context.newPage();
  await signIn(page, 'manager@demo.example');
  await page.waitForURL('**/acme/dashboard/main-overview');
  return page;
}

/** The text of the error the input's aria-describedby points at. */
async function errorOf(page: Page, testId: string): Promise<string> {
  const input = page.getByTestId(testId);
  await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
  const described = (await input.getAttribute('aria-describedby')) ?? '';
  return page.locator(`[id="${described.split(' ').at(-1)}"]`).innerText();
}

const expected = {
  en: { required: 'This field is required.', tooLong: `Use at most ${NAME_MAX_LENGTH} characters.` },
  ko: { required: '필수 입력 항목입니다.', tooLong: `${NAME_MAX_LENGTH}자 이하로 입력하세요.` },
} as const;

describe('field errors in Chromium', () => {
  it.each(['en', 'ko'] as const)('says in %s that the project name is required, then that it is too long', async (language) => {
    const page = await pageIn(language);
    await page.goto(`${baseURL()}/acme/entry-list`);
    await page.getByTestId('project-create').click();
    await page.getByTestId('project-save').click();
    expect(await errorOf(page, 'project-name-input')).toBe(expected[language].required);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: expected[language].required }).count()).toBe(1);

    await page.getByTestId('project-name-input').fill('x'.repeat(NAME_MAX_LENGTH + 1));
    await page.getByTestId('project-save').click();
    await expect.poll(() => errorOf(page, 'project-name-input')).toBe(expected[language].tooLong);
    // No zod English reaches the screen.
    expect(await page.getByText(/Too (small|big)/).count()).toBe(0);
    await page.context().close();
  });

  it('words the empty product name of the add-product wizard the same way, never in zod English', async () => {
    const page = await pageIn('ko');
    // `none`: the wizard asks for the project itself.
    await page.goto(`${baseURL()}/acme/project/none/add-product`);
    await page.getByTestId('wizard-next').click();
    const name = page.locator('#product_name');
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#product_name-error').innerText()).toBe(expected.ko.required);
    expect(await page.getByText(/Too small|expected string/).count()).toBe(0);
    await page.context().close();
  });
});
