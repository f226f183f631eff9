import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseURL, DEMO_PASSWORD, launchBrowser } from '../support/browser.js';

/*
 * The audit log (decision 088) against the running product: a project the manager makes and renames
 * through the console's API is in the log with the manager's name and the field changed, filtered
 * by action, exported as CSV with the same filters, on a desktop and on a phone.
 */

const SHOTS = fileURLToPath(new URL('../../.artifacts/e2e/audit-log/', import.meta.url));
const csrf = { 'X-CSRF': '1' };
const run = Date.now() % 1_000_000;
const name = `Audited ${run}`;

let browser: Browser;
let manager: BrowserContext;
/** The project the test makes: deleted afterwards, so the demo company's counts stay as other tests expect. */
let madeProject: number | null = null;

const shot = (page: Page, file: string) => page.screenshot({ path: `${SHOTS}${file}.png`, fullPage: true });

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  manager = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
});
afterAll(async () => {
  if (madeProject !== null) await manager.request.delete(`${baseURL()}/bff/api/project/${madeProject}`, { headers: csrf });
  await browser?.close();
});

describe('the audit log in Chromium', () => {
  it('shows who made and renamed a project, filters by action and exports the same as CSV', async () => {
    const signedIn = await manager.request.post(`${baseURL()}/bff/auth/sign-in`, { headers: csrf, data: { email: 'manager@demo.example', password: DEMO_PASSWORD } });
    expect(signedIn.status()).toBe(200);
    const created = await manager.request.post(`${baseURL()}/bff/api/project`, { headers: csrf, data: { project_name: name } });
    expect(created.status(), await created.text()).toBe(201);
    const projectId = ((await created.json()) as { result: { project_id: number } }).result.project_id;
    madeProject = projectId;
    const renamed = await manager.request.patch(`${baseURL()}/bff/api/project/${projectId}`, { headers: csrf, data: { name: `${name} renamed` } });
    expect(renamed.status(), await renamed.text()).toBe(200);

    const page = await manager.newPage();
    await page.goto(`${baseURL()}/acme/audit-log`);
    const table = page.getByTestId('audit-table');
    await expect.poll(() => table.innerText(), { timeout: 15_000 }).toContain(`name: ${name} → ${name} renamed`);
    const renameRow = page.getByTestId('audit-row').filter({ hasText: `${name} renamed` }).first();
    expect(await renameRow.innerText()).toContain('Mia Manager <manager@demo.example>');
    await shot(page, 'audit-log-1440');

    // Keyboard: the action filter is reached and changed without a pointer.
    await page.getByLabel('Action').focus();
    await page.getByLabel('Action').selectOption('create');
    await expect.poll(() => page.getByTestId('audit-row').first().innerText()).toContain('Created');
    expect(await table.innerText()).not.toContain('→');

    const href = await page.getByTestId('audit-export').getAttribute('href');
    expect(href).toContain('action=create');
    const csv = await manager.request.get(`${baseURL()}${href}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\n')[0]).toBe('at,companyId,actorType,actorUserId,actorApiKeyId,actor,resource,resourceId,action,changes');
    expect(text).toContain(`,projects,${projectId},create,`);
    expect(text).not.toContain(',update,');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => page.getByTestId('audit-table').innerText(), { timeout: 15_000 }).toContain(name);
    await shot(page, 'audit-log-390');
  });
});
