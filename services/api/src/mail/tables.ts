import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Account mails sent per recipient, kept an hour: the per-recipient limits (MAIL_RECIPIENT_LIMIT_*)
 * count here, so every API replica sees every other's mails. The address itself is never kept,
 * only a digest of its normalised form (`recipientKey`).
 */
export const mailSends = pgTable(
  'mail_sends',
  {
    recipientKey: text('recipient_key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_sends_recipient_idx').on(table.recipientKey, table.sentAt)],
);
