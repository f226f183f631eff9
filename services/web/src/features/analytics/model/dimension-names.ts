import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { LINK_TYPES, SCAN_DEVICE_TYPES } from '@product-console/shared';
import type { MessageId } from '@/lib/i18n';
import { subdivisionKey, useSubdivisionNames, type SubdivisionNames } from '@/features/analytics/model/region-names';

/** The dimensions the screen ranks; each value is named for people in the UI language. */
export type NamedDimension = 'country' | 'region' | 'device' | 'os' | 'browser' | 'linkType' | 'language' | 'serial' | 'campaign';

/** `XX` (unknown country), an empty value or `unknown`: the scan did not tell. */
function isUnknown(value: string): boolean {
  return value === '' || value === 'XX' || value.toLowerCase() === 'unknown';
}

function displayName(locale: string, type: 'region' | 'language', code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type, fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A value of a dimension in words: country and language names from `Intl.DisplayNames`, region names
 * from CLDR's subdivisions (`subdivisions`, else the subdivision's code), the console's link type titles.
 */
export function nameOf(intl: IntlShape, dimension: NamedDimension, value: string, subdivisions: SubdivisionNames = {}): string {
  if (isUnknown(value)) return intl.formatMessage({ id: 'analytics.unknown' });
  switch (dimension) {
    case 'country':
      return displayName(intl.locale, 'region', value);
    case 'region': {
      // `{country}-{subdivision}`: the country's name and the subdivision's name (its code when CLDR has none).
      const [country = '', ...rest] = value.split('-');
      const subdivision = rest.join('-');
      const countryName = isUnknown(country) ? intl.formatMessage({ id: 'analytics.unknown' }) : displayName(intl.locale, 'region', country);
      if (!subdivision) return countryName;
      return `${countryName} · ${subdivisions[subdivisionKey(country, subdivision)] ?? subdivision}`;
    }
    case 'language':
      return displayName(intl.locale, 'language', value);
    case 'device':
      return (SCAN_DEVICE_TYPES as readonly string[]).includes(value) ? intl.formatMessage({ id: `analytics.device.${value}` as MessageId }) : value;
    case 'linkType':
      if ((LINK_TYPES as readonly string[]).includes(value)) return intl.formatMessage({ id: `links.type.${value.slice('gs1:'.length)}` as MessageId });
      if (value === 'linkset') return intl.formatMessage({ id: 'analytics.linkType.linkset' });
      return value;
    default:
      return value;
  }
}

/** `nameOf` in the UI language; with `regions`, region names once their table has loaded. */
export function useNameOf(regions = false) {
  const intl = useIntl();
  const subdivisions = useSubdivisionNames(regions);
  return useMemo(() => (dimension: NamedDimension, value: string) => nameOf(intl, dimension, value, subdivisions), [intl, subdivisions]);
}
