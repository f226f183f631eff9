import { and, eq } from 'drizzle-orm';
import { gtinOf, type LandingTrace, type TraceEvent } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import type { ProductRow } from '../products/tables.js';
import { placeSummaries } from '../places/service.js';
import { toTraceEvent } from './events.js';
import { batchOfLot } from '../batches/service.js';
import { journeyPage, type JourneySubject } from './journey.js';
import { gtinClassOf, isSerialOfProduct, lgtinOf, sgtinOf } from './service.js';
import { traces } from './tables.js';

/** How many steps the shopper's traceability view shows at most (the latest ones). */
export const LANDING_STEPS_MAX = 50;

type LandingStep = LandingTrace['steps'][number];

/**
 * What a shopper may see of one step: no business transactions, sources or destinations, and of
 * the identifiers only the product's own class and the scanned serial, so that a scan never tells
 * other items' serials (or other products') a case held with it. A container (a case's SSCC) stays
 * as the step's parent; an item of another product as a parent is dropped.
 */
export function publicStep(event: TraceEvent, gtin: string, sgtin: string | null): LandingStep {
  const productClass = gtinClassOf(gtin);
  const ownClass = (identifier: string) => identifier === productClass || (gtinOf(identifier) === gtin && !identifier.includes('/21/'));
  const shown = (identifier: string) => identifier === sgtin || ownClass(identifier);
  const parentShown = event.parentId !== null && (gtinOf(event.parentId) === null || shown(event.parentId));
  return {
    eventId: event.eventId,
    eventType: event.eventType,
    action: event.action,
    eventTime: event.eventTime,
    eventTimeZoneOffset: event.eventTimeZoneOffset,
    recordTime: event.recordTime,
    bizStep: event.bizStep,
    disposition: event.disposition,
    readPoint: event.readPoint,
    bizLocation: event.bizLocation,
    epcs: event.epcs.filter(shown),
    parentId: parentShown ? event.parentId : null,
    quantities: event.quantities.filter((quantity) => gtinOf(quantity.epcClass) === gtin),
    sensorReadings: event.sensorReadings,
    errorDeclaration: event.errorDeclaration,
  };
}

/**
 * The landing's traceability view (`landingPageData.trace`): the journey of the product, or of the
 * scanned serial when it is a registered serial of the product, as its last LANDING_STEPS_MAX steps
 * oldest first with the total; null when the product is not traced or not on the DPP service.
 */
export async function landingTrace(
  db: Db,
  product: Pick<ProductRow, 'id' | 'companyId' | 'gtin' | 'entryId' | 'service'>,
  scannedSerial: string | undefined,
  scannedLot?: string,
): Promise<LandingTrace | null> {
  // Traceability belongs to the DPP service, as passports do: a product switched back to DL shows none.
  if (product.gtin === null || product.service !== 'DPP') return null;
  const gtin = product.gtin;
  const [trace] = await db
    .select({ productId: traces.productId })
    .from(traces)
    .where(and(eq(traces.productId, product.id), eq(traces.companyId, product.companyId)));
  if (!trace) return null;
  const serial = scannedSerial !== undefined && scannedSerial !== '' && (await isSerialOfProduct(db, product, scannedSerial)) ? scannedSerial : null;
  const sgtin = serial === null ? null : sgtinOf(gtin, serial);
  // A code carrying a lot of the product (and no registered serial): the batch's journey (decision 076).
  const lot = sgtin === null && scannedLot && (await batchOfLot(db, product.id, scannedLot)) ? scannedLot : null;
  const subject: JourneySubject = sgtin !== null ? { gtin, sgtin } : lot !== null ? { gtin, lgtin: lgtinOf(gtin, lot) } : { gtin };
  const page = await journeyPage(db, product.companyId, subject, { offset: 0, limit: LANDING_STEPS_MAX, newestFirst: true });
  const steps = page.rows.reverse().map((row) => publicStep(toTraceEvent(row), gtin, sgtin));
  // The places' names, towns and countries; the shopper's journey shows them instead of GLNs (decision 081).
  const places = await placeSummaries(db, product.companyId, steps.flatMap((step) => [step.readPoint, step.bizLocation]));
  return { serial, lot, steps, total: page.total, places };
}
