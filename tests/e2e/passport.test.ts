import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { gs1CheckDigit } from '@product-console/shared';
import { baseURL, launchBrowser, signIn } from '../support/browser.js';

/*
 * A digital product passport from the console to the shopper's phone (issue 16): an Acme manager
 * makes a DPP product, fills the battery template in the passport step, uploads a declaration of
 * conformity, publishes; a phone's dpp view shows the public passport with the page-checked
 * 'Verified by' mark; an access link issued in the step (shown once) opens the restricted fields,
 * which the plain view never shows, and stops doing so once revoked.
 */

const SHOTS = fileURLToPath(new URL('../../.artifacts/e2e/passport/', import.meta.url));
const fixture = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: readFileSync(fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url))),
});
/** A small valid PDF, made here: the API checks uploads by their content. */
const DECLARATION = {
  name: 'EU declaration of conformity.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
};

/** A GTIN-13 on Acme's second company prefix, unique per run, with its GS1 check digit. */
function uniqueGtin13(): string {
  const body = `0614142${String((Date.now() + 71) % 100_000).padStart(5, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

/** Public by default: the shopper sees these. */
const PUBLIC = { chemistry: 'LFP', hazardous: 'Lead', manufacturer: 'Acme Outdoor Ltd', method: 'ISO 14067', manual: 'Charge fully before first use.', safety: 'Do not heat above 60 °C.' };
/** Legitimate interest by default (facilities, cathode materials, dismantling): only an access link shows them. */
const RESTRICTED = { facility: 'Acme Cell Works', cathode: 'LiFePO4', dismantling: 'Unclip the cover and lift the cell out.' };
const PHONE = { viewport: { width: 390, height: 844 }, locale: 'en-US', isMobile: true, hasTouch: true } as const;

let browser: Browser;
let manager: BrowserContext;
let phone: BrowserContext;
let page: Page;

/** Filled in by the first test, used by the others. */
const made = { productId: 0, dppPath: '', accessUrl: '' };

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  manager = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  phone = await browser.newContext(PHONE);
  page = await manager.newPage();
});
afterAll(async () => {
  await browser?.close();
});

/** An input of the passport form by its field path (`data.` omitted). */
const field = (path: string) => page.locator(`#passport-data-${path.replace(/\./g, '-')}`);

async function phoneText(url: string): Promise<{ page: Page; text: string; headers: Record<string, string> }> {
  const view = await phone.newPage();
  const response = await view.goto(url);
  expect(response?.status()).toBe(200);
  const passport = view.getByTestId('landing-dpp');
  await expect.poll(() => passport.count()).toBe(1);
  return { page: view, text: await passport.innerText(), headers: response?.headers() ?? {} };
}

describe('a battery passport from the console to the phone', () => {
  it('a manager fills the battery template, uploads a declaration of conformity, saves and publishes', async () => {
    await signIn(page, 'manager@demo.example');
    await page.waitForURL('**/acme/dashboard/main-overview');
    const projects = await page.evaluate(async () => (await (await fetch('/bff/api/project/all', { headers: { 'X-CSRF': '1' } })).json()) as { result: { project_id: number }[] });
    await page.goto(`${baseURL()}/acme/project/${projects.result[0]!.project_id}/add-product`);
    await page.getByLabel('Service').selectOption('DPP');
    await page.getByLabel('Product name').fill(`Lantern battery ${Date.now()}`);
    await page.getByLabel('Product number').fill('AO-E2E-DPP');
    await page.getByLabel('GTIN (AI 01)').fill(uniqueGtin13());
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('product-images-input').setInputFiles([fixture('product-blue.png')]);
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-submit').click();
    await page.waitForURL(/\/acme\/product-details\/\d+$/);
    made.productId = Number(new URL(page.url()).pathname.split('/').pop());
    made.dppPath = `/acme/product-details/${made.productId}/preview/dpp`;
    const digitalLink = (await page.getByTestId('digital-link').innerText()).trim();

    await page.goto(`${baseURL()}/acme/product-details/${made.productId}/edit/passport`);
    // The step is listed once the product's service (DPP) is read.
    await expect.poll(() => page.getByTestId('passport-step').count(), { timeout: 30_000 }).toBe(1);
    await page.getByLabel('Template').selectOption('battery');

    // Publishing an empty passport is refused: beside the button, the missing fields as links, the first one focused.
    await page.getByTestId('passport-publish').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Publish' }).click();
    const missing = page.getByTestId('passport-publish-missing');
    await expect.poll(() => missing.count()).toBe(1);
    expect(await missing.innerText()).toContain('required to publish');
    expect(await missing.getByRole('link').allInnerTexts()).toEqual(expect.arrayContaining(['Unique product identifier', 'Manufacturer']));
    await expect.poll(() => field('uniqueProductIdentifier').evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
    await page.screenshot({ path: `${SHOTS}passport-publish-refused-1366.png` });

    await field('uniqueProductIdentifier').fill(digitalLink);
    await field('granularity').selectOption('model');
    await field('manufacturer.name').fill(PUBLIC.manufacturer);
    await field('manufacturer.address.city').fill('Berlin');
    await field('manufacturer.address.country').fill('DE');
    await page.getByTestId('passport-manufacturingFacilities-add').click();
    await field('manufacturingFacilities.0.name').fill(RESTRICTED.facility);
    await field('manufacturingFacilities.0.address.city').fill('Porto');
    await field('manufacturingFacilities.0.address.country').fill('PT');
    await field('userManual.text').fill(PUBLIC.manual);
    await field('safetyInformation.text').fill(PUBLIC.safety);
    await field('carbonFootprint.kgCo2ePerUnit').fill('3.2');
    await field('carbonFootprint.method').fill(PUBLIC.method);
    await field('battery.generalProductInformation.category').selectOption('portable');
    await field('battery.generalProductInformation.chemistry').fill(PUBLIC.chemistry);
    await field('battery.generalProductInformation.weightKg').fill('0.2');
    await field('battery.materialComposition.cathodeMaterials').fill(RESTRICTED.cathode);
    await field('battery.circularity.dismantlingInformation').fill(RESTRICTED.dismantling);
    await page.getByTestId('passport-battery-materialComposition-hazardousSubstances-add').click();
    await field('battery.materialComposition.hazardousSubstances.0.name').fill(PUBLIC.hazardous);
    // A CAS number with a wrong check digit is refused under its field, before anything is sent.
    await field('battery.materialComposition.hazardousSubstances.0.casNumber').fill('7439-92-2');
    await field('battery.materialComposition.hazardousSubstances.0.concentrationPercent').fill('0.004');
    await page.getByTestId('passport-save').click();
    await expect.poll(() => page.getByTestId('passport-data-battery-materialComposition-hazardousSubstances-0-casNumber-error').innerText()).toContain('Wrong check digit');
    await field('battery.materialComposition.hazardousSubstances.0.casNumber').fill('7439-92-1');

    // The declaration of conformity is uploaded at once and becomes a compliance document.
    await page.locator('#passport-document-kind').selectOption('declarationOfConformity');
    await page.getByTestId('passport-document-upload').setInputFiles(DECLARATION);
    const document = page.getByTestId('passport-document');
    await expect.poll(() => document.count(), { timeout: 15_000 }).toBe(1);
    expect(await document.locator('input').inputValue()).toBe('EU declaration of conformity');
    const stored = await page.request.get(new URL((await document.getByRole('link').getAttribute('href'))!, baseURL()).href);
    expect(stored.status()).toBe(200);
    expect((await stored.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await page.getByTestId('passport-save').click();
    await expect.poll(() => page.getByTestId('passport-notice').innerText().catch(() => '')).toBe('The draft is saved.');
    await page.getByTestId('passport-publish').click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.getByTestId('passport-notice').innerText().catch(() => '')).toBe('A new version is published.');
    await expect.poll(() => page.getByTestId('passport-versions').innerText().catch(() => '')).toContain('Version 1');

    // The published version reads in the step as the dpp view draws it, every field included.
    await page.getByTestId('passport-version-read').first().click();
    const reader = page.getByTestId('passport-version-reader');
    await expect.poll(() => reader.getByTestId('passport-version-sections').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}passport-version-1366.png` });
    const readable = await reader.innerText();
    for (const text of [PUBLIC.chemistry, RESTRICTED.facility, RESTRICTED.cathode, RESTRICTED.dismantling, 'EU declaration of conformity']) expect(readable).toContain(text);
    await reader.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => reader.count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}passport-step-1366.png`, fullPage: true });
  });

  it("the phone's dpp view shows the public passport and its declaration, and the page verifies the credential itself", async () => {
    const { page: view, text, headers } = await phoneText(`${baseURL()}${made.dppPath}`);
    for (const shown of [PUBLIC.chemistry, PUBLIC.hazardous, PUBLIC.manufacturer, PUBLIC.method, PUBLIC.manual, PUBLIC.safety, 'Berlin, DE', 'Version 1']) expect(text).toContain(shown);
    for (const hidden of Object.values(RESTRICTED)) expect(text).not.toContain(hidden);
    expect(await view.getByTestId('dpp-access-level').count()).toBe(0);
    expect(headers['cache-control']).toBe('no-cache');

    const download = view.getByTestId('dpp-documents').getByRole('link', { name: 'EU declaration of conformity' });
    const href = await download.getAttribute('href');
    expect(href).toMatch(/^\/bff\/public\/files\/passports\//);
    const file = await phone.request.get(new URL(href!, baseURL()).href);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');

    const mark = view.getByTestId('dpp-verified');
    await expect.poll(() => mark.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await mark.innerText()).toBe('Verified by Acme Outdoor');
    expect(await view.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await view.screenshot({ path: `${SHOTS}dpp-public-390.png`, fullPage: true });
    await view.close();
  });

  it('an access link issued in the step (shown once) opens the restricted fields; the plain view still hides them', async () => {
    const links = page.getByTestId('passport-access-links');
    await links.getByLabel('Name', { exact: true }).fill('Recycler');
    await links.getByLabel('Access level', { exact: true }).selectOption('legitimateInterest');
    await links.getByLabel('Valid for (days)', { exact: true }).fill('30');
    await page.getByTestId('access-link-create').click();
    const created = page.getByTestId('access-link-created');
    made.accessUrl = (await created.getByTestId('access-link-url').innerText()).trim();
    expect(made.accessUrl).toBe(`${baseURL()}${made.dppPath}?access=${made.accessUrl.split('access=')[1]}`);
    await created.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => created.count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain(made.accessUrl);
    expect(await page.getByTestId('access-link').innerText()).toContain('Never used');

    const { page: view, text, headers } = await phoneText(made.accessUrl);
    expect(await view.getByTestId('dpp-access-level').innerText()).toContain('Legitimate interest view');
    for (const shown of [...Object.values(RESTRICTED), 'Porto, PT', PUBLIC.chemistry]) expect(text).toContain(shown);
    // Kept by no cache, and not handed on as a Referer.
    expect(headers['cache-control']).toBe('private, no-store');
    expect(headers['referrer-policy']).toBe('no-referrer');
    const carriers = await view.locator('a[href]').evaluateAll((anchors, token) => anchors.map((a) => a.getAttribute('href') ?? '').filter((href) => href.includes(token)), made.accessUrl.split('access=')[1]!);
    // Only the passport's own documents carry the token (a restricted one is served to its holder only), and they open.
    expect(carriers.length).toBeGreaterThan(0);
    for (const href of carriers) expect(href).toMatch(/^\/bff\/public\/files\/passports\/\d+\/[0-9a-f]+\.pdf\?access=/);
    for (const href of carriers) expect((await fetch(new URL(href, made.accessUrl))).status).toBe(200);
    const mark = view.getByTestId('dpp-verified');
    await expect.poll(() => mark.isVisible(), { timeout: 15_000 }).toBe(true);
    await view.screenshot({ path: `${SHOTS}dpp-access-link-390.png`, fullPage: true });
    await view.close();

    // The plain address right after: nothing restricted (the access answer was not kept).
    const plain = await phoneText(`${baseURL()}${made.dppPath}`);
    for (const hidden of Object.values(RESTRICTED)) expect(plain.text).not.toContain(hidden);
    await plain.page.close();

    // The console lists the link's last use.
    await page.reload();
    await expect.poll(() => page.getByTestId('access-link').innerText().catch(() => '')).toContain('Last used');
  });

  it('a revoked access link shows the public passport with a short notice', async () => {
    const row = page.getByTestId('access-link');
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => row.innerText()).toContain('Revoked');

    const { page: view, text } = await phoneText(made.accessUrl);
    expect(await view.getByTestId('dpp-access-invalid').innerText()).toBe('This access link is no longer valid. The public passport is shown.');
    expect(await view.getByTestId('dpp-access-level').count()).toBe(0);
    for (const hidden of Object.values(RESTRICTED)) expect(text).not.toContain(hidden);
    expect(text).toContain(PUBLIC.chemistry);
    await view.close();
  });
});
