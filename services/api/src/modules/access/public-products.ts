import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { companies } from '../companies/tables.js';
import { entries } from '../entries/tables.js';
import { products } from '../products/tables.js';

/*
 * What anyone may see of a product without signing in: the rule of the consumer landing, kept here
 * (below every service) so that everything published beside the page (its passport's documents)
 * disappears with it, and no second copy of the rule can drift.
 */

/**
 * The condition of a product shown to the public: the product live, its entry live and active, its
 * company approved. A query using it joins `entries` on `products.entryId` and `companies` on
 * `products.companyId`.
 */
export const shownToPublic = () => and(isNull(products.deletedAt), eq(entries.isDeleted, false), eq(entries.isActive, true), eq(companies.permission, true));

/**
 * A product shown to the public, with its entry and company, for the public reads beside the landing
 * (its contents, design, links, product info and passport); else 404, as the landing answers.
 */
export async function publicProduct(db: Db, productId: number) {
  const [row] = await db
    .select({ product: products, entry: entries, company: companies })
    .from(products)
    .innerJoin(entries, eq(entries.id, products.entryId))
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(and(eq(products.id, productId), shownToPublic()));
  if (!row) throw notFound();
  return row;
}
