import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import ISO6391 from 'iso-639-1';
import { DEFAULT_LANGUAGE } from '@product-console/shared';

/** The ISO 639-1 languages a product can register. */
export const ISO_LANGUAGE_CODES: readonly string[] = ISO6391.getAllCodes();

/** The languages most products are labelled in, offered first (EU and Asian markets, by speakers). */
export const MOST_USED_LANGUAGE_CODES: readonly string[] = ['en', 'zh', 'es', 'fr', 'de', 'ja', 'ko', 'it', 'pt', 'ar', 'ru', 'nl', 'pl', 'sv', 'tr', 'hi', 'id', 'vi', 'th'];

/**
 * A language's name in the UI language; where the browser's data has none (it answers the code
 * itself, as for many rare languages), its English name from the ISO 639-1 table.
 */
function displayName(locale: string, code: string): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' }).of(code);
  } catch {
    name = undefined;
  }
  return name && name.toLowerCase() !== code.toLowerCase() ? name : ISO6391.getName(code) || code;
}

/** A language's name in the UI language (`Intl.DisplayNames`); DEFAULT is the product's own texts. */
export function useLanguageName(): (code: string) => string {
  const intl = useIntl();
  return useCallback(
    (code: string) => (code === DEFAULT_LANGUAGE ? intl.formatMessage({ id: 'content.language.default' }) : displayName(intl.locale, code)),
    [intl],
  );
}
