import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export interface SocialLink {
  type: string;
  url: string;
}

export const companies = pgTable('companies', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  companyName: text('company_name').notNull(),
  serviceName: text('service_name').notNull().unique(),
  categoryId: integer('category_id').notNull().default(1),
  gcps: jsonb('gcps').$type<string[]>().notNull().default([]),
  primaryLogo: text('primary_logo'),
  description: text('description').notNull().default(''),
  country: text('country').notNull().default(''),
  contactPhone: text('contact_phone').notNull().default(''),
  contactHour: text('contact_hour').notNull().default(''),
  contactEmail: text('contact_email').notNull().default(''),
  website: text('website').notNull().default(''),
  sns: jsonb('sns').$type<SocialLink[]>().notNull().default([]),
  /** Approval state: a company can sign in only once a super-admin has set this. */
  permission: boolean('permission').notNull().default(false),
  /** When someone of the company first downloaded a QR code: the quick start's last step. */
  qrDownloadedAt: timestamp('qr_downloaded_at', { withTimezone: true }),
  /** IANA time zone of the company's dashboards (analytics days and hours); UTC until set. */
  timeZone: text('time_zone').notNull().default('UTC'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CompanyRow = typeof companies.$inferSelect;

/**
 * The regrouping of a company's analytics after a time-zone change (decision 072): asked for in the
 * change's transaction, run by a job; `step` of `steps` tells the profile how far it is.
 */
export const analyticsRebuilds = pgTable('analytics_rebuilds', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** The zone being regrouped into; a newer change replaces it (and its job gives way). */
  timeZone: text('time_zone').notNull(),
  status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
  step: integer('step').notNull().default(0),
  steps: integer('steps').notNull().default(0),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
