import { z } from 'zod';
import { DB_INT_MAX, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants/limits.js';

/*
 * Building blocks of every request schema. Input the database cannot hold must be a field error
 * (400 with `details`), never a failed query (500): ids past the range of PostgreSQL's `integer`,
 * and text with characters PostgreSQL cannot store.
 */

const ID_MESSAGE = `Must be an id from 1 to ${DB_INT_MAX}`;

/** The id of a stored row as a JSON body carries it (id columns are PostgreSQL `integer`). */
export const idSchema = z.number().int(ID_MESSAGE).min(1, ID_MESSAGE).max(DB_INT_MAX, ID_MESSAGE);
/** The id of a stored row in a path or query string: the text is read as a number. */
export const idTextSchema = z.coerce.number().int(ID_MESSAGE).min(1, ID_MESSAGE).max(DB_INT_MAX, ID_MESSAGE);

export const UNSTORABLE_TEXT_MESSAGE = 'Must not contain a NUL character or a broken Unicode character';

// A lone UTF-16 surrogate: with the `u` flag a well-formed pair is one code point and does not match.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Whether PostgreSQL can store a text: it keeps no NUL (U+0000) in `text` or `jsonb`, and `jsonb`
 * refuses a lone surrogate (a `text` column would silently turn it into U+FFFD).
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** Any text of a request: use `text()` wherever a request schema would say `z.string()`. */
export const text = () => z.string().refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);

/** The same check on a string format that lets such characters through, such as `z.url()`. */
export const storable = <T extends z.ZodType<string>>(schema: T): T => schema.refine(isStorableText, UNSTORABLE_TEXT_MESSAGE) as T;

/** The first and last calendar day a request may name (decision 064). */
export const DAY_MIN = '1900-01-01';
export const DAY_MAX = '2100-12-31';

/**
 * A calendar day `YYYY-MM-DD` of a request, from DAY_MIN to DAY_MAX: wide enough for any date a
 * passport or a dashboard needs, narrow enough that a day before or after it (a comparison period,
 * the end of a range) is still a day PostgreSQL and `Date` read as one (no year 0, no year 10000).
 */
export const daySchema = () =>
  z.iso.date().refine((day) => day >= DAY_MIN && day <= DAY_MAX, `Must be a day from ${DAY_MIN} to ${DAY_MAX}`);

/**
 * One field error of a 400 answer: the English `message`, and the zod issue's `code` with its
 * limits (`minimum`, `maximum`, `origin`) or `format`, so that a client words it in its language.
 */
export const fieldErrorDetailSchema = z.object({
  path: z.string(),
  message: z.string(),
  code: z.string().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  origin: z.string().optional(),
  format: z.string().optional(),
});
export type FieldErrorDetail = z.infer<typeof fieldErrorDetailSchema>;

/** The one error shape every service answers with. */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z
    .array(fieldErrorDetailSchema)
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

/** A 1-based page number; bounded so that page × size stays a sane OFFSET. */
export const pageNumberSchema = z.coerce.number().int().min(1).max(DB_INT_MAX);

/** Query of a paged list: 1-based page. */
export const pageQuerySchema = z.object({
  page: pageNumberSchema.default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const idParamSchema = z.object({ id: idTextSchema });

export const resultTrueSchema = z.object({ result: z.literal(true) });

export const isLimitSchema = z.object({ isLimit: z.boolean() });
export type IsLimit = z.infer<typeof isLimitSchema>;
