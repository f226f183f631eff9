import { LINK_TYPE_DEFAULT_TITLES, LINK_TYPES, type LinkType } from '@product-console/shared';

/** The GS1 Web Vocabulary namespace: link relation types in link sets and Link headers. */
export const GS1_VOC = 'https://gs1.org/voc/';
export const DEFAULT_LINK_REL = `${GS1_VOC}defaultLink`;

/** What `?linkType=` asks for: a link set, or one link type in its CURIE form (`gs1:pip`). */
export type LinkTypeRequest = { linkset: true } | { linkset: false; linkType: string };

const LINKSET: LinkTypeRequest = { linkset: true };
const VOC_FORMS = [GS1_VOC, 'http://gs1.org/voc/', 'https://www.gs1.org/voc/', 'http://www.gs1.org/voc/', 'https://ref.gs1.org/voc/'];

/**
 * `linkset` and `all` ask for the link set; `gs1:pip` and `https://gs1.org/voc/pip` both mean the
 * same link type. Any other value is taken as it is (the product will not have it: 404).
 */
export function parseLinkTypeParameter(value: string): LinkTypeRequest {
  if (value === 'linkset' || value === 'all') return LINKSET;
  for (const form of VOC_FORMS) {
    if (value.startsWith(form)) return { linkset: false, linkType: `gs1:${value.slice(form.length)}` };
  }
  return { linkset: false, linkType: value };
}

/** The link relation type of a link type: `gs1:pip` -> `https://gs1.org/voc/pip`. */
export const relationOf = (linkType: string) => (linkType.startsWith('gs1:') ? `${GS1_VOC}${linkType.slice(4)}` : linkType);

/** The title of a link type (spec point 3), for pages and the resolver description. */
export function linkTypeTitle(linkType: string): string {
  return (LINK_TYPE_DEFAULT_TITLES as Record<string, string>)[linkType] ?? linkType.replace(/^gs1:/, '');
}

/** The title of a link type this product set defines, or null for any other value a visitor sent. */
export function knownLinkTypeTitle(linkType: string): string | null {
  return (LINK_TYPE_DEFAULT_TITLES as Record<string, string>)[linkType] ?? null;
}

export const SUPPORTED_LINK_TYPES: readonly LinkType[] = LINK_TYPES;
