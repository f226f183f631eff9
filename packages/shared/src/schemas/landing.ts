import { z } from 'zod';
import { idTextSchema, text } from './common.js';
import { designSchema, landingContentSchema } from './content.js';
import { landingLinkSchema, landingProductInfoSchema } from './link.js';
import { certificationSchema, dynamicInfoItemSchema, productOptionSchema } from './product-detail.js';
import { publicPassportSchema } from './passport.js';
import { productLabelSchema } from './product-label.js';
import { landingTraceSchema } from './trace.js';
import { landingRecallSchema } from './recall.js';

/*
 * The consumer landing (issue 15): six views of `/{serviceName}/product-details/{id}/preview[/{view}]`,
 * rendered on the server by the gateway from one API read, then enhanced in the browser.
 */

/** The views and the path segment after `/preview` (index has none). */
export const LANDING_VIEWS = ['index', 'homepage', 'verification', 'smartLabel', 'dpp', 'traceability'] as const;
export type LandingView = (typeof LANDING_VIEWS)[number];
export const landingViewPath = (view: LandingView): string => (view === 'index' ? '' : `/${view}`);

/** Which view each automatic link type opens (spec point 3 link types). */
export const LINK_TYPE_VIEWS: Record<string, LandingView> = {
  'gs1:pip': 'index',
  'gs1:homepage': 'homepage',
  'gs1:certificationInfo': 'verification',
  'gs1:smartLabel': 'smartLabel',
  'gs1:dpp': 'dpp',
  'gs1:traceability': 'traceability',
};

/**
 * `GET /api/product/landing-page/page?productId&serviceName&view&lang?&serial?` (public): everything one view shows.
 * 404 when the product is not live, its entry is inactive or deleted, its company is not approved, or `serviceName`
 * is not the product's company. `serial` is the scanned `/21/{serial}` value (decoded).
 */
export const landingViewQuerySchema = z.object({
  productId: idTextSchema,
  serviceName: text().trim().min(1).max(100),
  view: z.enum(LANDING_VIEWS).default('index'),
  /** The viewer's language (a chip's code, or the browser's primary subtag); translation only with the design's isAutoTrans. */
  lang: text().trim().max(35).optional(),
  serial: text().max(20).optional(),
  /** The scanned `/10/{lot}` value (decoded): the landing shows the batch and its dates, and a recall that reaches it. */
  lot: text().max(20).optional(),
  /** An NTAG 424 DNA Secure Unique NFC message's encrypted PICCData (32 hex digits, AN12196), mirrored by the tag into the URL. */
  picc_data: z.string().regex(/^[0-9A-Fa-f]{32}$/).optional(),
  /** The message's truncated AES-CMAC (16 hex digits). */
  cmac: z.string().regex(/^[0-9A-Fa-f]{16}$/).optional(),
  /**
   * A passport access link's token (`…/preview/dpp?access=`): the `passport` then holds the fields of the link's level while
   * the link is live, else the public ones with `accessLink: 'invalid'`. Such answers are never cached.
   */
  access: text().trim().max(200).optional(),
});
export type LandingViewQuery = z.infer<typeof landingViewQuerySchema>;

/** The label information of category 2 and 3 products (spec point 9) that the smartLabel view shows. */
export const landingSmartLabelSchema = z.object({
  details: z.string(),
  dynamicInfo: z.array(dynamicInfoItemSchema),
  options: z.array(productOptionSchema),
  certifications: z.array(certificationSchema),
  /** The food, wine or textile label (issue 29); null: none chosen. */
  label: productLabelSchema.nullable().default(null),
});

/** What the verification view can say (issue 25): the badge only where it is proven. */
export const VERIFICATION_STATES = ['genuine', 'registered', 'warning', 'notGenuine', 'noSerial'] as const;
/** Why a registered serial shows a warning: flagged as copied, checked outside its intended markets, or reported by the brand. */
export const VERIFICATION_WARNINGS = ['copied', 'outsideMarket', 'reported'] as const;
/** Why an item is not genuine. */
export const NOT_GENUINE_REASONS = ['unknown', 'otherProduct', 'deactivated', 'blacklisted', 'tapReplayed', 'tapInvalid', 'tagOfOtherSerial'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];
export type VerificationWarning = (typeof VERIFICATION_WARNINGS)[number];
export type NotGenuineReason = (typeof NOT_GENUINE_REASONS)[number];

/**
 * The verification view's answer: `genuine` only for a fresh cryptographic NFC tap (its counter
 * higher than any accepted before); `registered` for a live, registered serial of this product with
 * no warning sign, with its check history; `warning` for a registered serial with `warnings`;
 * `notGenuine` (with `reason`) for an unknown, foreign, deactivated or blacklisted serial or a failed
 * or replayed tap; `noSerial` when the scan carried none.
 */
export const landingVerificationSchema = z.object({
  status: z.enum(VERIFICATION_STATES),
  serial: z.string().nullable(),
  checkedAt: z.string(),
  /** On `warning`: what was seen (one or more). Empty otherwise. */
  warnings: z.array(z.enum(VERIFICATION_WARNINGS)),
  /** On `notGenuine`: why. Null otherwise. */
  reason: z.enum(NOT_GENUINE_REASONS).nullable(),
  /**
   * For a registered serial: the checks before this one (the first one's time and country, and how
   * many); null when this is the first check ever.
   */
  history: z
    .object({ firstCheckedAt: z.string(), firstCountry: z.string().nullable(), checks: z.number().int().nonnegative() })
    .nullable(),
  /** On a tap: the tag's read counter as presented. */
  tapCounter: z.number().int().nullable(),
  /** The checking visitor's country, when known (what `outsideMarket` refers to). */
  country: z.string().nullable(),
});
export type LandingVerification = z.infer<typeof landingVerificationSchema>;

/** A batch as the landing shows it: lot and dates, and whether its expiry (or best-before) day has passed. */
export const landingBatchSchema = z.object({
  lot: z.string(),
  productionDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  bestBeforeDate: z.string().nullable(),
  expired: z.boolean(),
});
export type LandingBatch = z.infer<typeof landingBatchSchema>;

export const landingPageDataSchema = z.object({
  view: z.enum(LANDING_VIEWS),
  product: landingProductInfoSchema,
  links: z.array(landingLinkSchema),
  content: landingContentSchema,
  design: designSchema,
  smartLabel: landingSmartLabelSchema.nullable().describe('Category 2 and 3 products; null otherwise'),
  verification: landingVerificationSchema.nullable().describe('Only on the verification view'),
  /** The latest published passport's public fields and valid certificates; null when none is published. */
  passport: publicPassportSchema.nullable(),
  /** The traced product's (or scanned serial's) journey, filled on the traceability view only; null otherwise or when not traced. */
  trace: landingTraceSchema.nullable(),
  /** The scanned lot's batch (issue 27) with its dates; null without a lot, or for a lot the product does not know. */
  batch: landingBatchSchema.nullable().optional(),
  /** A started recall that reaches the scanned code (decision 079), shown first; null otherwise. */
  recall: landingRecallSchema.nullable().optional(),
});
export type LandingPageData = z.infer<typeof landingPageDataSchema>;
export const landingPageResponseSchema = z.object({ result: landingPageDataSchema });

/*
 * The contract between the gateway and the web workspace's server bundle (dist-ssr/landing.js,
 * decision 042): the gateway imports the built bundle at run time, so both sides name its input here.
 */

/** The fields of a Vite manifest (dist/.vite/landing-manifest.json) the page reads. */
export interface LandingManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
export type LandingViteManifest = Record<string, LandingManifestChunk>;

export interface LandingPageInput {
  kind: 'page';
  data: LandingPageData;
  /** The language the texts are shown in: DEFAULT, a registered code, or (auto-translation) the asked one. */
  language: string;
  uiLanguage: string;
  serial: string | null;
  /** Public origin of the page (`https://id.example.com`), for Open Graph's absolute URLs. */
  origin: string;
  /** `/{serviceName}/product-details/{id}/preview`: the index view's path. */
  basePath: string;
  /** The language was chosen in the URL (a chip or a shared link): kept in the views' links. */
  langInUrl: boolean;
  manifest: LandingViteManifest;
  /** The browser is signed in to the console: the page carries what the editor's draft preview needs. */
  editor?: boolean;
}

export interface LandingProblemInput {
  kind: 'notFound' | 'unavailable';
  uiLanguage: string;
  /** The page's own URL, offered as "Try again" on the unavailable page. */
  retryHref?: string;
  manifest?: LandingViteManifest;
}

export type LandingRenderInput = LandingPageInput | LandingProblemInput;

export interface LandingRenderResult {
  status: number;
  html: string;
}
