import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';

/*
 * Names of regions (ISO 3166-2 subdivisions, as the scans' geolocation gives them: `KR` + `11`) from
 * the Unicode CLDR's subdivision names (the cldr-subdivisions-full package, decision 081): in the UI
 * language where CLDR translates a subdivision, else in English, else null (the code is shown).
 * `Intl.DisplayNames` names countries but not subdivisions. The names are loaded with the first
 * dashboard that ranks regions, as a chunk of their own.
 */

export type SubdivisionNames = Record<string, string>;

type CldrFile = { subdivisions: { localeDisplayNames: { subdivisions: SubdivisionNames } } };

const LOADERS: Record<string, () => Promise<{ default: CldrFile }>> = {
  en: () => import('cldr-subdivisions-full/subdivisions/en/en.json'),
  ko: () => import('cldr-subdivisions-full/subdivisions/ko/ko.json'),
  ja: () => import('cldr-subdivisions-full/subdivisions/ja/ja.json'),
  zh: () => import('cldr-subdivisions-full/subdivisions/zh/zh.json'),
  it: () => import('cldr-subdivisions-full/subdivisions/it/it.json'),
};

const loaded = new Map<string, Promise<SubdivisionNames>>();

/** The subdivision names of a language, English beneath (loaded once per language). */
export function loadSubdivisionNames(language: string): Promise<SubdivisionNames> {
  const code = language.split('-')[0];
  let names = loaded.get(code);
  if (!names) {
    const own = LOADERS[code] && code !== 'en' ? LOADERS[code]().then((file) => file.default.subdivisions.localeDisplayNames.subdivisions) : Promise.resolve({});
    const english = LOADERS.en().then((file) => file.default.subdivisions.localeDisplayNames.subdivisions);
    names = Promise.all([english, own]).then(([base, translated]) => ({ ...base, ...translated }));
    loaded.set(code, names);
  }
  return names;
}

/** The CLDR key of a subdivision: `KR` and `11` → `kr11`. */
export const subdivisionKey = (country: string, subdivision: string) => `${country}${subdivision}`.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The names of subdivisions in the UI language once loaded (an empty table before). */
export function useSubdivisionNames(wanted = true): SubdivisionNames {
  const { locale } = useIntl();
  const [names, setNames] = useState<SubdivisionNames>({});
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void loadSubdivisionNames(locale).then((found) => {
      if (current) setNames(found);
    });
    return () => {
      current = false;
    };
  }, [locale, wanted]);
  return names;
}
