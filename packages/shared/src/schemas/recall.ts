import { z } from 'zod';
import { idSchema, idTextSchema, pageInfoSchema, pageQuerySchema, text } from './common.js';
import { serialProblem } from './qualifier.js';

/*
 * Recalls (issue 27, part 2; decision 079): a manager recalls one or more batches, a range of
 * serials or the whole product. From its start the resolver's default answer for an affected code
 * is the recall notice, the link set carries it as `gs1:recallStatus`, and an EPCIS event records
 * it with the CBV disposition `recalled`.
 */

/** The GS1 Web Vocabulary link type of a recall notice. */
export const RECALL_LINK_TYPE = 'gs1:recallStatus';
export const RECALL_SCOPES = ['batches', 'serials', 'product'] as const;
export type RecallScope = (typeof RECALL_SCOPES)[number];

export const RECALL_TEXT_MAX = 1_000;
export const RECALL_CONTACT_MAX = 300;
/** The most batches one recall names. */
export const RECALL_BATCHES_MAX = 200;

/**
 * Whether a serial lies in a recalled range: serials of digits only (the bounds too) compare as
 * numbers, any other as text (code point order), bounds included.
 */
export function serialInRange(serial: string, from: string, to: string): boolean {
  if (/^\d+$/.test(serial) && /^\d+$/.test(from) && /^\d+$/.test(to)) {
    const value = BigInt(serial);
    return value >= BigInt(from) && value <= BigInt(to);
  }
  return serial >= from && serial <= to;
}

const serialBound = text()
  .trim()
  .refine((value) => serialProblem(value) === null, 'A serial of 1 to 20 characters of GS1 CSET 82');

/** A recall's fields, and the rules between them (`recallScopeRules`), for surfaces that name the product in the path. */
export const recallFieldsSchema = z.object({
  productId: idSchema,
  scope: z.enum(RECALL_SCOPES),
  batchIds: z.array(idSchema).max(RECALL_BATCHES_MAX).optional().describe('scope batches: the recalled batches of the product'),
  serialFrom: serialBound.optional().describe('scope serials: the first serial of the range'),
  serialTo: serialBound.optional().describe('scope serials: the last serial of the range'),
  reason: text().trim().min(1).max(RECALL_TEXT_MAX),
  action: text().trim().min(1).max(RECALL_TEXT_MAX).describe('what the shopper should do'),
  contact: text().trim().min(1).max(RECALL_CONTACT_MAX).describe('a phone number, address or web page for questions'),
  startsAt: z.iso.datetime({ offset: true }).optional().describe('default: now'),
});
export const recallScopeRules = (body: Omit<z.infer<typeof recallFieldsSchema>, 'productId'>, context: z.RefinementCtx) => {
  if (body.scope === 'batches' && !body.batchIds?.length) context.addIssue({ code: 'custom', path: ['batchIds'], message: 'Name at least one batch.' });
  if (body.scope === 'serials') {
    if (!body.serialFrom) context.addIssue({ code: 'custom', path: ['serialFrom'], message: 'Required for a range of serials.' });
    if (!body.serialTo) context.addIssue({ code: 'custom', path: ['serialTo'], message: 'Required for a range of serials.' });
    if (body.serialFrom && body.serialTo && !serialInRange(body.serialTo, body.serialFrom, body.serialTo)) {
      context.addIssue({ code: 'custom', path: ['serialTo'], message: 'The range ends before it starts.' });
    }
  }
};
export const recallCreateBodySchema = recallFieldsSchema.superRefine(recallScopeRules);
export type RecallCreateBody = z.infer<typeof recallCreateBodySchema>;

export const recallSchema = z.object({
  recallId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  scope: z.enum(RECALL_SCOPES),
  /** The recalled batches (scope batches). */
  batches: z.array(z.object({ batchId: z.number().int().nullable(), lot: z.string() })),
  serialFrom: z.string().nullable(),
  serialTo: z.string().nullable(),
  reason: z.string(),
  action: z.string(),
  contact: z.string(),
  startsAt: z.string(),
  endedAt: z.string().nullable(),
  status: z.enum(['scheduled', 'active', 'ended']),
  createdAt: z.string(),
  createdBy: z.string(),
  /** Scans of affected codes since the start (until the end). */
  scans: z.number().int().nonnegative(),
});
export type Recall = z.infer<typeof recallSchema>;

export const recallListQuerySchema = pageQuerySchema.extend({ productId: idTextSchema.optional() });
export const recallPageResponseSchema = z.object({ result: z.array(recallSchema), pageInfo: pageInfoSchema });
export const recallIdQuerySchema = z.object({ recallId: idTextSchema });
export const recallResponseSchema = z.object({ result: recallSchema });

/** Scans of a recall's affected codes by country, most first. */
export const recallScansResponseSchema = z.object({
  result: z.array(z.object({ country: z.string().nullable(), scans: z.number().int().nonnegative(), firstAt: z.string(), lastAt: z.string() })),
});

/** What the resolver needs of a started or scheduled recall (part of its entry record). */
export const resolverRecallSchema = z.object({
  recallId: z.number().int(),
  startsAt: z.string(),
  scope: z.enum(RECALL_SCOPES),
  lots: z.array(z.string()),
  /** Serials that belong to the recalled batches (a scan without its lot is affected too); capped, see decision 079. */
  serials: z.array(z.string()),
  serialFrom: z.string().nullable(),
  serialTo: z.string().nullable(),
  /** The recall notice: the landing's verification view. */
  href: z.string(),
});
export type ResolverRecall = z.infer<typeof resolverRecallSchema>;

/** Whether a recall reaches a code with this lot and serial (either may be absent). */
export function recallAffects(recall: Pick<ResolverRecall, 'scope' | 'lots' | 'serials' | 'serialFrom' | 'serialTo'>, lot: string | null, serial: string | null): boolean {
  if (recall.scope === 'product') return true;
  if (recall.scope === 'batches') return (lot !== null && recall.lots.includes(lot)) || (serial !== null && recall.serials.includes(serial));
  return serial !== null && recall.serialFrom !== null && recall.serialTo !== null && serialInRange(serial, recall.serialFrom, recall.serialTo);
}

/** The recall notice the landing shows first (index and verification views), in the shopper's language around these texts. */
export const landingRecallSchema = z.object({
  recallId: z.number().int(),
  reason: z.string(),
  action: z.string(),
  contact: z.string(),
  startsAt: z.string(),
  scope: z.enum(RECALL_SCOPES),
  lots: z.array(z.string()),
});
export type LandingRecall = z.infer<typeof landingRecallSchema>;
