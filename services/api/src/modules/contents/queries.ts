import { asc, eq } from 'drizzle-orm';
import {
  DEFAULT_DESIGN,
  DEFAULT_LANGUAGE,
  designSchema,
  type ContentBlock,
  type Design,
  type LanguageItem,
  type ProductDetailsLanguage,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { entries } from '../entries/tables.js';
import { products, type ProductRow } from '../products/tables.js';
import { productContents, productDesigns, productLanguages, productTexts, type ProductContentRow } from './tables.js';

export function toBlock(row: ProductContentRow): ContentBlock {
  return { content_id: row.id, type: row.type, order: row.position, inputs: row.inputs, style: row.style, label: row.label, labels: row.labels };
}

/** The product's blocks in display order (a footer last). */
export async function readBlocks(db: Db, productId: number): Promise<ContentBlock[]> {
  const rows = await db
    .select()
    .from(productContents)
    .where(eq(productContents.productId, productId))
    .orderBy(asc(productContents.position), asc(productContents.id));
  return rows.map(toBlock);
}

/** The registered languages (DEFAULT is implied), in the order they were added. */
export async function readLanguages(db: Db, productId: number): Promise<LanguageItem[]> {
  const rows = await db
    .select({ id: productLanguages.id, value: productLanguages.code })
    .from(productLanguages)
    .where(eq(productLanguages.productId, productId))
    .orderBy(asc(productLanguages.id));
  return rows;
}

/** DEFAULT's texts are the product's own columns. */
export const defaultTexts = (product: ProductRow): ProductDetailsLanguage => ({
  languageCode: DEFAULT_LANGUAGE,
  productName: product.productName,
  description: product.description,
  features: product.features,
  details: product.details,
});

/** The product's texts per language: DEFAULT first, then each registered language in order. */
export async function readTexts(db: Db, product: ProductRow, languages: readonly LanguageItem[]): Promise<ProductDetailsLanguage[]> {
  const rows = await db.select().from(productTexts).where(eq(productTexts.productId, product.id));
  const fallback = defaultTexts(product);
  return [
    fallback,
    ...languages.map(({ value }) => {
      const row = rows.find((text) => text.languageCode === value);
      return row
        ? { languageCode: value, productName: row.productName, description: row.description, features: row.features, details: row.details }
        : { ...fallback, languageCode: value };
    }),
  ];
}

/** The saved design, or `DEFAULT_DESIGN` for a product that never saved one. */
export async function readDesign(db: Db, productId: number): Promise<Design> {
  const [row] = await db.select({ design: productDesigns.design }).from(productDesigns).where(eq(productDesigns.productId, productId));
  if (!row) return DEFAULT_DESIGN;
  // A design saved before a field existed reads with that field's default.
  const parsed = designSchema.safeParse({ ...DEFAULT_DESIGN, ...row.design });
  return parsed.success ? parsed.data : DEFAULT_DESIGN;
}

/** The entry path of a product (what the resolver caches), if it has an entry. */
export async function entryPathOf(db: Db, product: Pick<ProductRow, 'entryId'>): Promise<string[]> {
  if (product.entryId === null) return [];
  const [row] = await db.select({ entryPath: entries.entryPath }).from(entries).where(eq(entries.id, product.entryId));
  return row ? [row.entryPath] : [];
}

/** Locks the product's row for a write of its page: concurrent saves of one product run one after the other. */
export async function lockProduct(tx: Db, productId: number): Promise<void> {
  await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
}
