import { z } from 'zod';
import { LINK_GROUP, LINK_TYPES } from '../constants/links.js';
import { DB_INT_MAX } from '../constants/limits.js';
import { idSchema, idTextSchema, pageInfoSchema, pageQuerySchema, storable, text } from './common.js';

/** One text in one language (`DEFAULT` or a language code), as links and content blocks keep them. */
export const languageInputSchema = z.object({
  languageCode: text().trim().min(1).max(16),
  inputData: text().max(2_000),
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

const titleText = text().trim().max(200);
const targetUrlSchema = storable(z.url({ protocol: /^https?$/, error: 'Must be an http or https URL' }).max(2_000));
/** A language code of a link target (`en`, `ko`, `zh-CN`); null or absent: any language. */
const linkLangSchema = text()
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Must be a language code such as en or zh-CN')
  .nullable();
/** Per-language titles: one per language code. */
const modifiedTitleSchema = z
  .array(languageInputSchema)
  .max(50)
  .refine((titles) => new Set(titles.map((title) => title.languageCode)).size === titles.length, 'One title per language');

/** `GET /api/entry/links/all?page&size&entryId&qualifierId`: the displayed links of an entry, or of one of its serials. */
export const linkListQuerySchema = pageQuerySchema.extend({
  entryId: idTextSchema,
  qualifierId: idTextSchema.optional().describe('absent: the links of the entry itself'),
});

export const linkListResponseSchema = z.object({
  result: z.array(linkSchema),
  pageInfo: pageInfoSchema,
});

export const linkProductQuerySchema = z.object({ productId: idTextSchema });
export const activeLinksResponseSchema = z.object({ result: z.array(linkSchema) });
export const linkResponseSchema = z.object({ result: linkSchema });

/** `POST /api/entry/links/`: adds a link type, or shows a hidden one of the same type and language again. */
export const createLinkBodySchema = z.object({
  productId: idSchema,
  entryId: idSchema,
  entryPath: text().min(1).max(200),
  qualifierId: idSchema.nullish(),
  linkType: linkTypeSchema,
  targetUrl: targetUrlSchema,
  title: titleText.optional().describe('empty: the default title of the link type'),
  title_eng: titleText.optional().describe('empty: the default (English) title of the link type'),
  modifiedTitle: modifiedTitleSchema.optional(),
  lang: linkLangSchema.optional(),
  isDefault: z.boolean().optional(),
  contentType: text().trim().min(1).max(100).optional().describe('media type of the target; default text/html'),
  context: text().trim().max(200).optional(),
});
export type CreateLinkBody = z.infer<typeof createLinkBodySchema>;

/** `PUT /api/entry/links/`: the fields of one link that change; `order` moves it within its set (1-based). */
export const updateLinkBodySchema = z.object({
  updatedLink: z.object({
    linkId: idSchema,
    linkType: linkTypeSchema.optional(),
    targetUrl: targetUrlSchema.optional(),
    title: titleText.optional(),
    title_eng: titleText.optional(),
    modifiedTitle: modifiedTitleSchema.optional(),
    lang: linkLangSchema.optional(),
    isDefault: z.boolean().optional(),
    isActive: z.boolean().optional(),
    contentType: text().trim().min(1).max(100).optional(),
    context: text().trim().max(200).optional(),
    order: z.number().int().min(1).max(DB_INT_MAX).optional(),
  }),
});
export type UpdateLinkBody = z.infer<typeof updateLinkBodySchema>['updatedLink'];

/** `DELETE /api/entry/links/?linkId&entryPath&entryId`: hides the link. */
export const deleteLinkQuerySchema = z.object({
  linkId: idTextSchema,
  entryPath: text().min(1).max(200),
  entryId: idTextSchema,
});

/** `GET /api/product/landing-page/preview-productInfo?productId` (public): what the consumer product view shows. */
export const landingProductInfoSchema = z.object({
  productId: z.number().int(),
  product_name: z.string(),
  product_number: z.string(),
  description: z.string(),
  features: z.string(),
  category_id: z.number().int(),
  service: z.string(),
  image: z.array(z.string()).describe('Image paths; GET /api{path} serves each one'),
  thumbnails: z.array(z.string()),
  careInfo: z.object({ type: z.enum(['text', 'image']), text: z.string(), image: z.string().nullable() }),
  product_website: z.string(),
  companyName: z.string(),
  primaryLogo: z.string().nullable().describe('Path of the company logo, or null'),
  serviceName: z.string(),
  /** What the brand home page (About us) shows. */
  company: z.object({
    description: z.string(),
    website: z.string(),
    contactPhone: z.string(),
    contactHour: z.string(),
    contactEmail: z.string(),
    sns: z.array(z.object({ type: z.string(), url: z.string() })),
  }),
  entryPath: z.string(),
  digitalLink: z.string().describe('The Digital Link URI of the product'),
});
export type LandingProductInfo = z.infer<typeof landingProductInfoSchema>;
export const landingProductInfoResponseSchema = z.object({ result: landingProductInfoSchema });

/** One link of `GET /api/product/landing-page/preview-links?productId` (public). */
export const landingLinkSchema = z.object({
  linkId: z.number().int(),
  linkType: z.string(),
  title: z.string(),
  title_eng: z.string(),
  modifiedTitle: z.array(languageInputSchema),
  targetUrl: z.string(),
  lang: z.string().nullable(),
  isDefault: z.boolean(),
  order: z.number().int(),
});
export type LandingLink = z.infer<typeof landingLinkSchema>;
export const landingLinksResponseSchema = z.object({ result: z.array(landingLinkSchema) });
