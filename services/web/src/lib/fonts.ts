import type { UiLanguage } from '@product-console/shared';
import languageNamesJa from '@/assets/fonts/language-names-ja.woff2?url&no-inline';
import languageNamesKo from '@/assets/fonts/language-names-ko.woff2?url&no-inline';
import languageNamesZh from '@/assets/fonts/language-names-zh.woff2?url&no-inline';

/*
 * Korean, Chinese and Japanese need faces that a plain Linux or a fresh Windows install may not
 * have, and each is megabytes. The @font-face rules are a separate stylesheet chunk imported only
 * when the UI language needs them, and their unicode-range subsets mean the browser then fetches
 * only the woff2 files for the characters a page shows. A system face listed earlier in the stack
 * (PingFang, Hiragino, YaHei, Yu Gothic) still wins where it is installed. Pretendard covers Latin
 * as well, so declaring it on every page would make an English page fetch two of its subsets for
 * the language menu's 한국어 alone (decision 073).
 */
const languageFaces: Partial<Record<UiLanguage, () => Promise<unknown>>> = {
  ko: () => import('pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css'),
  ja: () => Promise.all([import('@fontsource/noto-sans-jp/400.css'), import('@fontsource/noto-sans-jp/700.css')]),
  zh: () => Promise.all([import('@fontsource/noto-sans-sc/400.css'), import('@fontsource/noto-sans-sc/700.css')]),
};

/** Declares the faces a language needs; a failed chunk only leaves the system fallback. */
export async function loadLanguageFonts(language: UiLanguage): Promise<void> {
  try {
    await languageFaces[language]?.();
  } catch {
    // The text stays readable with whatever the system has; nothing to tell the user.
  }
}

/**
 * The language menu names Korean, Chinese and Japanese in their own script on every page, also
 * where the faces above are not loaded and the system has none. Three faces of 1–2 KB hold just
 * those glyphs (cut from the same Pretendard and Noto faces by scripts/subset-language-names.mjs,
 * decision 037); their unicode-range keeps every other character in the page's own font.
 */
export const LANGUAGE_NAMES_FAMILY = 'Console Language Names';

const languageNameFaces = [
  { url: languageNamesJa, unicodeRange: 'U+65E5, U+672C, U+8A9E' }, // 日本語
  { url: languageNamesZh, unicodeRange: 'U+4E2D, U+6587' }, // 中文
  { url: languageNamesKo, unicodeRange: 'U+AD6D, U+C5B4, U+D55C' }, // 한국어
];

/** The same faces as `@font-face` rules, for a server-rendered page (the shopper's language chips, without script). */
export function languageNameFontFaceRules(): string {
  return languageNameFaces
    .map(({ url, unicodeRange }) => `@font-face { font-family: '${LANGUAGE_NAMES_FAMILY}'; src: url(${url}) format('woff2'); unicode-range: ${unicodeRange}; font-display: swap; }`)
    .join('\n');
}

let languageNamesRequested = false;

/** Adds and loads the language menu's faces once; options drawn before they arrive show once they do. */
export function loadLanguageNameFaces(): void {
  if (languageNamesRequested || typeof FontFace === 'undefined' || typeof document === 'undefined') return;
  languageNamesRequested = true;
  for (const { url, unicodeRange } of languageNameFaces) {
    const face = new FontFace(LANGUAGE_NAMES_FAMILY, `url(${url}) format('woff2')`, { unicodeRange, display: 'swap' });
    document.fonts.add(face);
    face.load().catch(() => {
      // The names stay readable wherever the system has the glyphs; nothing to tell the user.
    });
  }
}
