import { z } from 'zod';
import { formatCanonical } from '../epcis/identifiers.js';
import { hasValidCheckDigit } from '../gs1/gtin.js';
import { idSchema, idTextSchema, pageInfoSchema, pageQuerySchema, text } from './common.js';
import { CSET_82 } from './qualifier.js';
import { countryCodeSchema } from './authenticity.js';

/*
 * A company's places (issue 28, part 1; decision 081): the sites, warehouses, stores and farms its
 * events name as `readPoint` and `bizLocation`, by GLN (AI 414) and, for a place inside a site, an
 * SGLN extension (AI 254). Kept in the console (`/api/trace/places`) and captured as EPCIS 2.0 master
 * data; the timeline, a serial's view and the shopper's journey show their names and draw them on a map.
 */

export const PLACE_TYPES = ['site', 'warehouse', 'store', 'farm', 'factory', 'distribution_centre', 'dock', 'other'] as const;
export type PlaceType = (typeof PLACE_TYPES)[number];

export const PLACE_NAME_MAX = 200;
export const PLACE_TEXT_MAX = 200;
export const PLACE_POSTAL_CODE_MAX = 20;
/** The most places one company keeps (each page of the picker stays small; imports are bounded by it). */
export const PLACES_PER_COMPANY_MAX = 10_000;
/** The most levels of the place hierarchy (a dock in a warehouse in a site…): bounds the walk of WD_ queries. */
export const PLACE_DEPTH_MAX = 8;
/** Rows one place file may hold. */
export const PLACE_IMPORT_MAX_ROWS = 2_000;

/** The canonical identifier of a place: its GS1 Digital Link URI, `/414/{gln}` with `/254/{extension}` when it has one. */
export function placeIdentifier(gln: string, extension: string | null | undefined): string {
  return formatCanonical({ ai: '414', value: gln, qualifiers: extension ? [{ ai: '254', value: extension }] : [] });
}

const glnSchema = text()
  .trim()
  .regex(/^\d{13}$/, 'A GLN has 13 digits')
  .refine(hasValidCheckDigit, 'The last digit of the GLN is not its check digit')
  .describe('AI 414: 13 digits, the last its check digit');

const extensionSchema = text()
  .trim()
  .min(1)
  .max(20, 'An extension has at most 20 characters')
  .regex(CSET_82, 'An extension may only contain the characters of GS1 CSET 82')
  .describe('AI 254: the GLN extension of an SGLN (1 to 20 characters of CSET 82)');

const optionalText = (max: number) => text().trim().max(max).nullable().optional();

const placeFields = {
  name: text().trim().min(1, 'A place needs a name').max(PLACE_NAME_MAX),
  type: z.enum(PLACE_TYPES).default('site'),
  streetAddress: optionalText(PLACE_TEXT_MAX),
  city: optionalText(PLACE_TEXT_MAX),
  postalCode: optionalText(PLACE_POSTAL_CODE_MAX),
  region: optionalText(PLACE_TEXT_MAX).describe('state, province or ISO 3166-2 subdivision'),
  countryCode: z
    .preprocess((value) => (typeof value === 'string' ? value.trim().toUpperCase() : value), countryCodeSchema)
    .nullable()
    .optional()
    .describe('ISO 3166-1 alpha-2 (KR, DE)'),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  parentId: idSchema.nullable().optional().describe('the place this one is inside (a dock inside a warehouse)'),
};

const coordinatesTogether = (body: { latitude?: number | null; longitude?: number | null }, context: z.RefinementCtx) => {
  const hasLatitude = body.latitude !== null && body.latitude !== undefined;
  const hasLongitude = body.longitude !== null && body.longitude !== undefined;
  if (hasLatitude !== hasLongitude) {
    context.addIssue({ code: 'custom', path: [hasLatitude ? 'longitude' : 'latitude'], message: 'Give both latitude and longitude, or neither.' });
  }
};

/** `POST /api/trace/places`. */
export const placeCreateBodySchema = z
  .object({ gln: glnSchema, extension: extensionSchema.nullable().optional(), ...placeFields })
  .superRefine(coordinatesTogether);
export type PlaceCreateBody = z.infer<typeof placeCreateBodySchema>;
/** What a client sends (the country in any case). */
export type PlaceCreateInput = z.input<typeof placeCreateBodySchema>;

/** `PUT /api/trace/places?placeId`: every field, as the form sends it. */
export const placeUpdateBodySchema = placeCreateBodySchema;
export type PlaceUpdateBody = PlaceCreateBody;

export const placeSchema = z.object({
  placeId: z.number().int(),
  /** The canonical identifier events are matched by (`https://id.gs1.org/414/…[/254/…]`), or the URI master data gave. */
  identifier: z.string(),
  gln: z.string().nullable(),
  extension: z.string().nullable(),
  name: z.string(),
  type: z.enum(PLACE_TYPES),
  streetAddress: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  region: z.string().nullable(),
  countryCode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  parentId: z.number().int().nullable(),
  /** The parent's name, for lists. */
  parentName: z.string().nullable(),
  /** `console` (the Locations screen or a file) or `capture` (EPCIS master data). */
  origin: z.enum(['console', 'capture']),
  updatedAt: z.string(),
});
export type CompanyPlace = z.infer<typeof placeSchema>;

export const placeListQuerySchema = pageQuerySchema.extend({
  search: text().trim().max(PLACE_NAME_MAX).optional().describe('part of the name, the city or the GLN'),
});
export type PlaceListQuery = z.infer<typeof placeListQuerySchema>;
export const placePageResponseSchema = z.object({ result: z.array(placeSchema), pageInfo: pageInfoSchema });
export const placeIdQuerySchema = z.object({ placeId: idTextSchema });
export const placeResponseSchema = z.object({ result: placeSchema });

/** Header names of a place file (case, spaces, `_` and `-` ignored); `gln` and `name` are required. */
export const PLACE_FILE_COLUMNS = [
  'gln',
  'extension',
  'name',
  'type',
  'streetAddress',
  'city',
  'postalCode',
  'region',
  'countryCode',
  'latitude',
  'longitude',
  'parentGln',
  'parentExtension',
] as const;

export const placeImportResultSchema = z.object({
  result: z.literal(true),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
});
export type PlaceImportResult = z.infer<typeof placeImportResultSchema>;

/**
 * What a journey step shows of its place (`readPoint` / `bizLocation`): the name, city and country,
 * and the coordinates when the place has them. Keyed by the event's place identifier as shown.
 */
export const placeSummarySchema = z.object({
  identifier: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  countryCode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type PlaceSummary = z.infer<typeof placeSummarySchema>;
