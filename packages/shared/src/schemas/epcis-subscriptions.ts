import { z } from 'zod';
import { CBV_BIZ_STEPS, CBV_DISPOSITIONS } from '../epcis/vocabulary.js';
import { pageInfoSchema, pageQuerySchema, text } from './common.js';
import { glnSchema } from './passport.js';
import { EPCIS_EVENT_TYPES } from './trace.js';

/*
 * Named queries and their subscriptions as the console manages them (`/api/trace/epcis-queries`,
 * `/api/trace/epcis-subscriptions`; decision 082): the same rows machine clients reach at
 * `/epcis/queries` and `/epcis/queries/{name}/subscriptions`, made with a query builder.
 */

/** A named query's name is a path segment: letters, digits and `-._~`, at most 100 (as `/epcis/queries` takes it). */
export const EPCIS_QUERY_NAME_PATTERN = /^[A-Za-z0-9._~-]{1,100}$/;
export const EPCIS_DEST_MAX = 2000;
export const EPCIS_SIGNATURE_TOKEN_MAX = 1000;
export const EPCIS_EPC_FILTER_MAX = 500;
/** The schedule fields the console offers (EPCIS QuerySchedule; UTC). */
export const EPCIS_SCHEDULE_FIELDS = ['minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek'] as const;
export type EpcisScheduleField = (typeof EPCIS_SCHEDULE_FIELDS)[number];

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal('')])
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** `POST /api/trace/epcis-queries`: the query builder's fields; each given one narrows the query. */
export const epcisQueryBuilderSchema = z.object({
  name: z.string().trim().regex(EPCIS_QUERY_NAME_PATTERN, 'epcisSubs.error.queryName'),
  eventType: optionalChoice(EPCIS_EVENT_TYPES as unknown as readonly [string, ...string[]]),
  bizStep: optionalChoice(CBV_BIZ_STEPS as unknown as readonly [string, ...string[]]),
  disposition: optionalChoice(CBV_DISPOSITIONS as unknown as readonly [string, ...string[]]),
  /** A place by its GLN: events whose business location it is. */
  place: z.union([glnSchema, z.literal('')]).optional().transform((value) => (value === '' ? undefined : value)),
  /** An EPC as URN or GS1 Digital Link URI (or an EPC URN pattern with `*`). */
  epc: z
    .string()
    .trim()
    .max(EPCIS_EPC_FILTER_MAX)
    .regex(/^(|urn:epc:[a-z]+:[A-Za-z0-9.:*_%-]+|https?:\/\/\S+)$/, 'epcisSubs.error.epc')
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});
export type EpcisQueryBuilder = z.input<typeof epcisQueryBuilderSchema>;

/** The EPCIS SimpleEventQuery parameters a builder stands for (what `/epcis/queries` stores). */
export function epcisQueryParamsOf(builder: z.output<typeof epcisQueryBuilderSchema>): Record<string, string> {
  const params: Record<string, string> = {};
  if (builder.eventType) params.eventType = builder.eventType;
  if (builder.bizStep) params.EQ_bizStep = builder.bizStep;
  if (builder.disposition) params.EQ_disposition = builder.disposition;
  if (builder.place) params.EQ_bizLocation = `https://id.gs1.org/414/${builder.place}`;
  if (builder.epc) params.MATCH_epc = builder.epc;
  return params;
}

export const epcisQueryItemSchema = z.object({
  name: z.string(),
  /** Its parameters as stored (lists joined with `|`). */
  query: z.record(z.string(), z.string()),
  createdAt: z.string(),
  subscriptions: z.number().int().nonnegative(),
});
export type EpcisQueryItem = z.infer<typeof epcisQueryItemSchema>;
export const epcisQueryListResponseSchema = z.object({ result: z.object({ items: z.array(epcisQueryItemSchema), page: pageInfoSchema }) });
export const epcisQueryListQuerySchema = pageQuerySchema;
export const epcisQueryNameParamSchema = z.object({ name: z.string().regex(EPCIS_QUERY_NAME_PATTERN) });

const scheduleValue = z.string().trim().max(100).regex(/^[0-9,[\]*/-]*$/, 'epcisSubs.error.schedule');

/** `POST /api/trace/epcis-subscriptions`: a webhook on a named query, streaming or scheduled. */
export const epcisSubscriptionCreateSchema = z
  .object({
    queryName: z.string().regex(EPCIS_QUERY_NAME_PATTERN),
    dest: z.string().trim().min(1).max(EPCIS_DEST_MAX).url('epcisSubs.error.dest').regex(/^https?:\/\//i, 'epcisSubs.error.dest'),
    signatureToken: text().max(EPCIS_SIGNATURE_TOKEN_MAX).optional().transform((value) => (value === '' ? undefined : value)),
    delivery: z.enum(['stream', 'schedule']),
    schedule: z.object(Object.fromEntries(EPCIS_SCHEDULE_FIELDS.map((field) => [field, scheduleValue.optional()])) as Record<EpcisScheduleField, z.ZodOptional<typeof scheduleValue>>).optional(),
    reportIfEmpty: z.boolean().optional(),
  })
  .superRefine((value, context) => {
    if (value.delivery !== 'schedule') return;
    const given = EPCIS_SCHEDULE_FIELDS.some((field) => (value.schedule?.[field] ?? '') !== '');
    if (!given) context.addIssue({ code: 'custom', path: ['schedule', 'minute'], message: 'epcisSubs.error.scheduleMissing' });
  });
export type EpcisSubscriptionCreate = z.input<typeof epcisSubscriptionCreateSchema>;

/** `PATCH /api/trace/epcis-subscriptions/{id}`. */
export const epcisSubscriptionPatchSchema = z.object({ paused: z.boolean() });
export const epcisSubscriptionIdParamSchema = z.object({ subscriptionId: z.string().uuid() });

export const EPCIS_TEST_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type EpcisTestStatus = (typeof EPCIS_TEST_STATUSES)[number];

export const epcisSubscriptionItemSchema = z.object({
  subscriptionId: z.string(),
  queryName: z.string(),
  dest: z.string(),
  signed: z.boolean(),
  stream: z.boolean(),
  schedule: z.record(z.string(), z.string()).nullable(),
  reportIfEmpty: z.boolean(),
  paused: z.boolean(),
  createdAt: z.string(),
  lastDeliveredAt: z.string().nullable(),
  /** Failed attempts in a row. */
  attempts: z.number().int().nonnegative(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  test: z.object({ status: z.enum(EPCIS_TEST_STATUSES), at: z.string(), error: z.string().nullable() }).nullable(),
});
export type EpcisSubscriptionItem = z.infer<typeof epcisSubscriptionItemSchema>;
export const epcisSubscriptionListResponseSchema = z.object({ result: z.object({ items: z.array(epcisSubscriptionItemSchema), page: pageInfoSchema }) });
export const epcisSubscriptionResponseSchema = z.object({ result: epcisSubscriptionItemSchema });
export const epcisSubscriptionListQuerySchema = pageQuerySchema;
