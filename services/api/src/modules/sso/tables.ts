import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../companies/tables.js';

/**
 * A company's OpenID Connect provider (decision 087): one per company. The client secret is kept
 * sealed (AES-256-GCM under a key derived from CREDENTIAL_KEY_SECRET) and never answered.
 */
export const companySso = pgTable(
  'company_sso',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretSealed: text('client_secret_sealed').notNull(),
    /** Role of a user created at first sign-in: 2 manager, 3 sub-admin; null = only existing users. */
    jitRoleId: integer('jit_role_id'),
    /** Password sign-in refused for the company's users at its domains. */
    mandatory: boolean('mandatory').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('company_sso_jit_role_known', sql`${table.jitRoleId} is null or ${table.jitRoleId} in (2, 3)`)],
);

export type CompanySsoRow = typeof companySso.$inferSelect;

/** The e-mail domains a company signs in with: a domain belongs to one company at most. */
export const companyEmailDomains = pgTable(
  'company_email_domains',
  {
    domain: text('domain').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('company_email_domains_lower_case', sql`${table.domain} = lower(${table.domain})`),
    index('company_email_domains_company_id_idx').on(table.companyId),
  ],
);
