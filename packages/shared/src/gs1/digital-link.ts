import { aiDefinition } from './ai-table.js';
import { hasValidCheckDigit } from './gtin.js';

/** GS1 Digital Link convenience alphas (`/gtin/...` for `/01/...`), the primary keys' short names. */
export const GS1_CONVENIENCE_ALPHAS = [
  'gtin', 'itip', 'gmn', 'cpid', 'gln', 'party', 'gsrnp', 'gsrn', 'gcn', 'sscc', 'gdti', 'ginc', 'gsin', 'grai', 'giai',
] as const;

export interface DigitalLinkElement {
  ai: string;
  value: string;
}

export interface DigitalLink {
  domain: string;
  primary: DigitalLinkElement;
  qualifiers: DigitalLinkElement[];
}

/**
 * The origin Digital Link URIs start with: a host name (`id.example.com`, `id.example.com:8443`)
 * means `https://{host}`; an origin (`http://localhost:3000`, `https://id.example.com/`) is kept
 * as it is, without a trailing slash or path.
 */
export function digitalLinkOrigin(domainOrOrigin: string): string {
  const text = domainOrOrigin.trim();
  if (/^https?:\/\//i.test(text)) return new URL(text).origin;
  return `https://${text.replace(/\/+$/, '')}`;
}

/**
 * `https://{domain}/01/{gtin14}[/21/{serial}]`; values are percent-encoded. `domain` is a host
 * name (https is implied) or an origin such as `http://localhost:3000`.
 */
export function formatDigitalLink(link: DigitalLink): string {
  const path = [link.primary, ...link.qualifiers].map(({ ai, value }) => `/${ai}/${encodeURIComponent(value)}`).join('');
  return `${digitalLinkOrigin(link.domain)}${path}`;
}

/** The Digital Link URI of a product's GTIN-14, on a host name or an origin. */
export function gtinDigitalLink(domainOrOrigin: string, gtin14: string): string {
  return formatDigitalLink({ domain: domainOrOrigin, primary: { ai: '01', value: gtin14 }, qualifiers: [] });
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
