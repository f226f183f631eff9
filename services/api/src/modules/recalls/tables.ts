import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { RecallScope } from '@product-console/shared';
import { companies } from '../companies/tables.js';
import { products } from '../products/tables.js';

/**
 * A recall of a product's batches, a range of its serials or the whole product (issue 27,
 * decision 079). The recalled lots are kept as text, so a recall outlives a deleted batch.
 * Started at `starts_at`, ended when `ended_at` is set.
 */
export const recalls = pgTable(
  'recalls',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    scope: text('scope').$type<RecallScope>().notNull(),
    /** Scope batches: the batch ids and their lot numbers at the recall's start. */
    batchIds: integer('batch_ids').array().notNull().default(sql`'{}'::integer[]`),
    lots: text('lots').array().notNull().default(sql`'{}'::text[]`),
    serialFrom: text('serial_from'),
    serialTo: text('serial_to'),
    reason: text('reason').notNull(),
    action: text('action').notNull(),
    contact: text('contact').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The manager who started it, by name at the time (no foreign key: the record outlives the account). */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('recalls_company_id_idx').on(table.companyId, table.id),
    index('recalls_product_id_idx').on(table.productId),
    check('recalls_scope_known', sql`${table.scope} in ('batches', 'serials', 'product')`),
  ],
);

export type RecallRow = typeof recalls.$inferSelect;
