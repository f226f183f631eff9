/** Link types of spec point 3, each with its default title. */
export const LINK_TYPES = [
  'gs1:dpp',
  'gs1:pip',
  'gs1:traceability',
  'gs1:certificationInfo',
  'gs1:homepage',
  'gs1:smartLabel',
] as const;
export type LinkType = (typeof LINK_TYPES)[number];

export const LINK_TYPE_DEFAULT_TITLES: Record<LinkType, string> = {
  'gs1:dpp': 'Digital Product Passport',
  'gs1:pip': 'Product Information',
  'gs1:traceability': 'Traceability',
  'gs1:certificationInfo': 'Authentication',
  'gs1:homepage': 'Brand',
  'gs1:smartLabel': 'Smart Label',
};

/** Every link belongs to group 1 (spec point 3). */
export const LINK_GROUP = 1;
