import { and, eq, isNull } from 'drizzle-orm';
import { LINK_TYPE_DEFAULT_TITLES } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { companies } from '../companies/tables.js';
import { autoLinkTarget, type AutoLinkTargets } from '../links/auto-links.js';
import { digitalLinkOriginFor } from '../links/digital-link.js';
import { renumberLinks } from '../links/order.js';
import { links } from '../links/tables.js';
import { products } from '../products/tables.js';

const LINK_TYPE = 'gs1:traceability' as const;

/**
 * The automatic `gs1:traceability` link that starting to trace a product adds (spec point 4; the
 * links module leaves it out of the other automatic links for that reason), inside the caller's
 * transaction. Same rule as the other automatic links: added once, after the links already shown;
 * an existing traceability link of the entry, even hidden or inactive, is left alone, so a link a
 * person removed never comes back. Returns whether it added the link.
 */
export async function ensureTraceabilityLink(
  tx: Db,
  product: { id: number; companyId: number; entryId: number | null },
  targets: AutoLinkTargets,
): Promise<boolean> {
  if (product.entryId === null) return false;
  // Serialises with link writes of the same product, as ensureAutoLinks does.
  await tx.select({ id: products.id }).from(products).where(eq(products.id, product.id)).for('update');
  const [existing] = await tx
    .select({ id: links.id })
    .from(links)
    .where(and(eq(links.productId, product.id), isNull(links.qualifierId), eq(links.linkType, LINK_TYPE)))
    .limit(1);
  if (existing) return false;
  const [company] = await tx.select({ serviceName: companies.serviceName }).from(companies).where(eq(companies.id, product.companyId));
  const origin = await digitalLinkOriginFor(tx, targets.templateOrigin, { companyId: product.companyId, userId: targets.userId });
  await tx.insert(links).values({
    productId: product.id,
    entryId: product.entryId,
    linkType: LINK_TYPE,
    title: LINK_TYPE_DEFAULT_TITLES[LINK_TYPE],
    titleEng: LINK_TYPE_DEFAULT_TITLES[LINK_TYPE],
    targetUrl: autoLinkTarget(origin, company.serviceName, product.id, LINK_TYPE),
    isDefault: false,
    isAuto: true,
    ord: 1_000_000,
  });
  await renumberLinks(tx, product.id, null);
  return true;
}
