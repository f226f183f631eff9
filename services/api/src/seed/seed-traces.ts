import { and, asc, eq, isNull } from 'drizzle-orm';
import { SERIAL_AI, gs1CheckDigit, qualifierPathOf } from '@product-console/shared';
import { storeEvents } from '../modules/epcis/store.js';
import { fieldAttributes } from '../modules/places/service.js';
import { places } from '../modules/places/tables.js';
import { products, type ProductRow } from '../modules/products/tables.js';
import { qualifiers } from '../modules/qualifiers/tables.js';
import { traces } from '../modules/trace/tables.js';
import { ensureTraceabilityLink } from '../modules/trace/traceability-link.js';
import type { Db } from '../db/client.js';

/*
 * Demo journeys (issue 17): two of Acme's DPP products are traced, so the trace screens and the
 * phone's traceability view show a journey at once. The hiking boots have six registered serials that
 * are commissioned in Porto, packed into a case (an SSCC), shipped with a temperature logger to the
 * distribution centre in Hamburg, received, partly unpacked (three serials stay in the case),
 * shipped on to the Berlin store, received there and one is sold. The down jacket is traced by its
 * lot: commissioned, shipped, received and sold by quantity. Events go through `storeEvents` like
 * any capture and carry no eventID: the EPCIS event hash makes them. Times are spread over the last
 * four weeks, each in its place's time zone.
 */

/** The serials the demo registers for the traced hiking boots. */
export const DEMO_TRACE_SERIALS = ['TH-0001', 'TH-0002', 'TH-0003', 'TH-0004', 'TH-0005', 'TH-0006'] as const;
/**
 * The demo journeys: the boots' (serials) and the jacket's (a lot). The backpack, the first DPP
 * product, stays untraced (tests of the passport and of serial imports count on it as it is), and
 * so does the sleeping bag: the console's start-tracing flow has products to start.
 */
export const DEMO_TRACED_PRODUCTS = ['Trailhead Hiking Boots', 'Glacier Down Jacket'] as const;
/** The serial sold at the Berlin store. */
export const DEMO_SOLD_SERIAL = DEMO_TRACE_SERIALS[0];
/** The jacket's lot. */
export const DEMO_JACKET_LOT = 'GJ2611';

const gln = (prefix: string, reference: string) => `${prefix}${reference}${gs1CheckDigit(`${prefix}${reference}`)}`;
const sscc = (extension: string, prefix: string, reference: string) => `${extension}${prefix}${reference}${gs1CheckDigit(`${extension}${prefix}${reference}`)}`;

interface Place {
  gln: string;
  timeZone: string;
}

/** Acme's places (GLNs of its prefix 0614142). */
const PLACES = {
  acme: { gln: '0614142000011', timeZone: 'Europe/Berlin' },
  factory: { gln: gln('0614142', '00002'), timeZone: 'Europe/Lisbon' },
  acmeEurope: { gln: gln('0614142', '00003'), timeZone: 'Europe/Berlin' },
  distributionCentre: { gln: gln('0614142', '00004'), timeZone: 'Europe/Berlin' },
  store: { gln: gln('0614142', '00005'), timeZone: 'Europe/Berlin' },
} satisfies Record<string, Place>;

/** What the Locations screen shows of Acme's places (decision 081): names, addresses and where they are. */
const PLACE_DETAILS = [
  { place: PLACES.acme, name: 'Acme Outdoor headquarters', type: 'site', streetAddress: 'Leopoldstraße 40', city: 'Munich', postalCode: '80802', region: 'DE-BY', countryCode: 'DE', latitude: 48.158, longitude: 11.585 },
  { place: PLACES.factory, name: 'Acme footwear factory', type: 'factory', streetAddress: 'Rua do Freixo 1250', city: 'Porto', postalCode: '4300-219', region: 'PT-13', countryCode: 'PT', latitude: 41.146, longitude: -8.574 },
  { place: PLACES.acmeEurope, name: 'Acme Europe', type: 'site', streetAddress: 'Friedrichstraße 68', city: 'Berlin', postalCode: '10117', region: 'DE-BE', countryCode: 'DE', latitude: 52.511, longitude: 13.389 },
  { place: PLACES.distributionCentre, name: 'Hamburg distribution centre', type: 'distribution_centre', streetAddress: 'Am Ballinkai 1', city: 'Hamburg', postalCode: '21129', region: 'DE-HH', countryCode: 'DE', latitude: 53.53, longitude: 9.93 },
  { place: PLACES.store, name: 'Acme store Berlin Mitte', type: 'store', streetAddress: 'Rosenthaler Straße 40', city: 'Berlin', postalCode: '10178', region: 'DE-BE', countryCode: 'DE', latitude: 52.526, longitude: 13.402 },
] as const;

/** Acme's places as the Locations screen keeps them, so journeys read as places with a map. */
async function seedPlaces(tx: Db, companyId: number): Promise<void> {
  await tx.insert(places).values(
    PLACE_DETAILS.map(({ place, ...fields }) => ({ companyId, identifier: location(place), gln: place.gln, ...fields, attributes: fieldAttributes({ ...fields }) })),
  );
}

export const DEMO_CASE_SSCC = sscc('0', '0614141', '000004417');

const location = (place: Place) => `https://id.gs1.org/414/${place.gln}`;
const party = (place: Place) => `https://id.gs1.org/417/${place.gln}`;

/** `±hh:mm` of a time zone at an instant. */
function offsetAt(date: Date, timeZone: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return match ? `${match[1]}:${match[2] ?? '00'}` : '+00:00';
}

/** The instant as local ISO 8601 time of the place, with its offset, and the offset. */
function localTime(date: Date, place: Place): { eventTime: string; eventTimeZoneOffset: string } {
  const offset = offsetAt(date, place.timeZone);
  const sign = offset.startsWith('-') ? -1 : 1;
  const minutes = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  const local = new Date(date.getTime() + minutes * 60_000).toISOString().replace(/Z$/, '');
  return { eventTime: `${local}${offset}`, eventTimeZoneOffset: offset };
}

/** `days` days before `now`, at `hour`:`minute` UTC. */
function daysBefore(now: Date, days: number, hour: number, minute: number): Date {
  const date = new Date(now.getTime() - days * 86_400_000);
  date.setUTCHours(hour, minute, 0, 0);
  return date;
}

const at = (date: Date, place: Place) => ({ ...localTime(date, place), readPoint: { id: location(place) }, bizLocation: { id: location(place) } });

/** A temperature logger's readings every two hours before `end`, kept between 4 and 9 °C. */
function temperatureLog(end: Date, place: Place, values: readonly number[]) {
  return [
    {
      sensorMetadata: { time: localTime(end, place).eventTime, deviceID: 'https://id.gs1.org/8004/0614142LOGGER7' },
      sensorReport: values.map((value, index) => ({
        type: 'Temperature',
        value,
        uom: 'CEL',
        time: localTime(new Date(end.getTime() - (values.length - 1 - index) * 2 * 3_600_000), place).eventTime,
      })),
    },
  ];
}

function bootsJourney(gtin: string, now: Date): Record<string, unknown>[] {
  const sgtin = (serial: string) => `https://id.gs1.org/01/${gtin}/21/${serial}`;
  const all = DEMO_TRACE_SERIALS.map(sgtin);
  const unpacked = all.slice(0, 3);
  const caseId = `https://id.gs1.org/00/${DEMO_CASE_SSCC}`;
  const shippedAt = daysBefore(now, 22, 15, 40);
  return [
    { type: 'ObjectEvent', ...at(daysBefore(now, 26, 8, 12), PLACES.factory), epcList: all, action: 'ADD', bizStep: 'commissioning', disposition: 'active' },
    { type: 'AggregationEvent', ...at(daysBefore(now, 25, 13, 5), PLACES.factory), parentID: caseId, childEPCs: all, action: 'ADD', bizStep: 'packing', disposition: 'in_progress' },
    {
      type: 'ObjectEvent',
      ...at(shippedAt, PLACES.factory),
      epcList: [caseId],
      action: 'OBSERVE',
      bizStep: 'shipping',
      disposition: 'in_transit',
      bizTransactionList: [
        { type: 'po', bizTransaction: 'urn:epcglobal:cbv:bt:0614142000011:PO-2026-0415' },
        { type: 'desadv', bizTransaction: 'urn:epcglobal:cbv:bt:0614142000028:DESADV-88231' },
      ],
      sourceList: [
        { type: 'owning_party', source: party(PLACES.acme) },
        { type: 'location', source: location(PLACES.factory) },
      ],
      destinationList: [
        { type: 'owning_party', destination: party(PLACES.acmeEurope) },
        { type: 'location', destination: location(PLACES.distributionCentre) },
      ],
      sensorElementList: temperatureLog(shippedAt, PLACES.factory, [6.8, 6.1, 5.4, 5.0, 4.7]),
    },
    {
      type: 'ObjectEvent',
      ...at(daysBefore(now, 19, 7, 25), PLACES.distributionCentre),
      epcList: [caseId],
      action: 'OBSERVE',
      bizStep: 'receiving',
      disposition: 'in_progress',
      bizTransactionList: [{ type: 'desadv', bizTransaction: 'urn:epcglobal:cbv:bt:0614142000028:DESADV-88231' }],
    },
    { type: 'AggregationEvent', ...at(daysBefore(now, 18, 10, 50), PLACES.distributionCentre), parentID: caseId, childEPCs: unpacked, action: 'DELETE', bizStep: 'unpacking', disposition: 'sellable_not_accessible' },
    {
      type: 'ObjectEvent',
      ...at(daysBefore(now, 10, 6, 30), PLACES.distributionCentre),
      epcList: unpacked,
      action: 'OBSERVE',
      bizStep: 'shipping',
      disposition: 'in_transit',
      sourceList: [{ type: 'location', source: location(PLACES.distributionCentre) }],
      destinationList: [{ type: 'location', destination: location(PLACES.store) }],
    },
    { type: 'ObjectEvent', ...at(daysBefore(now, 9, 9, 15), PLACES.store), epcList: unpacked, action: 'OBSERVE', bizStep: 'receiving', disposition: 'sellable_accessible' },
    { type: 'ObjectEvent', ...at(daysBefore(now, 3, 16, 42), PLACES.store), epcList: [sgtin(DEMO_SOLD_SERIAL)], action: 'OBSERVE', bizStep: 'retail_selling', disposition: 'retail_sold' },
  ];
}

function jacketJourney(gtin: string, now: Date): Record<string, unknown>[] {
  const lot = `https://id.gs1.org/01/${gtin}/10/${DEMO_JACKET_LOT}`;
  const shippedAt = daysBefore(now, 16, 14, 0);
  return [
    { type: 'ObjectEvent', ...at(daysBefore(now, 20, 9, 0), PLACES.factory), epcList: [], quantityList: [{ epcClass: lot, quantity: 40 }], action: 'ADD', bizStep: 'commissioning', disposition: 'active' },
    {
      type: 'ObjectEvent',
      ...at(shippedAt, PLACES.factory),
      epcList: [],
      quantityList: [{ epcClass: lot, quantity: 40 }],
      action: 'OBSERVE',
      bizStep: 'shipping',
      disposition: 'in_transit',
      bizTransactionList: [{ type: 'po', bizTransaction: 'urn:epcglobal:cbv:bt:0614142000011:PO-2026-0502' }],
      sourceList: [{ type: 'location', source: location(PLACES.factory) }],
      destinationList: [{ type: 'location', destination: location(PLACES.distributionCentre) }],
      sensorElementList: temperatureLog(shippedAt, PLACES.factory, [12.5, 11.8, 11.2]),
    },
    { type: 'ObjectEvent', ...at(daysBefore(now, 13, 8, 10), PLACES.distributionCentre), epcList: [], quantityList: [{ epcClass: lot, quantity: 40 }], action: 'OBSERVE', bizStep: 'receiving', disposition: 'in_progress' },
    { type: 'ObjectEvent', ...at(daysBefore(now, 2, 11, 20), PLACES.store), epcList: [], quantityList: [{ epcClass: lot, quantity: 1 }], action: 'OBSERVE', bizStep: 'retail_selling', disposition: 'retail_sold' },
  ];
}

async function traceProduct(tx: Db, product: ProductRow, events: Record<string, unknown>[], templateOrigin: string, startedBy: number | null): Promise<void> {
  const startedAt = new Date(String(events[0].eventTime));
  await tx.insert(traces).values({ productId: product.id, companyId: product.companyId, startedAt, startedBy });
  await ensureTraceabilityLink(tx, product, { templateOrigin });
  const { problems } = await storeEvents(tx, product.companyId, events, { origin: 'console', errorBehaviour: 'rollback' });
  if (problems.length > 0) throw new Error(`demo journey of ${product.productName} refused: ${JSON.stringify(problems)}`);
}

/**
 * Seeds the demo journeys of a company's DPP products named in DEMO_TRACED_PRODUCTS (inside the
 * demo seed's transaction, which runs once: after it, users exist and the seed is skipped).
 */
export async function seedDemoTraces(tx: Db, companyId: number, templateOrigin: string, startedBy: number | null, now = new Date()): Promise<void> {
  const rows = await tx
    .select()
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.service, 'DPP'), isNull(products.deletedAt)))
    .orderBy(asc(products.id));
  await seedPlaces(tx, companyId);
  const [boots, jacket] = DEMO_TRACED_PRODUCTS.map((name) => rows.find((row) => row.productName === name));
  if (boots?.gtin && boots.entryId !== null) {
    await tx.insert(qualifiers).values(
      DEMO_TRACE_SERIALS.map((value) => ({ companyId, entryId: boots.entryId!, identifierCode: SERIAL_AI, qualifierPath: qualifierPathOf(SERIAL_AI, value), value })),
    );
    await traceProduct(tx, boots, bootsJourney(boots.gtin, now), templateOrigin, startedBy);
  }
  if (jacket?.gtin) await traceProduct(tx, jacket, jacketJourney(jacket.gtin, now), templateOrigin, startedBy);
}
