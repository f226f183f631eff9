import { z } from 'zod';
import { daySchema, idTextSchema, text } from './common.js';

/*
 * Digital Link analytics (issue 18, spec points 2 and 7): what scans tell a brand, without tracking
 * anyone. The gateway's resolver reports each answered scan; the API turns it into scan facts
 * (country and region, device, system, browser, language, link type, view, serial) and hourly
 * rollups, never keeping the client address; the DL-analytics screen reads the rollups.
 */

/** The dimensions a rollup counts scans by; `total` has the one value ''. */
export const SCAN_DIMENSIONS = ['total', 'country', 'region', 'device', 'os', 'browser', 'linkType', 'view', 'language', 'serial', 'campaign'] as const;
export type ScanDimension = (typeof SCAN_DIMENSIONS)[number];

/** Device types of scan facts (ua-parser-js device types, desktop when none). */
export const SCAN_DEVICE_TYPES = ['mobile', 'tablet', 'desktop', 'other'] as const;
export type ScanDeviceType = (typeof SCAN_DEVICE_TYPES)[number];


/** The longest range one dashboard read may cover. */
export const ANALYTICS_MAX_RANGE_DAYS = 366;

/**
 * `GET /api/analytics/dashboard?from&to&projectId?&productId?&compare?`: `from` and `to` are days in
 * the company's time zone, both included; the comparison period is the same number of days ending
 * the day before `from`. 400 when `to` is before `from` or the range is longer than
 * ANALYTICS_MAX_RANGE_DAYS. Sub-admins see the products of their projects only.
 */
export const analyticsQuerySchema = z
  .object({
    /** Calendar days `YYYY-MM-DD` in the company's time zone. */
    from: daySchema(),
    to: daySchema(),
    projectId: idTextSchema.optional(),
    productId: idTextSchema.optional(),
    compare: z.stringbool().default(true),
  })
  .refine((query) => query.from <= query.to, { path: ['to'], message: 'Must be on or after the start day' });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** One figure with its value in the comparison period (null without comparison) . */
export const figureSchema = z.object({ value: z.number(), previous: z.number().nullable() });
export type Figure = z.infer<typeof figureSchema>;

/** One bar or row: the dimension's value (a country code, `ios`, `gs1:pip`, `ko`, a serial…) and its scans. */
export const rankedValueSchema = z.object({
  value: z.string(),
  scans: z.number().int().nonnegative(),
  previous: z.number().int().nonnegative().nullable(),
  /** Serials only: the product the serial belongs to (two products may share a serial's text). */
  productId: z.number().int().positive().optional(),
  productName: z.string().optional(),
});
export type RankedValue = z.infer<typeof rankedValueSchema>;

/** One point of the scans-over-time series: hourly for ranges of up to 2 days, else daily (local time). */
export const seriesPointSchema = z.object({
  /** Local start of the bucket, `YYYY-MM-DDTHH:00` (hourly) or `YYYY-MM-DD` (daily). */
  at: z.string(),
  scans: z.number().int().nonnegative(),
  visitors: z.number().int().nonnegative(),
  /** The comparison period's scans at the same offset from its start; null without comparison. */
  previousScans: z.number().int().nonnegative().nullable(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

export const topProductSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  scans: z.number().int().nonnegative(),
  previous: z.number().int().nonnegative().nullable(),
});

/** A serialised item that looks copied: scanned in several countries within a short time, or far more than its siblings. */
export const suspiciousSerialSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  serial: z.string(),
  reason: z.enum(['countries', 'volume']),
  flaggedAt: z.string(),
  /** The scans that raised the flag: time (ISO) and place. */
  evidence: z.array(z.object({ at: z.string(), country: z.string().nullable(), region: z.string().nullable() })),
});
export type SuspiciousSerial = z.infer<typeof suspiciousSerialSchema>;

export const analyticsDashboardSchema = z.object({
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  /** The comparison period, or null. */
  previousFrom: z.string().nullable(),
  previousTo: z.string().nullable(),
  granularity: z.enum(['hour', 'day']),
  totals: z.object({ scans: figureSchema, visitors: figureSchema, products: figureSchema, serials: figureSchema }),
  series: z.array(seriesPointSchema),
  topProducts: z.array(topProductSchema),
  /** ISO 3166-1 alpha-2 codes; `XX` for unknown. */
  countries: z.array(rankedValueSchema),
  /** `{country}-{region}` (ISO 3166-2 subdivision as geoip gives it). */
  regions: z.array(rankedValueSchema),
  devices: z.array(rankedValueSchema),
  systems: z.array(rankedValueSchema),
  browsers: z.array(rankedValueSchema),
  linkTypes: z.array(rankedValueSchema),
  views: z.array(rankedValueSchema),
  languages: z.array(rankedValueSchema),
  /** `utm_campaign` of the scanned URIs (decision 077). */
  campaigns: z.array(rankedValueSchema),
  serials: z.array(rankedValueSchema),
  /**
   * False when the range holds too many serial scan days to rank its serials within the dashboard's
   * time (then `serials` is empty and a product filter or a shorter range ranks them).
   */
  serialsRanked: z.boolean(),
  suspiciousSerials: z.array(suspiciousSerialSchema),
});
export type AnalyticsDashboard = z.infer<typeof analyticsDashboardSchema>;
export const analyticsDashboardResponseSchema = z.object({ result: analyticsDashboardSchema });

/** `GET /api/analytics/sparklines?productIds=1,2,3`: each product's scans per local day over the last 30 days (oldest first). */
export const sparklinesQuerySchema = z.object({
  productIds: text()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'Must be up to 100 product ids separated by commas')
    .transform((value) => [...new Set(value.split(',').map(Number))]),
});
export const sparklinesResponseSchema = z.object({
  result: z.array(z.object({ productId: z.number().int(), days: z.array(z.number().int().nonnegative()) })),
});
