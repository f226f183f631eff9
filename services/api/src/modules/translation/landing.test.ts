import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN, type ContentBlock, type ContentBlockInput } from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp, productInProject } from '../../test/demo.js';
import { startFakeLibreTranslate, type FakeProviderServer } from './fake-providers.js';
import { translations } from './tables.js';

/** The consumer page of a product, end to end: the public reads, the real translator, its cache and a LibreTranslate server. */
let t: TestApp;
let lt: FakeProviderServer;
let acme: string;
let productId: number;

const block = (type: 'title' | 'text' | 'html', inputData: string): ContentBlockInput => ({ type, inputs: [{ languageCode: 'DEFAULT', inputData }] });
const page = async (lang: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/product/landing-page/preview-contents?productId=${productId}&lang=${lang}` });
  expect(response.statusCode).toBe(200);
  return response.json().result as { contents: ContentBlock[]; translatedTo: string | null };
};
const textsIn = (contents: ContentBlock[], lang: string) => contents.map((item) => item.inputs.find((input) => input.languageCode === lang)?.inputData);

beforeAll(async () => {
  lt = await startFakeLibreTranslate();
  t = await createTestApp({ TRANSLATION_PROVIDER: 'libretranslate', LIBRETRANSLATE_URL: lt.url });
  const demo = await demoSetUp(t.app);
  acme = demo.acme;
  productId = (await productInProject(t.app, acme, demo.projectIds['Camping'] as number)).productId;
  const saved = await call(t.app, acme, {
    method: 'PUT',
    url: '/api/product/content',
    payload: { productId, contents: [block('title', 'Aurora'), block('text', 'Light for the trail'), block('html', '<p>Hand <b>wash</b></p>')] },
  });
  expect(saved.statusCode).toBe(200);
  const design = await call(t.app, acme, { method: 'PUT', url: '/api/product/design', payload: { productId, design: { ...DEFAULT_DESIGN, isAutoTrans: true } } });
  expect(design.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await lt?.close();
});
beforeEach(async () => {
  await t.app.db.delete(translations);
  lt.calls.length = 0;
  lt.answer = 'translate';
});

describe('a consumer page with automatic translation', () => {
  it('is translated once per language: a second visit asks the provider nothing', async () => {
    const first = await page('ja');
    expect(first.translatedTo).toBe('ja');
    expect(textsIn(first.contents, 'ja')).toEqual(['[ja] Aurora', '[ja] Light for the trail', '[ja] <p>Hand <b>wash</b></p>']);
    const callsOfFirstVisit = lt.calls.length;
    expect(callsOfFirstVisit).toBeGreaterThan(0);
    expect(lt.calls.map((item) => item.body.format).sort()).toContain('html');

    const second = await page('ja');
    expect(textsIn(second.contents, 'ja')).toEqual(textsIn(first.contents, 'ja'));
    expect(lt.calls).toHaveLength(callsOfFirstVisit);

    await page('it');
    expect(lt.calls.length).toBeGreaterThan(callsOfFirstVisit);
    expect(lt.calls.slice(callsOfFirstVisit).every((item) => item.body.target === 'it')).toBe(true);
  });

  it('shows the texts as written when the provider fails', async () => {
    lt.answer = 'error';
    const failed = await page('de');
    expect(lt.calls.length).toBeGreaterThan(0);
    expect(failed.translatedTo).toBeNull();
    expect(textsIn(failed.contents, 'DEFAULT')).toEqual(['Aurora', 'Light for the trail', '<p>Hand <b>wash</b></p>']);
    expect(textsIn(failed.contents, 'de')).toEqual([undefined, undefined, undefined]);
  });
});
