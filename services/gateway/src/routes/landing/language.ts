import { DEFAULT_LANGUAGE, UI_LANGUAGES, activeLanguage } from '@product-console/shared';

/*
 * Which language a landing view is shown in (spec point 4): the one in the URL (a chip, or a shared
 * link), else the first of the browser's languages the product has registered, else DEFAULT. With
 * automatic translation any language can be asked for, and the page's own words are English.
 */

const TAG = /^[a-z]{2,3}$/;

/** Primary subtags of an Accept-Language header, by preference (`ko-KR,ko;q=0.9,en;q=0.5` -> ko, en). */
export function acceptedPrimaryLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, order) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { code: range.trim().toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((item) => TAG.test(item.code) && item.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  return [...new Set(ranked.map((item) => item.code))];
}

/** The `?lang=` value, normalised: a language code, DEFAULT, or null when absent or not a code. */
export function urlLanguage(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim();
  if (code.toUpperCase() === DEFAULT_LANGUAGE) return DEFAULT_LANGUAGE;
  const primary = code.toLowerCase().split('-')[0] ?? '';
  return TAG.test(primary) ? primary : null;
}

/** The language to ask the API for (it translates only with the design's isAutoTrans). */
export function requestedLanguage(fromUrl: string | null, accepted: readonly string[]): string | null {
  if (fromUrl === DEFAULT_LANGUAGE) return null;
  return fromUrl ?? accepted[0] ?? null;
}

/** The language the texts are shown in, once the product's languages and design are known. */
export function shownLanguage(fromUrl: string | null, accepted: readonly string[], registered: readonly string[], autoTranslate: boolean): string {
  if (autoTranslate) return fromUrl && fromUrl !== DEFAULT_LANGUAGE ? fromUrl : (accepted[0] ?? DEFAULT_LANGUAGE);
  if (fromUrl) return activeLanguage(fromUrl, registered);
  return accepted.find((code) => registered.includes(code)) ?? DEFAULT_LANGUAGE;
}

const isUi = (code: string | null | undefined): code is string => !!code && (UI_LANGUAGES as readonly string[]).includes(code);

/**
 * The page's own words: English with automatic translation (spec point 4); else the viewer's
 * language when the console speaks it — the shown one, the one in the address, or the browser's
 * first UI language — else English.
 */
export function uiLanguage(shown: string, accepted: readonly string[], autoTranslate: boolean, fromUrl: string | null = null): string {
  if (autoTranslate) return 'en';
  if (shown !== DEFAULT_LANGUAGE && isUi(shown)) return shown;
  // A language asked for in the address that the product does not have still names the page's words.
  if (isUi(fromUrl)) return fromUrl;
  return accepted.find(isUi) ?? 'en';
}
