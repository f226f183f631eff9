import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { JWK } from 'jose';
import { companies } from '../companies/tables.js';

export const ISSUER_KEY_STATUSES = ['active', 'retired'] as const;
export type IssuerKeyStatus = (typeof ISSUER_KEY_STATUSES)[number];

/**
 * A company's Ed25519 passport issuer keys (issue 16, decision 046). One is active and signs new
 * credentials; retired ones stay so that the DID document keeps listing them and old credentials
 * still verify. The private key is an AES-256-GCM sealed JWK: it never leaves the API.
 */
export const issuerKeys = pgTable(
  'issuer_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The verification method's fragment: the key's JWK thumbprint (RFC 7638). */
    keyId: text('key_id').notNull().unique(),
    publicJwk: jsonb('public_jwk').$type<JWK>().notNull(),
    /** `v1.{iv}.{tag}.{ciphertext}`, base64url, sealed with the key derived from CREDENTIAL_KEY_SECRET. */
    privateKeySealed: text('private_key_sealed').notNull(),
    status: text('status').$type<IssuerKeyStatus>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (table) => [
    index('issuer_keys_company_idx').on(table.companyId, table.createdAt),
    uniqueIndex('issuer_keys_one_active_idx').on(table.companyId).where(sql`${table.status} = 'active'`),
  ],
);

export type IssuerKeyRow = typeof issuerKeys.$inferSelect;
