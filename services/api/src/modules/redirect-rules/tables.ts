import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { RedirectRuleDevice, RedirectRulePresence } from '@product-console/shared';
import { companies } from '../companies/tables.js';
import { products } from '../products/tables.js';

/**
 * A redirect rule (decision 077): of one link type of a product, or with no product one of the
 * company's default rules of that link type. `ord` orders the rules of one list from 1.
 */
export const redirectRules = pgTable(
  'redirect_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Null: a company default rule. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    linkType: text('link_type').notNull(),
    ord: integer('ord').notNull(),
    name: text('name').notNull().default(''),
    targetUrl: text('target_url').notNull(),
    /** ISO 3166-1 alpha-2 codes; empty: any country. */
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    /** Lower-case language codes; empty: any language. */
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    devices: text('devices').array().$type<RedirectRuleDevice[]>().notNull().default(sql`'{}'::text[]`),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    batch: text('batch').$type<RedirectRulePresence>().notNull().default('any'),
    serial: text('serial').$type<RedirectRulePresence>().notNull().default('any'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('redirect_rules_product_idx').on(table.productId, table.linkType, table.ord),
    index('redirect_rules_company_idx').on(table.companyId, table.linkType, table.ord),
  ],
);

export type RedirectRuleRow = typeof redirectRules.$inferSelect;
