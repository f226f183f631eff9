import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { startFakeDeepL, startFakeLibreTranslate, type FakeProviderServer } from './fake-providers.js';
import { createDeepLProvider, createLibreTranslateProvider, deeplSourceLang, deeplTargetLang, type TranslationProvider } from './providers.js';
import { translations } from './tables.js';
import { createTranslator, PROVIDER_PAUSE_MS, REJECTED_PAIR_PAUSE_MS, type Translator } from './translator.js';

let t: TestApp;
/** What the translator logged, one parsed pino line each. */
let logged: Array<Record<string, unknown>>;
const log = pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  logged = [];
  // Each test starts with nothing translated.
  await t.app.db.delete(translations);
});

/** The translators' clock, moved by the tests of the pauses after failures. */
let clock = 0;
const translatorFor = (provider: TranslationProvider | null): Translator => createTranslator({ db: t.app.db, provider, log, now: () => clock });

describe('translate() through LibreTranslate', () => {
  let lt: FakeProviderServer;
  let translator: Translator;
  beforeEach(async () => {
    lt = await startFakeLibreTranslate();
    translator = translatorFor(createLibreTranslateProvider({ url: lt.url, timeoutMs: 300 }));
  });
  afterEach(async () => {
    await lt.close();
  });

  it('translates the texts in their order with one call carrying them as an array', async () => {
    const result = await translator.translate({ source: 'en', target: 'ko', texts: ['Warm wool', 'Hand wash only'] });
    expect(result).toEqual(['[ko] Warm wool', '[ko] Hand wash only']);
    expect(lt.calls).toHaveLength(1);
    expect(lt.calls[0]?.body).toEqual({ q: ['Warm wool', 'Hand wash only'], source: 'en', target: 'ko', format: 'text' });
  });

  it('sends neither empty texts nor a text twice, and answers them in place', async () => {
    const result = await translator.translate({ source: 'en', target: 'ja', texts: ['', 'Wool', '   ', 'Wool'] });
    expect(result).toEqual(['', '[ja] Wool', '   ', '[ja] Wool']);
    expect(lt.calls.map((call) => call.body.q)).toEqual([['Wool']]);
  });

  it('makes no call when every text is empty or the languages are the same', async () => {
    expect(await translator.translate({ source: 'en', target: 'ko', texts: ['', ''] })).toEqual(['', '']);
    expect(await translator.translate({ source: 'ko', target: 'KO', texts: ['따뜻한 울'] })).toEqual(['따뜻한 울']);
    expect(await translator.translate({ source: 'en', target: 'ko', texts: [] })).toEqual([]);
    expect(lt.calls).toHaveLength(0);
  });

  it('translates a text once per language: again the same makes no call, a changed text one, another language one', async () => {
    await translator.translate({ source: 'en', target: 'ko', texts: ['Warm wool', 'Hand wash only'] });
    expect(await translator.translate({ source: 'en', target: 'ko', texts: ['Hand wash only', 'Warm wool'] })).toEqual([
      '[ko] Hand wash only',
      '[ko] Warm wool',
    ]);
    expect(lt.calls).toHaveLength(1);

    // Only the changed text goes to the provider, in the same one call.
    expect(await translator.translate({ source: 'en', target: 'ko', texts: ['Warm merino wool', 'Hand wash only'] })).toEqual([
      '[ko] Warm merino wool',
      '[ko] Hand wash only',
    ]);
    expect(lt.calls).toHaveLength(2);
    expect(lt.calls[1]?.body.q).toEqual(['Warm merino wool']);

    await translator.translate({ source: 'en', target: 'it', texts: ['Warm wool'] });
    await translator.translate({ source: 'en', target: 'zh', texts: ['Warm wool'] });
    expect(lt.calls.map((call) => call.body.target)).toEqual(['ko', 'ko', 'it', 'zh']);
  });

  it('keeps what it translated in the database, so another API process makes no call either', async () => {
    await translator.translate({ source: 'en', target: 'ko', texts: ['Warm wool'] });
    const rows = await t.app.db.select().from(translations).where(eq(translations.targetLang, 'ko'));
    expect(rows).toMatchObject([{ sourceLang: 'en', targetLang: 'ko', sourceText: 'Warm wool', translatedText: '[ko] Warm wool', format: 'text', provider: 'libretranslate' }]);

    const otherProcess = translatorFor(createLibreTranslateProvider({ url: lt.url, timeoutMs: 300 }));
    expect(await otherProcess.translate({ source: 'en', target: 'ko', texts: ['Warm wool'] })).toEqual(['[ko] Warm wool']);
    expect(lt.calls).toHaveLength(1);
  });

  it('sends HTML as format html, cached apart from the same string as plain text', async () => {
    const html = '<p>Hand <strong>wash</strong> only</p>';
    expect(await translator.translate({ source: 'en', target: 'ko', texts: [html], format: 'html' })).toEqual([`[ko] ${html}`]);
    expect(lt.calls[0]?.body).toMatchObject({ q: [html], format: 'html' });
    await translator.translate({ source: 'en', target: 'ko', texts: [html], format: 'text' });
    expect(lt.calls.map((call) => call.body.format)).toEqual(['html', 'text']);
  });

  it('makes one call for the same texts asked for by two pages at once', async () => {
    const texts = ['Warm wool', 'Hand wash only'];
    const [first, second] = await Promise.all([
      translator.translate({ source: 'en', target: 'ko', texts }),
      translator.translate({ source: 'en', target: 'ko', texts: [...texts].reverse() }),
    ]);
    expect(first).toEqual(['[ko] Warm wool', '[ko] Hand wash only']);
    expect(second).toEqual(['[ko] Hand wash only', '[ko] Warm wool']);
    expect(lt.calls).toHaveLength(1);
  });

  it.each([
    ['answers HTTP 500', 'error', 'answered HTTP 500'],
    ['answers no JSON', 'malformed', 'answered malformed JSON'],
    ['answers one text too few', 'short', 'answered 1 texts for 2'],
    ['does not answer in time', 'slow', 'no answer within 300 ms'],
  ] as const)('answers null when the provider %s, logs it once without the texts and caches nothing', async (_, answer, reason) => {
    lt.answer = answer;
    lt.slowMs = 10_000;
    expect(await translator.translate({ source: 'en', target: 'ko', texts: ['Secret recipe', 'Hand wash only'] })).toBeNull();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 40, provider: 'libretranslate', reason });
    expect(JSON.stringify(logged)).not.toMatch(/Secret recipe|Hand wash/);
    expect(await t.app.db.select().from(translations)).toEqual([]);

    // Pages do not wait for a failing provider again at once: it is left alone for a while.
    lt.answer = 'translate';
    expect(await translator.translate({ source: 'en', target: 'ko', texts: ['Secret recipe', 'Hand wash only'] })).toBeNull();
    expect(lt.calls).toHaveLength(1);
    expect(logged).toHaveLength(1);

    clock += PROVIDER_PAUSE_MS;
    expect(await translator.translate({ source: 'en', target: 'ko', texts: ['Secret recipe', 'Hand wash only'] })).toEqual([
      '[ko] Secret recipe',
      '[ko] Hand wash only',
    ]);
  });

  it('still answers cached texts while the provider is left alone after a failure', async () => {
    await translator.translate({ source: 'en', target: 'ko', texts: ['Warm wool'] });
    lt.answer = 'error';
    expect(await translator.translate({ source: 'en', target: 'ko', texts: ['Warm wool', 'New text'] })).toBeNull();
    expect(await translator.translate({ source: 'en', target: 'ko', texts: ['Warm wool'] })).toEqual(['[ko] Warm wool']);
    expect(lt.calls).toHaveLength(2);
  });

  it('does not ask again for an hour for a language the provider refuses, while other languages go on', async () => {
    expect(await translator.translate({ source: 'en', target: 'xx', texts: ['Warm wool'] })).toBeNull();
    expect(logged).toMatchObject([{ provider: 'libretranslate', reason: 'answered HTTP 400' }]);
    expect(await translator.translate({ source: 'en', target: 'xx', texts: ['Warm wool'] })).toBeNull();
    expect(await translator.translate({ source: 'en', target: 'ko', texts: ['Warm wool'] })).toEqual(['[ko] Warm wool']);
    expect(lt.calls.map((call) => call.body.target)).toEqual(['xx', 'ko']);

    clock += REJECTED_PAIR_PAUSE_MS;
    await translator.translate({ source: 'en', target: 'xx', texts: ['Warm wool'] });
    expect(lt.calls.map((call) => call.body.target)).toEqual(['xx', 'ko', 'xx']);
  });

  it('answers null when the server cannot be reached', async () => {
    await lt.close();
    expect(await translator.translate({ source: 'en', target: 'ko', texts: ['Warm wool'] })).toBeNull();
    expect(logged).toMatchObject([{ provider: 'libretranslate', reason: 'unreachable (ECONNREFUSED)' }]);
  });

  it('sends the API key when the server asks for one', async () => {
    const keyed = await startFakeLibreTranslate({ apiKey: 'lt-key' });
    try {
      const withKey = translatorFor(createLibreTranslateProvider({ url: keyed.url, apiKey: 'lt-key', timeoutMs: 300 }));
      expect(await withKey.translate({ source: 'en', target: 'ko', texts: ['Wool'] })).toEqual(['[ko] Wool']);
      expect(keyed.calls[0]?.body.api_key).toBe('lt-key');
    } finally {
      await keyed.close();
    }
  });
});

describe('translate() without a provider', () => {
  it('answers null, so that pages show the originals', async () => {
    const translator = translatorFor(null);
    expect(translator.status()).toEqual({ available: false, provider: null });
    expect(await translator.translate({ source: 'en', target: 'ko', texts: ['Warm wool'] })).toBeNull();
  });
});

describe('translate() through DeepL', () => {
  let deepl: FakeProviderServer;
  let translator: Translator;
  beforeEach(async () => {
    deepl = await startFakeDeepL('deepl-key:fx');
    translator = translatorFor(createDeepLProvider({ url: deepl.url, apiKey: 'deepl-key:fx', timeoutMs: 300 }));
  });
  afterEach(async () => {
    await deepl.close();
  });

  it('posts the texts to /v2/translate with the key in the Authorization header and DeepL language codes', async () => {
    expect(await translator.translate({ source: 'ko', target: 'en', texts: ['따뜻한 울', '손세탁'] })).toEqual(['[EN-US] 따뜻한 울', '[EN-US] 손세탁']);
    expect(deepl.calls).toHaveLength(1);
    expect(deepl.calls[0]?.path).toBe('/v2/translate');
    expect(deepl.calls[0]?.headers.authorization).toBe('DeepL-Auth-Key deepl-key:fx');
    expect(deepl.calls[0]?.body).toEqual({ text: ['따뜻한 울', '손세탁'], source_lang: 'KO', target_lang: 'EN-US' });
  });

  it('names the variants DeepL needs for English, Portuguese and Chinese targets', async () => {
    for (const target of ['zh', 'pt', 'ja', 'it']) await translator.translate({ source: 'zh', target, texts: ['羊毛'] });
    expect(deepl.calls.map((call) => [call.body.source_lang, call.body.target_lang])).toEqual([
      ['ZH', 'PT-PT'],
      ['ZH', 'JA'],
      ['ZH', 'IT'],
    ]);
    expect([deeplTargetLang('zh'), deeplTargetLang('en'), deeplTargetLang('pt'), deeplTargetLang('de'), deeplTargetLang('no')]).toEqual([
      'ZH-HANS',
      'EN-US',
      'PT-PT',
      'DE',
      'NB',
    ]);
    expect([deeplSourceLang('en'), deeplSourceLang('pt'), deeplSourceLang('zh')]).toEqual(['EN', 'PT', 'ZH']);
  });

  it('asks DeepL to keep HTML markup', async () => {
    await translator.translate({ source: 'en', target: 'de', texts: ['<p>Wool</p>'], format: 'html' });
    expect(deepl.calls[0]?.body).toEqual({ text: ['<p>Wool</p>'], source_lang: 'EN', target_lang: 'DE', tag_handling: 'html' });
  });

  it('splits more than 50 texts into requests of 50, answered in order, and caches them', async () => {
    const texts = Array.from({ length: 60 }, (_, index) => `Care step ${index + 1}`);
    const result = await translator.translate({ source: 'en', target: 'fr', texts });
    expect(result).toEqual(texts.map((text) => `[FR] ${text}`));
    expect(deepl.calls.map((call) => (call.body.text as string[]).length).sort()).toEqual([10, 50]);
    await translator.translate({ source: 'en', target: 'fr', texts });
    expect(deepl.calls).toHaveLength(2);
  });

  it('answers null on a refused key or a server error, logged with the provider name', async () => {
    const wrongKey = translatorFor(createDeepLProvider({ url: deepl.url, apiKey: 'wrong', timeoutMs: 300 }));
    expect(await wrongKey.translate({ source: 'en', target: 'de', texts: ['Wool'] })).toBeNull();
    deepl.answer = 'error';
    expect(await translator.translate({ source: 'en', target: 'de', texts: ['Wool'] })).toBeNull();
    expect(logged).toMatchObject([
      { provider: 'deepl', reason: 'answered HTTP 403' },
      { provider: 'deepl', reason: 'answered HTTP 500' },
    ]);
  });
});
