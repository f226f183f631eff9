import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ROLE, type Notification, type PageInfo } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../access/auth-context.js';
import { notificationReads, notifications } from './tables.js';

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

/** The caller's own read row of a notification (joined on the left: none means unread). */
const readByCaller = (auth: AuthContext) =>
  and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, auth.userId));

const unreadByCaller = isNull(notificationReads.notificationId);

export async function countUnread(db: Db, auth: AuthContext): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .leftJoin(notificationReads, readByCaller(auth))
    .where(and(addressedTo(auth), unreadByCaller));
  return row.count;
}

export async function listNotifications(
  db: Db,
  auth: AuthContext,
  query: { page: number; pageSize: number; unreadOnly?: boolean },
): Promise<{ result: Notification[]; pageInfo: PageInfo }> {
  const where = query.unreadOnly ? and(addressedTo(auth), unreadByCaller) : addressedTo(auth);
  const [{ total }] = await db
    .select({ total: count() })
    .from(notifications)
    .leftJoin(notificationReads, readByCaller(auth))
    .where(where);
  const rows = await db
    .select({ notification: notifications, readAt: notificationReads.readAt })
    .from(notifications)
    .leftJoin(notificationReads, readByCaller(auth))
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    result: rows.map(({ notification: row, readAt }) => ({
      notificationId: row.id,
      title: row.title,
      message: row.message,
      isRead: readAt !== null,
      createTime: row.createdAt.toISOString(),
      type: row.type,
      ...(row.params ? { params: row.params } : {}),
    })),
    pageInfo: { total, page: query.page, size: query.pageSize },
  };
}

/** Marks one of the caller's notifications read, for the caller only; someone else's is a 404. */
export async function markRead(db: Db, auth: AuthContext, notificationId: number): Promise<void> {
  const [found] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, notificationId), addressedTo(auth)));
  if (!found) throw notFound();
  await db.insert(notificationReads).values({ notificationId: found.id, userId: auth.userId }).onConflictDoNothing();
}

/** Marks every notification of the caller read, for the caller only. */
export async function markAllRead(db: Db, auth: AuthContext): Promise<void> {
  await db
    .insert(notificationReads)
    .select(
      db
        .select({ notificationId: notifications.id, userId: sql<number>`${auth.userId}::int`.as('user_id'), readAt: sql<Date>`now()`.as('read_at') })
        .from(notifications)
        .leftJoin(notificationReads, readByCaller(auth))
        .where(and(addressedTo(auth), unreadByCaller)),
    )
    .onConflictDoNothing();
}
