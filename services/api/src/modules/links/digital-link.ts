import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import { digitalLinkOrigin, gtinDigitalLink } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { users } from '../auth/tables.js';
import { entries } from '../entries/tables.js';
import { products } from '../products/tables.js';

/** A stored custom domain as an origin (`brand.example` → `https://brand.example`); null when unusable. */
function customOrigin(customDomain: string | null | undefined): string | null {
  const text = customDomain?.trim();
  if (!text) return null;
  try {
    const origin = digitalLinkOrigin(/^https?:\/\//i.test(text) ? text : text.replace(/\/.*$/, ''));
    return new URL(origin).hostname ? origin : null;
  } catch {
    return null;
  }
}

export interface DigitalLinkOwner {
  /** null: a user without a company (an unswitched super-admin). */
  companyId: number | null;
  /** The acting user, whose custom domain comes first; absent for public and resolver reads. */
  userId?: number;
}

/**
 * The origin of a company's Digital Link URIs and automatic link targets: the acting user's
 * custom domain, else the custom domain of one of the company's users (managers first), else the
 * template origin (`config.DIGITAL_LINK_DOMAIN`).
 */
export async function digitalLinkOriginFor(db: Db, templateOrigin: string, owner: DigitalLinkOwner): Promise<string> {
  if (owner.userId !== undefined) {
    const [own] = await db.select({ customDomain: users.customDomain }).from(users).where(eq(users.id, owner.userId));
    const origin = customOrigin(own?.customDomain);
    if (origin) return origin;
  }
  if (owner.companyId === null) return templateOrigin;
  const candidates = await db
    .select({ customDomain: users.customDomain })
    .from(users)
    .where(and(eq(users.companyId, owner.companyId), isNotNull(users.customDomain), ne(users.customDomain, '')))
    .orderBy(asc(users.roleId), asc(users.id));
  for (const candidate of candidates) {
    const origin = customOrigin(candidate.customDomain);
    if (origin) return origin;
  }
  return templateOrigin;
}

/** The Digital Link URI of an entry on an origin: `{origin}/01/{gtin14}` or `{origin}{entryPath}`. */
export function entryDigitalLink(origin: string, entry: { aiString: string; aiValue: string; entryPath: string }): string {
  return entry.aiString === '01' ? gtinDigitalLink(origin, entry.aiValue) : `${digitalLinkOrigin(origin)}${entry.entryPath}`;
}

/**
 * The Digital Link URI of a live product of the company (what its QR code and NFC tag carry), or
 * null when the product does not exist, is deleted or has no entry.
 */
export async function productDigitalLink(
  db: Db,
  templateOrigin: string,
  product: { productId: number; companyId: number; userId?: number },
): Promise<string | null> {
  const [row] = await db
    .select({ aiString: entries.aiString, aiValue: entries.aiValue, entryPath: entries.entryPath, deletedAt: products.deletedAt })
    .from(products)
    .innerJoin(entries, eq(entries.id, products.entryId))
    .where(and(eq(products.id, product.productId), eq(products.companyId, product.companyId)));
  if (!row || row.deletedAt !== null) return null;
  const origin = await digitalLinkOriginFor(db, templateOrigin, { companyId: product.companyId, userId: product.userId });
  return entryDigitalLink(origin, row);
}
