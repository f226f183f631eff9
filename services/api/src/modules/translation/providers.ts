import { z } from 'zod';
import type { Config } from '../../config.js';

export type TranslationFormat = 'text' | 'html';
export type TranslationProviderName = 'libretranslate' | 'deepl';

/**
 * One machine-translation service. `translate` answers the texts in the same order, or throws a
 * `TranslationProviderError` (network, HTTP status, timeout, malformed answer); the translator
 * turns that into "show the originals".
 */
export interface TranslationProvider {
  readonly name: TranslationProviderName;
  translate(request: { source: string; target: string; texts: string[]; format: TranslationFormat }): Promise<string[]>;
}

/** Why a provider call failed, worded for the log: never carries the texts or the provider's answer body. */
export class TranslationProviderError extends Error {
  constructor(
    reason: string,
    /** The provider's HTTP status, when it answered one. */
    readonly status?: number,
  ) {
    super(reason);
    this.name = 'TranslationProviderError';
  }

  /** The provider refused this request itself (400: e.g. a language it does not offer), not a failure of the service. */
  get rejected(): boolean {
    return this.status === 400;
  }
}

interface HttpSettings {
  url: string;
  timeoutMs: number;
}

/** POSTs JSON and parses the answer with `answer`; every failure becomes a TranslationProviderError. */
async function postJson<T>(url: string, body: unknown, headers: Record<string, string>, timeoutMs: number, answer: z.ZodType<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new TranslationProviderError(describeFetchError(error, timeoutMs));
  }
  let parsed: unknown;
  try {
    if (!response.ok) {
      await response.body?.cancel();
      throw new TranslationProviderError(`answered HTTP ${response.status}`, response.status);
    }
    parsed = await response.json();
  } catch (error) {
    if (error instanceof TranslationProviderError) throw error;
    throw new TranslationProviderError(isTimeout(error) ? `no answer within ${timeoutMs} ms` : 'answered malformed JSON');
  }
  const result = answer.safeParse(parsed);
  if (!result.success) throw new TranslationProviderError('answered an unexpected shape');
  return result.data;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  if (isTimeout(error)) return `no answer within ${timeoutMs} ms`;
  // undici's "fetch failed" keeps the socket's error code (ECONNREFUSED, ENOTFOUND...) in `cause`.
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? `unreachable (${cause.code})` : 'unreachable';
}

function expectSameCount(texts: string[], translated: string[]): string[] {
  if (translated.length !== texts.length) throw new TranslationProviderError(`answered ${translated.length} texts for ${texts.length}`);
  return translated;
}

const libreTranslateAnswer = z.object({ translatedText: z.array(z.string()) });

/**
 * LibreTranslate (`POST {url}/translate`): `q` as an array translates every text in one call and
 * answers `translatedText` as an array in the same order. Codes are ISO 639-1 as the console's.
 */
export function createLibreTranslateProvider(settings: HttpSettings & { apiKey?: string }): TranslationProvider {
  return {
    name: 'libretranslate',
    async translate({ source, target, texts, format }) {
      const body = { q: texts, source, target, format, ...(settings.apiKey ? { api_key: settings.apiKey } : {}) };
      const answer = await postJson(`${settings.url}/translate`, body, {}, settings.timeoutMs, libreTranslateAnswer);
      return expectSameCount(texts, answer.translatedText);
    },
  };
}

/** DeepL answers at most 50 texts per request. */
const DEEPL_TEXTS_PER_REQUEST = 50;

/**
 * DeepL's codes are upper case; a source is the bare language, and some targets must name a
 * variant (plain EN and PT are deprecated as targets, Chinese is ZH-HANS or ZH-HANT).
 */
export function deeplSourceLang(code: string): string {
  const language = code.toLowerCase().split(/[-_]/)[0] ?? code;
  return (language === 'no' ? 'nb' : language).toUpperCase();
}

const DEEPL_TARGET_VARIANTS: Record<string, string> = {
  en: 'EN-US',
  'en-us': 'EN-US',
  'en-gb': 'EN-GB',
  'en-uk': 'EN-GB',
  pt: 'PT-PT',
  'pt-pt': 'PT-PT',
  'pt-br': 'PT-BR',
  zh: 'ZH-HANS',
  'zh-cn': 'ZH-HANS',
  'zh-hans': 'ZH-HANS',
  'zh-tw': 'ZH-HANT',
  'zh-hk': 'ZH-HANT',
  'zh-hant': 'ZH-HANT',
  no: 'NB',
};

export function deeplTargetLang(code: string): string {
  const key = code.toLowerCase().replace('_', '-');
  return DEEPL_TARGET_VARIANTS[key] ?? deeplSourceLang(key);
}

const deeplAnswer = z.object({ translations: z.array(z.object({ text: z.string() })) });

/** DeepL API v2 (`POST {url}/v2/translate`, `Authorization: DeepL-Auth-Key …`), JSON body. */
export function createDeepLProvider(settings: HttpSettings & { apiKey: string }): TranslationProvider {
  const headers = { authorization: `DeepL-Auth-Key ${settings.apiKey}` };
  const translateChunk = async (texts: string[], source: string, target: string, format: TranslationFormat) => {
    const body = {
      text: texts,
      source_lang: deeplSourceLang(source),
      target_lang: deeplTargetLang(target),
      ...(format === 'html' ? { tag_handling: 'html' } : {}),
    };
    const answer = await postJson(`${settings.url}/v2/translate`, body, headers, settings.timeoutMs, deeplAnswer);
    return expectSameCount(
      texts,
      answer.translations.map((translation) => translation.text),
    );
  };
  return {
    name: 'deepl',
    async translate({ source, target, texts, format }) {
      const chunks: string[][] = [];
      for (let start = 0; start < texts.length; start += DEEPL_TEXTS_PER_REQUEST) chunks.push(texts.slice(start, start + DEEPL_TEXTS_PER_REQUEST));
      const translated = await Promise.all(chunks.map((chunk) => translateChunk(chunk, source, target, format)));
      return translated.flat();
    },
  };
}

type ProviderSettings = Pick<
  Config,
  'TRANSLATION_PROVIDER' | 'LIBRETRANSLATE_URL' | 'LIBRETRANSLATE_API_KEY' | 'DEEPL_API_KEY' | 'DEEPL_API_URL' | 'TRANSLATION_TIMEOUT_MS'
>;

/** The provider the settings name, or null for `none` (the config makes sure its URL or key is there). */
export function providerFromConfig(config: ProviderSettings): TranslationProvider | null {
  const timeoutMs = config.TRANSLATION_TIMEOUT_MS;
  if (config.TRANSLATION_PROVIDER === 'libretranslate' && config.LIBRETRANSLATE_URL) {
    return createLibreTranslateProvider({ url: config.LIBRETRANSLATE_URL, apiKey: config.LIBRETRANSLATE_API_KEY, timeoutMs });
  }
  if (config.TRANSLATION_PROVIDER === 'deepl' && config.DEEPL_API_KEY) {
    return createDeepLProvider({ url: config.DEEPL_API_URL, apiKey: config.DEEPL_API_KEY, timeoutMs });
  }
  return null;
}
