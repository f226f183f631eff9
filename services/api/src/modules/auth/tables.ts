import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { UiLanguage } from '@product-console/shared';
import { companies } from '../companies/tables.js';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null only for a super-admin, who belongs to no company. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    department: text('department').notNull().default(''),
    officePhone: text('office_phone').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    profileImage: text('profile_image'),
    customDomain: text('custom_domain'),
    showDefaultPage: boolean('show_default_page').notNull().default(true),
    /** The language of the user's e-mails (one of UI_LANGUAGES), chosen at sign-up or in the profile. */
    language: text('language').$type<UiLanguage>().notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** When the user first had a password of its own; null for an invited member who has not joined yet. */
    joinedAt: timestamp('joined_at', { withTimezone: true }).defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
    check('users_role_id_known', sql`${table.roleId} in (1, 2, 3)`),
    check('users_company_unless_super_admin', sql`${table.roleId} = 1 or ${table.companyId} is not null`),
    index('users_company_id_idx').on(table.companyId),
  ],
);

export type UserRow = typeof users.$inferSelect;

/**
 * Refresh tokens, stored as sha256 hashes. Each sign-in starts a family; every refresh
 * revokes the presented token and issues its successor in the same family, so presenting
 * a rotated token again reveals theft and revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    familyId: uuid('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set for a super-admin's switched-company pair. */
    actingCompanyId: integer('acting_company_id').references(() => companies.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedById: integer('replaced_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('refresh_tokens_family_id_idx').on(table.familyId), index('refresh_tokens_user_id_idx').on(table.userId)],
);

export const ACCOUNT_TOKEN_PURPOSES = ['password-reset', 'invitation'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * Single-use, expiring secrets sent by e-mail: password-reset links (with a 6-digit code for
 * /code-verification) and sub-admin invitations. Only sha256 hashes are stored; a token is
 * spent by setting used_at, and issuing a new one spends the user's earlier ones.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<AccountTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    codeHash: text('code_hash'),
    codeAttempts: integer('code_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('account_tokens_purpose_known', sql`${table.purpose} in ('password-reset', 'invitation')`),
    index('account_tokens_user_purpose_idx').on(table.userId, table.purpose),
  ],
);
