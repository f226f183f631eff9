import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../companies/tables.js';

/**
 * One check of a scanned serial on the consumer landing's verification view (issue 15), kept beside
 * the resolver's `scans`: which product, which serial was shown, what the answer was, and when. Of
 * the visitor only the day's address key (decision 065: a salted hash, unlinkable once the salt is
 * deleted after two days), so that the same answer to the same visitor within a minute is counted
 * once. Kept when the product goes (as scans), so no foreign key to products.
 */
export const verifications = pgTable(
  'verifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    entryId: integer('entry_id').notNull(),
    /** The scanned serial as decoded, or null when the scan carried none. */
    serial: text('serial'),
    /** The verification state shown (`LandingVerification['status']`); before issue 25 also `genuine` for a registered serial and `unverified`. */
    result: text('result').notNull(),
    /** ISO 3166-1 alpha-2 of the checking visitor's address, when known; the address itself is not kept. */
    country: text('country'),
    /** The checking visitor's address key of the day (`addressKeyOf`), null when the gateway did not name the visitor. */
    visitor: text('visitor'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('verifications_product_time_idx').on(table.productId, table.checkedAt),
    index('verifications_company_time_idx').on(table.companyId, table.checkedAt),
    // A visitor's recent checks of a product: is this one a repeat?
    index('verifications_product_visitor_time_idx').on(table.productId, table.visitor, table.checkedAt),
  ],
);

export type VerificationRow = typeof verifications.$inferSelect;
