import { z } from 'zod';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from '../constants/limits.js';
import { idSchema, idTextSchema, storable, text } from './common.js';
import { languageInputSchema } from './link.js';
import { hexColourSchema, productDetailsBodySchema } from './product-detail.js';

/*
 * Product content (issue 14, spec points 3 and 4): content blocks, product languages, per-language
 * product details and the design theme. The API enforces every rule here; the console's editor and
 * the consumer page read the same shapes.
 */

/** The language of a product's own texts; every other language is registered beside it. */
export const DEFAULT_LANGUAGE = 'DEFAULT';
/** What a new text or title block says in every language (spec point 3); a footer starts empty. */
export const DEFAULT_BLOCK_TEXT = 'content here';
/** What a text logo says until the brand types its own (spec point 3). */
export const DEFAULT_LOGO_TEXT = 'Logo Here';

export const CONTENT_BLOCK_TYPES = ['link', 'video', 'image', 'text', 'html', 'title', 'footer'] as const;
export type ContentBlockType = (typeof CONTENT_BLOCK_TYPES)[number];
/** Blocks that carry one `DEFAULT` input (a URL or a file path), never one per language. */
export const MEDIA_BLOCK_TYPES = ['link', 'video', 'image'] as const satisfies readonly ContentBlockType[];
export const isMediaBlockType = (type: ContentBlockType): boolean => (MEDIA_BLOCK_TYPES as readonly string[]).includes(type);

/** How many blocks a product's page may have, and how long one HTML block may be. */
export const CONTENT_BLOCK_MAX = 50;
export const HTML_BLOCK_MAX_LENGTH = 20_000;
export const TEXT_BLOCK_MAX_LENGTH = 5_000;
/** How many languages a product may register beside DEFAULT. */
export const PRODUCT_LANGUAGE_MAX = 20;
/** Largest uploaded MP4 of a video block (images keep the API's `UPLOAD_MAX_BYTES`). */
export const VIDEO_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const VIDEO_MIME_TYPES = ['video/mp4'] as const;

/** An ISO 639-1 language code, lower case (`ko`, `ja`); `DEFAULT` is never registered. */
export const languageCodeSchema = text()
  .trim()
  .regex(/^[a-z]{2}$/, 'A two-letter ISO 639-1 language code, e.g. ko');

/** Spec point 3 "Text style". `color`/`backgroundColor` null: the page's colours. */
export const textStyleSchema = z.object({
  align: z.enum(['left', 'center', 'right']).default('left'),
  fontSize: z.enum(['small', 'medium', 'large']).default('medium'),
  fontWeight: z.enum(['normal', 'bold']).default('normal'),
  fontStyle: z.enum(['normal', 'italic']).default('normal'),
  textDecoration: z.enum(['none', 'underline', 'line-through']).default('none'),
  isTitle: z.boolean().default(false),
  color: hexColourSchema.nullable().default(null),
  backgroundColor: hexColourSchema.nullable().default(null),
});
export type TextStyle = z.infer<typeof textStyleSchema>;
export const DEFAULT_TEXT_STYLE: TextStyle = textStyleSchema.parse({});

/**
 * One block as the console sends it in `PUT /api/product/content`. Inputs:
 * - text, title, html, footer: one per language of the product (`DEFAULT` and each registered code);
 * - link: one `DEFAULT` input, an http(s) URL; `label` is the button's text (empty: the URL's host);
 * - image: one `DEFAULT` input, a stored path (`/files/...`) from the content upload call or an https URL; `label` is the alt text;
 * - video: one `DEFAULT` input, a YouTube or Vimeo page URL or a stored MP4 path.
 * HTML is sanitised by the API (no script, no event handlers, links only http(s), mailto and tel).
 */
export const contentBlockInputSchema = z.object({
  /** The stored block's id when editing one; the API assigns ids and may renumber. */
  content_id: idSchema.optional(),
  type: z.enum(CONTENT_BLOCK_TYPES),
  inputs: z.array(languageInputSchema.extend({ inputData: storable(z.string().max(HTML_BLOCK_MAX_LENGTH)) })).min(1).max(PRODUCT_LANGUAGE_MAX + 1),
  style: textStyleSchema.default(DEFAULT_TEXT_STYLE),
  label: text().trim().max(NAME_MAX_LENGTH * 2).default(''),
  /** The label (a link button's text, an image's alternative text) in the product's other languages; `label` is DEFAULT's. */
  labels: z
    .array(languageInputSchema.extend({ inputData: text().trim().max(NAME_MAX_LENGTH * 2) }))
    .max(PRODUCT_LANGUAGE_MAX)
    .default([]),
});
export type ContentBlockInput = z.input<typeof contentBlockInputSchema>;

/** A stored block, as `GET /api/product/content` and the public preview answer it, in display order. */
export const contentBlockSchema = z.object({
  content_id: z.number().int(),
  type: z.enum(CONTENT_BLOCK_TYPES),
  order: z.number().int(),
  inputs: z.array(z.object({ languageCode: z.string(), inputData: z.string() })),
  style: textStyleSchema,
  label: z.string(),
  /** The label in other languages (absent: DEFAULT's `label` everywhere). */
  labels: z.array(z.object({ languageCode: z.string(), inputData: z.string() })).optional(),
});
export type ContentBlock = z.infer<typeof contentBlockSchema>;

/** `PUT /api/product/content`: replaces all blocks of the product in one transaction. */
export const contentUpdateBodySchema = z.object({
  productId: idSchema,
  contents: z.array(contentBlockInputSchema).max(CONTENT_BLOCK_MAX),
});
export type ContentUpdateBody = z.input<typeof contentUpdateBodySchema>;
/** `{result: 'success', contents}`; a failure answers the error body with `result: 'fail'`. */
export const contentUpdateResponseSchema = z.object({ result: z.literal('success'), contents: z.array(contentBlockSchema) });
export const contentListResponseSchema = z.object({ result: z.array(contentBlockSchema) });

/** Spec point 3 "Language item". */
export const languageItemSchema = z.object({ id: z.number().int(), value: z.string() });
export type LanguageItem = z.infer<typeof languageItemSchema>;
/**
 * `GET /api/product/languages?productId`, and the answer of adding or deleting one: the registered
 * languages (DEFAULT is implied, never listed) and the product's texts per language (DEFAULT first).
 */
export const languageListResponseSchema = z.object({ result: z.array(languageItemSchema), productDetails: z.array(z.lazy(() => productDetailsLanguageSchema)) });
/** `POST /api/product/languages`: registers a language and copies the first language's texts to it. */
export const addLanguageBodySchema = z.object({ productId: idSchema, languageCode: languageCodeSchema });
/** `DELETE /api/product/languages?productId&languageCode`: removes the language's inputs everywhere. */
export const deleteLanguageQuerySchema = z.object({ productId: idTextSchema, languageCode: languageCodeSchema });

/** The product's texts in one language (spec point 3, preview form `productDetails`). */
export const productDetailsLanguageSchema = z.object({
  languageCode: text().trim().min(1).max(16),
  productName: text().trim().min(1).max(NAME_MAX_LENGTH),
  description: text().trim().max(DESCRIPTION_MAX_LENGTH).default(''),
  features: text().trim().max(DESCRIPTION_MAX_LENGTH).default(''),
  details: text().trim().max(5000).default(''),
});
export type ProductDetailsLanguage = z.infer<typeof productDetailsLanguageSchema>;

/**
 * `PUT /api/product/details`: the existing body (`details`, `dynamicInfo`, `smartLabelSetting`) plus the
 * texts per language; each `languageCode` must be DEFAULT or a registered language, each at most once.
 * DEFAULT's productName/description/features/details are the product's own fields.
 */
export const productDetailsUpdateBodySchema = productDetailsBodySchema.extend({
  productDetails: z.array(productDetailsLanguageSchema).max(PRODUCT_LANGUAGE_MAX + 1).optional(),
});

export const TEMPLATES = ['basic_white_v1', 'basic_black_v1'] as const;
export type TemplateId = (typeof TEMPLATES)[number];

/** Spec point 3 "Design/theme". */
export const designSchema = z.object({
  template: z.enum(TEMPLATES),
  layoutStyle: z.enum(['header', 'horizon']),
  logo: z.object({
    logoType: z.enum(['text', 'image']),
    logoText: text().trim().max(NAME_MAX_LENGTH),
    /** A stored image path (`/files/...`) or null. */
    logoImage: text().max(300).nullable(),
  }),
  page: z.object({ background: hexColourSchema, textColor: hexColourSchema }),
  button: z.object({
    layout: z.enum(['row', 'grid']),
    color: hexColourSchema,
    textColor: hexColourSchema,
    iconColor: hexColourSchema,
    iconBgColor: hexColourSchema,
    showIcon: z.boolean(),
  }),
  isAutoTrans: z.boolean(),
  /** The language the product's DEFAULT texts are written in (the translation source), ISO 639-1. */
  defaultLang: languageCodeSchema,
});
export type Design = z.infer<typeof designSchema>;

/** The defaults a template applies (spec point 3). */
export const TEMPLATE_DEFAULTS: Record<TemplateId, Omit<Design, 'logo' | 'isAutoTrans' | 'defaultLang'>> = {
  basic_white_v1: {
    template: 'basic_white_v1',
    layoutStyle: 'horizon',
    page: { background: '#ffffff', textColor: '#111111' },
    button: { layout: 'row', color: '#111111', textColor: '#ffffff', iconColor: '#111111', iconBgColor: '#f1f1f1', showIcon: false },
  },
  basic_black_v1: {
    template: 'basic_black_v1',
    layoutStyle: 'header',
    page: { background: '#000000', textColor: '#ffffff' },
    button: { layout: 'grid', color: '#ffffff', textColor: '#000000', iconColor: '#ffffff', iconBgColor: '#2a2a2a', showIcon: true },
  },
};

export const DEFAULT_DESIGN: Design = {
  ...TEMPLATE_DEFAULTS.basic_white_v1,
  logo: { logoType: 'text', logoText: DEFAULT_LOGO_TEXT, logoImage: null },
  isAutoTrans: false,
  defaultLang: 'en',
};

/** Applies a template's defaults; the user's logo, translation and language choices are kept. */
export function applyTemplate(design: Design, template: TemplateId): Design {
  return { ...design, ...TEMPLATE_DEFAULTS[template] };
}

/** `GET /api/product/landing-page/design?productId` (public) and `GET /api/product/design?productId`. */
export const designResponseSchema = z.object({ result: designSchema });
/** `PUT /api/product/design`: `{result: 'success'}`; failures add `result: 'fail'`. */
export const designUpdateBodySchema = z.object({ productId: idSchema, design: designSchema });

/**
 * `POST /api/product/content/media?productId` multipart `file`: an image (JPEG/PNG/WebP/GIF, at most
 * `UPLOAD_MAX_BYTES`) or an MP4 (at most `VIDEO_UPLOAD_MAX_BYTES`), checked by content; answers the stored path
 * for an image block, a video block or the design's logo.
 */
export const contentMediaResponseSchema = z.object({ result: z.object({ path: z.string(), contentType: z.string() }) });

/**
 * `GET /api/product/landing-page/preview-contents?productId&lang?` (public): the published page.
 * With `lang` and the design's `isAutoTrans` on, texts (blocks, details, link titles) come back translated
 * into `lang` (`translatedTo`), or untouched when no provider is set or it fails (`translatedTo: null`).
 */
export const landingContentSchema = z.object({
  contents: z.array(contentBlockSchema),
  languages: z.array(z.string()),
  productDetails: z.array(productDetailsLanguageSchema),
  translatedTo: z.string().nullable(),
});
export type LandingContent = z.infer<typeof landingContentSchema>;
export const landingContentResponseSchema = z.object({ result: landingContentSchema });
/**
 * The query of the public page reads that translate (`preview-contents`, `preview-links`): the product
 * and the viewer's language, an ISO 639-1 code (a regional tag such as `ko-KR` reads as `ko`).
 */
export const landingPageQuerySchema = z.object({
  productId: idTextSchema,
  lang: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}([-_][A-Za-z0-9]{1,8})*$/, 'A language code, e.g. ko')
    .transform((value) => value.slice(0, 2).toLowerCase())
    .optional(),
});

/** `GET /api/service/translation`: whether automatic translation can be switched on. */
export const translationStatusResponseSchema = z.object({
  result: z.object({ available: z.boolean(), provider: z.enum(['libretranslate', 'deepl']).nullable() }),
});

/** How many texts the editor may send for translation at once. */
export const TRANSLATE_TEXTS_MAX = 20;

/**
 * `POST /api/service/translation`: the editor asks for a machine translation of copies written in the
 * page's default language, to fill a language not written yet; the author reviews it before saving.
 */
export const translateTextsBodySchema = z.object({
  source: languageCodeSchema,
  target: languageCodeSchema,
  format: z.enum(['text', 'html']).default('text'),
  texts: z.array(text().max(HTML_BLOCK_MAX_LENGTH)).min(1).max(TRANSLATE_TEXTS_MAX),
});
export type TranslateTextsBody = z.infer<typeof translateTextsBodySchema>;
export const translateTextsResponseSchema = z.object({ result: z.object({ texts: z.array(z.string()) }) });

/**
 * Preview channel (spec point 7): what the editor posts on `BroadcastChannel(previewChannelName(productId))`
 * to any open preview tab of the product. Never carries a token.
 */
export const previewChannelName = (productId: number | string): string => `product-preview:${productId}`;
export const previewDraftMessageSchema = z.object({
  type: z.literal('draft'),
  productId: z.number().int(),
  sentAt: z.number(),
  draft: z.object({
    contents: z.array(contentBlockSchema),
    design: designSchema,
    languages: z.array(z.string()),
    productDetails: z.array(productDetailsLanguageSchema),
  }),
});
export type PreviewDraftMessage = z.infer<typeof previewDraftMessageSchema>;
/** A preview tab that opens asks the editor for the current draft; the editor answers with a `draft`. */
export const previewHelloMessageSchema = z.object({ type: z.literal('hello'), productId: z.number().int() });
/** The editor saved or discarded: preview tabs go back to the published page. */
export const previewClearMessageSchema = z.object({ type: z.literal('clear'), productId: z.number().int() });
export const previewMessageSchema = z.discriminatedUnion('type', [previewDraftMessageSchema, previewHelloMessageSchema, previewClearMessageSchema]);
export type PreviewMessage = z.infer<typeof previewMessageSchema>;
