import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { qualifiers } from '../qualifiers/tables.js';
import { recordWebhookEvents, type WebhookSender } from '../webhooks/outbox.js';
import { serialStatusChanges } from './tables.js';

export type SerialStatus = 'active' | 'deactivated' | 'blacklisted';

export interface SerialStatusChange {
  companyId: number;
  productId: number;
  /** The live serials (`qualifiers` rows) of the product's entry to change. */
  qualifierIds: readonly number[];
  to: SerialStatus;
  reason: string | null;
  changedBy: { id: number | null; name: string };
}

/**
 * Sets the lifecycle status of serials and writes one history row per serial that changed, in the
 * caller's transaction (the one place a status changes: the serials screen, bulk lists, and a
 * confirmed shopper report that blacklists). Serials already in that status, deleted or of another
 * company are left alone. Returns the serials changed; the caller invalidates the resolver for the
 * entry once committed.
 */
export async function setSerialStatus(tx: Db, change: SerialStatusChange): Promise<{ qualifierId: number; serial: string; from: SerialStatus }[]> {
  if (change.qualifierIds.length === 0) return [];
  const current = await tx
    .select({ id: qualifiers.id, serial: qualifiers.value, status: qualifiers.status })
    .from(qualifiers)
    .where(
      and(
        inArray(qualifiers.id, [...change.qualifierIds]),
        eq(qualifiers.companyId, change.companyId),
        eq(qualifiers.isDeleted, false),
        ne(qualifiers.status, change.to),
      ),
    )
    .orderBy(qualifiers.id)
    .for('update');
  if (current.length === 0) return [];
  const now = new Date();
  await tx
    .update(qualifiers)
    .set({ status: change.to, statusReason: change.reason, statusChangedAt: now, statusChangedBy: change.changedBy.id })
    .where(inArray(qualifiers.id, current.map((row) => row.id)));
  await tx.insert(serialStatusChanges).values(
    current.map((row) => ({
      companyId: change.companyId,
      productId: change.productId,
      qualifierId: row.id,
      serial: row.serial,
      fromStatus: row.status,
      toStatus: change.to,
      reason: change.reason,
      changedBy: change.changedBy.id,
      changedByName: change.changedBy.name,
      changedAt: now,
    })),
  );
  return current.map((row) => ({ qualifierId: row.id, serial: row.serial, from: row.status }));
}

/** The most serial values one `serial.statusChanged` webhook names; `changed` counts them all. */
export const SERIAL_STATUS_WEBHOOK_SERIALS_MAX = 1_000;

/** The `serial.statusChanged` webhook of one status change of a product's serials, in its transaction (decision 086). */
export async function recordSerialStatusWebhook(
  tx: Db,
  jobs: WebhookSender,
  companyId: number,
  productId: number,
  change: { status: SerialStatus; reason: string | null; changed: number; serials: string[] },
): Promise<void> {
  await recordWebhookEvents(tx, jobs, companyId, [
    { type: 'serial.statusChanged', productId, data: { ...change, serials: change.serials.slice(0, SERIAL_STATUS_WEBHOOK_SERIALS_MAX) } },
  ]);
}
