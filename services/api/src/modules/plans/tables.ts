import { date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { ServiceCode } from '@product-console/shared';
import { companies } from '../companies/tables.js';

export const plans = pgTable('plans', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  services: jsonb('services').$type<ServiceCode[]>().notNull(),
  productLimit: integer('product_limit').notNull(),
  /** Displayed links per product. */
  linkLimit: integer('link_limit').notNull(),
  subAdminLimit: integer('sub_admin_limit').notNull(),
  /** The monthly price in the currency's minor unit (cents); null: on request. */
  monthlyPrice: integer('monthly_price'),
  currency: text('currency').notNull().default('EUR'),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    status: text('status').notNull().default('active'),
  },
  (table) => [index('subscriptions_company_id_idx').on(table.companyId)],
);
