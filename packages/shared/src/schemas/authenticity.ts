import { z } from 'zod';
import { idSchema, idTextSchema, pageInfoSchema, pageQuerySchema, text } from './common.js';

/*
 * Authenticity (issue 25, part 3): a serial's lifecycle status, a product's intended markets and
 * the diversion signals that scans outside them raise (decision 070). The desk's reports live in
 * `authenticity-desk.ts`.
 */

// ---------------------------------------------------------------------------------------------
// Serial lifecycle

/**
 * `active`: the serial verifies as registered; `deactivated`: taken out of circulation (destroyed,
 * returned, lost), and `blacklisted`: a confirmed copy. The verification view calls the last two
 * "not genuine".
 */
export const SERIAL_STATUSES = ['active', 'deactivated', 'blacklisted'] as const;
export const serialStatusSchema = z.enum(SERIAL_STATUSES);
export type SerialStatusValue = z.infer<typeof serialStatusSchema>;

/** Longest reason a status change may carry. */
export const SERIAL_STATUS_REASON_MAX = 500;
/** Most serials one selection may change at once (an uploaded list may hold SERIAL_IMPORT_MAX_ROWS). */
export const SERIAL_STATUS_SELECTION_MAX = 1_000;

const REASON_REQUIRED = 'A reason is required to deactivate or blacklist a serial.';

/** The reason: trimmed, bounded; required unless the serial becomes active again. */
const reasonOf = <T extends { status: SerialStatusValue; reason?: string }>(body: T, context: z.RefinementCtx) => {
  if (body.status !== 'active' && !body.reason) context.addIssue({ code: 'custom', path: ['reason'], message: REASON_REQUIRED });
};

const statusFields = {
  entryId: idSchema,
  entryPath: text().trim().min(1).max(200),
  status: serialStatusSchema,
  reason: text().trim().max(SERIAL_STATUS_REASON_MAX).optional().describe(`at most ${SERIAL_STATUS_REASON_MAX} characters; required for deactivated and blacklisted`),
};

/** `PUT /api/entry/qualifiers/status`: one serial of the entry. */
export const serialStatusBodySchema = z.object({ ...statusFields, qualifierId: idSchema }).superRefine(reasonOf);
export type SerialStatusBody = z.infer<typeof serialStatusBodySchema>;

/** `PUT /api/entry/qualifiers/status/bulk`: a selection of serials of the entry. */
export const serialStatusBulkBodySchema = z
  .object({ ...statusFields, qualifierIds: z.array(idSchema).min(1).max(SERIAL_STATUS_SELECTION_MAX) })
  .superRefine(reasonOf);
export type SerialStatusBulkBody = z.infer<typeof serialStatusBulkBodySchema>;

/** Text fields of `POST /api/entry/qualifiers/status/upload`, beside the `file` part. */
export const serialStatusUploadFieldsSchema = z
  .object({
    entryId: idTextSchema,
    entryPath: statusFields.entryPath,
    status: serialStatusSchema,
    reason: statusFields.reason,
  })
  .superRefine(reasonOf);

/** What a status change did: serials changed, and those already in that status (left alone). */
export const serialStatusResultSchema = z.object({
  result: z.literal(true),
  changed: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
});
export type SerialStatusResult = z.infer<typeof serialStatusResultSchema>;

/** One row of a serial's status history, newest first. */
export const serialStatusHistoryItemSchema = z.object({
  id: z.number().int(),
  fromStatus: serialStatusSchema,
  toStatus: serialStatusSchema,
  reason: z.string().nullable(),
  changedBy: z.string().describe("the user's name at the time ('' when unknown)"),
  changedAt: z.string(),
});
export type SerialStatusHistoryItem = z.infer<typeof serialStatusHistoryItemSchema>;

export const serialStatusHistoryQuerySchema = z.object({ entryId: idTextSchema, qualifierId: idTextSchema });
export const serialStatusHistoryResponseSchema = z.object({ result: z.array(serialStatusHistoryItemSchema) });

// ---------------------------------------------------------------------------------------------
// Intended markets

/** Every ISO 3166-1 alpha-2 code (and XK, Kosovo's common user-assigned code), sorted. */
export const COUNTRY_CODES: readonly string[] = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS',
  'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN',
  'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE',
  'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
  'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM',
  'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM',
  'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC',
  'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK',
  'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
  'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG',
  'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS',
  'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO',
  'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'XK', 'YE', 'YT', 'ZA', 'ZM', 'ZW'
];
const KNOWN_COUNTRIES = new Set(COUNTRY_CODES);

/** One country as ISO 3166-1 alpha-2: two upper-case letters of a known country. */
export const countryCodeSchema = text()
  .regex(/^[A-Z]{2}$/, { message: 'A country as two upper-case letters (ISO 3166-1 alpha-2)', abort: true })
  .refine((code) => KNOWN_COUNTRIES.has(code), 'Not a known country code (ISO 3166-1 alpha-2)');

/** A product's intended markets: distinct countries; empty means sold anywhere. */
export const intendedMarketsSchema = z
  .array(countryCodeSchema)
  .max(COUNTRY_CODES.length)
  .refine((codes) => new Set(codes).size === codes.length, 'Each country once');

/** `PUT /api/product/markets`. */
export const intendedMarketsBodySchema = z.object({ productId: idSchema, intendedMarkets: intendedMarketsSchema });
export type IntendedMarketsBody = z.infer<typeof intendedMarketsBodySchema>;
export const intendedMarketsResponseSchema = z.object({ result: z.object({ productId: z.number().int(), intendedMarkets: z.array(z.string()) }) });

// ---------------------------------------------------------------------------------------------
// Diversion signals

/** `GET /api/authenticity/diversions?page&size&productId?&dismissed?`. */
export const diversionListQuerySchema = pageQuerySchema.extend({
  productId: idTextSchema.optional(),
  dismissed: z.stringbool().optional().describe('true: only dismissed signals; false: only open ones; absent: all'),
});
export type DiversionListQuery = z.infer<typeof diversionListQuerySchema>;

/** Scans of a product (and serial) in a country outside its intended markets. */
export const diversionSignalSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string().describe("the product's name ('' when its record is gone)"),
  serial: z.string().nullable().describe('null for scans without a serial'),
  country: z.string().describe('ISO 3166-1 alpha-2'),
  scans: z.number().int(),
  firstAt: z.string(),
  lastAt: z.string(),
  dismissed: z.boolean(),
});
export type DiversionSignal = z.infer<typeof diversionSignalSchema>;

export const diversionPageResponseSchema = z.object({ result: z.array(diversionSignalSchema), pageInfo: pageInfoSchema });
export type DiversionPage = z.infer<typeof diversionPageResponseSchema>;

/** `PUT /api/authenticity/diversions/dismiss?id` and `.../undismiss?id`. */
export const diversionIdQuerySchema = z.object({ id: idTextSchema });
export const diversionResponseSchema = z.object({ result: diversionSignalSchema });
