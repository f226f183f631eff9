import type { IntlShape } from 'react-intl';
import { ERROR_CODES } from '@product-console/shared';
import { isApiError } from '@/lib/api-client';

/**
 * The text to show under a form's prefix field when the API refused the prefixes it sent, else
 * null. A prefix another company holds (E400005) is named by its place in the sent list
 * (`newUser.gcps.1`), so the text lists the user's own prefixes, in the UI language.
 */
export function prefixFieldError(intl: IntlShape, error: unknown, sent: readonly string[]): string | null {
  if (!isApiError(error)) return null;
  if (error.code === ERROR_CODES.COMPANY_PREFIX_IN_USE) return intl.formatMessage({ id: 'error.companyPrefixInUse' });
  if (error.code !== ERROR_CODES.COMPANY_PREFIX_TAKEN) return null;
  const taken = (error.details ?? []).flatMap((detail) => {
    const index = /\.gcps\.(\d+)$/.exec(detail.path)?.[1];
    const prefix = index === undefined ? undefined : sent[Number(index)];
    return prefix === undefined ? [] : [prefix];
  });
  if (taken.length === 0) return intl.formatMessage({ id: 'error.companyPrefixTaken' });
  return intl.formatMessage({ id: 'register.gcpsTaken' }, { prefixes: [...new Set(taken)].join(', ') });
}

/** What a user types into a prefix field: prefixes separated by commas, semicolons or spaces. */
export function parsePrefixes(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((prefix) => prefix.trim())
    .filter(Boolean);
}

export const PREFIX_PATTERN = /^\d{4,12}$/;
