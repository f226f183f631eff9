/** GS1 mod-10 check digit of the digits before it (weights 3,1,3,... from the right). */
export function gs1CheckDigit(body: string): number {
  if (!/^\d+$/.test(body)) throw new Error(`not a digit string: ${body}`);
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = Number(body[body.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Builds a GTIN-14 from an indicator digit, a GS1 company prefix and an item reference. */
export function gtin14(indicator: number, companyPrefix: string, itemReference: number): string {
  const referenceLength = 12 - companyPrefix.length;
  const reference = String(itemReference).padStart(referenceLength, '0');
  if (reference.length !== referenceLength) throw new Error(`item reference ${itemReference} does not fit after ${companyPrefix}`);
  const body = `${indicator}${companyPrefix}${reference}`;
  return `${body}${gs1CheckDigit(body)}`;
}

export function isValidGtin14(gtin: string): boolean {
  return /^\d{14}$/.test(gtin) && gs1CheckDigit(gtin.slice(0, 13)) === Number(gtin[13]);
}
