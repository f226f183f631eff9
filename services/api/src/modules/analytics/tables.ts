import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../companies/tables.js';

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
    /** The link type answered (`gs1:pip`...), or `linkset` for a link-set request. */
    linkType: text('link_type').notNull(),
    /** First language of the scanner's Accept-Language, if any. */
    lang: text('lang'),
    /** Coarse client kind from the user agent: ios, android, desktop, other. */
    device: text('device').notNull().default('other'),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('scans_company_time_idx').on(table.companyId, table.scannedAt), index('scans_product_time_idx').on(table.productId, table.scannedAt)],
);
