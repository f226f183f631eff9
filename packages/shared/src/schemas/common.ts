import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants/limits.js';

/** The one error shape every service answers with. */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .describe('Field errors of a 400 answer'),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const pageInfoSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  size: z.number().int().positive(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** Query of a paged list: 1-based page. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

export const resultTrueSchema = z.object({ result: z.literal(true) });

export const isLimitSchema = z.object({ isLimit: z.boolean() });
export type IsLimit = z.infer<typeof isLimitSchema>;
