import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { ResolverEntry } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { entries } from '../entries/tables.js';
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
    .select({ entryId: entries.id, companyId: entries.companyId, title: entries.title, productId: products.id })
    .from(entries)
    .innerJoin(products, eq(products.entryId, entries.id))
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

  return { entryPath, entryId: found.entryId, productId: found.productId, companyId: found.companyId, title: found.title, links: rows, rules: await resolverRules(db, found.companyId, found.productId) };
}
