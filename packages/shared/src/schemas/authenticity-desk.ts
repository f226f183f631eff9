import { z } from 'zod';
import { UI_LANGUAGES } from '../constants/ui.js';
import { daySchema, idTextSchema, pageInfoSchema, pageQuerySchema, text } from './common.js';
import type { LandingPageData, LandingViteManifest } from './landing.js';

/*
 * Shoppers' reports of suspected fakes and the brand's Authenticity desk (issue 25 part 3,
 * decision 071): the public report form the landing posts, and the desk's lists, actions and the
 * story of one serial.
 */

// ---------------------------------------------------------------------------------------------
// The shopper's report (public, no account)

export const REPORT_PLACE_MAX = 200;
export const REPORT_SELLER_MAX = 200;
/** The largest photo a report takes, before it is re-encoded. */
export const REPORT_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The photo types a report takes (checked again by content). */
export const REPORT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Reports one address (its key of the day, decision 065) may file in a day. */
export const REPORTS_PER_ADDRESS_PER_DAY = 5;
/** The report form's hidden field: people leave it empty, form-filling robots do not. */
export const REPORT_HONEYPOT_FIELD = 'website';

const optionalText = (max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), text().trim().max(max).optional());

/** A checkbox of an HTML form: present (`on`, `true`, `1`) or absent. */
const checkbox = z.preprocess((value) => value === true || value === 'on' || value === 'true' || value === '1', z.boolean());

/** Today in the furthest time zone ahead (UTC+14): a day after it is in the future everywhere. */
export function latestPurchaseDay(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * `POST /api/authenticity/reports` (public; multipart form fields, or JSON): a shopper's report of a
 * suspected fake of the product `productId` of `serviceName` (identified as the landing identifies it).
 * The photo is the multipart file `photo`. Without `emailConsent` the e-mail is not kept.
 */
export const counterfeitReportFormSchema = z.object({
  serviceName: text().trim().min(1).max(100),
  productId: idTextSchema,
  serial: optionalText(20).describe('The serial the verification view showed, when there was one'),
  purchasePlace: text().trim().min(1, 'Say where you bought it').max(REPORT_PLACE_MAX).describe('A shop, a town or a web address'),
  purchaseDate: z
    .preprocess((value) => (value === '' ? undefined : value), daySchema().optional())
    .refine((day) => day === undefined || day <= latestPurchaseDay(), 'The purchase date cannot be in the future'),
  seller: optionalText(REPORT_SELLER_MAX),
  email: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : typeof value === 'string' ? value.trim() : value), z.email().max(254).optional()),
  emailConsent: checkbox.default(false).describe('The shopper agrees that the brand keeps the e-mail to answer this report'),
  language: z.preprocess((value) => (typeof value === 'string' ? value.slice(0, 2).toLowerCase() : value), z.enum(UI_LANGUAGES).catch('en')).default('en'),
  [REPORT_HONEYPOT_FIELD]: z.string().max(2000).optional().describe('Hidden from people; a filled one is answered as received and not kept'),
});
export type CounterfeitReportForm = z.infer<typeof counterfeitReportFormSchema>;

/** The answer to a report, the same whether it was kept or (honeypot) dropped. */
export const counterfeitReportReceivedSchema = z.object({ result: z.object({ received: z.literal(true) }) });

/** The landing's report page as the gateway asks the web bundle to render it. */
export interface LandingReportPageState {
  /** `form`: empty or refilled with `values` and `errors`; `thanks`: the report was received. */
  state: 'form' | 'thanks';
  values: Partial<Record<'serial' | 'purchasePlace' | 'purchaseDate' | 'seller' | 'email' | 'emailConsent', string>>;
  /** Field errors by field name (English message; the page words them by `code` where it can). */
  errors: Record<string, string>;
  /** A whole-form problem: too many reports today, or the service did not answer. */
  problem: 'rateLimited' | 'unavailable' | null;
}

/** What the gateway gives the web bundle's `renderReportPage`: the product's page data (its index view) and the form's state. */
export interface LandingReportInput {
  data: LandingPageData;
  /** The language the product's texts are read in (DEFAULT or a code). */
  language: string;
  uiLanguage: string;
  /** The serial the verification view showed, carried in `?serial=`. */
  serial: string | null;
  /** `/{serviceName}/product-details/{id}/preview`. */
  basePath: string;
  langInUrl: boolean;
  manifest: LandingViteManifest;
  report: LandingReportPageState;
}

// ---------------------------------------------------------------------------------------------
// The desk (console; roles 1 and 2, sub-admins for the products of their projects)

const booleanText = z.enum(['true', 'false']).transform((value) => value === 'true');

export const REPORT_STATUSES = ['open', 'confirmed', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** `GET /api/authenticity/flagged`: the company's suspicious serials, newest first. */
export const flaggedQuerySchema = pageQuerySchema.extend({
  productId: idTextSchema.optional(),
  dismissed: booleanText.default(false).describe('true lists the dismissed flags'),
});
export type FlaggedQuery = z.infer<typeof flaggedQuerySchema>;

export const flaggedSerialSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  serial: z.string(),
  reason: z.enum(['countries', 'volume']),
  countries: z.array(z.string()),
  flaggedAt: z.string(),
  dismissed: z.boolean(),
});
export type FlaggedSerial = z.infer<typeof flaggedSerialSchema>;
export const flaggedPageSchema = z.object({ result: z.array(flaggedSerialSchema), pageInfo: pageInfoSchema });

/** `PUT /api/authenticity/flagged/dismiss?id`: dismiss a flag, or undo that. */
export const deskIdQuerySchema = z.object({ id: idTextSchema });
export const deskDismissBodySchema = z.object({ dismissed: z.boolean().default(true) });
export type DeskDismissBody = z.infer<typeof deskDismissBodySchema>;

/** `GET /api/authenticity/reports`: the company's shoppers' reports, newest first. */
export const reportsQuerySchema = pageQuerySchema.extend({
  productId: idTextSchema.optional(),
  status: z.enum(REPORT_STATUSES).optional(),
});
export type ReportsQuery = z.infer<typeof reportsQuerySchema>;

export const counterfeitReportSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  serial: z.string().nullable(),
  purchasePlace: z.string(),
  purchaseDate: z.string().nullable(),
  seller: z.string(),
  hasPhoto: z.boolean(),
  /** The shopper gave an e-mail and agreed to an answer (the address itself is not shown). */
  canAnswer: z.boolean(),
  language: z.string(),
  country: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  note: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CounterfeitReport = z.infer<typeof counterfeitReportSchema>;
export const reportsPageSchema = z.object({ result: z.array(counterfeitReportSchema), pageInfo: pageInfoSchema });
export const reportResponseSchema = z.object({ result: counterfeitReportSchema });

export const REPORT_NOTE_MAX = 2000;
export const REPORT_ANSWER_MAX = 5000;

/** `PUT /api/authenticity/reports/decide?id`: confirm (optionally blacklisting the serial) or dismiss, with a note. */
export const reportDecisionSchema = z.object({
  status: z.enum(['confirmed', 'dismissed']),
  note: text().trim().max(REPORT_NOTE_MAX).default(''),
  blacklist: z.boolean().default(false).describe("Confirmed only: blacklist the report's serial in the same transaction"),
});
export type ReportDecision = z.infer<typeof reportDecisionSchema>;

/** `POST /api/authenticity/reports/answer?id`: mail an answer to a shopper who agreed to one. */
export const reportAnswerSchema = z.object({ message: text().trim().min(1).max(REPORT_ANSWER_MAX) });
export type ReportAnswer = z.infer<typeof reportAnswerSchema>;

/** CSV exports take the list's filters, without paging. */
export const flaggedExportQuerySchema = flaggedQuerySchema.omit({ page: true, size: true });
export const reportsExportQuerySchema = reportsQuerySchema.omit({ page: true, size: true });
/** The most rows one CSV export holds. */
export const DESK_EXPORT_MAX_ROWS = 10_000;

// ---------------------------------------------------------------------------------------------
// The story of one serial

/** Each part of a story holds at most this many of its latest items. */
export const STORY_ITEMS_MAX = 100;

export const serialStoryQuerySchema = z.object({ productId: idTextSchema, serial: text().trim().min(1).max(20) });
export type SerialStoryQuery = z.infer<typeof serialStoryQuerySchema>;

export const serialStorySchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  serial: z.string(),
  /** False when the serial is not (or no longer) registered for the product. */
  registered: z.boolean(),
  status: z.enum(['active', 'deactivated', 'blacklisted']).nullable(),
  statusReason: z.string().nullable(),
  changes: z.array(z.object({ at: z.string(), from: z.string(), to: z.string(), reason: z.string().nullable(), by: z.string() })),
  scans: z.array(z.object({ at: z.string(), country: z.string().nullable(), region: z.string().nullable(), linkType: z.string() })),
  checks: z.array(z.object({ at: z.string(), result: z.string(), country: z.string().nullable() })),
  taps: z.array(z.object({ at: z.string(), counter: z.number().int().nullable(), result: z.string(), country: z.string().nullable() })),
  reports: z.array(z.object({ id: z.number().int(), createdAt: z.string(), status: z.enum(REPORT_STATUSES), purchasePlace: z.string(), country: z.string().nullable() })),
  flags: z.array(z.object({ id: z.number().int(), reason: z.string(), flaggedAt: z.string(), dismissed: z.boolean(), countries: z.array(z.string()) })),
});
export type SerialStory = z.infer<typeof serialStorySchema>;
export const serialStoryResponseSchema = z.object({ result: serialStorySchema });

// ---------------------------------------------------------------------------------------------
// Diversion signals (their API is the markets' work; the desk reads it)

export const deskDiversionSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  serial: z.string().nullable(),
  country: z.string(),
  scans: z.number().int(),
  firstAt: z.string(),
  lastAt: z.string(),
  dismissed: z.boolean(),
});
export type DeskDiversion = z.infer<typeof deskDiversionSchema>;
export const deskDiversionPageSchema = z.object({ result: z.array(deskDiversionSchema), pageInfo: pageInfoSchema });
