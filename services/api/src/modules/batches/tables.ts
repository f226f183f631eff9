import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../companies/tables.js';
import { entries } from '../entries/tables.js';
import { products } from '../products/tables.js';

/**
 * A batch (lot) of a product (issue 27, decision 076): the AI 10 lot number of the product's
 * entry, its production (AI 11), expiry (AI 17) and best-before (AI 15) days, a quantity and a
 * production site. Serials belong to one by `qualifiers.batch_id`. Deleting a batch removes it
 * (its serials stay, outside any batch).
 */
export const batches = pgTable(
  'batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    /** The lot number itself (decoded). */
    lot: text('lot').notNull(),
    /** `/10/{lot}`, percent-encoded as in a Digital Link URI. */
    batchPath: text('batch_path').notNull(),
    productionDate: date('production_date', { mode: 'string' }),
    expiryDate: date('expiry_date', { mode: 'string' }),
    bestBeforeDate: date('best_before_date', { mode: 'string' }),
    quantity: integer('quantity'),
    site: text('site'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('batches_entry_lot_unique').on(table.entryId, table.lot), index('batches_product_id_idx').on(table.productId, table.id)],
);

export type BatchRow = typeof batches.$inferSelect;

/**
 * A link of one batch (a batch certificate, a lab report): resolved for `/01/{gtin}/10/{lot}` before
 * the product's links. Kept apart from the product's link set, so they do not count against the
 * plan's link limit.
 */
export const batchLinks = pgTable(
  'batch_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    linkType: text('link_type').notNull(),
    title: text('title').notNull().default(''),
    targetUrl: text('target_url').notNull(),
    lang: text('lang'),
    isDefault: boolean('is_default').notNull().default(false),
    ord: integer('ord').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('batch_links_batch_id_idx').on(table.batchId, table.ord)],
);

export type BatchLinkRow = typeof batchLinks.$inferSelect;

