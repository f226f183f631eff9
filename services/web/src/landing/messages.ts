import { UI_LANGUAGES, type LandingView, type UiLanguage } from '@product-console/shared';
import { landingMessages as landingMessagesOf } from '@/landing/components/landing-view';
import en from '@/locales/en.json';
import it from '@/locales/it.json';
import ja from '@/locales/ja.json';
import ko from '@/locales/ko.json';
import zh from '@/locales/zh.json';

/*
 * The landing's own words, taken from the console's locale files: only the keys the consumer views
 * use (the preview's and the landing's, and the product field names they show as headings; the CBV
 * words on the traceability view only), so the page and its inlined state carry a few hundred bytes,
 * not the console's catalogue.
 */
const CATALOGUES: Record<UiLanguage, Record<string, string>> = { en, ko, ja, zh, it };

const pick = landingMessagesOf;

const picked = new Map<string, Record<string, string>>();

export const isUiLanguage = (code: string): code is UiLanguage => (UI_LANGUAGES as readonly string[]).includes(code);

/** The landing's messages in a UI language, English where a key has no translation; the CBV words for the traceability view only, the label words for the smartLabel and dpp views. */
export function landingMessages(language: string, view?: LandingView): Record<string, string> {
  const code: UiLanguage = isUiLanguage(language) ? language : 'en';
  const key = view === 'traceability' || view === 'smartLabel' || view === 'dpp' ? `${code}:${view}` : code;
  let messages = picked.get(key);
  if (!messages) {
    messages = { ...pick(CATALOGUES.en, view), ...pick(CATALOGUES[code], view) };
    picked.set(key, messages);
  }
  return messages;
}
