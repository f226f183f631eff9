import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.js';
import { companies } from '../companies/tables.js';
import { products } from '../products/tables.js';

/** The products whose tracing a manager started (`PUT /api/trace/start`, spec point 4). */
export const traces = pgTable('traces', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
});
