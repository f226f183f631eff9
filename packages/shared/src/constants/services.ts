/** Product services of spec point 9: Digital Link and Digital Product Passport. */
export const SERVICES = ['DL', 'DPP'] as const;
export type ServiceCode = (typeof SERVICES)[number];

/** Product categories: 1 has care info (text or image); 2 and 3 are smart-label types. */
export const CATEGORY = {
  CARE_INFO: 1,
  SMART_LABEL: 2,
  SMART_LABEL_ALT: 3,
} as const;
export const DEFAULT_CATEGORY_ID = CATEGORY.CARE_INFO;
export const SMART_LABEL_CATEGORIES: readonly number[] = [CATEGORY.SMART_LABEL, CATEGORY.SMART_LABEL_ALT];

/** Access resources a sub-admin can be granted per project, each with r/w flags. */
export const ACCESS_RESOURCES = ['product', 'link', 'content', 'design', 'trace'] as const;
export type AccessResource = (typeof ACCESS_RESOURCES)[number];
