import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, browserPerTest, signIn } from '../support/browser.js';
import { startTestProvider, type TestProvider } from '../support/oidc-provider.js';

/*
 * Single sign-on in Chromium (decision 087): a manager sets up the company's provider on the
 * company profile, then a member of staff signs in through the provider's own pages (a real
 * OpenID provider started here, with its development sign-in pages) and lands in the console.
 */

const ui = browserPerTest();
let page: Page;
let provider: TestProvider;
beforeAll(async () => {
  provider = await startTestProvider([`${baseURL()}/bff/auth/sso/callback`]);
});
afterAll(async () => {
  await provider?.close();
});
beforeEach(() => {
  page = ui.page();
});

const POLL = { timeout: 15_000 };

/** Signs in at the provider's development pages: any login (the account id), any password, then consent. */
async function signInAtProvider(login: string) {
  await page.waitForURL(`${provider.issuer}/**`);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]', { hasText: 'Continue' }).click();
}

async function startSso(email: string) {
  await page.goto(`${baseURL()}/login`);
  await page.getByTestId('sso-start').click();
  await page.getByTestId('sso-form').locator('input[name="email"]').fill(email);
  await page.getByTestId('sso-form').locator('button[type="submit"]').click();
}

describe('single sign-on', () => {
  it('is set up by a manager on the company profile', async () => {
    await signIn(page, 'manager@demo.example');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${baseURL()}/acme/profiles/company`);
    const card = page.getByTestId('sso-settings-card');
    await expect.poll(() => card.getByTestId('sso-status').textContent(), POLL).toContain('not set up');
    await expect.poll(() => card.getByTestId('sso-redirect-uri').textContent(), POLL).toBe(`${baseURL()}/bff/auth/sso/callback`);
    await card.locator('input[name="issuer"]').fill(provider.issuer);
    await card.locator('input[name="clientId"]').fill(provider.clientId);
    await card.locator('input[name="clientSecret"]').fill(provider.clientSecret);
    await card.locator('textarea[name="domains"]').fill('demo.example');
    await card.locator('select[name="jitRole"]').selectOption('sub-admin');
    await card.getByTestId('sso-save').click();
    await expect.poll(() => card.getByTestId('sso-status').textContent(), POLL).toContain('Single sign-on is on');
    await expect.poll(() => card.getByTestId('sso-secret-set').isVisible(), POLL).toBe(true);
    // The secret is not in the page.
    expect(await page.content()).not.toContain(provider.clientSecret);
    if (process.env.SSO_SCREENSHOTS) {
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${process.env.SSO_SCREENSHOTS}/sso-settings-${width}.png`, fullPage: true });
      }
    }
  });

  it('signs a new member of staff in through the provider and into the console', async () => {
    provider.accounts.set('staff', { email: 'new.staff@demo.example', email_verified: true, given_name: 'Stella', family_name: 'Staff' });
    await startSso('new.staff@demo.example');
    await signInAtProvider('staff');
    await page.waitForURL((url) => url.origin === baseURL() && !url.pathname.startsWith('/login'), POLL);
    await expect.poll(() => page.getByTestId('profile-menu').isVisible(), POLL).toBe(true);
    const me = await page.evaluate(async () => (await fetch('/bff/auth/me')).json());
    expect(me.user).toMatchObject({ email: 'new.staff@demo.example', roleId: 3, serviceName: 'acme' });
  });

  it('lands on the sign-in page with a clear message when the provider has not verified the e-mail', async () => {
    provider.accounts.set('unverified', { email: 'unverified@demo.example', email_verified: false });
    await startSso('unverified@demo.example');
    await signInAtProvider('unverified');
    await page.waitForURL(`${baseURL()}/login?sso=unverified`, POLL);
    await expect.poll(() => page.getByTestId('sso-error').textContent(), POLL).toContain('has not verified your e-mail');
    if (process.env.SSO_SCREENSHOTS) {
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${process.env.SSO_SCREENSHOTS}/sso-sign-in-error-${width}.png`, fullPage: true });
      }
    }
  });
});
