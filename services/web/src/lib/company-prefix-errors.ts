import { ERROR_CODES } from '@product-console/shared';
import { isApiError } from '@/lib/api-client';
import { apiFieldErrors, encodeFieldError } from '@/lib/field-errors';

/** What a user types into a prefix field: prefixes separated by commas, semicolons or spaces. */
export function parsePrefixes(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((prefix) => prefix.trim())
    .filter(Boolean);
}

export const PREFIX_PATTERN = /^\d{4,12}$/;

/** The error of a typed prefix list before it is sent (encoded, see `lib/field-errors.ts`), else undefined. */
export function prefixListError(prefixes: readonly string[]): string | undefined {
  if (prefixes.length === 0) return encodeFieldError({ id: 'form.required' });
  if (prefixes.some((prefix) => !PREFIX_PATTERN.test(prefix))) return encodeFieldError({ id: 'register.gcpsInvalid' });
  return undefined;
}

/**
 * The error under a form's prefix field when the API refused the prefixes it sent (encoded),
 * else undefined. `part` is the multipart JSON the list was sent in (`newUser`, `updateInfo`).
 * A prefix another company holds (E400005) is named by its place in the sent list
 * (`newUser.gcps.1`), so the message lists the user's own prefixes; other details of the list
 * are worded by the shared mapping.
 */
export function prefixFieldError(cause: unknown, part: string, sent: readonly string[]): string | undefined {
  const field = `${part}.gcps`;
  const shared = apiFieldErrors(cause, { [field]: 'gcps' }).gcps;
  if (!isApiError(cause)) return undefined;
  if (cause.code === ERROR_CODES.COMPANY_PREFIX_IN_USE) return encodeFieldError({ id: 'error.companyPrefixInUse' });
  if (cause.code === ERROR_CODES.COMPANY_PREFIX_TAKEN) {
    const taken = (cause.details ?? []).flatMap((detail) => {
      const index = detail.path.startsWith(`${field}.`) ? Number(detail.path.slice(field.length + 1)) : Number.NaN;
      const prefix = Number.isInteger(index) ? sent[index] : undefined;
      return prefix === undefined ? [] : [prefix];
    });
    if (taken.length === 0) return encodeFieldError({ id: 'error.companyPrefixTaken' });
    return encodeFieldError({ id: 'register.gcpsTaken', values: { prefixes: [...new Set(taken)].join(', ') } });
  }
  // A prefix of the wrong shape reads as the field's own rule rather than "not valid".
  const wrongShape = (cause.details ?? []).some((detail) => /\.gcps\.\d+$/.test(detail.path) && detail.path.startsWith(field));
  return wrongShape ? encodeFieldError({ id: 'register.gcpsInvalid' }) : shared;
}
