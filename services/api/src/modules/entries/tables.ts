import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../companies/tables.js';

/**
 * The GS1 identity of a product (spec point 3, "Entry"): `/01/{gtin14}` or `/414/{gln}`.
 * A key may be registered once among live entries; deleting a product marks its entry deleted,
 * which frees the key.
 */
export const entries = pgTable(
  'entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    entryPath: text('entry_path').notNull(),
    aiString: text('ai_string').notNull(),
    aiValue: text('ai_value').notNull(),
    gcp: text('gcp').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isDeleted: boolean('is_deleted').notNull().default(false),
    title: text('title').notNull().default(''),
    titleEng: text('title_eng').notNull().default(''),
    isAtq: boolean('is_atq').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('entries_live_key_unique').on(table.aiString, table.aiValue).where(sql`${table.isDeleted} = false`),
    index('entries_company_id_idx').on(table.companyId),
  ],
);

export type EntryRow = typeof entries.$inferSelect;
