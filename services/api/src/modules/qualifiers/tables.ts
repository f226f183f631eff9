import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { batches } from '../batches/tables.js';
import { companies } from '../companies/tables.js';
import { entries } from '../entries/tables.js';

/**
 * A qualifier of an entry (spec point 3, "Qualifier (serial)"): `qualifierPath` `/21/{serial}`,
 * `identifierCode` the AI (`21`), `value` the serial itself. Deleting one marks it deleted, which
 * frees the path for a new registration and stops it resolving.
 */
export const qualifiers = pgTable(
  'qualifiers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    identifierCode: text('identifier_code').notNull(),
    qualifierPath: text('qualifier_path').notNull(),
    value: text('value').notNull(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    /** Lifecycle of the serialised item (issue 25): `active`, `deactivated` (destroyed, returned) or `blacklisted` (a confirmed copy). */
    status: text('status').$type<'active' | 'deactivated' | 'blacklisted'>().notNull().default('active'),
    statusReason: text('status_reason'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** The user who last changed the status (no foreign key: the history outlives the account). */
    statusChangedBy: integer('status_changed_by'),
    /** The batch (lot) the serialised item belongs to (issue 27), or null. */
    batchId: integer('batch_id').references(() => batches.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('qualifiers_live_path_unique').on(table.entryId, table.qualifierPath).where(sql`${table.isDeleted} = false`),
    index('qualifiers_entry_id_idx').on(table.entryId, table.id),
    index('qualifiers_batch_id_idx').on(table.batchId),
    check('qualifiers_status_known', sql`${table.status} in ('active', 'deactivated', 'blacklisted')`),
  ],
);

export type QualifierRow = typeof qualifiers.$inferSelect;
