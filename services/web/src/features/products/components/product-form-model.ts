import { z } from 'zod';
import {
  PRODUCT_IMAGE_MAX,
  QR_DEFAULT_BACKGROUND,
  QR_DEFAULT_FOREGROUND,
  QR_QUIET_ZONE_MIN,
  QR_MIN_CONTRAST,
  SERVICES,
  contrastRatio,
  gtinInputSchema,
  productInputSchema,
  qrContentSchema,
  relativeLuminance,
  type ProductDetail,
  type ServiceCode,
} from '@product-console/shared';

/** Categories of spec point 9 with their subcategories (ids are stored, names translated). */
export const CATEGORIES = [
  { id: 1, subcategories: [1, 2, 3, 4] },
  { id: 2, subcategories: [5, 6, 7] },
  { id: 3, subcategories: [8, 9, 10] },
] as const;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_IMAGES = 'image/png,image/jpeg,image/webp,image/gif';

/** Colours of a new QR code: black modules on white. */
export const QR_DEFAULT_COLOURS = { foreground: QR_DEFAULT_FOREGROUND, background: QR_DEFAULT_BACKGROUND } as const;

/** The wizard's values: the shared product input plus the service and the QR content. */
export const productFormSchema = productInputSchema.extend({
  service: z.enum(SERVICES),
  gtin: gtinInputSchema,
  qrContent: qrContentSchema,
});
export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;

export function emptyProductForm(projectId: number | undefined, service: ServiceCode): ProductFormInput {
  return {
    service,
    // No project yet (added from the sidebar): the select shows its placeholder and asks for one.
    project_id: projectId ?? (undefined as unknown as number),
    category_id: 1,
    subcategoryId: null,
    product_name: '',
    product_number: '',
    product_website: '',
    features: '',
    description: '',
    certification: [],
    isNFC: 0,
    details: '',
    dynamicInfo: [],
    options: [],
    careInfoType: 'text',
    careInfoText: '',
    gtin: '',
    qrContent: {
      data: 'digitalLink',
      websiteUrl: '',
      customDesign: { logoType: 'text', logoText: '', logoImage: null, ...QR_DEFAULT_COLOURS, frame: 'none', frameLanguage: 'en', quietZone: QR_QUIET_ZONE_MIN },
      designImages: [],
    },
  };
}

export function productToForm(product: ProductDetail): ProductFormInput {
  return {
    service: product.service,
    project_id: product.project_id,
    category_id: product.category_id,
    subcategoryId: product.subcategoryId,
    product_name: product.product_name,
    product_number: product.product_number,
    product_website: product.product_website,
    features: product.features,
    description: product.description,
    certification: product.certification,
    isNFC: product.isNFC,
    details: product.details,
    dynamicInfo: product.dynamicInfo,
    options: product.options,
    careInfoType: product.careInfo.type,
    careInfoText: product.careInfo.text,
    gtin: product.gtin ?? '',
    qrContent: product.qrContent
      ? { ...product.qrContent, customDesign: { ...QR_DEFAULT_COLOURS, ...product.qrContent.customDesign } }
      : emptyProductForm(product.project_id, product.service).qrContent,
  };
}

/** Scanners read dark modules on a light background with enough contrast (the rule the API applies too). */
export function qrColoursScanWell(foreground: string, background: string): boolean {
  return relativeLuminance(foreground) < relativeLuminance(background) && contrastRatio(foreground, background) >= QR_MIN_CONTRAST;
}

/** Images of the form: stored ones kept (edit) and new files, in display order. */
export interface WizardFiles {
  retainedImages: string[];
  productImages: File[];
  careInfoImage: File | null;
  logoImage: File | null;
  designImages: File[];
}

export const noFiles = (retainedImages: string[] = []): WizardFiles => ({
  retainedImages,
  productImages: [],
  careInfoImage: null,
  logoImage: null,
  designImages: [],
});

export const imageCount = (files: WizardFiles) => files.retainedImages.length + files.productImages.length;
export { PRODUCT_IMAGE_MAX };

/** The multipart body of spec point 7: `product` (JSON array), `qrContent` (JSON) and the files. */
export function toFormData(values: ProductFormValues, files: WizardFiles, mode: 'create' | 'edit'): FormData {
  const { service: _service, qrContent, gtin, project_id, ...rest } = values;
  const product = mode === 'create' ? { ...rest, gtin, project_id } : { ...rest, retainedImages: files.retainedImages, retainCareInfoImage: true };
  const body = new FormData();
  body.append('product', JSON.stringify([product]));
  body.append('qrContent', JSON.stringify(qrContent));
  for (const file of files.productImages) body.append('productImg', file, file.name);
  if (files.careInfoImage) body.append('careInfoImg', files.careInfoImage, files.careInfoImage.name);
  if (files.logoImage) body.append('logoImg', files.logoImage, files.logoImage.name);
  for (const file of files.designImages) body.append('designImg', file, file.name);
  return body;
}
