import { z } from 'zod';
import { text } from './common.js';
import { resolverRecallSchema } from './recall.js';
import { resolverRuleSchema, SCAN_CAMPAIGN_MAX } from './redirect-rule.js';

/*
 * The contract between the gateway's GS1 resolver and the API's internal resolver routes
 * (`/api/internal/resolver/...`, called with the `X-Internal-Token` header). The data is what the
 * resolver publishes anyway (a product's public link set); the token keeps scan records honest.
 */

/** One link the resolver may answer with. Only displayed, active links of live entries appear. */
export const resolverLinkSchema = z.object({
  linkType: z.string().describe('gs1:pip, gs1:dpp...'),
  href: z.string(),
  title: z.string(),
  /** Language of the target; null: any language. */
  lang: z.string().nullable(),
  /** Media type of the target (`text/html`). */
  type: z.string(),
  isDefault: z.boolean(),
  /** `/21/{serial}` for a link of one serial, `/10/{lot}` for a link of one batch; null for a link of the whole entry. */
  qualifierPath: z.string().nullable(),
  order: z.number().int(),
});
export type ResolverLink = z.infer<typeof resolverLinkSchema>;

/**
 * `GET /api/internal/resolver/entry?entryPath=/01/{gtin14}` answers this for a live, active entry
 * (404 otherwise). Links of deleted serials are left out.
 */
export const resolverEntrySchema = z.object({
  entryPath: z.string(),
  entryId: z.number().int(),
  productId: z.number().int(),
  companyId: z.number().int(),
  title: z.string(),
  links: z.array(resolverLinkSchema),
  /** Redirect rules of the product, then the company's defaults, in evaluation order (decision 077); absent: none. */
  rules: z.array(resolverRuleSchema).optional(),
  /** Started and scheduled recalls of the product (decision 079): an affected code's default answer is the recall notice. */
  recalls: z.array(resolverRecallSchema).optional(),
  /** A wine e-label's code (issue 29): its page may not collect or track visitors, so the resolver records no scan of it. */
  untracked: z.boolean().optional(),
});
export type ResolverEntry = z.infer<typeof resolverEntrySchema>;

export const SCAN_DEVICES = ['ios', 'android', 'desktop', 'other'] as const;

/** The longest User-Agent a scan carries to the API (longer ones are cut). */
export const SCAN_USER_AGENT_MAX = 512;

/** `POST /api/internal/resolver/scans`: scans the gateway answered, sent in batches. */
export const scanBatchSchema = z.object({
  scans: z
    .array(
      z.object({
        entryPath: text().min(1).max(200),
        qualifierPath: text().max(200).nullable(),
        linkType: text().min(1).max(64),
        lang: text().max(16).nullable(),
        device: z.enum(SCAN_DEVICES),
        at: z.iso.datetime(),
        /** The client address as the gateway saw it (TRUST_PROXY honoured): read for country and visitor hash, never stored. */
        ip: text().max(64).nullish(),
        /** The scanner's User-Agent (first 512 characters): read for device, system, browser and bots, never stored. */
        ua: text().max(SCAN_USER_AGENT_MAX).nullish(),
        /** Or the index of the scanner's User-Agent in the batch's `agents` (the gateway sends each agent once per batch). */
        agent: z.number().int().min(0).max(999).nullish(),
        /** The scanned URI's `utm_campaign` (decoded, cut to SCAN_CAMPAIGN_MAX), counted by campaign. */
        campaign: text().max(SCAN_CAMPAIGN_MAX).nullish(),
      }),
    )
    .min(1)
    .max(1_000),
  /** The distinct User-Agents of the batch, named by the scans' `agent`. */
  agents: z.array(text().max(SCAN_USER_AGENT_MAX)).max(1_000).optional(),
});

/** A scan's User-Agent, given as `ua` or as an index into the batch's `agents`. */
export function scanUserAgent(batch: ScanBatch, scan: ScanBatch['scans'][number]): string | null {
  if (scan.ua != null) return scan.ua;
  if (scan.agent != null) return batch.agents?.[scan.agent] ?? null;
  return null;
}
export type ScanBatch = z.infer<typeof scanBatchSchema>;

/** Query of `GET /api/internal/resolver/entry`: the entry path, `/01/{gtin14}` or `/414/{gln}`. */
export const resolverEntryQuerySchema = z.object({
  entryPath: text()
    .max(200)
    .regex(/^\/\d{2,4}\/[^/]+$/, 'Must be an entry path such as /01/09506000134352'),
});

/** `POST /api/internal/resolver/scans` answers 202 with how many scans were recorded (unknown entry paths are skipped). */
export const scanBatchResultSchema = z.object({ accepted: z.number().int().nonnegative() });
export type ScanBatchResult = z.infer<typeof scanBatchResultSchema>;

/**
 * Header by which the API tells the gateway which entries' resolution data a call changed: entry
 * paths separated by commas, or `*` for all of them. The gateway drops those cache entries on
 * every replica and never passes the header to the browser.
 */
export const RESOLVER_INVALIDATE_HEADER = 'x-resolver-invalidate';
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';
/**
 * Header by which the gateway names the shopper's address (TRUST_PROXY honoured) on the landing's
 * serial check, beside its internal token: the API counts a repeated check of one visitor once by
 * the day's salted hash of it and keeps no address (decision 065).
 */
export const VISITOR_ADDRESS_HEADER = 'x-visitor-address';
