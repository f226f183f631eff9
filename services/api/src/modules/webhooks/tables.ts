import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.js';
import { companies } from '../companies/tables.js';

/**
 * Product-data webhooks (decision 086): a company's subscriptions of a destination to event types,
 * each with its signing secret (the `whsec_` value: shown once, kept here because signing needs it).
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: jsonb('event_types').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secret: text('secret').notNull(),
    secretCreatedAt: timestamp('secret_created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_subscriptions_company_idx').on(table.companyId, table.createdAt)],
);

/**
 * One ordered line of deliveries per subscription and resource (a product): `nextSeq` numbers its
 * deliveries, and `busy` says a job for its head delivery is queued or running. The row is locked
 * by whoever adds a delivery or moves the head on, so exactly one delivery of a line is in flight.
 */
export const webhookStreams = pgTable(
  'webhook_streams',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    resourceKey: text('resource_key').notNull(),
    nextSeq: bigint('next_seq', { mode: 'number' }).notNull().default(1),
    busy: boolean('busy').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.resourceKey] })],
);

/** One event for one subscription: its body as signed, its place in its line, its attempts and outcome. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    /** The `webhook-id` header (`msg_…`): one per event and subscription, kept on retries and resends. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    resourceKey: text('resource_key').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** The JSON body, as sent. */
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'dead'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: smallint('response_status'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('webhook_deliveries_line_idx').on(table.subscriptionId, table.resourceKey, table.status, table.seq),
    index('webhook_deliveries_log_idx').on(table.subscriptionId, table.createdAt),
    index('webhook_deliveries_dead_idx').on(table.companyId, table.status),
  ],
);

export type WebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
