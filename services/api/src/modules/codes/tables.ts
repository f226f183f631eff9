import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CodeJobStatus } from '@product-console/shared';
import { companies } from '../companies/tables.js';
import { products } from '../products/tables.js';

/**
 * A bulk code job (decision 078): a generation of serials or an export of codes for print. The
 * request is kept as asked; the worker writes its progress (`done` of `total`), then its result:
 * the serials made (first, last and the id range of the rows, which an export of "this generation"
 * reads) or the stored file.
 */
export const codeJobs = pgTable(
  'code_jobs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'serials' | 'export'>().notNull(),
    status: text('status').$type<CodeJobStatus>().notNull().default('queued'),
    /** The request body less the product id. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    /** A generation's `{ created, first, last, fromId, toId }`; an export's `{ name, bytes, contentType }`. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** The export's file in the storage (`codes/{companyId}/{id}.{ext}`), removed with the row. */
    fileKey: text('file_key'),
    error: text('error'),
    /** The user who asked, whose custom domain the Digital Links take (no foreign key: the job outlives the account). */
    createdBy: integer('created_by'),
    createdByName: text('created_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('code_jobs_product_idx').on(table.productId, table.createdAt),
    index('code_jobs_finished_idx').on(table.finishedAt),
    check('code_jobs_kind_known', sql`${table.kind} in ('serials', 'export')`),
    check('code_jobs_status_known', sql`${table.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

export type CodeJobRow = typeof codeJobs.$inferSelect;
