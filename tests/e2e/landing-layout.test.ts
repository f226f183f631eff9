import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { applyTemplate, LANDING_VIEWS, TEMPLATES, type Design } from '@product-console/shared';
import { baseURL, DEMO_PASSWORD, launchBrowser } from '../support/browser.js';

/*
 * What the shopper's phone shows holds together (issue 29, defect 1): every view of a demo product
 * with links and content, in both templates, at 360, 390 and 430 px; no two boxes of the page overlap
 * (a grid tile running into the next row, the last tile covering the first content title).
 */

const SHOTS = fileURLToPath(new URL('../../.artifacts/e2e/landing-layout/', import.meta.url));
const PRODUCT_NAME = 'Summit 45L Backpack';
const WIDTHS = [360, 390, 430];
const SUFFIX: Record<(typeof LANDING_VIEWS)[number], string> = {
  index: '',
  homepage: '/homepage',
  verification: '/verification?serial=LAYOUT-1',
  smartLabel: '/smartLabel',
  dpp: '/dpp',
  traceability: '/traceability',
};

let browser: Browser;
let manager: BrowserContext;
let productId = 0;
let saved: Design | null = null;

const putDesign = async (design: Design) => {
  const response = await manager.request.put(`${baseURL()}/bff/api/product/design`, { headers: { 'X-CSRF': '1' }, data: { productId, design } });
  expect(response.status(), await response.text()).toBe(200);
};

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  manager = await browser.newContext({ locale: 'en-US' });
  const signedIn = await manager.request.post(`${baseURL()}/bff/auth/sign-in`, { headers: { 'X-CSRF': '1' }, data: { email: 'manager@demo.example', password: DEMO_PASSWORD } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const list = (await (await manager.request.get(`${baseURL()}/bff/api/product/all?page=1&size=100`)).json()) as { result: { productId: number; product_name: string }[] };
  productId = list.result.find((entry) => entry.product_name === PRODUCT_NAME)!.productId;
  saved = ((await (await manager.request.get(`${baseURL()}/bff/api/product/design?productId=${productId}`)).json()) as { result: Design }).result;
});
afterAll(async () => {
  if (saved) await putDesign(saved);
  await browser?.close();
});

/** How many boxes of the page's flow were measured, and the pairs that overlap (neither inside the other). */
function overlapsInPage(): { measured: number; found: string[] } {
  const name = (element: Element) => {
    const id = element.getAttribute('data-testid');
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return `${element.tagName.toLowerCase()}${id ? `[${id}]` : ''} "${text}"`;
  };
  const inFlow = (element: Element) => {
    for (let at: Element | null = element; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.position === 'absolute' || style.position === 'fixed' || style.position === 'sticky') return false;
      if (style.visibility === 'hidden' || style.display === 'none') return false;
    }
    return true;
  };
  const boxes = [...document.body.querySelectorAll('a, li, h1, h2, h3, p, img, video, button, [data-testid="preview-block"], section')]
    .filter(inFlow)
    .map((element) => ({ element, rect: element.getBoundingClientRect() }))
    .filter(({ rect }) => rect.width > 0 && rect.height > 0);
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const a = boxes[i];
      const b = boxes[j];
      if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
      const across = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
      const down = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
      if (across > 1 && down > 1) found.push(`${name(a.element)} and ${name(b.element)} by ${Math.round(across)} × ${Math.round(down)} px`);
    }
  }
  return { measured: boxes.length, found };
}

describe("the shopper's page on a phone", () => {
  for (const template of TEMPLATES) {
    it(`has no overlapping boxes in any view of the ${template} template at 360, 390 and 430 px`, { timeout: 180_000 }, async () => {
      await putDesign(applyTemplate(saved!, template));
      const problems: string[] = [];
      for (const width of WIDTHS) {
        const phone = await browser.newContext({ viewport: { width, height: 800 }, locale: 'en-GB', isMobile: true, hasTouch: true });
        const page = await phone.newPage();
        for (const view of LANDING_VIEWS) {
          await page.goto(`${baseURL()}/acme/product-details/${productId}/preview${SUFFIX[view]}`);
          await page.waitForLoadState('load');
          await page.evaluate(() => document.fonts.ready);
          const { measured, found } = await page.evaluate(overlapsInPage);
          expect(measured, `${view} at ${width} px`).toBeGreaterThan(2);
          if (found.length > 0) problems.push(`${view} at ${width} px: ${found.join('; ')}`);
          if (found.length > 0 || (view === 'index' && width === 390)) await page.screenshot({ path: `${SHOTS}${template}-${view}-${width}.png`, fullPage: true });
        }
        await phone.close();
      }
      expect(problems).toEqual([]);
    });
  }

  it('names Korean on its chip in Korean letters on a phone without a Korean face, from a subset of a few glyphs', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 800 }, locale: 'en-GB', isMobile: true, hasTouch: true });
    const page = await phone.newPage();
    const fonts: { url: string; status: number }[] = [];
    page.on('response', (response) => {
      if (/\.woff2(\?|$)/.test(response.url())) fonts.push({ url: response.url(), status: response.status() });
    });
    await page.goto(`${baseURL()}/acme/product-details/${productId}/preview`);
    const chip = page.getByTestId('preview-language-chips').getByText('한국어');
    await expect.poll(() => chip.count()).toBe(1);
    await page.evaluate(() => document.fonts.ready);
    // This machine has no Korean font: the chip's three glyphs come from the subset, nothing larger.
    expect(fonts.filter((font) => font.status === 200).map((font) => new URL(font.url).pathname)).toEqual([expect.stringMatching(/language-names-ko[-.][\w-]*\.woff2$/)]);
    expect(await page.evaluate(() => [...document.fonts].some((face) => face.status === 'loaded' && face.unicodeRange.includes('D55C')))).toBe(true);
    await chip.screenshot({ path: `${SHOTS}korean-chip.png` });
    await phone.close();
  });

  it("never shows a shopper the placeholder of a block nobody wrote: a Korean reader gets the default text, an untouched block is left out", async () => {
    const url = `${baseURL()}/bff/api/product/content`;
    const before = ((await (await manager.request.get(`${url}?productId=${productId}`)).json()) as { result: { type: string; inputs: unknown[]; style: unknown; label: string }[] }).result;
    const put = async (contents: unknown[]) => {
      const response = await manager.request.put(url, { headers: { 'X-CSRF': '1' }, data: { productId, contents } });
      expect(response.status(), await response.text()).toBe(200);
    };
    // The page's own blocks stay (their images with them); two are added before the footer.
    const kept = before.map(({ type, inputs, style, label }) => ({ type, inputs, style, label }));
    const footer = kept.findIndex((block) => block.type === 'footer');
    const added = [
      { type: 'text', inputs: [{ languageCode: 'DEFAULT', inputData: 'Packed by hand in Portugal.' }, { languageCode: 'ko', inputData: 'content here' }] },
      { type: 'title', inputs: [{ languageCode: 'DEFAULT', inputData: 'content here' }, { languageCode: 'ko', inputData: 'content here' }] },
    ];
    await put(footer < 0 ? [...kept, ...added] : [...kept.slice(0, footer), ...added, ...kept.slice(footer)]);
    try {
      const phone = await browser.newContext({ viewport: { width: 390, height: 800 }, locale: 'ko-KR', isMobile: true, hasTouch: true });
      const page = await phone.newPage();
      for (const lang of ['ko', 'DEFAULT']) {
        await page.goto(`${baseURL()}/acme/product-details/${productId}/preview?lang=${lang}`);
        const text = await page.locator('body').innerText();
        expect(text).toContain('Packed by hand in Portugal.');
        expect(text).not.toContain('content here');
      }
      await page.screenshot({ path: `${SHOTS}placeholder-left-out.png`, fullPage: true });
      await phone.close();
    } finally {
      await put(kept);
    }
  });

  it('asks for nothing that is not there (a tab icon included), and names each gallery dot by its image', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 800 }, locale: 'en-GB', isMobile: true, hasTouch: true });
    const page = await phone.newPage();
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await page.goto(`${baseURL()}/acme/product-details/${productId}/preview`);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('link[rel="icon"]').count()).toBe(1);
    const icon = await page.evaluate(async () => (await fetch(document.querySelector<HTMLLinkElement>('link[rel="icon"]')!.href)).status);
    expect(icon).toBe(200);
    expect(failed).toEqual([]);
    const dots = page.locator('.landing-dots button');
    await expect.poll(() => dots.count()).toBeGreaterThan(1);
    const names = await dots.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    const alts = await page.locator('[data-testid="product-landing"] ul[tabindex="0"] img').evaluateAll((images) => images.map((image) => image.getAttribute('alt')));
    expect(names).toEqual(alts);
    expect(new Set(names).size).toBe(names.length);
    await phone.close();
  });
});

