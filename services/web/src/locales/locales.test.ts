import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { UI_LANGUAGES } from '@product-console/shared';
import en from '@/locales/en.json';

const catalogues = import.meta.glob<{ default: Record<string, string> }>('./*.json', { eager: true });

function catalogue(language: string): Record<string, string> {
  const module = catalogues[`./${language}.json`];
  if (!module) throw new Error(`No catalogue for ${language}`);
  return module.default;
}

/** The names of the arguments a message takes, e.g. {plan} or {count, plural, ...}. */
function argumentsOf(message: string): string[] {
  return [...message.matchAll(/\{\s*([a-zA-Z]+)\s*[,}]/g)].map((match) => match[1] as string).sort();
}

describe('locale catalogues', () => {
  it.each(UI_LANGUAGES)('%s has exactly the keys of en', (language) => {
    const keys = Object.keys(catalogue(language)).sort();
    expect(keys).toEqual(Object.keys(en).sort());
  });

  it.each(UI_LANGUAGES)('%s messages parse and take the same arguments as en', (language) => {
    const messages = catalogue(language);
    for (const [id, english] of Object.entries(en)) {
      const message = messages[id] ?? '';
      expect(() => new IntlMessageFormat(message, language), id).not.toThrow();
      expect(argumentsOf(message), id).toEqual(argumentsOf(english));
    }
  });

  it.each(UI_LANGUAGES.filter((language) => language !== 'en'))('%s is translated, not a copy of en', (language) => {
    const messages = catalogue(language);
    const copied = Object.keys(en).filter((id) => messages[id] === en[id as keyof typeof en]);
    // A few words are the same in both languages (GTIN, NFC, Home...), but no more than that.
    expect(copied.length).toBeLessThan(Object.keys(en).length * 0.1);
  });
});
