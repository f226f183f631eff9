import type { UiLanguage } from '@product-console/shared';
import languageNamesJa from '@/assets/fonts/language-names-ja.woff2?url';
import languageNamesZh from '@/assets/fonts/language-names-zh.woff2?url';

/*
 * Chinese and Japanese need faces that a plain Linux or a fresh Windows install may not have, and
 * each is megabytes. The @font-face rules are a separate stylesheet chunk imported only when the UI
 * language needs them, and their unicode-range subsets mean the browser then fetches only the
 * woff2 files for the characters a page shows. A system face listed earlier in the stack
 * (PingFang, Hiragino, YaHei, Yu Gothic) still wins where it is installed.
 */
const cjkFaces: Partial<Record<UiLanguage, () => Promise<unknown>>> = {
  ja: () => Promise.all([import('@fontsource/noto-sans-jp/400.css'), import('@fontsource/noto-sans-jp/700.css')]),
  zh: () => Promise.all([import('@fontsource/noto-sans-sc/400.css'), import('@fontsource/noto-sans-sc/700.css')]),
};

/** Declares the faces a language needs; a failed chunk only leaves the system fallback. */
export async function loadLanguageFonts(language: UiLanguage): Promise<void> {
  try {
    await cjkFaces[language]?.();
  } catch {
    // The text stays readable with whatever the system has; nothing to tell the user.
  }
}

/**
 * The language menu names Chinese and Japanese in their own script on every page, also where the
 * CJK faces above are not loaded and the system has none. Two faces of about 1 KB hold just those
 * glyphs (cut from the same Noto faces by scripts/subset-language-names.mjs, decision 037); their
 * unicode-range keeps every other character in the page's own font.
 */
export const LANGUAGE_NAMES_FAMILY = 'Console Language Names';

const languageNameFaces = [
  { url: languageNamesJa, unicodeRange: 'U+65E5, U+672C, U+8A9E' }, // 日本語
  { url: languageNamesZh, unicodeRange: 'U+4E2D, U+6587' }, // 中文
];

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
  // 한국어 is drawn by Pretendard, declared on every page: fetch its two subsets before the list opens.
  document.fonts.load("14px 'Pretendard Variable'", '한국어').catch(() => undefined);
}
