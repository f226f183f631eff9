import { z } from 'zod';
import { idTextSchema, pageInfoSchema, pageQuerySchema } from './common.js';
import { serviceCodeSchema } from './company.js';

/** What product lists show of a product. */
export const productSummarySchema = z.object({
  productId: z.number().int(),
  entry_id: z.number().int().nullable(),
  project_id: z.number().int(),
  project_name: z.string(),
  product_name: z.string(),
  product_number: z.string(),
  category_id: z.number().int(),
  service: serviceCodeSchema,
  isNFC: z.union([z.literal(0), z.literal(1)]),
  image: z.string().nullable().describe('First product image path'),
  thumbnail: z.string().nullable().describe('Thumbnail of the first product image'),
  gtin: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productListQuerySchema = pageQuerySchema.extend({
  projectId: idTextSchema.optional(),
});

export const productListResponseSchema = z.object({
  result: z.array(productSummarySchema),
  pageInfo: pageInfoSchema,
});

export const totalCountSchema = z.object({
  projects: z.number().int(),
  products: z.number().int(),
  dlProducts: z.number().int(),
  dppProducts: z.number().int(),
  nfcProducts: z.number().int(),
});
export type TotalCount = z.infer<typeof totalCountSchema>;
export const totalCountResponseSchema = z.object({ result: totalCountSchema });

/** The quick start's steps, in the page's order: what a new company does first. */
export const QUICK_START_STEPS = ['project', 'product', 'link', 'qr', 'subAdmin'] as const;
export type QuickStartStepId = (typeof QUICK_START_STEPS)[number];
export const quickStartStepSchema = z.object({
  id: z.enum(QUICK_START_STEPS),
  done: z.boolean().describe('Whether the company has done it: the data shows it, whoever of the company did it'),
});
export type QuickStartStep = z.infer<typeof quickStartStepSchema>;
export const quickStartResponseSchema = z.object({ result: z.object({ steps: z.array(quickStartStepSchema) }) });
export type QuickStartResponse = z.infer<typeof quickStartResponseSchema>;
