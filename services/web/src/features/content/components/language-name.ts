import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import ISO6391 from 'iso-639-1';
import { DEFAULT_LANGUAGE } from '@product-console/shared';

/** The ISO 639-1 languages a product can register. */
export const ISO_LANGUAGE_CODES: readonly string[] = ISO6391.getAllCodes();

function displayName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A language's name in the UI language (`Intl.DisplayNames`); DEFAULT is the product's own texts. */
export function useLanguageName(): (code: string) => string {
  const intl = useIntl();
  return useCallback(
    (code: string) => (code === DEFAULT_LANGUAGE ? intl.formatMessage({ id: 'content.language.default' }) : displayName(intl.locale, code)),
    [intl],
  );
}
