import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { masterTagKeys, simulatedTap } from '../../services/api/src/modules/authenticity/nfc/simulated-tag.js';
import { baseURL, DEMO_PASSWORD, launchBrowser } from '../support/browser.js';

/*
 * Genuine means genuine (issue 25), on a phone against the running product: a printed serial is a
 * registered item, never genuine; a simulated NTAG 424 DNA tag keyed from the company's master key
 * is genuine on its first tap only; a replayed tap, a forged MAC and a tag presented on another
 * serial's address are not genuine, each with its reason; two taps with the same counter at once
 * are accepted once.
 */

const SHOTS = fileURLToPath(new URL('../../.artifacts/e2e/authenticity/', import.meta.url));
const PRODUCT_NAME = 'Rye Crispbread';
const NORDIC = { prefix: '7350053' };
const EN = JSON.parse(readFileSync(fileURLToPath(new URL('../../services/web/src/locales/en.json', import.meta.url)), 'utf8')) as Record<string, string>;

let browser: Browser;
let manager: BrowserContext;
let phone: BrowserContext;

const run = Date.now() % 1_000_000;
const item = { productId: 0, gtin: '', entryId: 0, serialA: `NFC-A${run}`, serialB: `NFC-B${run}`, serialC: `FAKE-C${run}`, uidA: `04${randomBytes(6).toString('hex').toUpperCase()}`, uidB: '' };
item.uidB = `04${randomBytes(6).toString('hex').toUpperCase()}`;
let masterKey = '';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  manager = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  phone = await browser.newContext({ viewport: { width: 390, height: 800 }, locale: 'en-GB', extraHTTPHeaders: { 'Accept-Language': 'en' }, isMobile: true, hasTouch: true });
});
afterAll(async () => {
  await browser?.close();
});

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

const csrf = { 'X-CSRF': '1' };
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });

/** The verification address a tag mirrors its tap into: the serial's Digital Link with `picc_data` and `cmac`. */
function tapAddress(serial: string, tap: { piccData: string; cmac: string }): string {
  return `${baseURL()}/01/${item.gtin}/21/${serial}?linkType=gs1:certificationInfo&picc_data=${tap.piccData}&cmac=${tap.cmac}`;
}

const tapOf = (uid: string, counter: number) => simulatedTap({ uid, counter, ...masterTagKeys(masterKey, uid) });

/** What the phone's page says: the state's test id and, when not genuine, its reason. */
async function stateOf(page: Page): Promise<{ state: string; reason: string | null }> {
  const state = page.locator('[data-testid="landing-genuine"], [data-testid="landing-registered"], [data-testid="landing-warning"], [data-testid="landing-not-genuine"]');
  await expect.poll(() => state.count()).toBe(1);
  return { state: (await state.getAttribute('data-testid')) ?? '', reason: await state.getAttribute('data-reason') };
}

describe('cryptographic NFC tags on a phone', () => {
  it('binds two tags to two serials from a supplier file keyed by the master key', async () => {
    const response = await manager.request.post(`${baseURL()}/bff/auth/sign-in`, { headers: csrf, data: { email: 'manager@nordic.example', password: DEMO_PASSWORD } });
    expect(response.status(), await response.text()).toBe(200);
    const api = manager.request;
    const list = await json<{ result: { productId: number; entry_id: number; product_name: string; gtin: string }[] }>(await api.get(`${baseURL()}/bff/api/product/all?page=1&size=100`));
    const product = list.result.find((entry) => entry.product_name === PRODUCT_NAME)!;
    Object.assign(item, { productId: product.productId, gtin: product.gtin, entryId: product.entry_id });
    for (const serial of [item.serialA, item.serialB, item.serialC]) {
      const registered = await api.post(`${baseURL()}/bff/api/entry/qualifiers/`, {
        headers: csrf,
        data: { qualifierPath: `/21/${serial}`, identifierCode: '21', entryId: item.entryId, entryPath: `/01/${item.gtin}`, gcp: NORDIC.prefix },
      });
      expect(registered.status(), await registered.text()).toBeLessThan(300);
    }
    masterKey = (await json<{ result: { key: string } }>(await api.post(`${baseURL()}/bff/api/service/nfc/master-keys`, { headers: csrf }))).result.key;
    expect(masterKey).toMatch(/^[0-9A-F]{32}$/);
    const file = `uid,serial\n${item.uidA},${item.serialA}\n${item.uidB},${item.serialB}\n`;
    const imported = await api.post(`${baseURL()}/bff/api/product/nfc/tags/import?productId=${item.productId}`, {
      headers: csrf,
      multipart: { file: { name: 'tags.csv', mimeType: 'text/csv', buffer: Buffer.from(file) } },
    });
    expect(imported.status(), await imported.text()).toBe(200);
    expect((await imported.json()).imported).toBe(2);
  });

  it('a printed code of the same serial is a registered item, never genuine', async () => {
    const page = await phone.newPage();
    await page.goto(`${baseURL()}/01/${item.gtin}/21/${item.serialA}?linkType=gs1:certificationInfo`);
    expect((await stateOf(page)).state).toBe('landing-registered');
    await page.close();
  });

  it('the first tap is genuine; the same address again says the tap was already used', async () => {
    const page = await phone.newPage();
    const address = tapAddress(item.serialA, tapOf(item.uidA, 1));
    await page.goto(address);
    expect(await stateOf(page)).toEqual({ state: 'landing-genuine', reason: null });
    expect(await page.getByTestId('landing-genuine').innerText()).toContain(EN['landing.verification.genuine']);
    await shot(page, 'tap-genuine');
    await page.goto(address);
    expect(await stateOf(page)).toEqual({ state: 'landing-not-genuine', reason: 'tapReplayed' });
    expect(await page.locator('body').innerText()).toContain(EN['landing.verification.notGenuine.tapReplayed']);
    await shot(page, 'tap-replayed');
    // The tag tapped again counts up: genuine again.
    await page.goto(tapAddress(item.serialA, tapOf(item.uidA, 2)));
    expect((await stateOf(page)).state).toBe('landing-genuine');
    await page.close();
  });

  it('a forged MAC, and a tag presented on another serial’s address, are not genuine', async () => {
    const page = await phone.newPage();
    const tap = tapOf(item.uidA, 3);
    const forged = { ...tap, cmac: `${tap.cmac.slice(0, 15)}${tap.cmac.endsWith('0') ? '1' : '0'}` };
    await page.goto(tapAddress(item.serialA, forged));
    expect(await stateOf(page)).toEqual({ state: 'landing-not-genuine', reason: 'tapInvalid' });
    await page.goto(tapAddress(item.serialB, tapOf(item.uidA, 4)));
    expect(await stateOf(page)).toEqual({ state: 'landing-not-genuine', reason: 'tagOfOtherSerial' });
    await shot(page, 'tap-other-serial');
    // Tag B on its own address is genuine.
    await page.goto(tapAddress(item.serialB, tapOf(item.uidB, 1)));
    expect((await stateOf(page)).state).toBe('landing-genuine');
    await page.close();
  });

  it('two taps with the same counter at once are accepted once', async () => {
    const address = tapAddress(item.serialA, tapOf(item.uidA, 10));
    const pages = await Promise.all([phone.request.get(address), phone.request.get(address), phone.request.get(address)]);
    const bodies = await Promise.all(pages.map((response) => response.text()));
    expect(bodies.filter((body) => body.includes('data-testid="landing-genuine"'))).toHaveLength(1);
    expect(bodies.filter((body) => body.includes('data-reason="tapReplayed"'))).toHaveLength(2);
    const tags = await json<{ result: { uid: string; lastCounter: number | null }[] }>(await manager.request.get(`${baseURL()}/bff/api/product/nfc/tags?productId=${item.productId}&page=1&size=20`));
    expect(tags.result.find((tag) => tag.uid === item.uidA)?.lastCounter).toBe(10);
  });
});

describe("the brand's anti-counterfeit desk", () => {
  it("a shopper reports a suspected fake; the brand confirms it and the shopper is warned; blacklisted, the item is not genuine", async () => {
    const verification = `${baseURL()}/01/${item.gtin}/21/${item.serialC}?linkType=gs1:certificationInfo`;
    const shopper = await phone.newPage();
    await shopper.goto(verification);
    expect((await stateOf(shopper)).state).toBe('landing-registered');
    await shopper.getByRole('link', { name: EN['landing.report.title'] }).click();
    await shopper.getByLabel(EN['landing.report.place']).fill('Market stall, Lisbon');
    await shopper.getByLabel(EN['landing.report.seller']).fill('Street seller');
    await shopper.getByRole('button', { name: EN['landing.report.submit'] }).click();
    await expect.poll(() => shopper.getByText(EN['landing.report.thanks.title']).count()).toBe(1);
    await shot(shopper, 'report-sent');

    // The brand sees the report on its desk and confirms it as a fake, without blacklisting yet.
    const desk = await manager.newPage();
    await desk.goto(`${baseURL()}/nordic/authenticity`);
    await desk.getByRole('tab', { name: EN['authenticity.tab.reports'] }).click();
    const row = desk.getByTestId('reports-table').locator('tr', { hasText: item.serialC });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button').first().click();
    const panel = desk.getByTestId('story-panel');
    await expect.poll(() => panel.getByTestId('report-decision').count()).toBe(1);
    await panel.getByTestId('report-save').click();
    await expect.poll(() => desk.getByText(EN['authenticity.report.saved']).count()).toBeGreaterThan(0);
    await shot(desk, 'desk-report-confirmed');

    await shopper.goto(verification);
    expect((await stateOf(shopper)).state).toBe('landing-warning');
    expect(await shopper.getByTestId('landing-warning').innerText()).toContain(EN['landing.verification.warning.reported'].replace('{company}', 'Nordic Foods'));
    await shot(shopper, 'verification-reported');

    // Then blacklisted from the same report: every check says not genuine.
    await panel.getByTestId('report-blacklist').check();
    await panel.getByTestId('report-save').click();
    await desk.getByRole('button', { name: EN['authenticity.report.blacklistConfirm'] }).click();
    await expect.poll(async () => (await shopper.request.get(verification)).text().then((html) => html.includes('data-reason="blacklisted"')), { timeout: 10_000 }).toBe(true);
    await shopper.goto(verification);
    expect(await stateOf(shopper)).toEqual({ state: 'landing-not-genuine', reason: 'blacklisted' });
    await shot(shopper, 'verification-blacklisted');
    await desk.close();
    await shopper.close();
  });

  it("the product's page shows its intended markets, its bound NFC tags and each serial's status", async () => {
    const api = manager.request;
    expect((await api.put(`${baseURL()}/bff/api/product/nfc`, { headers: csrf, data: { productId: item.productId, isNFC: 1 } })).status()).toBeLessThan(300);
    const markets = await api.put(`${baseURL()}/bff/api/product/markets`, { headers: csrf, data: { productId: item.productId, intendedMarkets: ['SE', 'NO'] } });
    expect(markets.status(), await markets.text()).toBeLessThan(300);
    const page = await manager.newPage();
    await page.goto(`${baseURL()}/nordic/product-details/${item.productId}`);
    const marketsCard = page.getByTestId('intended-markets');
    await expect.poll(() => marketsCard.innerText()).toContain('Sweden');
    const tags = page.getByTestId('nfc-tags-table');
    await expect.poll(() => tags.innerText().catch(() => '')).toContain(item.uidA);
    expect(await tags.innerText()).toContain(item.uidB);
    const serialRow = page.locator('tr', { hasText: item.serialC });
    await expect.poll(() => serialRow.innerText().catch(() => '')).toContain(EN['serials.status.blacklisted']);
    await shot(page, 'product-details');
    await page.close();
  });
});
