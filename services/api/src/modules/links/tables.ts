import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { LanguageInput } from '@product-console/shared';
import { entries } from '../entries/tables.js';
import { products } from '../products/tables.js';
import { qualifiers } from '../qualifiers/tables.js';

/**
 * A link of a product's link set (spec point 3, "Link"). A link belongs to the product's entry,
 * or to one qualifier (serial) of it when `qualifierId` is set. Deleting a link hides it
 * (`display` false); only displayed links count against the plan and resolve.
 */
export const links = pgTable(
  'links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id').references(() => entries.id, { onDelete: 'cascade' }),
    qualifierId: integer('qualifier_id').references(() => qualifiers.id, { onDelete: 'cascade' }),
    linkType: text('link_type').notNull(),
    title: text('title').notNull().default(''),
    titleEng: text('title_eng').notNull().default(''),
    /** Per-language titles: `[{languageCode, inputData}]`. */
    modifiedTitle: jsonb('modified_title').$type<LanguageInput[]>().notNull().default([]),
    targetUrl: text('target_url').notNull(),
    contentType: text('content_type').notNull().default('text/html'),
    context: text('context').notNull().default(''),
    /** Language of the target (`en`, `ko`...); null: any language. */
    lang: text('lang'),
    isDefault: boolean('is_default').notNull().default(false),
    /** Always 1 (spec point 3). */
    group: integer('group').notNull().default(1),
    /** Added by the product's type (service, category), not by a person. */
    isAuto: boolean('is_auto').notNull().default(false),
    /** Deleting a link hides it (display false); adding that link type again shows it. */
    display: boolean('display').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    ord: integer('ord').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('links_product_id_idx').on(table.productId), index('links_entry_id_idx').on(table.entryId, table.qualifierId)],
);

export type LinkRow = typeof links.$inferSelect;
