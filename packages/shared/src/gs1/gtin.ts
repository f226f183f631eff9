import { AI_GLN, ENTRY_VALUE_LENGTH } from '../constants/limits.js';

/** GS1 mod-10 check digit of the digits before it (weights 3,1,3,… from the right). */
export function gs1CheckDigit(body: string): number {
  if (!/^\d+$/.test(body)) throw new Error(`not a digit string: ${body}`);
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = Number(body[body.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True when the last digit of a digit string is the GS1 check digit of the others. */
export function hasValidCheckDigit(value: string): boolean {
  return /^\d{2,}$/.test(value) && gs1CheckDigit(value.slice(0, -1)) === Number(value.at(-1));
}

/** Pads a GTIN-8/12/13/14 with leading zeros to 14 digits. */
export function padGtin14(gtin: string): string {
  return gtin.padStart(ENTRY_VALUE_LENGTH, '0');
}

/** Builds a GTIN-14 from an indicator digit, a GS1 company prefix and an item reference. */
export function gtin14(indicator: number, companyPrefix: string, itemReference: number | string): string {
  const referenceLength = 12 - companyPrefix.length;
  const reference = String(itemReference).padStart(referenceLength, '0');
  if (reference.length !== referenceLength) throw new Error(`item reference ${itemReference} does not fit after ${companyPrefix}`);
  const body = `${indicator}${companyPrefix}${reference}`;
  return `${body}${gs1CheckDigit(body)}`;
}

export function isValidGtin14(gtin: string): boolean {
  return /^\d{14}$/.test(gtin) && hasValidCheckDigit(gtin);
}

/** Why a GTIN is refused: message ids the console translates and the API sends as field errors. */
export type GtinProblem = 'format' | 'checkDigit' | 'prefix';

/**
 * Checks a GTIN as typed (8, 12, 13 or 14 digits) against the company's prefixes. The company
 * prefix starts after the indicator digit of the padded GTIN-14 (GS1 "gcppos2").
 */
export function gtinProblem(gtin: string, companyPrefixes: readonly string[]): GtinProblem | null {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(gtin)) return 'format';
  if (!hasValidCheckDigit(gtin)) return 'checkDigit';
  const padded = padGtin14(gtin);
  if (!companyPrefixes.some((prefix) => prefix.length > 0 && padded.slice(1).startsWith(prefix))) return 'prefix';
  return null;
}

/** The company prefix a GTIN starts with (the longest match), or undefined. */
export function companyPrefixOf(gtin: string, companyPrefixes: readonly string[]): string | undefined {
  const padded = padGtin14(gtin);
  return [...companyPrefixes].sort((a, b) => b.length - a.length).find((prefix) => prefix.length > 0 && padded.slice(1).startsWith(prefix));
}

/**
 * The stored value of an entry (spec point 5): for AI 414 the company prefix followed by the
 * value; for every other AI the value padded with leading zeros to 14 characters.
 */
export function entryValue(aiString: string, value: string, prefix = ''): string {
  return aiString === AI_GLN ? `${prefix}${value}` : value.padStart(ENTRY_VALUE_LENGTH, '0');
}

/** The entry path of an AI and value, as in a Digital Link URI path: `/01/09506000134352`. */
export function entryPath(aiString: string, aiValue: string): string {
  return `/${aiString}/${aiValue}`;
}
