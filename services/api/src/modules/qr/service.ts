import { and, eq, isNull } from 'drizzle-orm';
import { QR_DEFAULT_BACKGROUND, QR_DEFAULT_FOREGROUND, QR_QUIET_ZONE_MIN, SERIAL_AI, qualifierPathOf, type QrContent } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { FileStorage } from '../../plugins/storage.js';
import { isValidStorageKey } from '../../plugins/storage.js';
import type { AuthContext } from '../access/auth-context.js';
import { companies } from '../companies/tables.js';
import { productDigitalLink } from '../links/digital-link.js';
import { authorizeProduct } from '../access/policies.js';
import type { ProductRow } from '../products/tables.js';
import { qualifiers } from '../qualifiers/tables.js';
import { logoFromImage, type QrDesign, type QrLogo } from './render.js';

export interface QrRequest {
  productId: number;
  serial?: string;
}

/** What a product's QR code carries and looks like, and what its file is called. */
export interface ProductQr {
  content: string;
  design: QrDesign;
  /** The GTIN that names the downloaded file. */
  fileKey: string;
}

export interface QrContext {
  db: Db;
  storage: FileStorage;
  auth: AuthContext;
  companyId: number;
  /** `config.DIGITAL_LINK_DOMAIN`: the origin of users without a custom domain. */
  templateOrigin: string;
  /** Largest stored logo read, in bytes (the upload limit). */
  maxLogoBytes: number;
  warn(message: string, error?: unknown): void;
}

/** What a product's QR code carries and looks like; 404 for an unknown product or serial, 403 without read access. */
export async function productQr(context: QrContext, request: QrRequest): Promise<ProductQr> {
  const product = await authorizeProduct(context.db, context.auth, context.companyId, request.productId, 'read');
  const content = await contentOf(context, product, request.serial);
  return { content, design: await designOf(context, product.qrContent ?? null), fileKey: product.gtin ?? `product-${product.id}` };
}

/**
 * The text of the code: the product's Digital Link URI as `GET /api/product/?productId` gives it
 * (`productDigitalLink` follows the read-back's origin rules), plus `/21/{serial}` for a live
 * serial of its entry; the QR content's website instead when it says so and no serial is asked
 * for (a website URL has no place for the serial).
 */
async function contentOf(context: QrContext, product: ProductRow, serial: string | undefined): Promise<string> {
  const { db, auth, companyId } = context;
  const qrContent = product.qrContent;
  if (qrContent?.data === 'website' && qrContent.websiteUrl && serial === undefined) return qrContent.websiteUrl;

  const digitalLink = await productDigitalLink(db, context.templateOrigin, { productId: product.id, companyId, userId: auth.userId });
  if (!digitalLink || product.entryId === null) throw notFound();
  if (serial === undefined) return digitalLink;

  const qualifierPath = qualifierPathOf(SERIAL_AI, serial);
  const [qualifier] = await db
    .select({ id: qualifiers.id })
    .from(qualifiers)
    .where(
      and(
        eq(qualifiers.entryId, product.entryId),
        eq(qualifiers.companyId, companyId),
        eq(qualifiers.qualifierPath, qualifierPath),
        eq(qualifiers.isDeleted, false),
      ),
    );
  if (!qualifier) throw notFound();
  return `${digitalLink}${qualifierPath}`;
}

/** The product's QR design: colours, logo, quiet zone and frame (designs stored before the frame existed have none). */
export async function designOf(context: Pick<QrContext, 'storage' | 'maxLogoBytes' | 'warn'>, qrContent: QrContent | null): Promise<QrDesign> {
  const customDesign = qrContent?.customDesign;
  return {
    foreground: customDesign?.foreground ?? QR_DEFAULT_FOREGROUND,
    background: customDesign?.background ?? QR_DEFAULT_BACKGROUND,
    logo: customDesign ? await logoOf(context, customDesign) : null,
    quietZone: customDesign?.quietZone ?? QR_QUIET_ZONE_MIN,
    frame: customDesign?.frame === 'cta' ? { language: customDesign.frameLanguage ?? 'en' } : null,
  };
}

async function logoOf(context: Pick<QrContext, 'storage' | 'maxLogoBytes' | 'warn'>, customDesign: QrContent['customDesign']): Promise<QrLogo | null> {
  if (customDesign.logoType === 'text') {
    const text = customDesign.logoText.trim();
    return text ? { kind: 'text', text } : null;
  }
  if (!customDesign.logoImage) return null;
  // A logo that has gone missing or no longer decodes leaves a plain code rather than no code.
  try {
    const data = await readStoredFile(context, customDesign.logoImage);
    return data ? await logoFromImage(data) : null;
  } catch (error) {
    context.warn('QR logo image could not be read; rendering without it', error);
    return null;
  }
}

/** The bytes of a stored file named by its path `/files/{key}`, or null when there is none. */
async function readStoredFile(context: Pick<QrContext, 'storage' | 'maxLogoBytes'>, path: string): Promise<Buffer | null> {
  const key = path.replace(/^\/files\//, '');
  if (key === path || !isValidStorageKey(key)) return null;
  const file = await context.storage.get(key);
  if (!file) return null;
  if (file.size > context.maxLogoBytes) {
    file.stream.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Notes the company's first QR code download, the quick start's "print the QR code" step; later ones change nothing. */
export async function recordQrDownload(db: Db, companyId: number): Promise<void> {
  await db
    .update(companies)
    .set({ qrDownloadedAt: new Date() })
    .where(and(eq(companies.id, companyId), isNull(companies.qrDownloadedAt)));
}
