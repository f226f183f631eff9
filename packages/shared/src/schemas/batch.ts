import { z } from 'zod';
import { aiDefinition } from '../gs1/ai-table.js';
import { linkTypeSchema } from './link.js';
import { daySchema, idSchema, idTextSchema, pageInfoSchema, pageQuerySchema, storable, text } from './common.js';
import { CSET_82 } from './qualifier.js';

/*
 * Batches (lots) of a product (issue 27, part 1): AI 10 lot numbers with their production (AI 11),
 * expiry (AI 17) and best-before (AI 15) dates, a quantity and a production site; serials may
 * belong to a batch, and a batch may carry links of its own (a batch certificate, a lab report).
 */

/** The AI of a batch or lot number. */
export const LOT_AI = '10';
export const EXPIRY_AI = '17';
export const BEST_BEFORE_AI = '15';
export const PRODUCTION_DATE_AI = '11';

/** Why a lot number is refused; null when it is a valid AI 10 value. */
export type LotProblem = 'empty' | 'tooLong' | 'charset';

export const LOT_PROBLEM_MESSAGES: Record<LotProblem, string> = {
  empty: 'The lot number is empty.',
  tooLong: `A lot number has at most ${aiDefinition(LOT_AI)?.maxLength ?? 20} characters.`,
  charset: 'A lot number may only contain letters A-Z and a-z, digits and ! " % & \' ( ) * + , - . / : ; < = > ? _',
};

/** Checks a lot number by the AI 10 row of the AI table: 1 to 20 characters of CSET 82. */
export function lotProblem(value: string): LotProblem | null {
  const definition = aiDefinition(LOT_AI)!;
  if (value.length < definition.minLength) return 'empty';
  if (value.length > definition.maxLength) return 'tooLong';
  if (!CSET_82.test(value)) return 'charset';
  // URLs resolve these as path steps, so no scanner could reach them.
  if (value === '.' || value === '..') return 'charset';
  return null;
}

// ---------------------------------------------------------------------------------------------
// GS1 dates (AI 11, 15, 17: YYMMDD, DD 00 meaning the last day of the month)

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The calendar day (`YYYY-MM-DD`) of a GS1 YYMMDD date, or null when it is not one. The century
 * follows the GS1 General Specifications (7.12): a year more than 50 years ahead of `today` is of
 * the last century, one more than 49 years behind it of the next. Day 00 is the month's last day.
 */
export function gs1DateToDay(yymmdd: string, today: Date = new Date()): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  let day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12) return null;
  const currentYear = today.getUTCFullYear();
  const century = Math.floor(currentYear / 100) * 100;
  const difference = yy - (currentYear % 100);
  let year = century + yy;
  if (difference >= 51) year -= 100;
  else if (difference <= -50) year += 100;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day === 0) day = lastDay;
  if (day > lastDay) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The GS1 YYMMDD form of a calendar day `YYYY-MM-DD`. */
export function dayToGs1Date(day: string): string {
  return day.slice(2, 4) + day.slice(5, 7) + day.slice(8, 10);
}

/** Whether an expiry or best-before day has passed on `today` (the day itself still counts as good). */
export function hasExpired(day: string | null, today: Date = new Date()): boolean {
  if (!day) return false;
  return day < today.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Batches

const lotSchema = text()
  .trim()
  .superRefine((value, context) => {
    const problem = lotProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: LOT_PROBLEM_MESSAGES[problem] });
  })
  .describe('AI 10: 1 to 20 characters of GS1 CSET 82');

/** The most items a batch may count (a PostgreSQL integer). */
export const BATCH_QUANTITY_MAX = 2_000_000_000;
export const BATCH_SITE_MAX = 200;

const batchFields = {
  productionDate: daySchema().nullable().optional().describe('AI 11, YYYY-MM-DD'),
  expiryDate: daySchema().nullable().optional().describe('AI 17, YYYY-MM-DD'),
  bestBeforeDate: daySchema().nullable().optional().describe('AI 15, YYYY-MM-DD, where the category uses it'),
  quantity: z.number().int().min(0).max(BATCH_QUANTITY_MAX).nullable().optional(),
  site: text().trim().max(BATCH_SITE_MAX).nullable().optional().describe('production site, free text'),
};

const datesInOrder = (body: { productionDate?: string | null; expiryDate?: string | null; bestBeforeDate?: string | null }, context: z.RefinementCtx) => {
  if (body.productionDate && body.expiryDate && body.expiryDate < body.productionDate) {
    context.addIssue({ code: 'custom', path: ['expiryDate'], message: 'The expiry date is before the production date.' });
  }
  if (body.productionDate && body.bestBeforeDate && body.bestBeforeDate < body.productionDate) {
    context.addIssue({ code: 'custom', path: ['bestBeforeDate'], message: 'The best-before date is before the production date.' });
  }
};

/** A batch as the API answers it. */
export const batchSchema = z.object({
  batchId: z.number().int(),
  productId: z.number().int(),
  entryId: z.number().int(),
  lot: z.string(),
  /** `/10/{lot}`, percent-encoded as in a Digital Link URI. */
  batchPath: z.string(),
  productionDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  bestBeforeDate: z.string().nullable(),
  quantity: z.number().int().nullable(),
  site: z.string().nullable(),
  /** Live serials that belong to the batch. */
  serials: z.number().int().nonnegative(),
  /** The batch's own links. */
  links: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Batch = z.infer<typeof batchSchema>;

/** `GET /api/entry/batches/all?productId&page&size&search`: a page of a product's batches, newest first. */
export const batchListQuerySchema = pageQuerySchema.extend({
  productId: idTextSchema,
  search: text().trim().max(20).optional().describe('part of the lot number'),
});
export type BatchListQuery = z.infer<typeof batchListQuerySchema>;
export const batchPageResponseSchema = z.object({ result: z.array(batchSchema), pageInfo: pageInfoSchema });

export const batchCreateBodySchema = z.object({ productId: idSchema, lot: lotSchema, ...batchFields }).superRefine(datesInOrder);
/** A new batch's fields without its product, and their rule, for surfaces that name the product in the path (`/api/v1`). */
export const batchCreateFields = { lot: lotSchema, ...batchFields };
export const batchDatesInOrder = datesInOrder;
export type BatchCreateBody = z.infer<typeof batchCreateBodySchema>;

/** `PUT /api/entry/batches/`: the fields that change (the lot number too). */
export const batchUpdateBodySchema = z.object({ batchId: idSchema, lot: lotSchema.optional(), ...batchFields }).superRefine(datesInOrder);
export type BatchUpdateBody = z.infer<typeof batchUpdateBodySchema>;

export const batchIdQuerySchema = z.object({ batchId: idTextSchema });
export const batchResponseSchema = z.object({ result: batchSchema });

/** `PUT /api/entry/batches/serials`: puts live serials of the product into the batch (or takes them out with `batchId` null). */
export const batchSerialsBodySchema = z.object({
  productId: idSchema,
  batchId: idSchema.nullable(),
  qualifierIds: z.array(idSchema).min(1).max(1_000),
});
export type BatchSerialsBody = z.infer<typeof batchSerialsBodySchema>;
export const batchSerialsResultSchema = z.object({ result: z.literal(true), changed: z.number().int().nonnegative() });

// ---------------------------------------------------------------------------------------------
// A batch's own links

export const batchLinkSchema = z.object({
  batchLinkId: z.number().int(),
  batchId: z.number().int(),
  linkType: z.string(),
  title: z.string(),
  targetUrl: z.string(),
  lang: z.string().nullable(),
  isDefault: z.boolean(),
  order: z.number().int(),
});
export type BatchLink = z.infer<typeof batchLinkSchema>;

/** The most links one batch may carry. */
export const BATCH_LINKS_MAX = 20;

export const batchLinkCreateBodySchema = z.object({
  batchId: idSchema,
  linkType: linkTypeSchema,
  targetUrl: storable(z.url({ protocol: /^https?$/, error: 'Must be an http or https URL' }).max(2_000)),
  title: text().trim().max(200).optional(),
  lang: text()
    .trim()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Must be a language code such as en or zh-CN')
    .nullish(),
  isDefault: z.boolean().optional(),
});
export type BatchLinkCreateBody = z.infer<typeof batchLinkCreateBodySchema>;
export const batchLinkDeleteQuerySchema = z.object({ batchId: idTextSchema, batchLinkId: idTextSchema });
export const batchLinksResponseSchema = z.object({ result: z.array(batchLinkSchema) });
export const batchLinkResponseSchema = z.object({ result: batchLinkSchema });

// ---------------------------------------------------------------------------------------------
// Import of batches with their serials

/** Header names of a batch file (case, spaces, `_` and `-` ignored); `lot` is required, the others optional. */
export const BATCH_FILE_COLUMNS = ['lot', 'productionDate', 'expiryDate', 'bestBeforeDate', 'quantity', 'site', 'serial'] as const;

/** A date cell of a batch file: `YYYY-MM-DD`, or the GS1 `YYMMDD` of AI 11, 15 and 17; '' for none. */
export function batchFileDay(cell: string): string | null | undefined {
  const value = cell.trim();
  if (value === '') return null;
  if (/^\d{6}$/.test(value)) return gs1DateToDay(value) ?? undefined;
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
  if (!day) return undefined;
  return daySchema().safeParse(day).success ? day : undefined;
}

export const batchImportResultSchema = z.object({
  result: z.literal(true),
  batches: z.number().int().nonnegative().describe('batches created'),
  updated: z.number().int().nonnegative().describe('batches whose fields the file changed'),
  serials: z.number().int().nonnegative().describe('serials registered or put into a batch'),
});
export type BatchImportResult = z.infer<typeof batchImportResultSchema>;
