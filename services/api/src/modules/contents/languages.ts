import { and, eq } from 'drizzle-orm';
import {
  PRODUCT_LANGUAGE_MAX,
  addLanguageToBlocks,
  addLanguageToTitles,
  removeLanguageFromBlocks,
  removeLanguageFromTitles,
  type LanguageInput,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import { links } from '../links/tables.js';
import type { ProductRow } from '../products/tables.js';
import { lockProduct, readLanguages } from './queries.js';
import { productContents, productLanguages, productTexts, type ProductContentRow } from './tables.js';

/*
 * The language rules of spec point 4, in one place. A product has DEFAULT and the languages it
 * registers. Adding one gives it an input in every block except link, video and image blocks, an
 * entry in every link's `modifiedTitle` (all links of the product, entry- and serial-level) and a
 * row of texts, each copied from the first language; deleting one removes all of them. Both happen
 * in one transaction; the shared pure functions (content-rules.ts) say what each block becomes, so
 * the console's editor applies the very same rule to its draft.
 */

export const languageTaken = () => conflict('This language is already registered for the product');

const languageProblem = (message: string) => validationFailed([{ path: 'languageCode', message }]);

/** Rewrites the inputs of the product's blocks and the titles of its links with `change`. */
async function applyToBlocksAndLinks(
  tx: Db,
  productId: number,
  blocks: (rows: ProductContentRow[]) => ProductContentRow[],
  titles: (titles: LanguageInput[], title: string) => LanguageInput[],
): Promise<{ linksChanged: boolean }> {
  const now = new Date();
  const rows = await tx.select().from(productContents).where(eq(productContents.productId, productId));
  const changed = blocks(rows);
  for (const [index, row] of changed.entries()) {
    if (row !== rows[index]) await tx.update(productContents).set({ inputs: row.inputs, labels: row.labels, updatedAt: now }).where(eq(productContents.id, row.id));
  }
  const linkRows = await tx
    .select({ id: links.id, title: links.title, modifiedTitle: links.modifiedTitle })
    .from(links)
    .where(eq(links.productId, productId));
  let linksChanged = false;
  for (const link of linkRows) {
    const next = titles(link.modifiedTitle, link.title);
    if (JSON.stringify(next) === JSON.stringify(link.modifiedTitle)) continue;
    await tx.update(links).set({ modifiedTitle: next, updatedAt: now }).where(eq(links.id, link.id));
    linksChanged = true;
  }
  return { linksChanged };
}

/** `POST /api/product/languages`: registers `code` (409 when it is already there) and copies the first language's texts to it. */
export async function addLanguage(db: Db, product: ProductRow, code: string): Promise<{ linksChanged: boolean }> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, product.id);
    const languages = await readLanguages(tx, product.id);
    if (languages.some((language) => language.value === code)) throw languageTaken();
    if (languages.length >= PRODUCT_LANGUAGE_MAX) throw languageProblem(`At most ${PRODUCT_LANGUAGE_MAX} languages beside DEFAULT`);
    await tx.insert(productLanguages).values({ productId: product.id, code });
    await tx
      .insert(productTexts)
      .values({ productId: product.id, languageCode: code, productName: product.productName, description: product.description, features: product.features, details: product.details })
      .onConflictDoNothing();
    return applyToBlocksAndLinks(
      tx,
      product.id,
      (rows) => addLanguageToBlocks(rows, code),
      (titles, title) => addLanguageToTitles(titles, code, title),
    );
  });
}

/** `DELETE /api/product/languages`: unregisters `code` (404 when it is not registered) and removes its inputs, titles and texts. */
export async function deleteLanguage(db: Db, product: ProductRow, code: string): Promise<{ linksChanged: boolean }> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, product.id);
    const [removed] = await tx
      .delete(productLanguages)
      .where(and(eq(productLanguages.productId, product.id), eq(productLanguages.code, code)))
      .returning({ id: productLanguages.id });
    if (!removed) throw notFound();
    await tx.delete(productTexts).where(and(eq(productTexts.productId, product.id), eq(productTexts.languageCode, code)));
    return applyToBlocksAndLinks(
      tx,
      product.id,
      (rows) => removeLanguageFromBlocks(rows, code),
      (titles) => removeLanguageFromTitles(titles, code),
    );
  });
}
