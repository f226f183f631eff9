import { createContext, createElement, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { FALLBACK_LANGUAGE, UI_LANGUAGES, type UiLanguage } from '@product-console/shared';
import en from '@/locales/en.json';
import { loadLanguageFonts } from '@/lib/fonts';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/** English is the source catalogue: every other language is checked against its keys. */
export type Messages = typeof en;
export type MessageId = keyof Messages;

declare global {
  // Lets TypeScript reject message ids that the English catalogue does not carry.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

/** Each language is named in its own script, so that a reader can find it whatever is active. */
export const LANGUAGE_ENDONYMS: Record<UiLanguage, string> = {
  en: 'English',
  ko: '한국어',
  it: 'Italiano',
  zh: '中文',
  ja: '日本語',
};

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice first, then the browser's preferences, then English. */
export function getInitialLanguage(): UiLanguage {
  const stored = readStorage('local', STORAGE_KEYS.language);
  if (isUiLanguage(stored)) return stored;
  const preferred = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
  for (const tag of preferred) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isUiLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}

// Only English is in the first-load bundle; every other catalogue is its own chunk.
const catalogues = import.meta.glob<{ default: Partial<Messages> }>(['../locales/*.json', '!../locales/en.json']);

export async function loadMessages(language: UiLanguage): Promise<Messages> {
  if (language === FALLBACK_LANGUAGE) return en;
  const load = catalogues[`../locales/${language}.json`];
  if (!load) return en;
  const catalogue = await load();
  return { ...en, ...catalogue.default };
}

let activeMessages: Messages = en;

/** Plain-text translation for code that runs outside React, such as the api client. */
export function translate(id: MessageId): string {
  return activeMessages[id] ?? en[id] ?? id;
}

export function applyDocumentLanguage(language: UiLanguage) {
  document.documentElement.lang = language;
}

interface LanguageContextValue {
  language: UiLanguage;
  setLanguage: (language: UiLanguage) => Promise<void>;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage must be used inside LanguageProvider');
  return value;
}

interface LanguageProviderProps {
  initialLanguage?: UiLanguage;
  initialMessages?: Messages;
  children: ReactNode;
}

/** Holds the chosen UI language, stores it and feeds react-intl with its catalogue. */
export function LanguageProvider({ initialLanguage = FALLBACK_LANGUAGE, initialMessages = en, children }: LanguageProviderProps) {
  const [state, setState] = useState({ language: initialLanguage, messages: initialMessages });
  activeMessages = state.messages;

  useEffect(() => applyDocumentLanguage(state.language), [state.language]);

  const setLanguage = useCallback(async (language: UiLanguage) => {
    const [messages] = await Promise.all([loadMessages(language), loadLanguageFonts(language)]);
    writeStorage('local', STORAGE_KEYS.language, language);
    setState({ language, messages });
  }, []);

  const value = useMemo(() => ({ language: state.language, setLanguage }), [state.language, setLanguage]);

  return createElement(
    LanguageContext.Provider,
    { value },
    createElement(
      IntlProvider,
      { locale: state.language, defaultLocale: FALLBACK_LANGUAGE, messages: state.messages, onError: reportIntlError },
      children,
    ),
  );
}

function reportIntlError(error: Error) {
  if (import.meta.env.DEV) console.warn(error.message);
}
