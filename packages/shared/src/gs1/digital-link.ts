import { aiDefinition } from './ai-table.js';
import { hasValidCheckDigit } from './gtin.js';

export interface DigitalLinkElement {
  ai: string;
  value: string;
}

export interface DigitalLink {
  domain: string;
  primary: DigitalLinkElement;
  qualifiers: DigitalLinkElement[];
}

/** `https://{domain}/01/{gtin14}[/21/{serial}]`; values are percent-encoded. */
export function formatDigitalLink(link: DigitalLink): string {
  const path = [link.primary, ...link.qualifiers].map(({ ai, value }) => `/${ai}/${encodeURIComponent(value)}`).join('');
  return `https://${link.domain}${path}`;
}

/** The Digital Link URI of a product's GTIN-14. */
export function gtinDigitalLink(domain: string, gtin14: string): string {
  return formatDigitalLink({ domain, primary: { ai: '01', value: gtin14 }, qualifiers: [] });
}

function valueFits(ai: string, value: string): boolean {
  const definition = aiDefinition(ai);
  if (!definition) return false;
  if (value.length < definition.minLength || value.length > definition.maxLength) return false;
  if (definition.charset === 'N' && !/^\d+$/.test(value)) return false;
  if (definition.charset !== 'N' && !/^[\x21-\x7e]+$/.test(value)) return false;
  if (definition.checkDigit && !hasValidCheckDigit(value.slice(0, definition.minLength))) return false;
  return true;
}

/**
 * Parses a Digital Link URI with a primary key and its qualifiers in the allowed order;
 * returns null for anything else. Query attributes are ignored.
 */
export function parseDigitalLink(uri: string): DigitalLink | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  // A primary key may follow a custom path prefix: find the first known primary AI pair from the end.
  for (let start = 0; start + 1 < segments.length; start += 1) {
    const primaryDefinition = aiDefinition(segments[start]);
    if (!primaryDefinition?.primaryKey) continue;
    const rest = segments.slice(start);
    if (rest.length % 2 !== 0) continue;
    let elements: DigitalLinkElement[];
    try {
      elements = [];
      for (let i = 0; i < rest.length; i += 2) elements.push({ ai: rest[i], value: decodeURIComponent(rest[i + 1]) });
    } catch {
      return null;
    }
    const [primary, ...qualifiers] = elements;
    if (!valueFits(primary.ai, primary.value)) return null;
    let position = -1;
    for (const qualifier of qualifiers) {
      const index = primaryDefinition.qualifiers.indexOf(qualifier.ai);
      if (index <= position || !valueFits(qualifier.ai, qualifier.value)) return null;
      position = index;
    }
    return { domain: url.host, primary, qualifiers };
  }
  return null;
}
