import { z } from 'zod';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from '../constants/limits.js';
import { SERVICES } from '../constants/services.js';
import { UI_LANGUAGES, type UiLanguage } from '../constants/ui.js';
import { fieldErrorDetailSchema, idSchema, idTextSchema, storable, text } from './common.js';
import { entrySchema, gtinInputSchema } from './gs1.js';
import { productLabelSchema } from './product-label.js';

const boundedText = (max: number) => text().trim().max(max);
const LONG_TEXT = 5000;

/** Multipart field names of `POST /api/product/` and `PUT /api/product/` (spec point 7). */
export const PRODUCT_FILE_FIELDS = ['productImg', 'careInfoImg', 'logoImg', 'designImg'] as const;
export type ProductFileField = (typeof PRODUCT_FILE_FIELDS)[number];
/** How many images a product may have, and how many design images a QR code. */
export const PRODUCT_IMAGE_MAX = 10;
export const DESIGN_IMAGE_MAX = 5;
/** Image types accepted by content (never by name or declared type). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export const serviceQuerySchema = z.object({ service: z.enum(SERVICES).default('DL') });

export const dynamicInfoItemSchema = z.object({
  label: boundedText(NAME_MAX_LENGTH).min(1),
  value: boundedText(DESCRIPTION_MAX_LENGTH),
});
export type DynamicInfoItem = z.infer<typeof dynamicInfoItemSchema>;

/**
 * A variant (e.g. colour: red). `image` is a stored image path, or on upload `productImg:{n}`
 * naming the n-th (0-based) `productImg` file of the same request.
 */
export const productOptionSchema = z.object({
  name: boundedText(NAME_MAX_LENGTH).min(1),
  value: boundedText(NAME_MAX_LENGTH).min(1),
  image: text().max(300).nullable().default(null),
});
export type ProductOption = z.infer<typeof productOptionSchema>;

export const logoTypeSchema = z.enum(['text', 'image']);

/** Colours of a QR code when its design names none: black modules on white. */
export const QR_DEFAULT_FOREGROUND = '#000000';
export const QR_DEFAULT_BACKGROUND = '#ffffff';
/** Scanners need dark modules on a light ground with at least this luminance contrast (WCAG ratio). */
export const QR_MIN_CONTRAST = 3;

/** Light modules around the symbol that ISO/IEC 18004 asks for: a design with fewer is refused. */
export const QR_QUIET_ZONE_MIN = 4;
export const QR_QUIET_ZONE_MAX = 16;
export const QR_FRAMES = ['none', 'cta'] as const;
export type QrFrame = (typeof QR_FRAMES)[number];

/**
 * The call to action a framed QR code carries under the symbol, in the language the design picks.
 * Printed content rather than console text: the API draws it into the SVG, PNG and PDF.
 */
export const QR_CALL_TO_ACTION: Readonly<Record<UiLanguage, string>> = {
  en: 'Scan for product info',
  ko: '스캔하여 제품 정보 보기',
  it: 'Scansiona per info sul prodotto',
  zh: '扫码查看产品信息',
  ja: 'スキャンで製品情報',
};

export const hexColourSchema = text().regex(/^#[0-9a-fA-F]{6}$/, 'A colour as #rrggbb');

/** WCAG relative luminance of a `#rrggbb` colour (0 black … 1 white). */
export function relativeLuminance(colour: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(colour.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#rrggbb` colours, 1 (same) … 21 (black on white). */
export function contrastRatio(first: string, second: string): number {
  const [dark, light] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => a - b);
  return (light + 0.05) / (dark + 0.05);
}

/** QR content of spec point 3 (`qrContent` multipart field); stored paths are filled in by the API. */
export const qrContentSchema = z.object({
  data: z.enum(['digitalLink', 'website']).default('digitalLink'),
  websiteUrl: z.union([storable(z.url({ protocol: /^https?$/ }).max(500)), z.literal('')]).default(''),
  customDesign: z
    .object({
      logoType: logoTypeSchema.default('text'),
      logoText: boundedText(NAME_MAX_LENGTH).default(''),
      logoImage: text().nullable().default(null),
      /** Module colour, `#rrggbb`; absent means QR_DEFAULT_FOREGROUND. */
      foreground: hexColourSchema.optional(),
      /** Background and quiet-zone colour, `#rrggbb`; absent means QR_DEFAULT_BACKGROUND. */
      background: hexColourSchema.optional(),
      /** `cta`: a frame in the module colour around the code with the call to action under it. */
      frame: z.enum(QR_FRAMES).default('none'),
      /** The language of the frame's call to action. */
      frameLanguage: z.enum(UI_LANGUAGES).default('en'),
      /** Light modules between the symbol and the image's edge or the frame. */
      quietZone: z
        .number()
        .int()
        .min(QR_QUIET_ZONE_MIN, `Keep at least ${QR_QUIET_ZONE_MIN} modules of quiet zone around the code, or scanners may not find it`)
        .max(QR_QUIET_ZONE_MAX)
        .default(QR_QUIET_ZONE_MIN),
    })
    // Many scanners only read dark modules on a light ground: refuse inverted or faint pairs.
    .refine(
      ({ foreground = QR_DEFAULT_FOREGROUND, background = QR_DEFAULT_BACKGROUND }) =>
        relativeLuminance(foreground) < relativeLuminance(background) && contrastRatio(foreground, background) >= QR_MIN_CONTRAST,
      { path: ['foreground'], message: `Use a dark colour on a light background with a contrast of at least ${QR_MIN_CONTRAST}:1` },
    )
    .default({ logoType: 'text', logoText: '', logoImage: null, frame: 'none', frameLanguage: 'en', quietZone: QR_QUIET_ZONE_MIN }),
  designImages: z.array(text()).default([]),
});
export type QrContent = z.infer<typeof qrContentSchema>;
export type QrContentInput = z.input<typeof qrContentSchema>;

export const careInfoTypeSchema = z.enum(['text', 'image']);

/** One element of the `product` JSON array of `POST /api/product/` (one product per request). */
export const productInputSchema = z.object({
  project_id: idSchema,
  category_id: z.number().int().min(1).max(3).default(1),
  subcategoryId: idSchema.nullable().default(null),
  product_name: boundedText(NAME_MAX_LENGTH).min(1),
  product_number: boundedText(NAME_MAX_LENGTH).default(''),
  product_website: z.union([storable(z.url({ protocol: /^https?$/ }).max(500)), z.literal('')]).default(''),
  features: boundedText(DESCRIPTION_MAX_LENGTH).default(''),
  description: boundedText(DESCRIPTION_MAX_LENGTH).default(''),
  certification: z.array(idSchema).max(20).default([]),
  isNFC: z.union([z.literal(0), z.literal(1)]).default(0),
  details: boundedText(LONG_TEXT).default(''),
  dynamicInfo: z.array(dynamicInfoItemSchema).max(50).default([]),
  options: z.array(productOptionSchema).max(50).default([]),
  careInfoType: careInfoTypeSchema.default('text'),
  careInfoText: boundedText(DESCRIPTION_MAX_LENGTH).default(''),
  /** The GTIN (AI 01) as typed; the API pads it to 14 digits. */
  gtin: gtinInputSchema,
});
export type ProductInput = z.infer<typeof productInputSchema>;
export type ProductInputValues = z.input<typeof productInputSchema>;

export const productArraySchema = z.array(productInputSchema).length(1, 'Send exactly one product');

/** One element of the `product` JSON array of `PUT /api/product/`: the GTIN cannot change. */
export const productUpdateInputSchema = productInputSchema.omit({ gtin: true, project_id: true }).extend({
  /** Existing image paths to keep, in order; new `productImg` files are appended. */
  retainedImages: z.array(text().max(300)).max(PRODUCT_IMAGE_MAX).default([]),
  /** Keep the stored care-info image when no new `careInfoImg` is sent. */
  retainCareInfoImage: z.boolean().default(true),
});
export type ProductUpdateInput = z.infer<typeof productUpdateInputSchema>;
export const productUpdateArraySchema = z.array(productUpdateInputSchema).length(1, 'Send exactly one product');

export const productIdQuerySchema = z.object({ productId: idTextSchema });
export const productUpdateQuerySchema = productIdQuerySchema.extend(serviceQuerySchema.shape);

/** A product with every field of spec point 3, as `GET /api/product/?productId` answers it. */
export const productDetailSchema = z.object({
  productId: z.number().int(),
  entry_id: z.number().int().nullable(),
  project_id: z.number().int(),
  project_name: z.string(),
  category_id: z.number().int(),
  subcategoryId: z.number().int().nullable(),
  product_name: z.string(),
  product_number: z.string(),
  product_website: z.string(),
  features: z.string(),
  description: z.string(),
  certification: z.array(z.number().int()),
  isNFC: z.union([z.literal(0), z.literal(1)]),
  details: z.string(),
  dynamicInfo: z.array(dynamicInfoItemSchema),
  options: z.array(productOptionSchema),
  image: z.array(z.string()).describe('Image paths; GET /api{path} serves each one'),
  thumbnails: z.array(z.string()).describe('Thumbnail path of each image, same order'),
  careInfo: z.object({ type: careInfoTypeSchema, text: z.string(), image: z.string().nullable() }),
  qrContent: qrContentSchema.nullable(),
  service: z.enum(SERVICES),
  gtin: z.string().nullable(),
  intendedMarkets: z.array(z.string()).describe('ISO 3166-1 alpha-2 codes the product is sold in; empty: anywhere (PUT /api/product/markets)'),
  label: productLabelSchema.nullable().describe('Category 2 and 3: the food, wine or textile label template (PUT /api/product/label); null: none'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productResponseSchema = z.object({ entry: entrySchema.nullable(), product: productDetailSchema });
export type ProductResponse = z.infer<typeof productResponseSchema>;

export const createProductResponseSchema = z.object({
  result: z.literal(true),
  productId: z.number().int(),
  entryId: z.number().int(),
});
export type CreateProductResponse = z.infer<typeof createProductResponseSchema>;
/** Failures of `POST /api/product/` carry `result: false` beside the usual error fields. */
export const createProductFailureSchema = z.object({
  result: z.literal(false),
  code: z.string(),
  message: z.string(),
  details: z.array(fieldErrorDetailSchema).optional(),
});

/** `PUT /api/product/` and `PUT /api/product/details`: 'success', or 'fail' (with an error body). */
export const updateResultSchema = z.object({ result: z.literal('success') });
export const updateFailureSchema = createProductFailureSchema.extend({ result: z.literal('fail') });

export const productDetailsBodySchema = z.object({
  productId: idSchema,
  details: boundedText(LONG_TEXT).optional(),
  dynamicInfo: z.array(dynamicInfoItemSchema).max(50).optional(),
  /** Smart-label setting (not shown in the console): 1 on a category 2 product removes its smart-label links. */
  smartLabelSetting: z.union([z.literal(0), z.literal(1)]).optional(),
});

export const nfcBodySchema = z.object({ productId: idSchema, isNFC: z.union([z.literal(0), z.literal(1)]) });

export const productIdsBodySchema = z.object({ productIds: z.array(idSchema).min(1).max(100) });
export const moveBodySchema = z.object({ targetProjectId: idSchema });
export const moveBulkBodySchema = productIdsBodySchema.extend(moveBodySchema.shape);

export const certificationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  issuer: z.string(),
  description: z.string(),
  website: z.string(),
});
export type Certification = z.infer<typeof certificationSchema>;
export const certificationListResponseSchema = z.object({ result: z.array(certificationSchema) });

export const productServiceResponseSchema = z.object({
  result: z.object({ productId: z.number().int(), service: z.enum(SERVICES), services: z.array(z.enum(SERVICES)) }),
});

/** `GET /api/product/all`: the product list query with search and sort. */
export const PRODUCT_SORTS = ['createdAt', 'product_name', 'product_number', 'updatedAt'] as const;
export const productListSearchQuerySchema = z.object({
  search: text().trim().max(NAME_MAX_LENGTH).optional().describe('Part of the name, number or GTIN'),
  sort: z.enum(PRODUCT_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

export const bulkResultSchema = z.object({ result: z.literal(true), count: z.number().int() });

/** The thumbnail path of a stored image path (`/files/products/1/ab.png` → `/files/products/1/ab.thumb.webp`). */
export function thumbnailPath(imagePath: string): string {
  return imagePath.replace(/(\.[A-Za-z0-9]+)?$/, '.thumb.webp');
}
