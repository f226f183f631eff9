import type { UiLanguage } from '@product-console/shared';

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
