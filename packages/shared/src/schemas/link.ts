import { z } from 'zod';
import { LINK_GROUP, LINK_TYPES } from '../constants/links.js';

/** One text in one language (`DEFAULT` or a language code), as links and content blocks keep them. */
export const languageInputSchema = z.object({
  languageCode: z.string().trim().min(1).max(16),
  inputData: z.string().max(2_000),
});
export type LanguageInput = z.infer<typeof languageInputSchema>;

export const linkTypeSchema = z.enum(LINK_TYPES);

/** A link as the API answers it (spec point 3, "Link"). */
export const linkSchema = z.object({
  linkId: z.number().int(),
  link_id: z.number().int(),
  productId: z.number().int(),
  entryId: z.number().int().nullable(),
  qualifierId: z.number().int().nullable(),
  order: z.number().int(),
  display: z.boolean(),
  contentType: z.string(),
  context: z.string(),
  isDefault: z.boolean(),
  lang: z.string().nullable(),
  linkType: z.string(),
  targetUrl: z.string(),
  title: z.string(),
  title_eng: z.string(),
  modifiedTitle: z.array(languageInputSchema),
  group: z.literal(LINK_GROUP),
  isAuto: z.boolean(),
  isActive: z.boolean(),
});
export type Link = z.infer<typeof linkSchema>;
