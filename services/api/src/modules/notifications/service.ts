import { and, count, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import { ROLE, type Notification, type PageInfo } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../auth/service.js';
import { notifications } from './tables.js';

/**
 * The caller's notifications: those addressed to it and those addressed to its whole
 * company. A super-admin's are the ones of no company, whichever company it switched to.
 */
function addressedTo(auth: AuthContext): SQL {
  const company =
    auth.roleId === ROLE.SUPER_ADMIN || auth.ownCompanyId === null
      ? isNull(notifications.companyId)
      : eq(notifications.companyId, auth.ownCompanyId);
  return and(company, or(isNull(notifications.userId), eq(notifications.userId, auth.userId)))!;
}

export async function countUnread(db: Db, auth: AuthContext): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(and(addressedTo(auth), eq(notifications.isRead, false)));
  return row.count;
}

export async function listNotifications(
  db: Db,
  auth: AuthContext,
  query: { page: number; pageSize: number; unreadOnly?: boolean },
): Promise<{ result: Notification[]; pageInfo: PageInfo }> {
  const where = query.unreadOnly ? and(addressedTo(auth), eq(notifications.isRead, false)) : addressedTo(auth);
  const [{ total }] = await db.select({ total: count() }).from(notifications).where(where);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    result: rows.map((row) => ({
      notificationId: row.id,
      title: row.title,
      message: row.message,
      isRead: row.isRead,
      createTime: row.createdAt.toISOString(),
      type: row.type,
      ...(row.params ? { params: row.params } : {}),
    })),
    pageInfo: { total, page: query.page, size: query.pageSize },
  };
}

/** Marks one of the caller's notifications read; someone else's is a 404. */
export async function markRead(db: Db, auth: AuthContext, notificationId: number): Promise<void> {
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, notificationId), addressedTo(auth)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw notFound();
}

export async function markAllRead(db: Db, auth: AuthContext): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(addressedTo(auth), eq(notifications.isRead, false)));
}
