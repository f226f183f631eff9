import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DESIGN_IMAGE_MAX,
  MESSAGES,
  PRODUCT_IMAGE_MAX,
  companyPrefixOf,
  entryPath,
  entryValue,
  gtinProblem,
  padGtin14,
  productArraySchema,
  productUpdateArraySchema,
  qrContentSchema,
  toFieldErrors,
  type ProductInput,
  type ProductOption,
  type QrContent,
  type ServiceCode,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import type { Publish } from '../../events.js';
import { duplicateGtin, notFound, validationFailed, type FieldError } from '../../errors.js';
import { productWebhookData, recordWebhookEvents, type WebhookSender } from '../webhooks/outbox.js';
import type { FileStorage } from '../../plugins/storage.js';
import type { AuthContext } from '../access/auth-context.js';
import { companies } from '../companies/tables.js';
import { entries } from '../entries/tables.js';
import { assertProductAllowed } from '../plans/limits.js';
import { projects } from '../projects/tables.js';
import { productContents, productDesigns, productLanguages, productTexts } from '../contents/tables.js';
import { contentFolder, deleteImages, productFolder, storeImage } from './images.js';
import { authorizeProduct, authorizeProductProject } from '../access/policies.js';
import { products, type ProductRow } from './tables.js';
import type { MultipartBody, UploadedImage } from './uploads.js';
import { ensureAutoLinks } from '../links/auto-links.js';

/** Files each multipart field may carry. */
export const PRODUCT_FILE_LIMITS = { productImg: PRODUCT_IMAGE_MAX, careInfoImg: 1, logoImg: 1, designImg: DESIGN_IMAGE_MAX };

const gtinTaken = () => duplicateGtin([{ path: 'product.0.gtin', message: MESSAGES.duplicateGtin }]);

function parseJsonField<S extends z.ZodType>(fields: Record<string, string>, name: string, schema: S, fallback?: unknown): z.infer<S> {
  const text = fields[name];
  let value: unknown = fallback;
  if (text !== undefined) {
    try {
      value = JSON.parse(text);
    } catch {
      throw validationFailed([{ path: name, message: 'Must be JSON' }]);
    }
  } else if (fallback === undefined) {
    throw validationFailed([{ path: name, message: 'Required' }]);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw validationFailed(toFieldErrors(parsed.error).map((error) => ({ ...error, path: error.path === '(body)' ? name : `${name}.${error.path}` })));
  }
  return parsed.data;
}

async function lockedCompany(tx: Db, companyId: number) {
  // Serialises product writes of one company: the plan count and the GTIN check see a stable state.
  const [company] = await tx.select({ gcps: companies.gcps }).from(companies).where(eq(companies.id, companyId)).for('update');
  if (!company) throw notFound();
  return company;
}

/** Option images name a stored path of this product or `productImg:{n}`, resolved to the n-th new image. */
function resolveOptions(options: ProductOption[], newPaths: string[], keptPaths: string[]): ProductOption[] {
  return options.map((option, index) => {
    if (option.image === null) return option;
    const reference = /^productImg:(\d+)$/.exec(option.image);
    const image = reference ? newPaths[Number(reference[1])] : keptPaths.includes(option.image) ? option.image : undefined;
    if (image === undefined) throw validationFailed([{ path: `product.0.options.${index}.image`, message: 'Unknown image' }]);
    return { ...option, image };
  });
}

interface StoredFiles {
  images: string[];
  careInfoImage: string | null;
  logoImage: string | null;
  designImages: string[];
  all: string[];
}

async function storeFiles(storage: FileStorage, productId: number, files: MultipartBody['files']): Promise<StoredFiles> {
  const folder = productFolder(productId);
  const store = (list: UploadedImage[] | undefined) => Promise.all((list ?? []).map((image) => storeImage(storage, folder, image)));
  const images = await store(files.productImg);
  const [careInfoImage = null] = await store(files.careInfoImg);
  const [logoImage = null] = await store(files.logoImg);
  const designImages = await store(files.designImg);
  return { images, careInfoImage, logoImage, designImages, all: [...images, ...designImages, ...[careInfoImage, logoImage].filter((p): p is string => p !== null)] };
}

function withStoredDesign(qrContent: QrContent, stored: StoredFiles, previous: QrContent | null): QrContent {
  const logoImage = stored.logoImage ?? (qrContent.customDesign.logoType === 'image' ? (previous?.customDesign.logoImage ?? null) : null);
  const designImages = [...(previous?.designImages ?? []).filter((path) => qrContent.designImages.includes(path)), ...stored.designImages];
  return { ...qrContent, customDesign: { ...qrContent.customDesign, logoImage }, designImages };
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** The columns a product's form fills, the same on create and update. */
function describedBy(input: Omit<ProductInput, 'gtin' | 'project_id'>) {
  return {
    productName: input.product_name,
    productNumber: input.product_number,
    categoryId: input.category_id,
    subcategoryId: input.subcategoryId,
    productWebsite: input.product_website,
    features: input.features,
    description: input.description,
    certification: input.certification,
    details: input.details,
    dynamicInfo: input.dynamicInfo,
    isNfc: input.isNFC,
    // Care information as text belongs to category 1 only.
    careInfoText: input.category_id === 1 && input.careInfoType === 'text' ? input.careInfoText : '',
  };
}

export interface ProductWriteContext {
  db: Db;
  storage: FileStorage;
  auth: AuthContext;
  companyId: number;
  /** `config.DIGITAL_LINK_DOMAIN`: the origin of automatic link targets without a custom domain. */
  templateOrigin: string;
  /** Publishes the domain events of a committed write. */
  publish: Publish;
  /** Queues the product-data webhooks of a write, in its transaction (decision 086). */
  jobs: WebhookSender;
}

/** What a write changed: the entry paths whose resolution changed (for `x-resolver-invalidate`). */
export interface ProductWriteResult {
  entryPaths: string[];
}

const autoLinkTargets = (ctx: ProductWriteContext) => ({ templateOrigin: ctx.templateOrigin, userId: ctx.auth.userId });

/**
 * `POST /api/product/`: validates everything first, then in one transaction checks the plan and
 * the GTIN, creates the entry and the product and stores the files; stored files are removed
 * again when the transaction fails.
 */
export async function createProduct(
  ctx: ProductWriteContext,
  service: ServiceCode,
  body: MultipartBody,
): Promise<{ productId: number; entryId: number } & ProductWriteResult> {
  const { db, storage, auth, companyId } = ctx;
  const [input] = parseJsonField(body.fields, 'product', productArraySchema);
  const qrContent = parseJsonField(body.fields, 'qrContent', qrContentSchema, {});

  const [project] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, input.project_id), eq(projects.companyId, companyId)));
  if (!project) throw notFound();
  await authorizeProductProject(db, auth, project.id, 'write');

  const productImages = body.files.productImg ?? [];
  const problems: FieldError[] = [];
  if (input.category_id === 1 && input.careInfoType === 'image' && !body.files.careInfoImg?.length) {
    problems.push({ path: 'careInfoImg', message: 'Required for care info as an image' });
  }
  if (qrContent.customDesign.logoType === 'image' && !body.files.logoImg?.length) problems.push({ path: 'logoImg', message: 'Required for an image logo' });
  if (problems.length > 0) throw validationFailed(problems);

  const gtin = padGtin14(input.gtin);
  let productId: number | undefined;
  try {
    const created = await db.transaction(async (tx) => {
      const company = await lockedCompany(tx, companyId);
      await assertProductAllowed(tx, companyId, service, true);
      const problem = gtinProblem(input.gtin, company.gcps);
      if (problem) {
        const message = problem === 'prefix' ? MESSAGES.invalidGtinPrefix : problem === 'checkDigit' ? MESSAGES.invalidGtinCheckDigit : 'Enter 8, 12, 13 or 14 digits';
        throw validationFailed([{ path: 'product.0.gtin', message }]);
      }
      const aiValue = entryValue('01', gtin);
      const [existing] = await tx
        .select({ id: entries.id })
        .from(entries)
        .where(and(eq(entries.aiString, '01'), eq(entries.aiValue, aiValue), eq(entries.isDeleted, false)));
      if (existing) throw gtinTaken();

      const [entry] = await tx
        .insert(entries)
        .values({
          companyId,
          entryPath: entryPath('01', aiValue),
          aiString: '01',
          aiValue,
          gcp: companyPrefixOf(gtin, company.gcps)!,
          title: input.product_name,
          titleEng: input.product_name,
        })
        .returning({ id: entries.id, entryPath: entries.entryPath });
      const [row] = await tx
        .insert(products)
        .values({
          companyId,
          projectId: project.id,
          entryId: entry.id,
          ...describedBy(input),
          service,
          gtin,
        })
        .returning();
      productId = row.id;

      // Files go to storage only now that everything else is known to be valid.
      const stored = await storeFiles(storage, row.id, { ...body.files, productImg: productImages });
      await tx
        .update(products)
        .set({
          images: stored.images,
          options: resolveOptions(input.options, stored.images, []),
          careInfoImage: input.category_id === 1 && input.careInfoType === 'image' ? stored.careInfoImage : null,
          qrContent: withStoredDesign(qrContent, stored, null),
        })
        .where(eq(products.id, row.id));
      await ensureAutoLinks(tx, row, autoLinkTargets(ctx));
      await recordWebhookEvents(tx, ctx.jobs, companyId, [{ type: 'product.created', productId: row.id, data: productWebhookData(row) }]);
      return { productId: row.id, entryId: entry.id, entryPaths: [entry.entryPath] };
    });
    await ctx.publish({ type: 'planUsage.changed', companyId, resource: 'product' });
    return created;
  } catch (error) {
    if (productId !== undefined) await storage.deletePrefix(productFolder(productId)).catch(() => undefined);
    if (isUniqueViolation(error)) throw gtinTaken();
    throw error;
  }
}

/**
 * `PUT /api/product/`: new files are added, `retainedImages` says which stored images stay
 * (anything else is removed after the commit); new files are removed if the update fails.
 */
export async function updateProduct(
  ctx: ProductWriteContext,
  productId: number,
  service: ServiceCode,
  body: MultipartBody,
  /** Checked on the product as it is once the company's writes are serialised (a public API's If-Match); throws to refuse. */
  precondition?: (current: ProductRow) => void,
): Promise<ProductWriteResult> {
  const { db, storage, auth, companyId } = ctx;
  const current = await authorizeProduct(db, auth, companyId, productId, 'write');
  const [input] = parseJsonField(body.fields, 'product', productUpdateArraySchema);
  const qrContent = parseJsonField(body.fields, 'qrContent', qrContentSchema, current.qrContent ?? {});

  const unknown = input.retainedImages.filter((path) => !current.images.includes(path));
  if (unknown.length > 0) throw validationFailed([{ path: 'product.0.retainedImages', message: 'Not an image of this product' }]);
  if (input.retainedImages.length + (body.files.productImg?.length ?? 0) > PRODUCT_IMAGE_MAX) {
    throw validationFailed([{ path: 'productImg', message: `At most ${PRODUCT_IMAGE_MAX} images` }]);
  }
  const keepsCareImage = input.retainCareInfoImage && current.careInfoImage !== null;
  if (input.category_id === 1 && input.careInfoType === 'image' && !body.files.careInfoImg?.length && !keepsCareImage) {
    throw validationFailed([{ path: 'careInfoImg', message: 'Required for care info as an image' }]);
  }

  let stored: StoredFiles | undefined;
  let removed: string[] = [];
  try {
    await db.transaction(async (tx) => {
      await lockedCompany(tx, companyId);
      if (precondition) {
        const [now] = await tx.select().from(products).where(eq(products.id, productId));
        precondition(now);
      }
      await assertProductAllowed(tx, companyId, service, false);
      stored = await storeFiles(storage, productId, body.files);
      const images = [...input.retainedImages, ...stored.images];
      const careInfoImage =
        input.category_id === 1 && input.careInfoType === 'image' ? (stored.careInfoImage ?? (keepsCareImage ? current.careInfoImage : null)) : null;
      const nextQr = withStoredDesign(qrContent, stored, current.qrContent ?? null);
      const [updated] = await tx
        .update(products)
        .set({
          ...describedBy(input),
          options: resolveOptions(input.options, stored.images, input.retainedImages),
          service,
          careInfoImage,
          qrContent: nextQr,
          images,
          updatedAt: new Date(),
        })
        .where(eq(products.id, productId))
        .returning();
      await ensureAutoLinks(tx, updated, autoLinkTargets(ctx));
      await recordWebhookEvents(tx, ctx.jobs, companyId, [{ type: 'product.updated', productId, data: productWebhookData(updated) }]);
      if (current.entryId) {
        await tx.update(entries).set({ title: input.product_name, titleEng: input.product_name, updatedAt: new Date() }).where(eq(entries.id, current.entryId));
      }
      const kept = new Set([...images, careInfoImage, nextQr.customDesign.logoImage, ...nextQr.designImages]);
      const before = [...current.images, current.careInfoImage, current.qrContent?.customDesign.logoImage ?? null, ...(current.qrContent?.designImages ?? [])];
      removed = before.filter((path): path is string => path !== null && !kept.has(path));
    });
  } catch (error) {
    if (stored) await deleteImages(storage, stored.all);
    throw error;
  }
  await deleteImages(storage, removed);
  return { entryPaths: await entryPathsOf(db, [current.entryId]) };
}

async function entryPathsOf(db: Db, entryIds: (number | null)[]): Promise<string[]> {
  const ids = entryIds.filter((id): id is number => id !== null);
  if (ids.length === 0) return [];
  return (await db.select({ entryPath: entries.entryPath }).from(entries).where(inArray(entries.id, ids))).map((row) => row.entryPath);
}

export async function setNfc(ctx: ProductWriteContext, productId: number, isNfc: 0 | 1): Promise<void> {
  await authorizeProduct(ctx.db, ctx.auth, ctx.companyId, productId, 'write');
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx.update(products).set({ isNfc, updatedAt: new Date() }).where(eq(products.id, productId)).returning();
    await recordWebhookEvents(tx, ctx.jobs, ctx.companyId, [{ type: 'product.updated', productId, data: productWebhookData(updated) }]);
  });
}

/** Every id must be a live product of the company (else 404, nothing changes) the caller may write. */
async function authorizeAll(ctx: ProductWriteContext, productIds: number[]) {
  const ids = [...new Set(productIds)];
  const rows = await ctx.db
    .select({ id: products.id, projectId: products.projectId, entryId: products.entryId })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.companyId, ctx.companyId), isNull(products.deletedAt)));
  if (rows.length !== ids.length) throw notFound();
  for (const projectId of new Set(rows.map((row) => row.projectId))) await authorizeProductProject(ctx.db, ctx.auth, projectId, 'write');
  return rows;
}

/**
 * Deletes products (soft: they stop counting against the plan), marks their entries deleted so
 * that the GTIN can be registered again, and removes their files once committed.
 */
export async function deleteProducts(ctx: ProductWriteContext, productIds: number[]): Promise<{ count: number } & ProductWriteResult> {
  const rows = await authorizeAll(ctx, productIds);
  const ids = rows.map((row) => row.id);
  const entryIds = rows.map((row) => row.entryId).filter((id): id is number => id !== null);
  const entryPaths = await entryPathsOf(ctx.db, entryIds);
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(products).set({ deletedAt: now, images: [], careInfoImage: null, qrContent: null, updatedAt: now }).where(inArray(products.id, ids));
    if (entryIds.length > 0) await tx.update(entries).set({ isDeleted: true, isActive: false, updatedAt: now }).where(inArray(entries.id, entryIds));
    // The product row stays (soft delete); its page goes with it as a hard delete would cascade.
    await tx.delete(productContents).where(inArray(productContents.productId, ids));
    await tx.delete(productTexts).where(inArray(productTexts.productId, ids));
    await tx.delete(productLanguages).where(inArray(productLanguages.productId, ids));
    await tx.delete(productDesigns).where(inArray(productDesigns.productId, ids));
    await recordWebhookEvents(
      tx,
      ctx.jobs,
      ctx.companyId,
      ids.map((productId) => ({ type: 'product.deleted' as const, productId, data: {} })),
    );
  });
  await Promise.all(
    ids.flatMap((id) => [productFolder(id), contentFolder(id)]).map((folder) => ctx.storage.deletePrefix(folder).catch(() => undefined)),
  );
  await ctx.publish({ type: 'planUsage.changed', companyId: ctx.companyId, resource: 'product' });
  return { count: ids.length, entryPaths };
}

/** Moves products to another project of the company; a sub-admin needs write on both sides. */
export async function moveProducts(ctx: ProductWriteContext, productIds: number[], targetProjectId: number): Promise<{ count: number } & ProductWriteResult> {
  const rows = await authorizeAll(ctx, productIds);
  const [target] = await ctx.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, targetProjectId), eq(projects.companyId, ctx.companyId)));
  if (!target) throw notFound();
  await authorizeProductProject(ctx.db, ctx.auth, target.id, 'write');
  await ctx.db.transaction(async (tx) => {
    const moved = await tx
      .update(products)
      .set({ projectId: target.id, updatedAt: new Date() })
      .where(inArray(products.id, rows.map((row) => row.id)))
      .returning();
    await recordWebhookEvents(
      tx,
      ctx.jobs,
      ctx.companyId,
      moved.map((row) => ({ type: 'product.updated' as const, productId: row.id, data: productWebhookData(row) })),
    );
  });
  await ctx.publish({ type: 'products.moved', companyId: ctx.companyId, productIds: rows.map((row) => row.id) });
  return { count: rows.length, entryPaths: await entryPathsOf(ctx.db, rows.map((row) => row.entryId)) };
}
