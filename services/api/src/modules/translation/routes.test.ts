import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, TRANSLATE_TEXTS_MAX, translateTextsResponseSchema, translationStatusResponseSchema } from '@product-console/shared';
import { loadConfig } from '../../config.js';
import { DEMO_USERS } from '../../seed/seed.js';
import { call, createTestApp, signIn, type TestApp } from '../../test/app.js';
import { startFakeDeepL, startFakeLibreTranslate, type FakeProviderServer } from './fake-providers.js';

describe('GET /api/service/translation without a provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says automatic translation cannot be switched on', async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.acmeManager);
    const response = await call(t.app, authorization, { method: 'GET', url: '/api/service/translation' });
    expect(response.statusCode).toBe(200);
    expect(translationStatusResponseSchema.parse(response.json())).toEqual({ result: { available: false, provider: null } });
  });

  it('asks for a signed-in caller', async () => {
    const response = await call(t.app, undefined, { method: 'GET', url: '/api/service/translation' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(ERROR_CODES.UNAUTHENTICATED);
  });

  it('refuses to translate a copy for the editor: nothing is set up', async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.acmeManager);
    const response = await call(t.app, authorization, { method: 'POST', url: '/api/service/translation', payload: { source: 'en', target: 'ko', texts: ['Warm wool'] } });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/not set up/);
  });

  it('leaves texts untranslated', async () => {
    expect(await t.app.translator.translate({ source: 'en', target: 'ko', texts: ['Warm wool'] })).toBeNull();
  });
});

describe('GET /api/service/translation with LibreTranslate', () => {
  let t: TestApp;
  let lt: FakeProviderServer;
  beforeAll(async () => {
    lt = await startFakeLibreTranslate();
    t = await createTestApp({ TRANSLATION_PROVIDER: 'libretranslate', LIBRETRANSLATE_URL: `${lt.url}/` });
  });
  afterAll(async () => {
    await t?.close();
    await lt?.close();
  });

  it('names the provider, to a sub-admin too', async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.acmeSubAdmin);
    const response = await call(t.app, authorization, { method: 'GET', url: '/api/service/translation' });
    expect(response.json()).toEqual({ result: { available: true, provider: 'libretranslate' } });
  });

  it('translates through the configured server', async () => {
    expect(await t.app.translator.translate({ source: 'en', target: 'it', texts: ['Warm wool'] })).toEqual(['[it] Warm wool']);
    expect(lt.calls).toHaveLength(1);
  });
});

describe('POST /api/service/translation: the editor fills a language not written yet', () => {
  let t: TestApp;
  let lt: FakeProviderServer;
  beforeAll(async () => {
    lt = await startFakeLibreTranslate();
    t = await createTestApp({ TRANSLATION_PROVIDER: 'libretranslate', LIBRETRANSLATE_URL: `${lt.url}/` });
  });
  afterAll(async () => {
    await t?.close();
    await lt?.close();
  });

  it("translates the editor's copies, in order, and says when the provider fails", async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.acmeSubAdmin);
    const ask = (payload: Record<string, unknown>) => call(t.app, authorization, { method: 'POST', url: '/api/service/translation', payload });
    const done = await ask({ source: 'en', target: 'ko', texts: ['Soft cotton', '<p>Hand wash</p>'], format: 'html' });
    expect(done.statusCode).toBe(200);
    expect(translateTextsResponseSchema.parse(done.json())).toEqual({ result: { texts: ['[ko] Soft cotton', '[ko] <p>Hand wash</p>'] } });
    expect(lt.calls.at(-1)?.body).toMatchObject({ source: 'en', target: 'ko', format: 'html' });

    const refused = await ask({ source: 'english', target: 'ko', texts: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.map((detail: { path: string }) => detail.path).sort()).toEqual(['source', 'texts']);
    expect((await ask({ source: 'en', target: 'ko', texts: Array.from({ length: TRANSLATE_TEXTS_MAX + 1 }, () => 'x') })).statusCode).toBe(400);

    lt.answer = 'error';
    try {
      const failed = await ask({ source: 'en', target: 'it', texts: ['Only this once'] });
      expect(failed.statusCode).toBe(503);
      expect(failed.json().message).toMatch(/try again later/);
    } finally {
      lt.answer = 'translate';
    }
  });

  it('asks for a signed-in caller to translate', async () => {
    const response = await call(t.app, undefined, { method: 'POST', url: '/api/service/translation', payload: { source: 'en', target: 'ko', texts: ['x'] } });
    expect(response.statusCode).toBe(401);
  });

});

describe('GET /api/service/translation with DeepL', () => {
  let t: TestApp;
  let deepl: FakeProviderServer;
  beforeAll(async () => {
    deepl = await startFakeDeepL('deepl-key');
    t = await createTestApp({ TRANSLATION_PROVIDER: 'deepl', DEEPL_API_KEY: 'deepl-key', DEEPL_API_URL: deepl.url });
  });
  afterAll(async () => {
    await t?.close();
    await deepl?.close();
  });

  it('names the provider and translates through it', async () => {
    const { authorization } = await signIn(t.app, DEMO_USERS.acmeManager);
    const response = await call(t.app, authorization, { method: 'GET', url: '/api/service/translation' });
    expect(response.json()).toEqual({ result: { available: true, provider: 'deepl' } });
    expect(await t.app.translator.translate({ source: 'en', target: 'zh', texts: ['Warm wool'] })).toEqual(['[ZH-HANS] Warm wool']);
  });
});

describe('translation settings', () => {
  const base = { NODE_ENV: 'test' };

  it('default to no provider, DeepL API Free and a 5 s timeout', () => {
    expect(loadConfig(base)).toMatchObject({ TRANSLATION_PROVIDER: 'none', DEEPL_API_URL: 'https://api-free.deepl.com', TRANSLATION_TIMEOUT_MS: 5000 });
    expect(loadConfig({ ...base, TRANSLATION_PROVIDER: '' }).TRANSLATION_PROVIDER).toBe('none');
  });

  it('stop the start when the chosen provider has no address or key', () => {
    expect(() => loadConfig({ ...base, TRANSLATION_PROVIDER: 'libretranslate' })).toThrow(/LIBRETRANSLATE_URL: is required when TRANSLATION_PROVIDER=libretranslate/);
    expect(() => loadConfig({ ...base, TRANSLATION_PROVIDER: 'deepl' })).toThrow(/DEEPL_API_KEY: is required when TRANSLATION_PROVIDER=deepl/);
    expect(() => loadConfig({ ...base, TRANSLATION_PROVIDER: 'google' })).toThrow(/TRANSLATION_PROVIDER/);
    expect(() => loadConfig({ ...base, TRANSLATION_TIMEOUT_MS: '0' })).toThrow(/TRANSLATION_TIMEOUT_MS/);
  });
});
