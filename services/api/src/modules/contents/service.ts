import { and, eq, notInArray } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  withoutPlaceholders,
  type ContentBlock,
  type Design,
  type LandingContent,
  type ProductDetailsLanguage,
} from '@product-console/shared';
import type { z } from 'zod';
import type { productDetailsUpdateBodySchema } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { validationFailed, type FieldError } from '../../errors.js';
import { productWebhookData, recordWebhookEvents, type WebhookSender } from '../webhooks/outbox.js';
import type { FileStorage } from '../../plugins/storage.js';
import type { AuthContext } from '../access/auth-context.js';
import { authorizeProduct } from '../access/policies.js';
import { publicProduct } from '../access/public-products.js';
import { entries } from '../entries/tables.js';
import { ensureAutoLinks } from '../links/auto-links.js';
import { products, type ProductRow } from '../products/tables.js';
import { checkBlocks, mediaPathsOf, type BlockBody } from './blocks.js';
import { addLanguage, deleteLanguage } from './languages.js';
import { isContentMediaPath, removeUnreferencedMedia, storeContentMedia } from './media.js';
import { entryPathOf, lockProduct, readBlocks, readDesign, readLanguages, readTexts } from './queries.js';
import { productContents, productDesigns, productTexts } from './tables.js';
import { translateLanding, type LandingTranslator } from './translate.js';

/** Who asks and where files go; routes build it per request. */
export interface ContentContext {
  db: Db;
  storage: FileStorage;
  auth: AuthContext;
  companyId: number;
  /** Queues the `product.updated` webhooks of a change of the product's own texts, in its transaction (decision 086). */
  jobs: WebhookSender;
}

/** What a write changed for the resolver: entry paths whose cached answers must go (`x-resolver-invalidate`). */
export interface ContentWriteResult {
  entryPaths: string[];
}

const authorize = (ctx: ContentContext, productId: number, action: 'read' | 'write') => authorizeProduct(ctx.db, ctx.auth, ctx.companyId, productId, action);

/** `GET /api/product/content?productId`. */
export async function getContents(ctx: ContentContext, productId: number): Promise<ContentBlock[]> {
  const product = await authorize(ctx, productId, 'read');
  return readBlocks(ctx.db, product.id);
}

/**
 * `PUT /api/product/content`: replaces every block of the product in one transaction, after the
 * rules of `blocks.ts`; files the old blocks showed and the new ones do not are removed after the commit.
 */
export async function replaceContents(ctx: ContentContext, body: { productId: number; contents: BlockBody[] }): Promise<{ contents: ContentBlock[] } & ContentWriteResult> {
  const product = await authorize(ctx, body.productId, 'write');
  const { before, after } = await ctx.db.transaction(async (tx) => {
    await lockProduct(tx, product.id);
    const languages = (await readLanguages(tx, product.id)).map((language) => language.value);
    const { blocks, problems } = checkBlocks(body.contents, product.id, languages);
    if (problems.length > 0) throw validationFailed(problems);
    const previous = await readBlocks(tx, product.id);
    // A block that names one of the product's stored blocks keeps its id; the others are new, and stored blocks not named go.
    const kept = new Set<number>();
    const now = new Date();
    const rows = blocks.map(({ content_id, ...block }, index) => {
      const id = content_id !== undefined && !kept.has(content_id) && previous.some((old) => old.content_id === content_id) ? content_id : undefined;
      if (id !== undefined) kept.add(id);
      return { id, values: { ...block, position: index + 1, updatedAt: now } };
    });
    await tx.delete(productContents).where(and(eq(productContents.productId, product.id), notInArray(productContents.id, [...kept])));
    for (const row of rows.filter((item) => item.id !== undefined)) {
      await tx.update(productContents).set(row.values).where(eq(productContents.id, row.id!));
    }
    const created = rows.filter((item) => item.id === undefined);
    if (created.length > 0) await tx.insert(productContents).values(created.map((row) => ({ productId: product.id, ...row.values, createdAt: now })));
    const design = await readDesign(tx, product.id);
    return { before: mediaPathsOf(previous), after: [...mediaPathsOf(blocks), design.logo.logoImage].filter((path): path is string => path !== null) };
  });
  await removeUnreferencedMedia(ctx.storage, product.id, before, after);
  return { contents: await readBlocks(ctx.db, product.id), entryPaths: await entryPathOf(ctx.db, product) };
}

/** The answer of every languages call: the registered languages and the texts per language. */
export async function languageList(db: Db, product: ProductRow) {
  const result = await readLanguages(db, product.id);
  return { result, productDetails: await readTexts(db, product, result) };
}

/** `GET /api/product/languages?productId`. */
export async function getLanguages(ctx: ContentContext, productId: number) {
  return languageList(ctx.db, await authorize(ctx, productId, 'read'));
}

/** `POST` / `DELETE /api/product/languages`: the rules of `languages.ts`; the page and link titles changed, so the resolver's copy goes. */
export async function changeLanguage(ctx: ContentContext, productId: number, code: string, change: 'add' | 'delete') {
  const product = await authorize(ctx, productId, 'write');
  if (change === 'add') await addLanguage(ctx.db, product, code);
  else await deleteLanguage(ctx.db, product, code);
  const list = await languageList(ctx.db, product);
  return { ...list, entryPaths: await entryPathOf(ctx.db, product) };
}

type DetailsBody = z.infer<typeof productDetailsUpdateBodySchema>;

/**
 * `PUT /api/product/details`: details, dynamic info and the smart-label setting as before, and the
 * texts per language: DEFAULT's are the product's own fields, others must be registered.
 */
export async function updateProductDetails(ctx: ContentContext, body: DetailsBody, templateOrigin: string): Promise<ContentWriteResult> {
  const current = await authorize(ctx, body.productId, 'write');
  await ctx.db.transaction(async (tx) => {
    await lockProduct(tx, current.id);
    const texts = body.productDetails ?? [];
    const registered = new Set((await readLanguages(tx, current.id)).map((language) => language.value));
    const problems: FieldError[] = [];
    const seen = new Set<string>();
    texts.forEach((text, index) => {
      const path = `productDetails.${index}.languageCode`;
      if (text.languageCode !== DEFAULT_LANGUAGE && !registered.has(text.languageCode)) problems.push({ path, message: 'Not a language of this product' });
      else if (seen.has(text.languageCode)) problems.push({ path, message: 'This language is given twice' });
      seen.add(text.languageCode);
    });
    if (problems.length > 0) throw validationFailed(problems);

    const own: ProductDetailsLanguage | undefined = texts.find((text) => text.languageCode === DEFAULT_LANGUAGE);
    const [updated] = await tx
      .update(products)
      .set({
        ...(body.details !== undefined && { details: body.details }),
        ...(body.dynamicInfo !== undefined && { dynamicInfo: body.dynamicInfo }),
        ...(body.smartLabelSetting !== undefined && { smartLabelSetting: body.smartLabelSetting }),
        ...(own && { productName: own.productName, description: own.description, features: own.features, details: own.details }),
        updatedAt: new Date(),
      })
      .where(eq(products.id, current.id))
      .returning();
    await recordWebhookEvents(tx, ctx.jobs, ctx.companyId, [
      { type: 'product.updated', productId: current.id, data: productWebhookData(updated) },
    ]);
    if (own && current.entryId !== null) {
      await tx.update(entries).set({ title: own.productName, titleEng: own.productName, updatedAt: new Date() }).where(eq(entries.id, current.entryId));
    }
    for (const text of texts.filter((item) => item.languageCode !== DEFAULT_LANGUAGE)) {
      const values = { productName: text.productName, description: text.description, features: text.features, details: text.details, updatedAt: new Date() };
      await tx
        .insert(productTexts)
        .values({ productId: current.id, languageCode: text.languageCode, ...values })
        .onConflictDoUpdate({ target: [productTexts.productId, productTexts.languageCode], set: values });
    }
    if (body.smartLabelSetting !== undefined) await ensureAutoLinks(tx, updated, { templateOrigin, userId: ctx.auth.userId });
  });
  return { entryPaths: await entryPathOf(ctx.db, current) };
}

/** `GET /api/product/design?productId`. */
export async function getDesign(ctx: ContentContext, productId: number): Promise<Design> {
  const product = await authorize(ctx, productId, 'read');
  return readDesign(ctx.db, product.id);
}

/** `PUT /api/product/design`: the logo image must be a stored picture of this product; a logo no longer used is removed. */
export async function saveDesign(ctx: ContentContext, productId: number, design: Design): Promise<ContentWriteResult> {
  const product = await authorize(ctx, productId, 'write');
  const logo = design.logo.logoImage;
  if (logo !== null && (!isContentMediaPath(logo, product.id) || logo.endsWith('.mp4'))) {
    throw validationFailed([{ path: 'design.logo.logoImage', message: 'Must be an uploaded image of this product' }]);
  }
  const { before, after } = await ctx.db.transaction(async (tx) => {
    await lockProduct(tx, product.id);
    const previous = await readDesign(tx, product.id);
    await tx
      .insert(productDesigns)
      .values({ productId: product.id, design, updatedAt: new Date() })
      .onConflictDoUpdate({ target: productDesigns.productId, set: { design, updatedAt: new Date() } });
    const blocks = await readBlocks(tx, product.id);
    return {
      before: [previous.logo.logoImage].filter((path): path is string => path !== null),
      after: [...mediaPathsOf(blocks), logo].filter((path): path is string => path !== null),
    };
  });
  await removeUnreferencedMedia(ctx.storage, product.id, before, after);
  return { entryPaths: await entryPathOf(ctx.db, product) };
}

/** `POST /api/product/content/media?productId`: stores an image or an MP4 of the product's page. */
export async function uploadContentMedia(ctx: ContentContext, request: Parameters<typeof storeContentMedia>[0], productId: number, imageMaxBytes: number) {
  const product = await authorize(ctx, productId, 'write');
  return storeContentMedia(request, ctx.storage, product.id, imageMaxBytes);
}

/** `GET /api/product/landing-page/design?productId` (public). */
export async function landingDesign(db: Db, productId: number): Promise<Design> {
  const { product } = await publicProduct(db, productId);
  return readDesign(db, product.id);
}

/**
 * `GET /api/product/landing-page/preview-contents?productId&lang?` (public): the published page;
 * translated into `lang` when the design asks for automatic translation (see translate.ts).
 */
export async function landingContents(db: Db, translator: LandingTranslator | null, productId: number, lang: string | undefined): Promise<LandingContent> {
  const { product } = await publicProduct(db, productId);
  const [contents, languages, design] = await Promise.all([readBlocks(db, product.id), readLanguages(db, product.id), readDesign(db, product.id)]);
  const page: LandingContent = {
    // A copy nobody wrote is never published (nor machine-translated): the page falls back to DEFAULT or leaves the block out.
    contents: withoutPlaceholders(contents),
    languages: languages.map((language) => language.value),
    productDetails: await readTexts(db, product, languages),
    translatedTo: null,
  };
  return translateLanding(page, design, translator, lang);
}
