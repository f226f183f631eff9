import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { links } from './tables.js';

/** The links of one set: a product's entry-level links (`qualifierId` null) or those of one serial. */
export function linkSet(productId: number, qualifierId: number | null) {
  return and(eq(links.productId, productId), qualifierId === null ? isNull(links.qualifierId) : eq(links.qualifierId, qualifierId));
}

/**
 * Numbers the displayed links of a set 1, 2, 3... in their current order (ties by id), optionally
 * moving one link to a 1-based position first. Only rows whose number changes are written.
 */
export async function renumberLinks(tx: Db, productId: number, qualifierId: number | null, move?: { linkId: number; order: number }): Promise<void> {
  const shown = await tx
    .select({ id: links.id, ord: links.ord })
    .from(links)
    .where(and(linkSet(productId, qualifierId), eq(links.display, true)))
    .orderBy(asc(links.ord), asc(links.id));
  let ids = shown.map((link) => link.id);
  if (move && ids.includes(move.linkId)) {
    ids = ids.filter((id) => id !== move.linkId);
    ids.splice(Math.min(move.order, ids.length + 1) - 1, 0, move.linkId);
  }
  const current = new Map(shown.map((link) => [link.id, link.ord]));
  for (const [index, id] of ids.entries()) {
    if (current.get(id) !== index + 1) await tx.update(links).set({ ord: index + 1 }).where(eq(links.id, id));
  }
}
