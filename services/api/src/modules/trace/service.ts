import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_PAGE_SIZE,
  SERIAL_AI,
  canonicalIdentifier,
  extractEventFields,
  thumbnailPath,
  validateEpcisEvent,
  type EpcisProblem,
  type Trace,
  type TraceEvent,
  type TracedProduct,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound, validationFailed, type FieldError } from '../../errors.js';
import type { AuthContext } from '../access/auth-context.js';
import { authorizeProduct, authorizeProject } from '../access/policies.js';
import { batchOfLot } from '../batches/service.js';
import { entryPathOf } from '../contents/queries.js';
import { epcisEvents } from '../epcis/tables.js';
import { storeEvents } from '../epcis/store.js';
import { getPublishedPassport } from '../passports/queries.js';
import { products, type ProductRow } from '../products/tables.js';
import { projects } from '../projects/tables.js';
import { qualifiers } from '../qualifiers/tables.js';
import { placeSummaries } from '../places/service.js';
import { toTraceEvent, traceEventColumns, type TraceEventRow } from './events.js';
import { currentParents, journeyPage, journeySummaries, seenSerials, type JourneySubject } from './journey.js';
import { traces } from './tables.js';
import { ensureTraceabilityLink } from './traceability-link.js';

/** Who asks; routes build it per request. */
export interface TraceContext {
  db: Db;
  auth: AuthContext;
  companyId: number;
  /** `config.DIGITAL_LINK_DOMAIN`: the template origin of the traceability link's target. */
  templateOrigin: string;
}

export const NOT_A_DPP_PRODUCT = 'The product is not on the DPP service';
export const NO_GTIN = 'The product has no GTIN to trace';
export const NOT_NAMING_PRODUCT = "The event must name the product's GTIN in an identifier (epcList, childEPCs, a quantity's class, parentID, inputs or outputs)";
export const DUPLICATE_EVENT = 'An event with this eventID is already recorded';

/** At most this many serials go into the commissioning event's epcList; more are commissioned as a quantity of the class. */
export const COMMISSIONING_EPCS_MAX = 10_000;
/** How many serials a trace lists. */
export const TRACE_SERIALS_MAX = 100;

// ----- identifiers -----

/** The GS1 Digital Link URI (canonical form) of a GTIN's class: `https://id.gs1.org/01/{gtin}`. */
export const gtinClassOf = (gtin: string): string => canonicalIdentifier(`https://id.gs1.org/01/${gtin}`);

/** The canonical SGTIN of a serial of a GTIN: `https://id.gs1.org/01/{gtin}/21/{serial}`. */
export const sgtinOf = (gtin: string, serial: string): string => canonicalIdentifier(`https://id.gs1.org/01/${gtin}/21/${encodeURIComponent(serial)}`);

/** A GLN as a location in Digital Link form. */
/** The LGTIN class of a batch (a quantity event's `epcClass`), in its canonical Digital Link form. */
export const lgtinOf = (gtin: string, lot: string): string => canonicalIdentifier(`https://id.gs1.org/01/${gtin}/10/${encodeURIComponent(lot)}`);

export const glnLocationOf = (gln: string): string => canonicalIdentifier(`https://id.gs1.org/414/${gln}`);

/** The product's live registered serials (`/21/{serial}` qualifiers of its entry), oldest first. */
export async function serialsOfProduct(db: Db, product: Pick<ProductRow, 'entryId'>): Promise<string[]> {
  if (product.entryId === null) return [];
  const rows = await db
    .select({ value: qualifiers.value })
    .from(qualifiers)
    .where(and(eq(qualifiers.entryId, product.entryId), eq(qualifiers.identifierCode, SERIAL_AI), eq(qualifiers.isDeleted, false)))
    .orderBy(qualifiers.id);
  return rows.map((row) => row.value);
}

/** Whether the serial is a live registered serial of the product. */
export async function isSerialOfProduct(db: Db, product: Pick<ProductRow, 'entryId'>, serial: string): Promise<boolean> {
  if (product.entryId === null) return false;
  const [row] = await db
    .select({ id: qualifiers.id })
    .from(qualifiers)
    .where(and(eq(qualifiers.entryId, product.entryId), eq(qualifiers.identifierCode, SERIAL_AI), eq(qualifiers.value, serial), eq(qualifiers.isDeleted, false)))
    .limit(1);
  return row !== undefined;
}

// ----- the product's trace -----

async function traceOf(db: Db, companyId: number, productId: number) {
  const [row] = await db
    .select()
    .from(traces)
    .where(and(eq(traces.productId, productId), eq(traces.companyId, companyId)));
  return row;
}

/** The caller's traced product with its GTIN; 404 when it is not the caller's or not traced. */
async function tracedProduct(ctx: TraceContext, productId: number) {
  const product = await authorizeProduct(ctx.db, ctx.auth, ctx.companyId, productId, 'read');
  const trace = await traceOf(ctx.db, ctx.companyId, product.id);
  if (!trace || product.gtin === null) throw notFound();
  return { product, gtin: product.gtin, trace };
}

/** `GET /api/trace/status?productId`: the product (read access) traced or not, since when, with how many events. */
export async function traceStatus(ctx: TraceContext, productId: number): Promise<{ traced: boolean; tracingSince: string | null; events: number }> {
  const product = await authorizeProduct(ctx.db, ctx.auth, ctx.companyId, productId, 'read');
  const trace = await traceOf(ctx.db, ctx.companyId, product.id);
  if (!trace || product.gtin === null) return { traced: false, tracingSince: null, events: 0 };
  const page = await journeyPage(ctx.db, ctx.companyId, { gtin: product.gtin }, { offset: 0, limit: 1 });
  return { traced: true, tracingSince: trace.startedAt.toISOString(), events: page.total };
}

export interface TracePageQuery {
  productId: number;
  serial?: string;
  /** One batch's journey (its LGTIN class) instead of the product's. */
  lot?: string;
  page: number;
  size: number;
}

/**
 * `GET /api/trace?productId&serial?&page&size`: the product's (or one registered serial's) journey,
 * oldest first, with the serials seen in its events and, for a serial, the containers holding it.
 */
export async function getTrace(ctx: TraceContext, query: TracePageQuery): Promise<{ result: Trace; pageInfo: { total: number; page: number; size: number } }> {
  const { product, gtin, trace } = await tracedProduct(ctx, query.productId);
  let sgtin: string | undefined;
  if (query.serial !== undefined) {
    if (!(await isSerialOfProduct(ctx.db, product, query.serial))) throw notFound();
    sgtin = sgtinOf(gtin, query.serial);
  }
  let lgtin: string | undefined;
  if (query.lot !== undefined && sgtin === undefined) {
    if (!(await batchOfLot(ctx.db, product.id, query.lot))) throw notFound();
    lgtin = lgtinOf(gtin, query.lot);
  }
  const serials = await serialsOfProduct(ctx.db, product);
  const subject: JourneySubject = sgtin !== undefined ? { gtin, sgtin } : lgtin !== undefined ? { gtin, lgtin } : { gtin };
  const [page, seen] = await Promise.all([
    journeyPage(ctx.db, ctx.companyId, subject, { offset: (query.page - 1) * query.size, limit: query.size }),
    seenSerials(ctx.db, ctx.companyId, gtin, serials.map((serial) => sgtinOf(gtin, serial)), TRACE_SERIALS_MAX),
  ]);
  const serialBySgtin = new Map(serials.map((serial) => [sgtinOf(gtin, serial), serial]));
  const events = page.rows.map(toTraceEvent);
  const places = await placeSummaries(ctx.db, ctx.companyId, events.flatMap((event) => [event.readPoint, event.bizLocation]));
  return {
    result: {
      productId: product.id,
      productName: product.productName,
      gtin,
      tracingSince: trace.startedAt.toISOString(),
      serial: query.serial ?? null,
      lot: sgtin === undefined ? (query.lot ?? null) : null,
      parents: sgtin === undefined ? [] : currentParents(page.windows),
      serials: seen.map((row) => ({ serial: serialBySgtin.get(row.sgtin) ?? row.sgtin, eventCount: row.eventCount, lastEventTime: row.lastEventTime })),
      events,
      places,
    },
    pageInfo: { total: page.total, page: query.page, size: query.size },
  };
}

// ----- start -----

/** An event time of now in UTC, as EPCIS wants it (with its offset). */
function nowInUtc(now: Date): { eventTime: string; eventTimeZoneOffset: string } {
  return { eventTime: now.toISOString(), eventTimeZoneOffset: '+00:00' };
}

/**
 * The commissioning ObjectEvent of a product that starts being traced: its serials' SGTINs when
 * it has registered serials (up to COMMISSIONING_EPCS_MAX), else its GTIN class as a quantity; at the
 * manufacturer's GLN of its published passport when there is one.
 */
export function commissioningEvent(gtin: string, serials: readonly string[], gln: string | null, now: Date): Record<string, unknown> {
  const location = gln ? { id: glnLocationOf(gln) } : undefined;
  const identifiers =
    serials.length > 0 && serials.length <= COMMISSIONING_EPCS_MAX
      ? { epcList: serials.map((serial) => sgtinOf(gtin, serial)) }
      : { quantityList: [{ epcClass: gtinClassOf(gtin) }] };
  return {
    type: 'ObjectEvent',
    ...nowInUtc(now),
    ...identifiers,
    action: 'ADD',
    bizStep: 'commissioning',
    disposition: 'active',
    ...(location ? { readPoint: location, bizLocation: location } : {}),
  };
}

/**
 * `PUT /api/trace/start?productId`: starts tracing a DPP product in one transaction: the `traces`
 * row, the automatic traceability link and the commissioning event. A product already traced is
 * left as it is. Answers the trace's first page and the entry paths whose resolution changed.
 */
export async function startTrace(ctx: TraceContext, productId: number): Promise<{ trace: Awaited<ReturnType<typeof getTrace>>; entryPaths: string[] }> {
  const product = await authorizeProduct(ctx.db, ctx.auth, ctx.companyId, productId, 'write');
  if (product.service !== 'DPP') throw conflict(NOT_A_DPP_PRODUCT);
  if (product.gtin === null) throw conflict(NO_GTIN);
  const gtin = product.gtin;
  const passport = await getPublishedPassport(ctx.db, { productId: product.id });
  const gln = passport?.data.manufacturer?.gln ?? null;

  const started = await ctx.db.transaction(async (tx) => {
    // Serialises two starts of one product: the second sees the first's row.
    await tx.select({ id: products.id }).from(products).where(eq(products.id, product.id)).for('update');
    const [inserted] = await tx
      .insert(traces)
      .values({ productId: product.id, companyId: ctx.companyId, startedBy: ctx.auth.userId })
      .onConflictDoNothing()
      .returning({ productId: traces.productId });
    if (!inserted) return false;
    await ensureTraceabilityLink(tx, product, { templateOrigin: ctx.templateOrigin, userId: ctx.auth.userId });
    const serials = await serialsOfProduct(tx, product);
    const { problems } = await storeEvents(tx, ctx.companyId, [commissioningEvent(gtin, serials, gln, new Date())], { origin: 'console', errorBehaviour: 'rollback' });
    if (problems.length > 0) throw new Error(`the commissioning event was refused: ${problems.map((problem) => problem.detail).join('; ')}`);
    return true;
  });
  const trace = await getTrace(ctx, { productId: product.id, page: 1, size: DEFAULT_PAGE_SIZE });
  return { trace, entryPaths: started ? await entryPathOf(ctx.db, product) : [] };
}

// ----- list -----

export interface TraceListQuery {
  page: number;
  size: number;
  projectId?: number;
}

/**
 * `GET /api/trace/all?page&size&projectId`: the company's traced live products, newest first, each
 * with its project, how many events its journey has and the last one.
 */
export async function listTraces(ctx: TraceContext, query: TraceListQuery): Promise<{ result: TracedProduct[]; pageInfo: { total: number; page: number; size: number } }> {
  if (query.projectId !== undefined) await authorizeProject(ctx.db, ctx.auth, ctx.companyId, query.projectId, 'read');
  const where = and(
    eq(traces.companyId, ctx.companyId),
    eq(products.companyId, ctx.companyId),
    isNull(products.deletedAt),
    query.projectId === undefined ? undefined : eq(products.projectId, query.projectId),
  );
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ trace: traces, product: products, projectName: projects.name })
      .from(traces)
      .innerJoin(products, eq(products.id, traces.productId))
      .innerJoin(projects, eq(projects.id, products.projectId))
      .where(where)
      .orderBy(desc(traces.startedAt), desc(traces.productId))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(traces)
      .innerJoin(products, eq(products.id, traces.productId))
      .where(where),
  ]);
  const summaries = await journeySummaries(
    ctx.db,
    ctx.companyId,
    rows.flatMap((row) => (row.product.gtin === null ? [] : [{ productId: row.product.id, gtin: row.product.gtin }])),
  );
  const result = rows.map(({ trace, product, projectName }): TracedProduct => {
    const summary = summaries.get(product.id);
    const last = summary?.lastEvent ?? null;
    return {
      productId: product.id,
      productName: product.productName,
      projectId: product.projectId,
      projectName,
      gtin: product.gtin,
      thumbnail: product.images[0] ? thumbnailPath(product.images[0]) : null,
      tracingSince: trace.startedAt.toISOString(),
      eventCount: summary?.eventCount ?? 0,
      lastEvent: last ? { eventTime: last.eventTime, eventType: last.eventType as TraceEvent['eventType'], bizStep: last.bizStep, disposition: last.disposition } : null,
    };
  });
  return { result, pageInfo: { total, page: query.page, size: query.size } };
}

// ----- add an event -----

/** `/epcisBody/eventList/0/epcList/0` or `/epcList/0` → `epcList.0`; the whole event → `(body)`. */
export function fieldPathOf(pointer: string | undefined): string {
  if (!pointer) return '(body)';
  const parts = pointer
    .replace(/^#/, '')
    .replace(/^\/epcisBody\/eventList\/\d+/, '')
    .split('/')
    .filter((part) => part !== '')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.length > 0 ? parts.join('.') : '(body)';
}

/** What field errors need of an EPCIS problem (the library's `EpcisProblem`, the store's problem details). */
type Problem = Pick<EpcisProblem, 'title' | 'pointer'> & { detail?: string };

export const fieldErrorsOf = (problems: readonly Problem[]): FieldError[] =>
  problems.map((problem) => ({ path: fieldPathOf(problem.pointer), message: problem.detail || problem.title }));

/**
 * `POST /api/trace/events?productId`: one EPCIS 2.0 event from the console's form, validated as
 * capture validates (field errors under the event's fields), naming the product's GTIN, stored for
 * the company with origin `console`.
 */
export async function addTraceEvent(ctx: TraceContext, productId: number, event: Record<string, unknown>): Promise<TraceEvent> {
  const { gtin } = await tracedProduct(ctx, productId);
  const problems = validateEpcisEvent(event);
  if (problems.length > 0) throw validationFailed(fieldErrorsOf(problems));
  if (!extractEventFields(event).gtins.includes(gtin)) throw validationFailed([{ path: 'epcList', message: NOT_NAMING_PRODUCT }]);

  const { stored, problems: refused } = await storeEvents(ctx.db, ctx.companyId, [event], { origin: 'console', errorBehaviour: 'rollback', validated: true });
  if (refused.length > 0) {
    if (refused.some((problem) => problem.status === 409)) throw conflict(DUPLICATE_EVENT);
    throw validationFailed(fieldErrorsOf(refused));
  }
  // An event without eventID whose hash is already stored is not stored twice.
  if (stored.length === 0) throw conflict(DUPLICATE_EVENT);
  const [row] = await ctx.db
    .select(traceEventColumns)
    .from(epcisEvents)
    .where(and(eq(epcisEvents.companyId, ctx.companyId), eq(epcisEvents.id, stored[0].rowId)));
  return toTraceEvent(row as TraceEventRow);
}
