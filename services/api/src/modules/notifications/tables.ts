import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.js';
import { companies } from '../companies/tables.js';

/**
 * A notification addresses one user (user_id set) or every user of its company (user_id
 * null). Rows with company_id null address the super-admins. Whether it was read is each
 * reader's own business: see `notificationReads`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    /** Event kind, so that the console can show the text in the user's language. */
    type: text('type'),
    params: jsonb('params').$type<Record<string, string | number>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notifications_company_user_idx').on(table.companyId, table.userId, table.createdAt)],
);

/**
 * Who read which notification, one row per reader: a notification addressed to a whole company
 * (or to every super-admin) is read by each of them on their own, so the flag cannot live on
 * the notification. No row means unread.
 */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.notificationId, table.userId] }), index('notification_reads_user_idx').on(table.userId)],
);

/**
 * Plan-usage thresholds (80, 100 percent) a company was already told about, per resource, so
 * that each crossing notifies once; a threshold is forgotten when usage falls below it again.
 */
export const planUsageNotices = pgTable(
  'plan_usage_notices',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    threshold: integer('threshold').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.resource, table.threshold] })],
);
