import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApiScope } from '@product-console/shared';
import { users } from '../auth/tables.js';
import { companies } from '../companies/tables.js';
import { projects } from '../projects/tables.js';

/**
 * Keys of machine clients (EPCIS capture and query, issue 17; the public API /api/v1, issue 30): made by a manager, shown once,
 * stored as the SHA-256 of the key, scoped to one company; a revoked key stays listed nowhere and
 * answers 401.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Hex SHA-256 of the whole key. */
    keyHash: text('key_hash').notNull().unique('api_keys_key_hash_unique'),
    /** The key's first characters, to tell keys apart in the list. */
    prefix: text('prefix').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** What the key may do (issue 30); keys made before scopes hold the EPCIS ones. */
    scopes: text('scopes').array().$type<ApiScope[]>().notNull().default(sql`'{epcis:capture,epcis:query}'::text[]`),
    /** Only this project's resources; null for the whole company. A deleted project takes its keys with it. */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    /** From then on the key answers 401; null: until revoked. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [index('api_keys_company_idx').on(table.companyId, table.createdAt)],
);
