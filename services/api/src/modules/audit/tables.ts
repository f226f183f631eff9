import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditActorType } from '@product-console/shared';

/**
 * One change of one row of an audited table (decision 088), written by the audit triggers in the
 * transaction of the change. No foreign keys: the log outlives the people, keys and companies it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    companyId: integer('company_id'),
    actorType: text('actor_type').$type<AuditActorType>().notNull(),
    actorUserId: integer('actor_user_id'),
    actorApiKeyId: uuid('actor_api_key_id'),
    /** The person's name and e-mail, the key's name and prefix, or the job's name, at the time. */
    actorLabel: text('actor_label').notNull().default(''),
    /** The table changed. */
    resource: text('resource').notNull(),
    resourceId: text('resource_id').notNull().default(''),
    action: text('action').$type<AuditAction>().notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('audit_log_company_at_idx').on(table.companyId, table.at.desc(), table.id.desc()),
    index('audit_log_actor_user_at_idx').on(table.actorUserId, table.at.desc()),
    index('audit_log_at_idx').on(table.at),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
