import { z } from 'zod';
import { hasValidCheckDigit } from '../gs1/gtin.js';
import { daySchema, idSchema, idTextSchema, text } from './common.js';
import { certificationListResponseSchema } from './product-detail.js';

/*
 * Digital product passport (issue 16): the ESPR Annex III core as named fields, the battery
 * template on top (Battery Pass data model groups), access levels per field path, drafts and
 * published versions, certificates and access links.
 *
 * Every field of a draft is optional: a draft is saved as it is typed. Publishing checks the
 * minimum a passport needs (`passportPublishProblems`).
 */

// ----- building blocks -----

const SHORT = 200;
const LONG = 5000;
const shortText = () => text().trim().max(SHORT);
const longText = () => text().trim().max(LONG);

/** A stored file path answered by the passport document upload (`/files/...`). */
export const storedFilePathSchema = text()
  .max(500)
  .regex(/^\/files\/[A-Za-z0-9._/-]+$/, 'Must be a stored file path (/files/...)')
  .describe('Stored file path answered by POST /api/product/passport/document');

const percent = () => z.number().min(0).max(100);

/** GLN: 13 digits, the last the GS1 check digit. */
export const glnSchema = z
  .string()
  .regex(/^\d{13}$/, 'Must be 13 digits')
  .refine(hasValidCheckDigit, 'Wrong check digit')
  .describe('GS1 Global Location Number (13 digits with check digit)');

/** EORI: the 2-letter country code and up to 15 letters or digits. */
export const eoriSchema = z
  .string()
  .regex(/^[A-Z]{2}[A-Za-z0-9]{1,15}$/, 'Must be a 2-letter country code and up to 15 letters or digits')
  .describe('Economic Operators Registration and Identification number');

/** Whether a CAS registry number (`7732-18-5`) has the right check digit. */
export function isValidCasNumber(value: string): boolean {
  const match = /^(\d{2,7})-(\d{2})-(\d)$/.exec(value);
  if (!match) return false;
  const digits = `${match[1]}${match[2]}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) sum += Number(digits[digits.length - 1 - i]) * (i + 1);
  return sum % 10 === Number(match[3]);
}

export const casNumberSchema = z
  .string()
  .regex(/^\d{2,7}-\d{2}-\d$/, 'Must be a CAS number such as 7732-18-5')
  .refine(isValidCasNumber, 'Wrong check digit')
  .describe('CAS registry number with check digit');

const isoDate = () => daySchema().describe('Date (YYYY-MM-DD)');

export const addressSchema = z.object({
  street: shortText().optional(),
  postalCode: text().trim().max(20).optional(),
  city: shortText().optional(),
  /** ISO 3166-1 alpha-2. */
  country: z.string().regex(/^[A-Z]{2}$/, 'Must be a 2-letter country code').optional().describe('ISO 3166-1 alpha-2'),
});
export type PassportAddress = z.infer<typeof addressSchema>;

export const manufacturerSchema = z.object({
  name: shortText().min(1),
  address: addressSchema.optional(),
  gln: glnSchema.optional(),
  /** Another identifier when there is no GLN (e.g. a VAT or registry number). */
  otherId: shortText().optional().describe('Other operator identifier (VAT, registry number) when no GLN'),
});

export const economicOperatorSchema = z.object({
  name: shortText().min(1),
  address: addressSchema.optional(),
  eori: eoriSchema.optional(),
});

export const facilitySchema = z.object({
  name: shortText().min(1),
  address: addressSchema.optional(),
  gln: glnSchema.optional(),
});

export const COMPLIANCE_DOCUMENT_KINDS = ['declarationOfConformity', 'testReport', 'other'] as const;
export type ComplianceDocumentKind = (typeof COMPLIANCE_DOCUMENT_KINDS)[number];
export const complianceDocumentSchema = z.object({
  kind: z.enum(COMPLIANCE_DOCUMENT_KINDS),
  title: shortText().min(1),
  filePath: storedFilePathSchema,
});
export type ComplianceDocument = z.infer<typeof complianceDocumentSchema>;

const textWithFileSchema = z.object({
  text: longText().optional(),
  filePath: storedFilePathSchema.optional(),
});

export const materialShareSchema = z.object({
  material: shortText().min(1),
  sharePercent: percent().describe('Share of the product mass, %'),
});

/** A list of material shares whose sum is at most 100 %. */
const materialShares = () =>
  z
    .array(materialShareSchema)
    .max(50)
    .superRefine((items, ctx) => {
      const sum = items.reduce((total, item) => total + item.sharePercent, 0);
      if (sum > 100 + 1e-9) ctx.addIssue({ code: 'custom', message: 'The shares must add up to at most 100 %' });
    });

export const substanceOfConcernSchema = z.object({
  name: shortText().min(1),
  casNumber: casNumberSchema.optional(),
  concentrationPercent: percent().describe('Concentration, % w/w'),
});

export const GRANULARITIES = ['model', 'batch', 'item'] as const;
export type PassportGranularity = (typeof GRANULARITIES)[number];

// ----- battery template (Battery Pass data model groups) -----

export const BATTERY_CATEGORIES = ['portable', 'lmt', 'sli', 'industrial', 'ev'] as const;
export const LIFE_CYCLE_STAGES = ['rawMaterialExtraction', 'mainProduction', 'distribution', 'endOfLife'] as const;
export const CRITICAL_RAW_MATERIALS = ['cobalt', 'lithium', 'nickel', 'lead'] as const;

export const batterySchema = z.object({
  generalProductInformation: z
    .object({
      category: z.enum(BATTERY_CATEGORIES).optional().describe('Battery category (portable, LMT, SLI, industrial, EV)'),
      chemistry: shortText().optional().describe('Cell chemistry, e.g. LFP, NMC811'),
      weightKg: z.number().positive().max(100000).optional().describe('Battery weight, kg'),
      manufacturingDate: isoDate().optional(),
      manufacturingPlace: shortText().optional(),
    })
    .optional(),
  carbonFootprint: z
    .object({
      totalKgCo2ePerKWh: z.number().min(0).max(100_000).optional().describe('Carbon footprint, kg CO2e per kWh of total energy'),
      perStage: z
        .partialRecord(z.enum(LIFE_CYCLE_STAGES), z.number().min(0).max(100_000).describe('kg CO2e/kWh'))
        .optional()
        .describe('Carbon footprint per life-cycle stage, kg CO2e/kWh'),
    })
    .optional(),
  circularity: z
    .object({
      recycledContent: z
        .partialRecord(z.enum(CRITICAL_RAW_MATERIALS), percent())
        .optional()
        .describe('Recycled content per critical raw material, %'),
      renewableContentPercent: percent().optional().describe('Renewable content, %'),
      dismantlingInformation: longText().optional(),
    })
    .optional(),
  materialComposition: z
    .object({
      cathodeMaterials: z.array(shortText().min(1)).max(30).optional(),
      anodeMaterials: z.array(shortText().min(1)).max(30).optional(),
      electrolyteMaterials: z.array(shortText().min(1)).max(30).optional(),
      hazardousSubstances: z.array(substanceOfConcernSchema).max(50).optional(),
    })
    .optional(),
});
export type BatteryData = z.infer<typeof batterySchema>;

// ----- the passport data -----

export const passportDataSchema = z.object({
  uniqueProductIdentifier: shortText().min(1).optional().describe('Unique product identifier (e.g. the GS1 Digital Link URI)'),
  granularity: z.enum(GRANULARITIES).optional().describe('What the passport describes: a model, a batch or one item'),
  gtin: z
    .string()
    .regex(/^\d{8}$|^\d{12,14}$/, 'Must be a GTIN of 8, 12, 13 or 14 digits')
    .refine(hasValidCheckDigit, 'Wrong check digit')
    .optional(),
  commodityCode: z
    .string()
    .regex(/^\d{6,10}$/, 'Must be a TARIC/HS code of 6 to 10 digits')
    .optional()
    .describe('TARIC / HS commodity code'),
  manufacturer: manufacturerSchema.optional(),
  euResponsibleOperator: economicOperatorSchema.optional().describe('EU responsible economic operator'),
  importer: economicOperatorSchema.optional(),
  manufacturingFacilities: z.array(facilitySchema).max(20).optional(),
  complianceDocuments: z.array(complianceDocumentSchema).max(30).optional(),
  userManual: textWithFileSchema.optional(),
  safetyInformation: textWithFileSchema.optional(),
  materialComposition: materialShares().optional().describe('Material composition, % of mass (sum at most 100)'),
  substancesOfConcern: z.array(substanceOfConcernSchema).max(50).optional(),
  recycledContentPercent: percent().optional().describe('Recycled content share, %'),
  carbonFootprint: z
    .object({
      kgCo2ePerUnit: z.number().min(0).max(1_000_000).describe('Carbon footprint per unit, kg CO2e'),
      method: shortText().min(1).describe('Calculation method, e.g. ISO 14067 or PEF'),
    })
    .optional(),
  durability: z
    .object({
      expectedLifetimeYears: z.number().min(0).max(200).optional().describe('Expected lifetime, years'),
      expectedLifetimeCycles: z.number().int().min(0).max(10_000_000).optional().describe('Expected lifetime, cycles'),
    })
    .optional(),
  repairability: z
    .object({
      score: z.number().min(0).max(10).optional().describe('Repairability score, 0–10'),
      sparePartsYears: z.number().int().min(0).max(100).optional().describe('Spare parts availability, years'),
      repairInstructions: longText().optional(),
    })
    .optional(),
  endOfLife: longText().optional().describe('End-of-life and take-back instructions'),
  battery: batterySchema.optional().describe('Battery template data (battery passports only)'),
});
export type PassportData = z.infer<typeof passportDataSchema>;

export const PASSPORT_TEMPLATES = ['core', 'battery'] as const;
export type PassportTemplate = (typeof PASSPORT_TEMPLATES)[number];

// ----- access levels -----

export const ACCESS_LEVELS = ['public', 'legitimateInterest', 'authority'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
export const accessLevelSchema = z.enum(ACCESS_LEVELS);

export function accessLevelRank(level: AccessLevel): number {
  return ACCESS_LEVELS.indexOf(level);
}

/**
 * The default access level of every field path a company can set a level on (template defaults).
 * Paths are dot-separated keys of `PassportData`. A field not listed inherits its nearest listed
 * parent, and a top-level field listed nowhere is public.
 */
export const PASSPORT_FIELD_ACCESS_DEFAULTS: Readonly<Record<string, AccessLevel>> = {
  uniqueProductIdentifier: 'public',
  granularity: 'public',
  gtin: 'public',
  commodityCode: 'public',
  manufacturer: 'public',
  euResponsibleOperator: 'public',
  importer: 'public',
  manufacturingFacilities: 'legitimateInterest',
  complianceDocuments: 'public',
  // Per kind of compliance document: a declaration of conformity is public, test reports are for authorities.
  'complianceDocuments.declarationOfConformity': 'public',
  'complianceDocuments.testReport': 'authority',
  'complianceDocuments.other': 'legitimateInterest',
  userManual: 'public',
  safetyInformation: 'public',
  materialComposition: 'public',
  substancesOfConcern: 'public',
  recycledContentPercent: 'public',
  carbonFootprint: 'public',
  durability: 'public',
  'repairability.score': 'public',
  'repairability.sparePartsYears': 'public',
  'repairability.repairInstructions': 'legitimateInterest',
  endOfLife: 'public',
  'battery.generalProductInformation': 'public',
  'battery.carbonFootprint.totalKgCo2ePerKWh': 'public',
  'battery.carbonFootprint.perStage': 'legitimateInterest',
  'battery.circularity.recycledContent': 'public',
  'battery.circularity.renewableContentPercent': 'public',
  'battery.circularity.dismantlingInformation': 'legitimateInterest',
  'battery.materialComposition.cathodeMaterials': 'legitimateInterest',
  'battery.materialComposition.anodeMaterials': 'legitimateInterest',
  'battery.materialComposition.electrolyteMaterials': 'legitimateInterest',
  'battery.materialComposition.hazardousSubstances': 'public',
};
export const PASSPORT_FIELD_PATHS = Object.keys(PASSPORT_FIELD_ACCESS_DEFAULTS);

export type AccessOverrides = Partial<Record<string, AccessLevel>>;

/** The access level of a field path: the company's override when there is one, else the default. */
export function fieldAccessLevel(path: string, overrides: AccessOverrides = {}): AccessLevel {
  const fallback = defaultAccessLevel(path);
  const override = Object.hasOwn(overrides, path) ? overrides[path] : undefined;
  return override && accessLevelRank(override) > accessLevelRank(fallback) ? override : fallback;
}

/** Whether a path is a field path of the templates: own keys only (`constructor` or `toString` are no field). */
export const isPassportFieldPath = (path: string): boolean => Object.hasOwn(PASSPORT_FIELD_ACCESS_DEFAULTS, path);

function defaultAccessLevel(path: string): AccessLevel {
  let current = path;
  for (;;) {
    if (isPassportFieldPath(current)) return PASSPORT_FIELD_ACCESS_DEFAULTS[current];
    const dot = current.lastIndexOf('.');
    if (dot < 0) return 'public';
    current = current.slice(0, dot);
  }
}

/**
 * Access overrides a company sets: only listed paths, and only tightening (an override lower than
 * the template default is refused).
 */
export const accessOverridesSchema = z
  .record(text().max(200), accessLevelSchema)
  .superRefine((overrides, ctx) => {
    for (const [path, level] of Object.entries(overrides)) {
      if (!isPassportFieldPath(path)) {
        ctx.addIssue({ code: 'custom', path: [path], message: 'Unknown passport field' });
        continue;
      }
      const fallback = PASSPORT_FIELD_ACCESS_DEFAULTS[path];
      if (accessLevelRank(level) < accessLevelRank(fallback)) {
        ctx.addIssue({ code: 'custom', path: [path], message: `Can only tighten the default access level (${fallback})` });
      }
    }
  });

/**
 * The passport as a reader at `allowedLevel` may see it: every field whose level is above the
 * reader's is removed (the input is not changed).
 */
export function filterPassport(data: PassportData, allowedLevel: AccessLevel, overrides: AccessOverrides = {}): PassportData {
  const copy = structuredClone(data) as Record<string, unknown>;
  const allowed = accessLevelRank(allowedLevel);
  // Parents first, so that a removed parent is not walked into.
  const paths = [...new Set([...PASSPORT_FIELD_PATHS, ...Object.keys(overrides)])].sort((a, b) => a.length - b.length);
  for (const path of paths) {
    if (accessLevelRank(fieldAccessLevel(path, overrides)) <= allowed) continue;
    removePath(copy, path.split('.'));
  }
  // Compliance documents are shown per kind (`complianceDocuments.{kind}`).
  const documents = copy.complianceDocuments as ComplianceDocument[] | undefined;
  if (Array.isArray(documents)) {
    const shown = documents.filter((document) => accessLevelRank(fieldAccessLevel(`complianceDocuments.${document.kind}`, overrides)) <= allowed);
    if (shown.length > 0) copy.complianceDocuments = shown;
    else delete copy.complianceDocuments;
  }
  return copy as PassportData;
}

/** The field paths a reader at `allowedLevel` may not see. */
export function restrictedPaths(allowedLevel: AccessLevel, overrides: AccessOverrides = {}): string[] {
  return PASSPORT_FIELD_PATHS.filter((path) => accessLevelRank(fieldAccessLevel(path, overrides)) > accessLevelRank(allowedLevel));
}

/** Removes the value at `keys`, and the groups that held nothing else. */
function removePath(target: Record<string, unknown>, keys: string[]): void {
  const chain: Record<string, unknown>[] = [target];
  for (const key of keys.slice(0, -1)) {
    const next = chain.at(-1)![key];
    if (!next || typeof next !== 'object' || Array.isArray(next)) return;
    chain.push(next as Record<string, unknown>);
  }
  if (!(keys.at(-1)! in chain.at(-1)!)) return;
  delete chain.at(-1)![keys.at(-1)!];
  for (let depth = chain.length - 1; depth > 0 && Object.keys(chain[depth]).length === 0; depth -= 1) delete chain[depth - 1][keys[depth - 1]];
}

/** What a passport needs before it can be published (field errors: path and message). */
export function passportPublishProblems(template: PassportTemplate, data: PassportData): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (!data.uniqueProductIdentifier) problems.push({ path: 'data.uniqueProductIdentifier', message: 'Required to publish' });
  if (!data.granularity) problems.push({ path: 'data.granularity', message: 'Required to publish' });
  if (!data.manufacturer?.name) problems.push({ path: 'data.manufacturer.name', message: 'Required to publish' });
  if (template === 'battery') {
    if (!data.battery?.generalProductInformation?.category)
      problems.push({ path: 'data.battery.generalProductInformation.category', message: 'Required to publish' });
    if (!data.battery?.generalProductInformation?.chemistry)
      problems.push({ path: 'data.battery.generalProductInformation.chemistry', message: 'Required to publish' });
  }
  return problems;
}

// ----- certificates -----

export const productCertificateSchema = z.object({
  /** An id of the certification catalogue (`GET /api/product/certification`). */
  certificationId: idSchema,
  number: shortText().min(1),
  issuer: shortText().min(1),
  validFrom: isoDate(),
  validUntil: isoDate().nullable().default(null),
  documentPath: storedFilePathSchema.nullable().default(null),
});
export type ProductCertificate = z.infer<typeof productCertificateSchema>;

/** Whether a certificate holds on a day: from `validFrom` through the whole of `validUntil` (UTC). */
export function isCertificateValid(cert: Pick<ProductCertificate, 'validFrom' | 'validUntil'>, now: Date = new Date()): boolean {
  const today = now.toISOString().slice(0, 10);
  if (cert.validFrom > today) return false;
  return cert.validUntil === null || cert.validUntil >= today;
}

export const certificateViewSchema = productCertificateSchema.extend({
  id: z.number().int(),
  code: z.string().describe('Catalogue code of the certification'),
  name: z.string().describe('Catalogue name of the certification'),
  valid: z.boolean(),
});
export type CertificateView = z.infer<typeof certificateViewSchema>;

export const putCertificatesBodySchema = z
  .object({
    productId: idSchema,
    certificates: z.array(productCertificateSchema).max(30),
  })
  .superRefine((body, ctx) => {
    body.certificates.forEach((cert, index) => {
      if (cert.validUntil !== null && cert.validUntil < cert.validFrom)
        ctx.addIssue({ code: 'custom', path: ['certificates', index, 'validUntil'], message: 'Must not be before validFrom' });
    });
  });
export type PutCertificatesBody = z.infer<typeof putCertificatesBodySchema>;

// ----- drafts and versions -----

export const PASSPORT_STATUSES = ['draft', 'published'] as const;
export type PassportStatus = (typeof PASSPORT_STATUSES)[number];

export const passportVersionSchema = z.object({
  version: z.number().int().min(0).describe('0 for the draft, 1, 2, … for published versions'),
  status: z.enum(PASSPORT_STATUSES),
  publishedAt: z.string().nullable(),
  /** The template the version was saved or published with (the API always answers it). */
  template: z.enum(PASSPORT_TEMPLATES).optional(),
  data: passportDataSchema,
  accessOverrides: z.record(z.string(), accessLevelSchema),
});
export type PassportVersion = z.infer<typeof passportVersionSchema>;

export const passportVersionSummarySchema = passportVersionSchema.pick({ version: true, status: true, publishedAt: true });

/** `GET /api/product/passport?productId`. */
export const passportResponseSchema = z.object({
  result: z.object({
    productId: z.number().int(),
    template: z.enum(PASSPORT_TEMPLATES),
    draft: passportVersionSchema.nullable(),
    versions: z.array(passportVersionSummarySchema),
  }),
});

export const passportVersionQuerySchema = z.object({ productId: idTextSchema, version: z.coerce.number().int().min(1).max(1_000_000) });

/** `PUT /api/product/passport`: saves the draft. */
export const putPassportBodySchema = z.object({
  productId: idSchema,
  template: z.enum(PASSPORT_TEMPLATES),
  data: passportDataSchema,
  accessOverrides: accessOverridesSchema.default({}),
});
export type PutPassportBody = z.infer<typeof putPassportBodySchema>;

export const publishPassportBodySchema = z.object({ productId: idSchema });

/** `GET /api/product/landing-page/passport?productId&version?&access?` (public). */
export const publicPassportQuerySchema = z.object({
  productId: idTextSchema,
  version: z.coerce.number().int().min(1).max(1_000_000).optional(),
  access: text().max(200).optional(),
});

/** The passport a reader sees: the fields of its level, and the valid certificates. */
export const publicPassportSchema = z.object({
  productId: z.number().int(),
  template: z.enum(PASSPORT_TEMPLATES),
  version: z.number().int(),
  publishedAt: z.string(),
  level: accessLevelSchema,
  /**
   * Only when an access token was given: `open` when it is a live link of this product (then `level` is the link's),
   * `invalid` when it is unknown, revoked or expired (then `level` is public).
   */
  accessLink: z.enum(['open', 'invalid']).optional(),
  /** With an open access link only: its token, which the links to the level's restricted documents carry (`?access=`). */
  accessToken: z.string().optional(),
  data: passportDataSchema,
  certificates: z.array(certificateViewSchema),
});
export type PublicPassport = z.infer<typeof publicPassportSchema>;

// ----- access links -----

export const accessLinkSchema = z.object({
  accessLinkId: z.number().int(),
  name: z.string(),
  level: accessLevelSchema,
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AccessLink = z.infer<typeof accessLinkSchema>;

export const createAccessLinkBodySchema = z.object({
  productId: idSchema,
  name: shortText().min(1),
  level: z.enum(['legitimateInterest', 'authority']),
  expiresInDays: z.number().int().min(1).max(365),
});
export type CreateAccessLinkBody = z.infer<typeof createAccessLinkBodySchema>;

/** The answer of creating an access link: the token is shown this once (only its hash is stored). */
export const createdAccessLinkSchema = accessLinkSchema.extend({ token: z.string() });

export const accessLinkQuerySchema = z.object({ productId: idTextSchema });
export const deleteAccessLinkQuerySchema = z.object({ productId: idTextSchema, accessLinkId: idTextSchema });

// ----- answers -----

export const passportVersionResponseSchema = z.object({ result: passportVersionSchema });
export const publicPassportResponseSchema = z.object({ result: publicPassportSchema });
export const accessLinkListResponseSchema = z.object({ result: z.array(accessLinkSchema) });
export const accessLinkResponseSchema = z.object({ result: accessLinkSchema });
export const createdAccessLinkResponseSchema = z.object({ result: createdAccessLinkSchema });
export const passportDocumentResponseSchema = z.object({ result: z.object({ path: z.string(), contentType: z.string() }) });
/** `GET /api/product/cert-info`: `result` is the catalogue entries as before; `certificates` the product's certificates with validity. */
export const certInfoResponseSchema = certificationListResponseSchema.extend({ certificates: z.array(certificateViewSchema) });
export const certificatesResponseSchema = z.object({ result: z.array(certificateViewSchema) });
