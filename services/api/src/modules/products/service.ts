import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ProductSummary } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { projects } from '../projects/tables.js';
import { products } from './tables.js';

/** Which products a caller may see: one company, optionally only some of its projects. */
export interface ProductScope {
  companyId: number;
  /** null: every project of the company. */
  projectIds: number[] | null;
}

function visibleProducts(scope: ProductScope, projectId?: number): SQL | undefined {
  const conditions = [eq(products.companyId, scope.companyId), isNull(products.deletedAt)];
  if (scope.projectIds !== null) conditions.push(inArray(products.projectId, scope.projectIds));
  if (projectId !== undefined) conditions.push(eq(products.projectId, projectId));
  return and(...conditions);
}

export interface ProductCounts {
  products: number;
  dlProducts: number;
  dppProducts: number;
  nfcProducts: number;
}

export async function countProducts(db: Db, scope: ProductScope): Promise<ProductCounts> {
  if (scope.projectIds?.length === 0) return { products: 0, dlProducts: 0, dppProducts: 0, nfcProducts: 0 };
  const [row] = await db
    .select({
      products: sql<number>`count(*)::int`,
      dlProducts: sql<number>`count(*) filter (where ${products.service} = 'DL')::int`,
      dppProducts: sql<number>`count(*) filter (where ${products.service} = 'DPP')::int`,
      nfcProducts: sql<number>`count(*) filter (where ${products.isNfc} = 1)::int`,
    })
    .from(products)
    .where(visibleProducts(scope));
  return row;
}

/** Live (not deleted) products of a company: what the product plan limit counts. */
export async function countLiveProducts(db: Db, companyId: number): Promise<number> {
  return (await countProducts(db, { companyId, projectIds: null })).products;
}

export interface ProductPage {
  result: ProductSummary[];
  total: number;
}

/** A page of products, newest first. */
export async function listProducts(
  db: Db,
  scope: ProductScope,
  query: { page: number; size: number; projectId?: number },
): Promise<ProductPage> {
  if (scope.projectIds?.length === 0) return { result: [], total: 0 };
  const where = visibleProducts(scope, query.projectId);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(products).where(where);
  const rows = await db
    .select({ product: products, projectName: projects.name })
    .from(products)
    .innerJoin(projects, eq(projects.id, products.projectId))
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);

  return {
    total,
    result: rows.map(({ product, projectName }) => ({
      productId: product.id,
      entry_id: product.entryId,
      project_id: product.projectId,
      project_name: projectName,
      product_name: product.productName,
      product_number: product.productNumber,
      category_id: product.categoryId,
      service: product.service,
      isNFC: product.isNfc === 1 ? 1 : 0,
      image: product.images[0] ?? null,
      gtin: product.gtin,
      createdAt: product.createdAt.toISOString(),
      updatedAt: product.updatedAt.toISOString(),
    })),
  };
}

/** The company's live product with this id, or undefined. */
export async function findProduct(db: Db, companyId: number, productId: number) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.companyId, companyId), isNull(products.deletedAt)));
  return row;
}
