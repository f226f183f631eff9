import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { apiKeys } from '../api-keys/tables.js';
import { companies } from '../companies/tables.js';

/*
 * The EPCIS 2.0 repository (issue 17): every company's events, the captures that brought them,
 * named queries and their webhook subscriptions. An event is kept whole as captured (`document`,
 * with `eventID` and `recordTime` set by the server) and its filter fields are copied into columns
 * (identifiers in their canonical form, see packages/shared/src/epcis/identifiers.ts) so that the
 * standard query filters are index scans.
 */

export const CAPTURE_STATUSES = ['running', 'success', 'failed'] as const;
export type CaptureStatus = (typeof CAPTURE_STATUSES)[number];
export const CAPTURE_ERROR_BEHAVIOURS = ['rollback', 'proceed'] as const;
export type CaptureErrorBehaviour = (typeof CAPTURE_ERROR_BEHAVIOURS)[number];
export const EVENT_ORIGINS = ['console', 'capture'] as const;
export type EventOrigin = (typeof EVENT_ORIGINS)[number];

/** One capture job (`POST /epcis/capture`, `GET /epcis/capture/{id}`). */
export const epcisCaptures = pgTable(
  'epcis_captures',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    status: text('status').$type<CaptureStatus>().notNull().default('running'),
    errorBehaviour: text('error_behaviour').$type<CaptureErrorBehaviour>().notNull().default('rollback'),
    eventCount: integer('event_count').notNull().default(0),
    storedCount: integer('stored_count').notNull().default(0),
    /** Problem details of refused events: `[{ type, title, status, detail, eventIndex? , pointer? }]`. */
    errors: jsonb('errors').$type<Record<string, unknown>[]>().notNull().default([]),
    /** The checked document (`{ events, context, validated }`) until the job has stored it. */
    document: jsonb('document').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('epcis_captures_company_idx').on(table.companyId, table.createdAt),
    index('epcis_captures_running_idx').on(table.createdAt).where(sql`${table.status} = 'running'`),
  ],
);

/** One stored event. Text-array columns hold canonical identifiers; typed pairs are `type` + U+001F + `value` (`type` empty when absent). */
export const epcisEvents = pgTable(
  'epcis_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    captureId: uuid('capture_id'),
    origin: text('origin').$type<EventOrigin>().notNull().default('capture'),
    eventId: text('event_id').notNull(),
    /** Whether eventID was computed by the server (the EPCIS 2.0 event hash) because the client sent none. */
    eventIdGenerated: boolean('event_id_generated').notNull().default(false),
    eventType: text('event_type').notNull(),
    action: text('action'),
    eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
    eventTimeZoneOffset: text('event_time_zone_offset').notNull(),
    recordTime: timestamp('record_time', { withTimezone: true }).notNull().defaultNow(),
    /** CBV short name (`shipping`) for standard values, the full URI for extensions. */
    bizStep: text('biz_step'),
    disposition: text('disposition'),
    readPoint: text('read_point'),
    bizLocation: text('biz_location'),
    parentId: text('parent_id'),
    /** epcList and childEPCs (what MATCH_epc looks at). */
    epcList: text('epc_list').array().notNull().default(sql`'{}'::text[]`),
    inputEpcs: text('input_epcs').array().notNull().default(sql`'{}'::text[]`),
    outputEpcs: text('output_epcs').array().notNull().default(sql`'{}'::text[]`),
    /** Every instance identifier of the event: epcList, childEPCs, inputs, outputs and parentID. */
    anyEpcs: text('any_epcs').array().notNull().default(sql`'{}'::text[]`),
    /** quantityList and childQuantityList classes (MATCH_epcClass). */
    epcClasses: text('epc_classes').array().notNull().default(sql`'{}'::text[]`),
    inputEpcClasses: text('input_epc_classes').array().notNull().default(sql`'{}'::text[]`),
    outputEpcClasses: text('output_epc_classes').array().notNull().default(sql`'{}'::text[]`),
    anyEpcClasses: text('any_epc_classes').array().notNull().default(sql`'{}'::text[]`),
    /** GTIN-14s named by any identifier (instances and classes): how the console finds a product's events. */
    gtins: text('gtins').array().notNull().default(sql`'{}'::text[]`),
    bizTransactions: text('biz_transactions').array().notNull().default(sql`'{}'::text[]`),
    sources: text('sources').array().notNull().default(sql`'{}'::text[]`),
    destinations: text('destinations').array().notNull().default(sql`'{}'::text[]`),
    errorDeclarationTime: timestamp('error_declaration_time', { withTimezone: true }),
    errorReason: text('error_reason'),
    /** The event as captured (JSON-LD as plain JSON), with `eventID` and `recordTime` set. */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [
    // An eventID is stored once; an error declaration restating it is a second row (EPCIS 2.0 § 7.4.1.2).
    uniqueIndex('epcis_events_company_event_id_idx').on(table.companyId, table.eventId).where(sql`${table.errorDeclarationTime} is null`),
    index('epcis_events_company_event_id_all_idx').on(table.companyId, table.eventId),
    index('epcis_events_company_record_idx').on(table.companyId, table.recordTime, table.id),
    index('epcis_events_company_time_idx').on(table.companyId, table.eventTime, table.id),
    index('epcis_events_company_biz_step_idx').on(table.companyId, table.bizStep, table.eventTime, table.id),
    // A filter on a rare or absent value would otherwise walk all the company's rows by time (decision 051).
    index('epcis_events_company_type_time_idx').on(table.companyId, table.eventType, table.eventTime, table.id),
    index('epcis_events_company_disposition_time_idx').on(table.companyId, table.disposition, table.eventTime, table.id),
    index('epcis_events_company_read_point_time_idx').on(table.companyId, table.readPoint, table.eventTime, table.id),
    index('epcis_events_company_biz_location_time_idx').on(table.companyId, table.bizLocation, table.eventTime, table.id),
    index('epcis_events_sources_gin').using('gin', table.sources),
    index('epcis_events_destinations_gin').using('gin', table.destinations),
    index('epcis_events_epc_list_gin').using('gin', table.epcList),
    index('epcis_events_any_epcs_gin').using('gin', table.anyEpcs),
    index('epcis_events_any_epc_classes_gin').using('gin', table.anyEpcClasses),
    index('epcis_events_gtins_gin').using('gin', table.gtins),
    index('epcis_events_biz_transactions_gin').using('gin', table.bizTransactions),
  ],
);

/**
 * Every EPC a company's events name (`any_epcs`), once: the `/epcis/epcs` discovery collection pages
 * through it by key instead of unnesting every event's EPCs. The column's collation is "C" (migration
 * 0016), so its index is in code point order, the order the collection is paged in. Kept by the
 * capture in the events' transaction; events are never deleted, so neither are these.
 */
export const epcisEpcs = pgTable(
  'epcis_epcs',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    epc: text('epc').notNull(),
  },
  (table) => [primaryKey({ name: 'epcis_epcs_pk', columns: [table.companyId, table.epc] })],
);

/** A named query (`POST /epcis/queries`): its name and its query parameters as given. */
export const epcisQueries = pgTable(
  'epcis_queries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The query's parameters (`{ "EQ_bizStep": "shipping", ... }`, values as strings, pipes kept). */
    query: jsonb('query').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('epcis_queries_company_name_idx').on(table.companyId, table.name)],
);

/**
 * A webhook subscription to a named query. `cursor` is the id of the last event delivered:
 * a delivery sends events above it (matching the query) and moves it only when the webhook
 * answered 2xx, so each event is sent once; a failure sets `nextAttemptAt` with back-off.
 */
export const epcisSubscriptions = pgTable(
  'epcis_subscriptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    queryId: integer('query_id')
      .notNull()
      .references(() => epcisQueries.id, { onDelete: 'cascade' }),
    dest: text('dest').notNull(),
    /** The client's signatureToken: the HMAC key of the `GS1-Signature` header. */
    signatureToken: text('signature_token'),
    reportIfEmpty: boolean('report_if_empty').notNull().default(false),
    stream: boolean('stream').notNull().default(true),
    /** A schedule (`{ second, minute, hour, dayOfMonth, month, dayOfWeek }`) when not streaming. */
    schedule: jsonb('schedule').$type<Record<string, string>>(),
    initialRecordTime: timestamp('initial_record_time', { withTimezone: true }),
    /** The `GS1-EPC-Format` of the request that created it: how its deliveries write identifiers. */
    epcFormat: text('epc_format').notNull().default('Always_GS1_Digital_Link'),
    cursor: bigint('cursor', { mode: 'number' }).notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
    /** Set while the company paused deliveries (the console); the cursor stays, so a resumed subscription catches up. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** The console's "send a test event": pending until the job queue delivered it, then delivered or failed. */
    testStatus: text('test_status').$type<'pending' | 'delivered' | 'failed'>(),
    testedAt: timestamp('tested_at', { withTimezone: true }),
    testError: text('test_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('epcis_subscriptions_company_idx').on(table.companyId), index('epcis_subscriptions_query_idx').on(table.queryId)],
);
