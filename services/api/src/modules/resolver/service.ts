import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { isUntrackedLabel, type ResolverEntry, type ResolverRecall } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { batchLinks, batches } from '../batches/tables.js';
import { companies } from '../companies/tables.js';
import { entries } from '../entries/tables.js';
import { recalls as recallRows } from '../recalls/tables.js';
import { links } from '../links/tables.js';
import { products } from '../products/tables.js';
import { qualifiers } from '../qualifiers/tables.js';
import { resolverRules } from './rules.js';

/**
 * What the resolver answers for an entry path: a live, active entry of a live product with its
 * shown, active links (serial links only of live serials); null otherwise.
 */
export async function resolverEntry(db: Db, entryPath: string): Promise<ResolverEntry | null> {
  const [found] = await db
    .select({ entryId: entries.id, companyId: entries.companyId, title: entries.title, productId: products.id, serviceName: companies.serviceName, label: products.label })
    .from(entries)
    .innerJoin(products, eq(products.entryId, entries.id))
    .innerJoin(companies, eq(companies.id, entries.companyId))
    .where(and(eq(entries.entryPath, entryPath), eq(entries.isDeleted, false), eq(entries.isActive, true), isNull(products.deletedAt)))
    .limit(1);
  if (!found) return null;

  const rows = await db
    .select({
      linkType: links.linkType,
      href: links.targetUrl,
      title: links.title,
      lang: links.lang,
      type: links.contentType,
      isDefault: links.isDefault,
      qualifierPath: qualifiers.qualifierPath,
      order: links.ord,
    })
    .from(links)
    .leftJoin(qualifiers, eq(qualifiers.id, links.qualifierId))
    .where(
      and(
        eq(links.productId, found.productId),
        eq(links.display, true),
        eq(links.isActive, true),
        or(isNull(links.qualifierId), and(eq(qualifiers.entryId, found.entryId), eq(qualifiers.isDeleted, false))),
      ),
    )
    .orderBy(sql`${qualifiers.qualifierPath} nulls first`, asc(links.ord), asc(links.id));

  // A batch's own links (decision 076), under its `/10/{lot}`: the resolver answers them for that lot before the product's.
  const batchRows = await db
    .select({
      linkType: batchLinks.linkType,
      href: batchLinks.targetUrl,
      title: batchLinks.title,
      lang: batchLinks.lang,
      type: sql<string>`'text/html'`,
      isDefault: batchLinks.isDefault,
      qualifierPath: batches.batchPath,
      order: batchLinks.ord,
    })
    .from(batchLinks)
    .innerJoin(batches, eq(batches.id, batchLinks.batchId))
    .where(eq(batches.entryId, found.entryId))
    .orderBy(asc(batches.batchPath), asc(batchLinks.ord), asc(batchLinks.id));

  // The recall notice is the landing's verification view, on the resolver's own origin (a relative href).
  const notice = `/${encodeURIComponent(found.serviceName)}/product-details/${found.productId}/preview/verification`;
  const recalls = await resolverRecalls(db, found.productId, found.entryId, notice);
  return {
    entryPath,
    entryId: found.entryId,
    productId: found.productId,
    companyId: found.companyId,
    title: found.title,
    links: [...rows, ...batchRows],
    rules: await resolverRules(db, found.companyId, found.productId),
    recalls,
    // A wine e-label's page may not collect or track visitors (issue 29): no scan of its code is recorded.
    ...(isUntrackedLabel(found.label) ? { untracked: true } : {}),
  };
}

/** Serials of recalled batches a resolver record lists at most (decision 079): beyond, codes without their lot are not reached. */
const RECALL_SERIALS_MAX = 10_000;

/** Recalls of a product that have not ended, as the resolver needs them (started or scheduled). */
async function resolverRecalls(db: Db, productId: number, entryId: number, noticeHref: string): Promise<ResolverRecall[]> {
  const rows = await db
    .select()
    .from(recallRows)
    .where(and(eq(recallRows.productId, productId), isNull(recallRows.endedAt)))
    .orderBy(desc(recallRows.startsAt));
  const result: ResolverRecall[] = [];
  for (const row of rows) {
    const serials =
      row.scope === 'batches' && row.batchIds.length > 0
        ? (
            await db
              .select({ value: qualifiers.value })
              .from(qualifiers)
              .where(and(eq(qualifiers.entryId, entryId), eq(qualifiers.isDeleted, false), inArray(qualifiers.batchId, row.batchIds)))
              .limit(RECALL_SERIALS_MAX)
          ).map((serial) => serial.value)
        : [];
    result.push({ recallId: row.id, startsAt: row.startsAt.toISOString(), scope: row.scope, lots: row.lots, serials, serialFrom: row.serialFrom, serialTo: row.serialTo, href: noticeHref });
  }
  return result;
}
