import { z } from 'zod';
import { idSchema, idTextSchema, pageInfoSchema, pageQuerySchema, text } from './common.js';
import { API_SCOPES, apiScopeSchema, EPCIS_SCOPES } from './api-scopes.js';
import { placeSummarySchema } from './place.js';

/*
 * Traceability (issue 17, spec points 2, 4, 6 and 7): the company's EPCIS 2.0 repository seen by
 * the console (`/api/trace*`), by machine clients (`/epcis/*` with an API key) and by the shopper
 * (the landing's traceability view). The EPCIS event model itself, its validation (JSON schema
 * plus CBV rules), the event hash and the identifier forms live in `../epcis/`.
 */

/** The five EPCIS 2.0 event types. */
export const EPCIS_EVENT_TYPES = ['ObjectEvent', 'AggregationEvent', 'TransactionEvent', 'TransformationEvent', 'AssociationEvent'] as const;
export type EpcisEventType = (typeof EPCIS_EVENT_TYPES)[number];
export const EPCIS_ACTIONS = ['ADD', 'OBSERVE', 'DELETE'] as const;
export type EpcisAction = (typeof EPCIS_ACTIONS)[number];

/* ---------- API keys of machine clients (`/api/auth/api-keys`) ---------- */

export const API_KEY_NAME_MAX = 100;
/** How many live (not revoked) keys a company may hold. */
export const API_KEYS_PER_COMPANY_MAX = 50;

/** `POST /api/auth/api-keys {name}`. */
export const apiKeyCreateSchema = z.object({
  name: text().trim().min(1).max(API_KEY_NAME_MAX),
  /** What the key may do (issue 30); a key made without scopes is an EPCIS key, as before scopes. */
  scopes: z
    .array(apiScopeSchema)
    .min(1)
    .max(API_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Name each scope once')
    .default([...EPCIS_SCOPES]),
  /** Only this project's resources (projects, products and what belongs to them); null: the whole company. */
  projectId: idSchema.nullable().default(null),
  /** When the key stops working; null: until revoked. */
  expiresAt: z.iso
    .datetime({ offset: true })
    .refine((value) => Date.parse(value) > Date.now(), 'Must be in the future')
    .nullable()
    .default(null),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

/** A key as lists show it: never the key itself, only its first characters to tell keys apart. */
export const apiKeySchema = z.object({
  apiKeyId: z.string().uuid(),
  name: z.string(),
  /** The key's first 8 characters (`pck_AbC1`), shown as `pck_AbC1…`. */
  prefix: z.string(),
  createdAt: z.string(),
  /** Who created it (the user's e-mail), null when that user is gone. */
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  scopes: z.array(apiScopeSchema),
  projectId: z.number().int().nullable(),
  /** The restricting project's name, null for a company-wide key. */
  projectName: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer of the create call: the only time the key is shown. */
export const apiKeyCreatedSchema = z.object({
  apiKeyId: z.string().uuid(),
  name: z.string(),
  key: z.string(),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyCreatedResponseSchema = z.object({ result: apiKeyCreatedSchema });
export const apiKeyListResponseSchema = z.object({ result: z.array(apiKeySchema) });
export const apiKeyIdParamSchema = z.object({ apiKeyId: z.string().uuid() });

/* ---------- One event as the console and the landing read it ---------- */

/** A `{type, value}` pair of bizTransactionList, sourceList or destinationList; `type` is the CBV short name or a URI. */
export const typedValueSchema = z.object({ type: z.string().nullable(), value: z.string() });
export type TypedValue = z.infer<typeof typedValueSchema>;

export const traceQuantitySchema = z.object({
  epcClass: z.string(),
  quantity: z.number().nullable(),
  uom: z.string().nullable(),
});
export type TraceQuantity = z.infer<typeof traceQuantitySchema>;

/** One sensor reading (a `sensorElementList[].sensorReport[]` entry) reduced to what a chart needs. */
export const traceSensorReadingSchema = z.object({
  /** CBV measurement type short name (`Temperature`) or its URI. */
  type: z.string(),
  value: z.number().nullable(),
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
  uom: z.string().nullable(),
  /** The reading's own time, else the sensor element's, else the event's. */
  time: z.string(),
});
export type TraceSensorReading = z.infer<typeof traceSensorReadingSchema>;

/**
 * One event of a journey. Identifiers are given in GS1 Digital Link form where they convert
 * (`https://id.gs1.org/01/…/21/…`), else as captured. `bizStep` and `disposition` are CBV short
 * names (`shipping`, `in_transit`) or, for extensions, the full URI; words come from the
 * clients' message catalogues.
 */
export const traceEventSchema = z.object({
  eventId: z.string(),
  eventType: z.enum(EPCIS_EVENT_TYPES),
  action: z.enum(EPCIS_ACTIONS).nullable(),
  /** ISO 8601 with the event's own offset, as captured. */
  eventTime: z.string(),
  eventTimeZoneOffset: z.string(),
  recordTime: z.string(),
  bizStep: z.string().nullable(),
  disposition: z.string().nullable(),
  readPoint: z.string().nullable(),
  bizLocation: z.string().nullable(),
  /** epcList, childEPCs, inputEPCList and outputEPCList of the event. */
  epcs: z.array(z.string()),
  parentId: z.string().nullable(),
  quantities: z.array(traceQuantitySchema),
  bizTransactions: z.array(typedValueSchema),
  sources: z.array(typedValueSchema),
  destinations: z.array(typedValueSchema),
  sensorReadings: z.array(traceSensorReadingSchema),
  errorDeclaration: z.object({ declarationTime: z.string(), reason: z.string().nullable() }).nullable(),
  /** `console` (the add-event form or trace start), `capture` (an API key's client). */
  origin: z.enum(['console', 'capture']),
});
export type TraceEvent = z.infer<typeof traceEventSchema>;

/* ---------- `/api/trace*` of the console ---------- */

/** `GET /api/trace/all?page&size&projectId` (page 1-based): the company's traced products. */
export const traceListQuerySchema = pageQuerySchema.extend({ projectId: idTextSchema.optional() });

export const tracedProductSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  gtin: z.string().nullable(),
  thumbnail: z.string().nullable(),
  tracingSince: z.string(),
  eventCount: z.number().int().nonnegative(),
  lastEvent: z
    .object({ eventTime: z.string(), eventType: z.enum(EPCIS_EVENT_TYPES), bizStep: z.string().nullable(), disposition: z.string().nullable() })
    .nullable(),
});
export type TracedProduct = z.infer<typeof tracedProductSchema>;
export const traceListResponseSchema = z.object({ result: z.array(tracedProductSchema), pageInfo: pageInfoSchema });

/**
 * `GET /api/trace?productId&serial?&page&size`: the product's events (or one serial's), oldest first,
 * paged; 404 when the product is not traced. Events are those naming the product's GTIN in any
 * identifier field (its SGTINs, its LGTIN/GTIN classes), plus aggregations whose parent holds them.
 */
export const traceQuerySchema = pageQuerySchema.extend({
  productId: idTextSchema,
  serial: text().trim().min(1).max(20).optional(),
  lot: text().trim().min(1).max(20).optional().describe("one batch's journey: the events naming its LGTIN class (quantity events)"),
});

export const traceSerialSchema = z.object({
  serial: z.string(),
  eventCount: z.number().int().nonnegative(),
  lastEventTime: z.string().nullable(),
});

export const traceSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  gtin: z.string().nullable(),
  tracingSince: z.string(),
  /** The serial asked for, else null. */
  serial: z.string().nullable(),
  /** The batch (lot) asked for, else null (decision 076). */
  lot: z.string().nullable().optional(),
  /** Aggregation parents (cases, pallets) currently holding the serial: last ADD/OBSERVE not undone by a DELETE. Empty without a serial. */
  parents: z.array(z.string()),
  /** The product's registered serials that appear in events (first 100 by last event). */
  serials: z.array(traceSerialSchema),
  events: z.array(traceEventSchema),
  /** The company's places the page's events name as readPoint or bizLocation (decision 081); places it does not know are absent. */
  places: z.array(placeSummarySchema).optional(),
});
export type Trace = z.infer<typeof traceSchema>;
export const traceResponseSchema = z.object({ result: traceSchema, pageInfo: pageInfoSchema });

/**
 * `GET /api/trace/status?productId`: whether the product is traced, since when and with how many
 * events (an untraced product is an answer, not an error; 404 only for another company's product).
 */
export const traceStatusQuerySchema = z.object({ productId: idTextSchema });
export const traceStatusResponseSchema = z.object({
  result: z.object({ traced: z.boolean(), tracingSince: z.string().nullable(), events: z.number().int().nonnegative() }),
});
export type TraceStatus = z.infer<typeof traceStatusResponseSchema>['result'];

/** `PUT /api/trace/start?productId`: 200 with the trace's first page; a second start changes nothing. */
export const traceStartQuerySchema = z.object({ productId: idTextSchema });

/**
 * `POST /api/trace/events?productId` from the add-event form: one EPCIS 2.0 event (JSON, as
 * `/epcis/events` takes it), validated with the same rules as capture and stored for the product's
 * company; 201 with the stored event. The product must be traced, and the event must name the
 * product's GTIN in one of its identifiers (else 400 on `epcList`).
 */
export const traceEventQuerySchema = z.object({ productId: idTextSchema });
export const traceEventResponseSchema = z.object({ result: traceEventSchema });

/* ---------- The consumer's traceability view ---------- */

/** `landingPageData.trace`: the journey in plain steps, oldest first; null when the product is not traced. */
export const landingTraceSchema = z.object({
  serial: z.string().nullable(),
  /** The scanned lot whose batch's journey this is (no serial scanned), else null. */
  lot: z.string().nullable().optional(),
  /** At most the last 50 steps; `total` says how many there are. */
  steps: z.array(traceEventSchema.omit({ origin: true, sources: true, destinations: true, bizTransactions: true })),
  total: z.number().int().nonnegative(),
  /** The places the steps name, as the company keeps them (name, city, country, coordinates; decision 081). */
  places: z.array(placeSummarySchema).optional(),
});
export type LandingTrace = z.infer<typeof landingTraceSchema>;
