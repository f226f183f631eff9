import { and, eq, isNull } from 'drizzle-orm';
import { LINK_TYPE_DEFAULT_TITLES, type LinkType, type ServiceCode } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { companies } from '../companies/tables.js';
import { products } from '../products/tables.js';
import { digitalLinkOriginFor } from './digital-link.js';
import { renumberLinks } from './order.js';
import { links } from './tables.js';

/** The consumer preview screen each link type opens (spec point 2, "Consumer preview"). */
const PREVIEW_SCREENS: Record<LinkType, string> = {
  'gs1:pip': '',
  'gs1:dpp': '/dpp',
  'gs1:certificationInfo': '/verification',
  'gs1:homepage': '/homepage',
  'gs1:smartLabel': '/smartLabel',
  'gs1:traceability': '/traceability',
};

/** Category values of smart-label product types (spec point 9). */
const SMART_LABEL_CATEGORIES = [2, 3];

/** `{origin}/{serviceName}/product-details/{productId}/preview[/{screen}]`: the consumer landing page of a link type. */
export function autoLinkTarget(origin: string, serviceName: string, productId: number, linkType: LinkType): string {
  return `${origin}/${encodeURIComponent(serviceName)}/product-details/${productId}/preview${PREVIEW_SCREENS[linkType]}`;
}

export interface AutoLinkProduct {
  id: number;
  companyId: number;
  entryId: number | null;
  service: ServiceCode;
  categoryId: number;
  smartLabelSetting: number;
}

/** Category 2 with setting 1 has no smart-label links (spec point 4). */
export function smartLabelRemoved(product: Pick<AutoLinkProduct, 'categoryId' | 'smartLabelSetting'>): boolean {
  return product.categoryId === 2 && product.smartLabelSetting === 1;
}

/**
 * The link types a product gets automatically, in their first order. Traceability links are not
 * added here: they come with the start of tracing.
 */
export function automaticLinkTypes(product: Pick<AutoLinkProduct, 'service' | 'categoryId' | 'smartLabelSetting'>): LinkType[] {
  const types: LinkType[] = ['gs1:pip'];
  if (product.service === 'DPP') types.push('gs1:dpp');
  types.push('gs1:certificationInfo', 'gs1:homepage');
  if (SMART_LABEL_CATEGORIES.includes(product.categoryId) && !smartLabelRemoved(product)) types.push('gs1:smartLabel');
  return types;
}

export interface AutoLinkTargets {
  /** `config.DIGITAL_LINK_DOMAIN`: the template origin. */
  templateOrigin: string;
  /** The acting user, whose custom domain wins; absent when nobody acts (seed). */
  userId?: number;
}

/**
 * Applies the automatic-link rule of spec point 4 to a product's entry-level links, inside the
 * caller's transaction: every automatic type the product lacks is added once (an existing link of
 * that type, even hidden or inactive, is left alone, so a link a person removed never comes back),
 * and the smart-label links of a category 2 product with setting 1 are hidden. Returns whether
 * anything changed.
 */
export async function ensureAutoLinks(tx: Db, product: AutoLinkProduct, targets: AutoLinkTargets): Promise<boolean> {
  if (product.entryId === null) return false;
  // Serialises with link writes of the same product.
  await tx.select({ id: products.id }).from(products).where(eq(products.id, product.id)).for('update');
  const existing = await tx
    .select({ id: links.id, linkType: links.linkType, display: links.display, isDefault: links.isDefault })
    .from(links)
    .where(and(eq(links.productId, product.id), isNull(links.qualifierId)));

  let changed = false;
  if (smartLabelRemoved(product) && existing.some((link) => link.linkType === 'gs1:smartLabel' && link.display)) {
    await tx
      .update(links)
      .set({ display: false, isDefault: false, updatedAt: new Date() })
      .where(and(eq(links.productId, product.id), isNull(links.qualifierId), eq(links.linkType, 'gs1:smartLabel'), eq(links.display, true)));
    changed = true;
  }

  const present = new Set(existing.map((link) => link.linkType));
  const missing = automaticLinkTypes(product).filter((linkType) => !present.has(linkType));
  if (missing.length > 0) {
    const [company] = await tx.select({ serviceName: companies.serviceName }).from(companies).where(eq(companies.id, product.companyId));
    const origin = await digitalLinkOriginFor(tx, targets.templateOrigin, { companyId: product.companyId, userId: targets.userId });
    const hasDefault = existing.some((link) => link.display && link.isDefault);
    await tx.insert(links).values(
      missing.map((linkType, index) => ({
        productId: product.id,
        entryId: product.entryId,
        linkType,
        title: LINK_TYPE_DEFAULT_TITLES[linkType],
        titleEng: LINK_TYPE_DEFAULT_TITLES[linkType],
        targetUrl: autoLinkTarget(origin, company.serviceName, product.id, linkType),
        isDefault: linkType === 'gs1:pip' && !hasDefault,
        isAuto: true,
        // After the links already shown, in the order above; renumbered below.
        ord: 1_000_000 + index,
      })),
    );
    changed = true;
  }

  if (changed) await renumberLinks(tx, product.id, null);
  return changed;
}
