import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { companies } from '../companies/tables.js';

/*
 * Digital Link analytics (issue 18). Raw scans are kept for SCAN_RETENTION_DAYS; the dashboard reads
 * the hourly rollups, which stay. No table holds a client address: the visitor is a hash of address
 * and user agent with a salt of the day (`analytics_salts`), the address key of the suspicious-serial
 * rules a hash of the address alone with the same salt, and salts older than yesterday are deleted,
 * so a hash cannot be tied to an address afterwards.
 */

/**
 * One resolved scan of a Digital Link URI, recorded by the gateway's resolver after it answered.
 * Kept when the product goes (analytics of the past stay true), so no foreign key to products.
 */
export const scans = pgTable(
  'scans',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    entryId: integer('entry_id').notNull(),
    /** `/21/{serial}` when the scanned URI carried a known serial; else null. */
    qualifierPath: text('qualifier_path'),
    /** The serial of `qualifierPath` (decoded), else null. */
    serial: text('serial'),
    /** The link type answered (`gs1:pip`...), or `linkset` for a link-set request. */
    linkType: text('link_type').notNull(),
    /** The landing view the answer opened (`index`, `dpp`, …), null for a link elsewhere. */
    view: text('view'),
    /** First language of the scanner's Accept-Language, if any. */
    lang: text('lang'),
    /** Coarse client kind from the user agent: ios, android, desktop, other (kept for older readers). */
    device: text('device').notNull().default('other'),
    /** ISO 3166-1 alpha-2 from the client address, null when unknown. */
    country: text('country'),
    /** Subdivision code as the geolocation database gives it, null when unknown. */
    region: text('region'),
    /** mobile, tablet, desktop, other (SCAN_DEVICE_TYPES). */
    deviceType: text('device_type'),
    os: text('os'),
    browser: text('browser'),
    /** The scanned URI's `utm_campaign`, null without one (decision 077). */
    campaign: text('campaign'),
    /** Hex of the day's salted hash of address and user agent, shortened; counts visitors without cookies. */
    visitor: text('visitor'),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('scans_company_time_idx').on(table.companyId, table.scannedAt),
    index('scans_product_time_idx').on(table.productId, table.scannedAt),
    index('scans_product_serial_time_idx').on(table.productId, table.serial, table.scannedAt),
    // Retention deletes by time alone: a BRIN index (a few pages for millions of append-ordered rows) finds the old block ranges.
    index('scans_scanned_at_brin_idx').using('brin', table.scannedAt),
  ],
);

/** Scans per product, hour (UTC start) and dimension value (SCAN_DIMENSIONS; `total` and `visitors` have the value ''). */
export const scanRollups = pgTable(
  'scan_rollups',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    scans: integer('scans').notNull(),
  },
  (table) => [
    primaryKey({ name: 'scan_rollups_pk', columns: [table.productId, table.bucket, table.dimension, table.value] }),
    index('scan_rollups_company_dimension_bucket_idx').on(table.companyId, table.dimension, table.bucket),
  ],
);

/**
 * Scans per local day (in the company's time zone), product and dimension value, every dimension
 * but `serial` (serials have their own tables below). `product_id` 0 holds the company's products
 * together, so a dashboard of all products adds up one row per day and value whatever the number of
 * products. Kept by the ingest in the same statement as the hourly rollups; rebuilt from them when
 * the company's time zone changes (`rollups.ts`).
 */
export const scanDailyRollups = pgTable(
  'scan_daily_rollups',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    day: date('day').notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull(),
    scans: integer('scans').notNull(),
  },
  (table) => [
    primaryKey({ name: 'scan_daily_rollups_pk', columns: [table.companyId, table.productId, table.day, table.dimension, table.value] }),
    // The products' totals side by side (top products) without reading every other dimension's rows.
    index('scan_daily_rollups_company_dimension_day_idx').on(table.companyId, table.dimension, table.day),
  ],
);

/**
 * The local days a serial was scanned on, with its scans that day and the day it was scanned before
 * (null on its first day): the ranking of serials reads it, and the links between days keep
 * `scan_serial_day_counts` exact.
 */
export const scanSerialDays = pgTable(
  'scan_serial_days',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    serial: text('serial').notNull(),
    day: date('day').notNull(),
    scans: integer('scans').notNull(),
    previousDay: date('previous_day'),
  },
  (table) => [
    primaryKey({ name: 'scan_serial_days_pk', columns: [table.productId, table.serial, table.day] }),
    // Covers the ranking that adds up a range's serial-days (an index-only scan, no visit of the table).
    index('scan_serial_days_company_day_idx').on(table.companyId, table.day, table.productId, table.serial, table.scans),
  ],
);

/**
 * How many serials were scanned on a local day, by the day each was scanned before (`0001-01-01`:
 * never), per product and for the company's products together (`product_id` 0). The serials scanned
 * within [a, b] are the rows of days in [a, b] whose previous day is before a: a sum over at most
 * days × earlier days rows, however many serials there are.
 */
export const scanSerialDayCounts = pgTable(
  'scan_serial_day_counts',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    day: date('day').notNull(),
    previousDay: date('previous_day').notNull(),
    serials: integer('serials').notNull(),
  },
  (table) => [primaryKey({ name: 'scan_serial_day_counts_pk', columns: [table.companyId, table.productId, table.day, table.previousDay] })],
);

/** Every scan of a serial, all time: the ranking of serials starts from the most scanned ones. */
export const scanSerialTotals = pgTable(
  'scan_serial_totals',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    serial: text('serial').notNull(),
    scans: integer('scans').notNull(),
  },
  (table) => [
    primaryKey({ name: 'scan_serial_totals_pk', columns: [table.productId, table.serial] }),
    index('scan_serial_totals_company_scans_idx').on(table.companyId, table.scans.desc()),
    index('scan_serial_totals_product_scans_idx').on(table.productId, table.scans.desc()),
  ],
);

/**
 * Ranked totals per calendar month of the company's local days (decision 075): each serial's scans in
 * the month, kept by the ingest. The ranking of a range that is a month, or a month's first days when
 * none of its later days has a serial scan yet ("this month", "last month"), reads the first 20 rows of
 * an index in the dashboard's order (scans down, serial in code point order, product), whatever the
 * number of serials.
 */
export const scanSerialMonths = pgTable(
  'scan_serial_months',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    serial: text('serial').notNull(),
    /** The month's first day. */
    month: date('month').notNull(),
    scans: integer('scans').notNull(),
  },
  (table) => [
    primaryKey({ name: 'scan_serial_months_pk', columns: [table.productId, table.serial, table.month] }),
    index('scan_serial_months_company_rank_idx').on(table.companyId, table.month, table.scans.desc(), sql`${table.serial} collate "C"`, table.productId),
    index('scan_serial_months_product_rank_idx').on(table.productId, table.month, table.scans.desc(), sql`${table.serial} collate "C"`),
  ],
);

/**
 * Ranked totals of the rolling ranges "the last `days` days" (7, 30, 90) ending on the company's
 * `scan_serial_windows_state.through` day: each serial's scans on the days from `through - days + 1`
 * on (later days included), one row per serial scanned then. The ingest recomputes its serials' rows
 * from `scan_serial_days`; when the company's local day moves on, the serials of the days that left
 * are recomputed a chunk at a time (`rollSerialWindows`).
 */
export const scanSerialWindows = pgTable(
  'scan_serial_windows',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    serial: text('serial').notNull(),
    days: smallint('days').notNull(),
    scans: integer('scans').notNull(),
  },
  (table) => [
    primaryKey({ name: 'scan_serial_windows_pk', columns: [table.productId, table.serial, table.days] }),
    index('scan_serial_windows_company_rank_idx').on(table.companyId, table.days, table.scans.desc(), sql`${table.serial} collate "C"`, table.productId),
    index('scan_serial_windows_product_rank_idx').on(table.productId, table.days, table.scans.desc(), sql`${table.serial} collate "C"`),
  ],
);

/**
 * The day the company's rolling serial totals end on (`through`) and the day all of them have been
 * recomputed for (`rolled`; equal when the windows can be read). While they differ, a roll is under
 * way: the cursor (window, day, product, serial) is the last serial-day whose serial was recomputed.
 */
export const scanSerialWindowsState = pgTable('scan_serial_windows_state', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  through: date('through').notNull(),
  rolled: date('rolled').notNull(),
  cursorDays: smallint('cursor_days'),
  cursorDay: date('cursor_day'),
  cursorProduct: integer('cursor_product'),
  cursorSerial: text('cursor_serial'),
});

/** Visitors seen per product and UTC day (a visitor counts once per product per day); kept two days. */
export const scanVisitorsDaily = pgTable(
  'scan_visitors_daily',
  {
    productId: integer('product_id').notNull(),
    day: date('day').notNull(),
    visitor: text('visitor').notNull(),
  },
  (table) => [primaryKey({ name: 'scan_visitors_daily_pk', columns: [table.productId, table.day, table.visitor] })],
);

/**
 * The addresses that scanned a serial on a UTC day (decision 065): one row per address key
 * (`addressKeyOf`: the day's salted hash of the address alone) however many scans or User-Agents it
 * sent, with its place and the times of its first and last scan that day. The suspicious-serial
 * rules count these rows, not scans, so one address adds one visitor per serial and day. Kept for the
 * volume rule's week (`VOLUME_DAYS` of suspicious.ts); the salts that could tie a key to an address are
 * gone after two days.
 */
export const scanSerialVisitors = pgTable(
  'scan_serial_visitors',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    serial: text('serial').notNull(),
    day: date('day').notNull(),
    address: text('address').notNull(),
    country: text('country'),
    region: text('region'),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'scan_serial_visitors_pk', columns: [table.productId, table.serial, table.day, table.address] }),
    // The daily clean-up deletes the days past the week.
    index('scan_serial_visitors_day_idx').on(table.day),
  ],
);

/** The salt of each UTC day's visitor hash; deleted once older than yesterday. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day').primaryKey(),
  salt: text('salt').notNull(),
});

/** A serialised item that looks copied (issue 18 part 4), with the scans that raised the flag. */
export const suspiciousSerials = pgTable(
  'suspicious_serials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    serial: text('serial').notNull(),
    /** `countries` (several countries within a short time) or `volume` (far more scans than its siblings). */
    reason: text('reason').notNull(),
    evidence: jsonb('evidence').$type<{ at: string; country: string | null; region: string | null }[]>().notNull(),
    dismissed: boolean('dismissed').notNull().default(false),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('suspicious_serials_product_serial_reason_unique').on(table.productId, table.serial, table.reason),
    index('suspicious_serials_company_idx').on(table.companyId, table.flaggedAt),
  ],
);
