import { and, count, desc, eq, gte, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { AUDIT_EXPORT_MAX_ROWS, ROLE, type AuditEntry, type AuditFilter } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../access/auth-context.js';
import { auditLog, type AuditLogRow } from './tables.js';

/** Whose log the caller reads: a company's (null: every company, for a super-admin) and perhaps one person's. */
export interface AuditScope {
  companyId: number | null;
  actorUserId: number | null;
}

/**
 * Managers read their company's log, sub-admins their own actions, the super-admin any company's
 * (the one asked for, else the switched one, else all). Asking for another company answers 403,
 * and a sub-admin asking for another person's actions too.
 */
export function auditScopeOf(auth: AuthContext, filter: Pick<AuditFilter, 'companyId' | 'userId'>): AuditScope {
  if (auth.roleId === ROLE.SUPER_ADMIN) {
    return { companyId: filter.companyId ?? auth.companyId, actorUserId: filter.userId ?? null };
  }
  if (auth.companyId === null || (filter.companyId !== undefined && filter.companyId !== auth.companyId)) throw forbidden();
  if (auth.roleId === ROLE.MANAGER) return { companyId: auth.companyId, actorUserId: filter.userId ?? null };
  if (filter.userId !== undefined && filter.userId !== auth.userId) throw forbidden();
  return { companyId: auth.companyId, actorUserId: auth.userId };
}

function conditionsOf(scope: AuditScope, filter: AuditFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    scope.companyId === null ? undefined : eq(auditLog.companyId, scope.companyId),
    scope.actorUserId === null ? undefined : eq(auditLog.actorUserId, scope.actorUserId),
    filter.resource ? eq(auditLog.resource, filter.resource) : undefined,
    filter.resourceId ? eq(auditLog.resourceId, filter.resourceId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.from ? gte(auditLog.at, new Date(filter.from)) : undefined,
    filter.to ? lte(auditLog.at, new Date(filter.to)) : undefined,
  ];
  return and(...conditions);
}

function entryOf(row: AuditLogRow): AuditEntry {
  return {
    id: row.id.toString(),
    at: row.at.toISOString(),
    companyId: row.companyId,
    actor: { type: row.actorType, userId: row.actorUserId, apiKeyId: row.actorApiKeyId, label: row.actorLabel },
    resource: row.resource,
    resourceId: row.resourceId,
    action: row.action,
    changes: row.changes,
  };
}

/** A page of the log, newest first. */
export async function listAudit(db: Db, scope: AuditScope, filter: AuditFilter, page: number, size: number): Promise<{ result: AuditEntry[]; total: number }> {
  const where = conditionsOf(scope, filter);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { result: rows.map(entryOf), total };
}

/** The people and resources that appear in the caller's log, for the filters. */
export async function auditFilterChoices(db: Db, scope: AuditScope): Promise<{ result: { userId: number; label: string }[]; resources: string[] }> {
  const where = conditionsOf(scope, {});
  const [people, resources] = await Promise.all([
    db
      .select({ userId: sql<number>`${auditLog.actorUserId}`, label: sql<string>`max(${auditLog.actorLabel})` })
      .from(auditLog)
      .where(and(where, isNotNull(auditLog.actorUserId)))
      .groupBy(auditLog.actorUserId)
      .orderBy(sql`max(${auditLog.actorLabel})`)
      .limit(500),
    db.selectDistinct({ resource: auditLog.resource }).from(auditLog).where(where).orderBy(auditLog.resource),
  ]);
  return { result: people, resources: resources.map((row) => row.resource) };
}

export const AUDIT_CSV_COLUMNS = ['at', 'companyId', 'actorType', 'actorUserId', 'actorApiKeyId', 'actor', 'resource', 'resourceId', 'action', 'changes'];

/** The filtered log as CSV rows, newest first, at most AUDIT_EXPORT_MAX_ROWS. */
export async function exportAudit(db: Db, scope: AuditScope, filter: AuditFilter): Promise<(string | number | null)[][]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(conditionsOf(scope, filter))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_EXPORT_MAX_ROWS);
  return rows.map((row) => [
    row.at.toISOString(),
    row.companyId,
    row.actorType,
    row.actorUserId,
    row.actorApiKeyId,
    row.actorLabel,
    row.resource,
    row.resourceId,
    row.action,
    JSON.stringify(row.changes),
  ]);
}

const RETENTION_CHUNK = 5_000;

/** Deletes the entries older than `days` days, in chunks (short transactions); answers how many. */
export async function deleteExpiredAuditEntries(db: Db, days: number, chunk = RETENTION_CHUNK): Promise<number> {
  let total = 0;
  for (;;) {
    const result = (await db.execute(sql`
      delete from audit_log where id in (
        select id from audit_log where at < now() - make_interval(days => ${days}) limit ${chunk}
      )
      returning id
    `)) as unknown as { rows: unknown[] };
    total += result.rows.length;
    if (result.rows.length < chunk) return total;
  }
}
