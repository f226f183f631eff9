import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { AccessLevel, AccessOverrides, PassportData, PassportStatus, PassportTemplate } from '@product-console/shared';
import { certifications } from '../certifications/tables.js';
import { products } from '../products/tables.js';

/*
 * Digital product passports (issue 16, spec points 3, 6 and 7): one passport per product with its
 * template, its draft (version 0) and its published versions (1, 2, …, never changed once written:
 * the trigger of migration 0009 refuses any UPDATE of a published row), the product's certificates
 * and the access links that show restricted fields.
 */

export const passports = pgTable(
  'passports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .unique('passports_product_unique')
      .references(() => products.id, { onDelete: 'cascade' }),
    template: text('template').$type<PassportTemplate>().notNull().default('core'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('passports_template_known', sql`${table.template} in ('core', 'battery')`)],
);

/** The draft is version 0 (status draft); published versions count from 1 and carry their publication time. */
export const passportVersions = pgTable(
  'passport_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    passportId: integer('passport_id')
      .notNull()
      .references(() => passports.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: text('status').$type<PassportStatus>().notNull(),
    template: text('template').$type<PassportTemplate>().notNull(),
    data: jsonb('data').$type<PassportData>().notNull(),
    accessOverrides: jsonb('access_overrides').$type<AccessOverrides>().notNull().default({}),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('passport_versions_passport_version_unique').on(table.passportId, table.version),
    check(
      'passport_versions_status_consistent',
      sql`(${table.status} = 'draft' and ${table.version} = 0 and ${table.publishedAt} is null) or (${table.status} = 'published' and ${table.version} >= 1 and ${table.publishedAt} is not null)`,
    ),
    check('passport_versions_template_known', sql`${table.template} in ('core', 'battery')`),
  ],
);

/** A certificate the product holds: a catalogue certification with its number, issuer, validity and document. */
export const productCertificates = pgTable(
  'product_certificates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    certificationId: integer('certification_id')
      .notNull()
      .references(() => certifications.id),
    position: integer('position').notNull(),
    number: text('number').notNull(),
    issuer: text('issuer').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    documentPath: text('document_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('product_certificates_product_idx').on(table.productId, table.position)],
);

/** A link that shows a product's passport at a higher level; only the SHA-256 of its token is kept. */
export const passportAccessLinks = pgTable(
  'passport_access_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    level: text('level').$type<AccessLevel>().notNull(),
    tokenHash: text('token_hash').notNull().unique('passport_access_links_token_unique'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('passport_access_links_level_known', sql`${table.level} in ('legitimateInterest', 'authority')`),
    index('passport_access_links_product_idx').on(table.productId),
  ],
);

export type PassportRow = typeof passports.$inferSelect;
export type PassportVersionRow = typeof passportVersions.$inferSelect;
export type ProductCertificateRow = typeof productCertificates.$inferSelect;
export type PassportAccessLinkRow = typeof passportAccessLinks.$inferSelect;
