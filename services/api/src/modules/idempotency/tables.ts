import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.js';

/**
 * `Idempotency-Key`s of creating calls, per caller, method and path: the first request claims the
 * key (the primary key makes the claim atomic), runs, and stores its successful answer for the
 * retries to replay. A row with no status is a request still running. Rows live 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    path: text('path').notNull(),
    key: text('key').notNull(),
    /** sha256 of what makes two requests "the same": acting company, query and JSON body. */
    fingerprint: text('fingerprint').notNull(),
    /** Which request holds the claim, so that only it completes or releases the row. */
    claim: uuid('claim').notNull(),
    statusCode: integer('status_code'),
    responseType: text('response_type'),
    responseBody: text('response_body'),
    /** The answer headers a replay must repeat (e.g. `location`, `x-resolver-invalidate`). */
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.method, table.path, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
