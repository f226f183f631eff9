import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { products } from '../products/tables.js';

/** Links of a product (minimal for now: enough for the link plan check and the demo). */
export const links = pgTable(
  'links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    linkType: text('link_type').notNull(),
    title: text('title').notNull().default(''),
    targetUrl: text('target_url').notNull(),
    /** Deleting a link hides it (display false); only displayed links count against the plan. */
    display: boolean('display').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    ord: integer('ord').notNull().default(1),
  },
  (table) => [index('links_product_id_idx').on(table.productId)],
);
