import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  thumbnailPath,
  type Certification,
  type Entry,
  type ProductDetail,
  type ProductSummary,
  type PRODUCT_SORTS,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../access/auth-context.js';
import { certifications } from '../certifications/tables.js';
import { entries, type EntryRow } from '../entries/tables.js';
import { digitalLinkOriginFor, entryDigitalLink } from '../links/digital-link.js';
import { projects } from '../projects/tables.js';
import { authorizeProduct } from '../access/policies.js';
import { products, type ProductRow } from './tables.js';

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

export interface ProductPage {
  result: ProductSummary[];
  total: number;
}

export interface ProductListQuery {
  page: number;
  size: number;
  projectId?: number;
  search?: string;
  sort?: (typeof PRODUCT_SORTS)[number];
  order?: 'asc' | 'desc';
}

const SORT_COLUMNS = {
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  product_name: products.productName,
  product_number: products.productNumber,
} as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** A page of products, newest first unless sorted otherwise; `search` matches name, number or GTIN. */
export async function listProducts(db: Db, scope: ProductScope, query: ProductListQuery): Promise<ProductPage> {
  if (scope.projectIds?.length === 0) return { result: [], total: 0 };
  const conditions = [visibleProducts(scope, query.projectId)];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(products.productName, pattern), ilike(products.productNumber, pattern), ilike(products.gtin, pattern)));
  }
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(products).where(where);
  const direction = query.order === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[query.sort ?? 'createdAt'];
  const rows = await db
    .select({ product: products, projectName: projects.name })
    .from(products)
    .innerJoin(projects, eq(projects.id, products.projectId))
    .where(where)
    .orderBy(direction(column), direction(products.id))
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
      thumbnail: product.images[0] ? thumbnailPath(product.images[0]) : null,
      gtin: product.gtin,
      createdAt: product.createdAt.toISOString(),
      updatedAt: product.updatedAt.toISOString(),
    })),
  };
}

/** `origin`: where the Digital Link URI starts (`digitalLinkOriginFor`). */
export function toEntry(row: EntryRow, origin: string): Entry {
  return {
    entry_id: row.id,
    entryPath: row.entryPath,
    aiString: row.aiString,
    aiValue: row.aiValue,
    gcp: row.gcp,
    isActive: row.isActive,
    isDeleted: row.isDeleted,
    title: row.title,
    title_eng: row.titleEng,
    isAtq: row.isAtq,
    digitalLink: entryDigitalLink(origin, row),
  };
}

export function toProductDetail(product: ProductRow, projectName: string): ProductDetail {
  return {
    productId: product.id,
    entry_id: product.entryId,
    project_id: product.projectId,
    project_name: projectName,
    category_id: product.categoryId,
    subcategoryId: product.subcategoryId,
    product_name: product.productName,
    product_number: product.productNumber,
    product_website: product.productWebsite,
    features: product.features,
    description: product.description,
    certification: product.certification,
    isNFC: product.isNfc === 1 ? 1 : 0,
    details: product.details,
    dynamicInfo: product.dynamicInfo,
    options: product.options,
    image: product.images,
    thumbnails: product.images.map(thumbnailPath),
    careInfo: { type: product.careInfoImage ? 'image' : 'text', text: product.careInfoText, image: product.careInfoImage },
    qrContent: product.qrContent ?? null,
    service: product.service,
    gtin: product.gtin,
    intendedMarkets: product.intendedMarkets,
    label: product.label ?? null,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

/** `GET /api/product/?productId`: `{entry, product}`. */
export async function getProductWithEntry(db: Db, auth: AuthContext, companyId: number, productId: number, templateOrigin: string) {
  const product = await authorizeProduct(db, auth, companyId, productId, 'read');
  const [project] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, product.projectId));
  const [entry] = product.entryId ? await db.select().from(entries).where(eq(entries.id, product.entryId)) : [];
  const origin = await digitalLinkOriginFor(db, templateOrigin, { companyId, userId: auth.userId });
  return { entry: entry ? toEntry(entry, origin) : null, product: toProductDetail(product, project.name) };
}

export async function listCertifications(db: Db): Promise<Certification[]> {
  return db.select().from(certifications).orderBy(asc(certifications.name));
}

/** The certifications a product carries. */
export async function certificationsOf(db: Db, ids: number[]): Promise<Certification[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(certifications).where(inArray(certifications.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id)).filter((row): row is Certification => row !== undefined);
}
