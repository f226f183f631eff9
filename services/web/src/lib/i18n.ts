import { createContext, createElement, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { FALLBACK_LANGUAGE, UI_LANGUAGES, type UiLanguage } from '@product-console/shared';
import type en from '@/locales/en.json';
import enAccount from '@/locales/en.json?part=account';
import type { CataloguePart } from '@/locales/parts';
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

/** A catalogue as the UI holds it: the parts loaded so far (decision 073, `locales/parts.ts`). */
export type LoadedMessages = Partial<Messages>;

type PartLoaders = Record<string, () => Promise<LoadedMessages>>;

// The account part of English is in the first-load bundle; every other part is its own chunk.
const partLoaders: Record<CataloguePart, PartLoaders> = {
  account: import.meta.glob<LoadedMessages>(['../locales/*.json', '!../locales/en.json'], { query: '?part=account', import: 'default' }),
  console: import.meta.glob<LoadedMessages>('../locales/*.json', { query: '?part=console', import: 'default' }),
};

async function loadPart(language: UiLanguage, part: CataloguePart): Promise<LoadedMessages> {
  if (language === FALLBACK_LANGUAGE && part === 'account') return enAccount;
  const load = partLoaders[part][`../locales/${language}.json`];
  return load ? load() : {};
}

/** Whether a console page has asked for the console part: from then on a language change loads it too. */
let consoleWanted = false;
/** The console part of each language asked for (over English's), as it loads; a failed load is forgotten. */
const consoleParts = new Map<UiLanguage, Promise<LoadedMessages>>();
/** The console parts loaded: every LanguageProvider adds its language's to the catalogue it was given. */
const loadedConsoleParts = new Map<UiLanguage, LoadedMessages>();
const consoleListeners = new Set<() => void>();

function overEnglish(language: UiLanguage, part: CataloguePart): Promise<LoadedMessages> {
  const languages = language === FALLBACK_LANGUAGE ? [language] : [FALLBACK_LANGUAGE, language];
  return Promise.all(languages.map((each) => loadPart(each, part))).then((loaded) => Object.assign({}, ...loaded) as LoadedMessages);
}

async function loadConsolePart(language: UiLanguage): Promise<void> {
  let load = consoleParts.get(language);
  if (!load) {
    load = overEnglish(language, 'console');
    consoleParts.set(language, load);
    load.catch(() => consoleParts.delete(language));
  }
  const messages = await load;
  if (loadedConsoleParts.get(language) === messages) return;
  loadedConsoleParts.set(language, messages);
  for (const listener of consoleListeners) listener();
}

/**
 * A language's catalogue for the first render or a language change: its account part over
 * English's (a missing translation reads in English), and its console part once one was asked for.
 */
export async function loadMessages(language: UiLanguage): Promise<LoadedMessages> {
  const [account] = await Promise.all([overEnglish(language, 'account'), consoleWanted ? loadConsolePart(language) : undefined]);
  return { ...account, ...loadedConsoleParts.get(language) };
}

/** The UI language: set by the LanguageProvider; before it renders, the one `main.tsx` starts with. */
let activeLanguage: UiLanguage | undefined;
let activeMessages: LoadedMessages = enAccount;

/**
 * Loads the console part of the active language's catalogue, once: every console page waits for
 * it before it is drawn (`app/router.tsx`). A failed fetch fails the page, and the next try loads again.
 */
export function loadConsoleMessages(): Promise<void> {
  consoleWanted = true;
  // The router starts loading the first page's modules before the first render.
  activeLanguage ??= getInitialLanguage();
  return loadConsolePart(activeLanguage);
}

/** Plain-text translation for code that runs outside React, such as the api client. */
export function translate(id: MessageId): string {
  return activeMessages[id] ?? id;
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
  /** The catalogue loaded before the first render (`loadMessages`); tests pass a whole one. */
  initialMessages?: LoadedMessages;
  children: ReactNode;
}

/** Holds the chosen UI language, stores it and feeds react-intl with its catalogue. */
export function LanguageProvider({ initialLanguage = FALLBACK_LANGUAGE, initialMessages = enAccount, children }: LanguageProviderProps) {
  const [state, setState] = useState({ language: initialLanguage, messages: initialMessages });
  const consolePart = useSyncExternalStore(subscribeToConsoleParts, () => loadedConsoleParts.get(state.language));
  const messages = useMemo(() => (consolePart ? { ...state.messages, ...consolePart } : state.messages), [state.messages, consolePart]);
  activeLanguage = state.language;
  activeMessages = messages;

  useEffect(() => applyDocumentLanguage(state.language), [state.language]);

  // A console page of another language than the one its modules were loaded for gets its own part.
  useEffect(() => {
    if (consoleWanted && !consolePart) loadConsolePart(state.language).catch(() => undefined);
  }, [state.language, consolePart]);

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
      { locale: state.language, defaultLocale: FALLBACK_LANGUAGE, messages: messages as Record<string, string>, onError: reportIntlError },
      children,
    ),
  );
}

function subscribeToConsoleParts(listener: () => void) {
  consoleListeners.add(listener);
  return () => void consoleListeners.delete(listener);
}

function reportIntlError(error: Error) {
  if (import.meta.env.DEV) console.warn(error.message);
}
