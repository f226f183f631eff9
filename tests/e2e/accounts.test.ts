import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, browserPerTest, signIn } from '../support/browser.js';

const ui = browserPerTest();
let page: Page;
beforeEach(() => {
  page = ui.page();
});

/** Steps that go through the gateway and the API get more than expect.poll's default second. */
const POLL = { timeout: 15_000 };

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** The newest message to `to` in the API's outbox, its quoted-printable body decoded. */
async function mailTo(to: string): Promise<{ subject: string; text: string; links: string[] }> {
  const dir = inject('mailOutbox');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort().reverse();
    for (const name of names) {
      const raw = (await readFile(path.join(dir, name), 'utf8')).replace(/\r\n/g, '\n');
      const split = raw.indexOf('\n\n');
      const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
      if (!new RegExp(`^To:.*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(head)) continue;
      const body = raw
        .slice(split + 2)
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return { subject: /^Subject:\s*(.*)$/im.exec(head)?.[1] ?? '', text: body, links: body.match(/https?:\/\/\S+/g) ?? [] };
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function signOutFromConsole() {
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('profile-logout').click();
  await page.waitForURL('**/login');
}

/** Registers a company through the gateway's public pass-through, as the sign-up form does. */
async function registerByApi(serviceName: string) {
  const form = new FormData();
  form.append(
    'newUser',
    JSON.stringify({
      company_name: `Load ${serviceName}`,
      service_name: serviceName,
      category_id: 1,
      email: `${serviceName}@load.example`,
      gcps: ['7000001'],
      first_name: 'Lo',
      last_name: 'Ad',
      password: 'Load-pass-2026',
      role_id: 2,
    }),
  );
  const response = await fetch(`${baseURL()}/bff/public/auth/sign/up`, { method: 'POST', headers: { 'X-CSRF': '1' }, body: form });
  expect(response.status).toBe(201);
}

describe('accounts in Chromium', () => {
  it('registers a company that can sign in only once the super-admin approved it', async () => {
    const serviceName = `e2e-${unique()}`;
    const email = `owner@${serviceName}.example`;
    const password = 'Owner-pass-2026';

    await page.goto(`${baseURL()}/register`);
    await page.getByLabel('Company name').fill(`E2E ${serviceName}`);
    await page.getByLabel('Service name').fill(serviceName);
    await expect.poll(() => page.getByTestId('service-name-status').innerText(), POLL).toBe('This service name is available.');
    await page.getByLabel('GS1 company prefixes').fill('7040001');
    await page.getByLabel('First name').fill('Olga');
    await page.getByLabel('Last name').fill('Owner');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByTestId('register-success').count(), POLL).toBe(1);

    await signIn(page, email, password);
    await expect.poll(() => page.getByTestId('login-error').innerText(), POLL).toBe('Your company has not been authorized yet. Please wait a moment.');

    await signIn(page, 'super@demo.example');
    await page.waitForURL('**/switch');
    const row = page.getByTestId(`customer-${serviceName}`);
    await expect.poll(() => row.getByTestId('approval-state').innerText(), POLL).toBe('Pending approval');
    await row.getByTestId('approval-toggle').click();
    await expect.poll(() => row.getByTestId('approval-state').innerText(), POLL).toBe('Approved');
    await page.getByTestId('switch-logout').click();
    await page.waitForURL('**/login');

    await signIn(page, email, password);
    await page.waitForURL(`**/${serviceName}/dashboard/main-overview`);
    await expect.poll(() => page.getByTestId('notification-count').innerText(), POLL).toBe('1');
  });

  it('invites a sub-admin who joins from the mailed link and sees only the assigned project', async () => {
    const email = `member-${unique()}@acme.example`;
    await signIn(page, 'manager@demo.example');
    await page.waitForURL('**/acme/dashboard/main-overview');
    await page.goto(`${baseURL()}/acme/sub-admin`);
    await page.getByTestId('add-sub-admin').click();
    const dialog = page.getByTestId('create-sub-admin-dialog');
    await dialog.getByLabel('First name').fill('Mona');
    await dialog.getByLabel('Last name').fill('Member');
    await dialog.getByLabel('Email address').fill(email);
    await dialog.getByRole('button', { name: 'Create' }).click();
    const row = page.getByTestId(`sub-admin-${email}`);
    await expect.poll(() => row.getByTestId('sub-admin-status').innerText(), POLL).toBe('Invited');

    // Access: products read and write on Camping only.
    await row.getByTestId('edit-access').click();
    const access = page.getByTestId('access-dialog');
    const campingId = await access
      .getByTestId('access-project')
      .locator('option', { hasText: 'Camping' })
      .getAttribute('value');
    await access.getByTestId('access-project').selectOption(campingId!);
    await expect.poll(() => access.getByTestId('access-product-w').isEnabled(), POLL).toBe(true);
    await access.getByTestId('access-product-w').check();
    await access.getByTestId('access-save').click();
    await expect.poll(() => access.count(), POLL).toBe(0);
    await signOutFromConsole();

    const mail = await mailTo(email);
    expect(mail.subject).toBe('You are invited to Acme Outdoor');
    const link = mail.links.find((candidate) => candidate.includes('/new-member/'))!;
    expect(link.startsWith(baseURL())).toBe(true);
    await page.goto(link);
    await page.getByLabel('New password').fill('Member-pass-2026');
    await page.getByLabel('Confirm password').fill('Member-pass-2026');
    await page.getByRole('button', { name: 'Set password and join' }).click();
    await expect.poll(() => page.getByTestId('new-member-done').count(), POLL).toBe(1);

    await signIn(page, email, 'Member-pass-2026');
    await page.waitForURL('**/acme/dashboard/main-overview');
    await page.getByTestId('nav-projects').click();
    await expect.poll(() => page.locator('[data-testid^="nav-project-"]').count(), POLL).toBeGreaterThan(0);
    const projectLinks = page.locator('[data-testid^="nav-project-"]');
    expect(await projectLinks.allInnerTexts()).toEqual(['Camping']);
    expect(await page.getByTestId('nav-project-all').count()).toBe(0);
    expect(await page.getByTestId('nav-user-roles').count()).toBe(0);
  });

  it('loads the next page of notifications when the list is scrolled to its end', async () => {
    // Each registration notifies the super-admins: enough for more than one page.
    for (let index = 0; index < 11; index += 1) await registerByApi(`load-${unique()}-${index}`);

    await signIn(page, 'super@demo.example');
    await page.waitForURL('**/switch');
    await page.getByTestId('customer-acme').getByRole('button', { name: /Open/ }).click();
    await page.waitForURL('**/acme/dashboard/main-overview');
    await page.getByTestId('notification-bell').click();
    await page.waitForURL('**/acme/notifications');

    const items = page.getByTestId('notification-item');
    await expect.poll(() => items.count(), POLL).toBe(10);
    await page.getByTestId('notifications-more').scrollIntoViewIfNeeded();
    await expect.poll(() => items.count(), POLL).toBeGreaterThan(10);

    await page.getByTestId('mark-all-read').click();
    await expect.poll(() => page.getByTestId('notification-count').count(), POLL).toBe(0);
    await page.getByTestId('notifications-tab-unread').click();
    await expect.poll(() => page.getByTestId('notifications-empty').innerText(), POLL).toBe("You don't have any notifications.");
  });
});
