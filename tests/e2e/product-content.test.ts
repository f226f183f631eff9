import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { gs1CheckDigit } from '@product-console/shared';
import { baseURL, launchBrowser, signIn } from '../support/browser.js';

const SHOTS = fileURLToPath(new URL('../../.artifacts/e2e/product-content/', import.meta.url));
const fixture = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: readFileSync(fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url))),
});

/** A GTIN-13 on Acme's second company prefix, unique per run, with its GS1 check digit. */
function uniqueGtin13(): string {
  const body = `0614142${String((Date.now() + 37) % 100_000).padStart(5, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

const TITLE = 'Aurora trail lamp';
const TITLE_KO = '오로라 트레일 램프';
const TEXT = 'Bright enough for the darkest trail.';
const TEXT_KO = '가장 어두운 길도 밝혀 줍니다.';
const FOOTER = 'Made in Lisbon';
const FOOTER_KO = '리스본에서 만들었습니다';
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const LINK = 'https://example.com/manual';
const LINK_LABEL = 'Read the manual';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'en-US' });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

/** The blocks a page shows, in order, as their types. */
const blockTypes = (landing: Locator) => landing.locator('[data-block-type]').evaluateAll((items) => items.map((item) => item.getAttribute('data-block-type')));

describe('composing a product page beside its phone preview', () => {
  it('composes blocks, adds Korean and the black template, previews the draft in the frame and a second tab, saves, and a Korean phone scanning the Digital Link sees it', async () => {
    await signIn(page, 'manager@demo.example');
    await page.waitForURL('**/acme/dashboard/main-overview');

    // A product of its own, so that no other test's page changes.
    const projects = await page.evaluate(async () => (await (await fetch('/bff/api/project/all', { headers: { 'X-CSRF': '1' } })).json()) as { result: { project_id: number }[] });
    const projectId = projects.result[0]!.project_id;
    await page.goto(`${baseURL()}/acme/project/${projectId}/add-product`);
    await page.getByLabel('Product name').fill(`Trail lamp ${Date.now()}`);
    await page.getByLabel('Product number').fill('AO-E2E-PAGE');
    await page.getByLabel('GTIN (AI 01)').fill(uniqueGtin13());
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('product-images-input').setInputFiles([fixture('product-blue.png')]);
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-submit').click();
    await page.waitForURL(/\/acme\/product-details\/\d+$/);
    const productId = Number(new URL(page.url()).pathname.split('/').pop());
    const digitalLink = (await page.getByTestId('digital-link').innerText()).trim();
    expect(digitalLink).toMatch(/\/01\/\d{14}$/);

    // The content step of the edit wizard, reached by its address; every step is listed.
    await page.goto(`${baseURL()}/acme/product-details/${productId}/edit/content`);
    await expect.poll(() => page.getByTestId('blocks-empty').count()).toBe(1);
    for (const step of ['basic', 'details', 'images', 'qr', 'content', 'languages', 'design']) {
      expect(await page.getByTestId(`wizard-step-${step}`).count()).toBe(1);
    }
    const frame = page.getByTestId('phone-frame');
    const frameLanding = frame.getByTestId('product-landing');
    await expect.poll(() => frameLanding.count()).toBe(1);

    // A second tab with the preview, open while the page is composed.
    const preview = await context.newPage();
    await preview.goto(`${baseURL()}/acme/product-details/${productId}/preview`);
    const previewLanding = preview.getByTestId('product-landing');
    await expect.poll(() => previewLanding.count()).toBe(1);
    // The editor's tab is the one in front (a background tab gets no animation frames).
    await page.bringToFront();

    // Title, text, image (uploaded), video, link and footer from the palette.
    await page.getByTestId('palette-title').click();
    await page.getByTestId('block-0-text').fill(TITLE);
    await page.getByTestId('palette-text').click();
    await page.getByTestId('block-1-text').fill(TEXT);
    await page.getByTestId('palette-image').click();
    await page.getByTestId('block-2-image').setInputFiles(fixture('product-red.png'));
    await expect.poll(() => page.getByTestId('block-2-image-previews').locator('img').count()).toBe(1);
    await page.getByTestId('block-2-label').fill('A red trail lamp');
    await page.getByTestId('palette-video').click();
    await page.getByTestId('block-3-url').fill(VIDEO);
    await page.getByTestId('palette-link').click();
    await page.getByTestId('block-4-url').fill(LINK);
    await page.getByTestId('block-4-label').fill(LINK_LABEL);
    await page.getByTestId('palette-footer').click();
    await page.getByTestId('block-5-text').fill(FOOTER);
    // A page has one footer: the palette says why it cannot add another.
    expect(await page.getByTestId('palette-footer').isDisabled()).toBe(true);
    expect(await page.getByTestId('palette-footer-reason').innerText()).toContain('already has a footer');
    await expect.poll(() => page.getByTestId('content-status').innerText()).toBe('Unsaved changes');

    const composed = ['title', 'text', 'image', 'video', 'link', 'footer'];
    for (const landing of [frameLanding, previewLanding]) {
      await expect.poll(() => blockTypes(landing)).toEqual(composed);
      await expect.poll(() => landing.getByTestId('preview-draft-banner').count()).toBe(1);
      await expect.poll(() => landing.getByText(TITLE).count()).toBe(1);
      await expect.poll(() => landing.getByText(TEXT).count()).toBe(1);
      await expect.poll(() => landing.getByTestId('preview-video-facade').count()).toBe(1);
      await expect.poll(() => landing.getByRole('link', { name: LINK_LABEL }).count()).toBe(1);
      await expect.poll(() => landing.getByTestId('preview-footer').innerText()).toContain(FOOTER);
      const image = landing.locator('img[alt="A red trail lamp"]');
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth).catch(() => 0)).toBeGreaterThan(0);
    }

    // The text moves below the image from the keyboard: Space picks it up, an arrow moves it, Space drops it.
    // Each step is said to screen readers; the next key waits for it.
    const announced = page.locator('[id^="DndLiveRegion"]');
    await page.getByTestId('block-1-handle').focus();
    await page.keyboard.press('Space');
    await expect.poll(() => announced.innerText()).toBe('Block 2, Text is at position 2 of 6.');
    // The list is measured once the block is picked up; on a busy machine that can come after the first
    // arrow, which then moves nothing (it is said again as position 2): a person presses it again.
    await page.keyboard.press('ArrowDown');
    const moved = await expect
      .poll(() => announced.innerText(), { timeout: 3_000 })
      .toBe('Block 2, Text is at position 3 of 6.')
      .then(() => true)
      .catch(() => false);
    if (!moved) await page.keyboard.press('ArrowDown');
    await expect.poll(() => announced.innerText()).toBe('Block 2, Text is at position 3 of 6.');
    await page.keyboard.press('Space');
    await expect.poll(() => announced.innerText()).toBe('Block 2, Text was dropped at position 3 of 6.');
    const reordered = ['title', 'image', 'text', 'video', 'link', 'footer'];
    await expect.poll(() => page.getByTestId('block-list').locator(':scope > li').evaluateAll((items) => items.map((item) => item.getAttribute('data-block-type')))).toEqual(reordered);
    await expect.poll(() => blockTypes(previewLanding)).toEqual(reordered);

    // Korean, added on the languages step, and the Korean texts.
    await page.getByTestId('wizard-step-languages').click();
    await page.waitForURL(`**/edit/languages`);
    await page.getByTestId('product-language-select').selectOption('ko');
    await page.getByTestId('product-language-add').click();
    await expect.poll(() => page.getByTestId('language-ko').innerText()).toContain('Korean');
    await page.getByTestId('details-language-ko').click();
    await page.getByTestId('details-productName').fill('오로라 램프');
    await page.getByTestId('wizard-step-content').click();
    await page.waitForURL(`**/edit/content`);
    await page.getByTestId('content-language-ko').click();
    // The new language started from the default texts, kept from the unsaved draft.
    expect(await page.getByTestId('block-0-text').inputValue()).toBe(TITLE);
    await page.getByTestId('block-0-text').fill(TITLE_KO);
    await page.getByTestId('block-2-text').fill(TEXT_KO);
    await page.getByTestId('block-5-text').fill(FOOTER_KO);
    await frameLanding.getByTestId('preview-language-chips').locator('button[lang="ko"]').click();
    await expect.poll(() => frameLanding.getByText(TITLE_KO).count()).toBe(1);
    await expect.poll(() => frameLanding.getByTestId('preview-footer').innerText()).toContain(FOOTER_KO);

    // The black template on the design step.
    await page.getByTestId('wizard-step-design').click();
    await page.waitForURL(`**/edit/design`);
    await page.getByTestId('template-basic_black_v1').check({ force: true });
    for (const landing of [frameLanding, previewLanding]) {
      await expect.poll(() => landing.getAttribute('data-template')).toBe('basic_black_v1');
      await expect.poll(() => landing.getByTestId('product-preview').getAttribute('data-layout')).toBe('header');
    }
    await page.screenshot({ path: path.join(SHOTS, 'design-black-draft.png'), fullPage: true });
    await preview.screenshot({ path: path.join(SHOTS, 'preview-tab-draft.png'), fullPage: true });

    // Leaving with unsaved changes asks first; cancelling keeps the editor and its draft.
    await page.getByRole('link', { name: 'Overview' }).first().click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.innerText()).toContain('Leave without saving?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/acme/product-details/${productId}/edit/design`);
    expect(await page.getByTestId('content-status').innerText()).toBe('Unsaved changes');
    expect(await page.getByTestId('template-basic_black_v1').isChecked()).toBe(true);

    // Saving publishes the page: the preview tab drops its unpublished marker and shows the saved page.
    await page.getByTestId('content-save').click();
    await expect.poll(() => page.getByTestId('content-status').innerText()).toBe('All changes saved');
    await expect.poll(() => previewLanding.getByTestId('preview-draft-banner').count()).toBe(0);
    await expect.poll(() => frameLanding.getByTestId('preview-draft-banner').count()).toBe(0);
    await expect.poll(() => previewLanding.getAttribute('data-template')).toBe('basic_black_v1');
    await expect.poll(() => blockTypes(previewLanding)).toEqual(reordered);

    // After saving, leaving asks nothing.
    await page.getByRole('link', { name: 'Overview' }).first().click();
    await page.waitForURL('**/acme/dashboard/main-overview');

    // A phone that asks for Korean scans the Digital Link: the resolver leads to the saved page, in Korean and black.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      locale: 'ko-KR',
      extraHTTPHeaders: { 'Accept-Language': 'ko-KR,ko;q=0.9' },
    });
    try {
      const visitor = await phone.newPage();
      await visitor.goto(digitalLink);
      expect(new URL(visitor.url()).pathname).toBe(`/acme/product-details/${productId}/preview`);
      const landing = visitor.getByTestId('product-landing');
      await expect.poll(() => landing.getAttribute('data-template')).toBe('basic_black_v1');
      await expect.poll(() => blockTypes(landing)).toEqual(reordered);
      await expect.poll(() => landing.getByText(TITLE_KO).count()).toBe(1);
      await expect.poll(() => landing.getByText(TEXT_KO).count()).toBe(1);
      await expect.poll(() => landing.getByTestId('preview-footer').innerText()).toContain(FOOTER_KO);
      await expect.poll(() => landing.getByTestId('preview-video-facade').count()).toBe(1);
      await expect.poll(() => landing.getByRole('link', { name: LINK_LABEL }).count()).toBe(1);
      expect(await landing.getByTestId('preview-draft-banner').count()).toBe(0);
      const background = await landing.evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(background).toBe('rgb(0, 0, 0)');
      await visitor.screenshot({ path: path.join(SHOTS, 'consumer-ko-black.png'), fullPage: true });
    } finally {
      await phone.close();
    }
  });
});
