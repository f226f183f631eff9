import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { parseDigitalLink } from '@product-console/shared';
import type { MessageId } from '@/lib/i18n';

/** The vocabularies whose values have words in the catalogues (`cbv.bizStep.shipping`...). */
type Vocabulary = 'bizStep' | 'disposition' | 'bizTransactionType' | 'sourceDestType' | 'eventType' | 'action' | 'errorReason' | 'measurement';

/**
 * The words of a CBV value in the UI language: `cbv.{vocabulary}.{value}` when the catalogue has
 * it, else the value itself (an extension URI, or a value the catalogue does not word yet).
 */
export function cbvWord(intl: IntlShape, vocabulary: Vocabulary, value: string | null | undefined): string {
  if (!value) return '';
  const id = `cbv.${vocabulary}.${value}`;
  return id in intl.messages ? intl.formatMessage({ id: id as MessageId }) : value;
}

export type TraceWords = Record<Vocabulary, (value: string | null | undefined) => string>;

/** `cbvWord` bound to the UI language, one function per vocabulary. */
export function useTraceWords(): TraceWords {
  const intl = useIntl();
  return useMemo(() => {
    const bind = (vocabulary: Vocabulary) => (value: string | null | undefined) => cbvWord(intl, vocabulary, value);
    return {
      bizStep: bind('bizStep'),
      disposition: bind('disposition'),
      bizTransactionType: bind('bizTransactionType'),
      sourceDestType: bind('sourceDestType'),
      eventType: bind('eventType'),
      action: bind('action'),
      errorReason: bind('errorReason'),
      measurement: bind('measurement'),
    };
  }, [intl]);
}

/** Units of measure (UN/CEFACT common codes) a reader knows by their symbol; others are shown as sent. */
const UNIT_SYMBOLS: Record<string, string> = {
  CEL: '°C',
  FAH: '°F',
  KEL: 'K',
  P1: '%',
  KGM: 'kg',
  GRM: 'g',
  TNE: 't',
  LTR: 'L',
  MLT: 'mL',
  MTR: 'm',
  CMT: 'cm',
  MTK: 'm²',
  MTQ: 'm³',
  LUX: 'lx',
  KPA: 'kPa',
  BAR: 'bar',
  A93: 'g/m³',
  H87: 'pcs',
  EA: 'pcs',
};

export function unitSymbol(uom: string | null | undefined): string {
  if (!uom) return '';
  return UNIT_SYMBOLS[uom] ?? uom;
}

/** An identifier as a reader names it: what kind of thing it is and its numbers. */
export function identifierWords(intl: IntlShape, identifier: string): string {
  const link = parseDigitalLink(identifier);
  if (!link) return identifier;
  const qualifier = (ai: string) => link.qualifiers.find((element) => element.ai === ai)?.value;
  const { ai, value } = link.primary;
  switch (ai) {
    case '01': {
      const serial = qualifier('21');
      if (serial !== undefined) return intl.formatMessage({ id: 'trace.id.sgtin' }, { serial, gtin: value });
      const lot = qualifier('10');
      if (lot !== undefined) return intl.formatMessage({ id: 'trace.id.lgtin' }, { lot, gtin: value });
      return intl.formatMessage({ id: 'trace.id.gtin' }, { gtin: value });
    }
    case '00':
      return intl.formatMessage({ id: 'trace.id.sscc' }, { sscc: value });
    case '414': {
      const extension = qualifier('254');
      return extension === undefined || extension === '0'
        ? intl.formatMessage({ id: 'trace.id.location' }, { gln: value })
        : intl.formatMessage({ id: 'trace.id.locationPlace' }, { gln: value, place: extension });
    }
    case '417':
      return intl.formatMessage({ id: 'trace.id.party' }, { gln: value });
    default:
      return identifier;
  }
}

/** The serial an identifier names (`…/01/{gtin}/21/{serial}`), else null. */
export function serialOfIdentifier(identifier: string): string | null {
  const link = parseDigitalLink(identifier);
  if (!link || link.primary.ai !== '01') return null;
  return link.qualifiers.find((element) => element.ai === '21')?.value ?? null;
}
