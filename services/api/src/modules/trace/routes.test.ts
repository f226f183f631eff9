import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  RESOLVER_INVALIDATE_HEADER,
  SERIAL_AI,
  gtin14,
  landingPageResponseSchema,
  qualifierPathOf,
  traceEventResponseSchema,
  traceListResponseSchema,
  traceResponseSchema,
  type Trace,
} from '@product-console/shared';
import { DEMO_CASE_SSCC, DEMO_SOLD_SERIAL, DEMO_TRACE_SERIALS } from '../../seed/seed-traces.js';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp } from '../../test/demo.js';
import { multipart } from '../../test/multipart.js';
import { companies } from '../companies/tables.js';
import { storeEvents } from '../epcis/store.js';
import { epcisEvents } from '../epcis/tables.js';
import { links } from '../links/tables.js';
import { plans, subscriptions } from '../plans/tables.js';
import { products } from '../products/tables.js';
import { qualifiers } from '../qualifiers/tables.js';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;
let projectIds: Record<string, number>;
let nextReference = 700;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub, projectIds } = await demoSetUp(t.app));
});
afterAll(async () => t?.close());

interface NewProduct {
  productId: number;
  gtin: string;
  entryId: number;
}

async function newProduct(service: 'DL' | 'DPP' = 'DPP', project = 'Camping'): Promise<NewProduct> {
  const gtin = gtin14(0, '0614142', nextReference++);
  const body = multipart({ product: JSON.stringify([{ project_id: projectIds[project], product_name: 'Aurora Headlamp', gtin }]) });
  const response = await call(t.app, acme, { method: 'POST', url: `/api/product/?service=${service}`, ...body });
  expect(response.statusCode).toBe(201);
  const productId = response.json().productId as number;
  const [row] = await t.app.db.select({ entryId: products.entryId }).from(products).where(eq(products.id, productId));
  return { productId, gtin, entryId: row.entryId! };
}

async function acmeId(): Promise<number> {
  const [company] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'acme'));
  return company.id;
}

async function registerSerials(product: NewProduct, serials: string[]) {
  const companyId = await acmeId();
  await t.app.db
    .insert(qualifiers)
    .values(serials.map((value) => ({ companyId, entryId: product.entryId, identifierCode: SERIAL_AI, qualifierPath: qualifierPathOf(SERIAL_AI, value), value })));
}

const start = (productId: number, authorization = acme) => call(t.app, authorization, { method: 'PUT', url: `/api/trace/start?productId=${productId}` });
const readTrace = (productId: number, extra = '', authorization = acme) => call(t.app, authorization, { method: 'GET', url: `/api/trace?productId=${productId}${extra}` });
const addEvent = (productId: number, event: Record<string, unknown>, authorization = acme) =>
  call(t.app, authorization, { method: 'POST', url: `/api/trace/events?productId=${productId}`, payload: event });
const list = (query = '', authorization = acme) => call(t.app, authorization, { method: 'GET', url: `/api/trace/all${query}` });
const traceOf = async (productId: number, extra = ''): Promise<Trace> => {
  const response = await readTrace(productId, extra);
  expect(response.statusCode, response.body).toBe(200);
  return traceResponseSchema.parse(response.json()).result;
};

const sgtin = (gtin: string, serial: string) => `https://id.gs1.org/01/${gtin}/21/${serial}`;
/** An SSCC of Acme's prefix with a valid check digit, as a Digital Link URI. */
function ssccOf(n: number): string {
  const body = `00614142${String(n).padStart(9, '0')}`;
  let sum = 0;
  for (let index = 0; index < body.length; index++) sum += Number(body[body.length - 1 - index]) * (index % 2 === 0 ? 3 : 1);
  return `https://id.gs1.org/00/${body}${(10 - (sum % 10)) % 10}`;
}

const time = (iso: string) => ({ eventTime: iso, eventTimeZoneOffset: '+00:00' });

async function linksOf(productId: number) {
  return t.app.db.select().from(links).where(and(eq(links.productId, productId), eq(links.linkType, 'gs1:traceability')));
}

async function setNordicPlan(name: string) {
  const [company] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'nordic'));
  const [plan] = await t.app.db.select().from(plans).where(eq(plans.name, name));
  await t.app.db.update(subscriptions).set({ planId: plan.id }).where(eq(subscriptions.companyId, company.id));
}

async function demoProduct(name: string) {
  const [row] = await t.app.db.select().from(products).where(eq(products.productName, name));
  return row;
}

describe('PUT /api/trace/start', () => {
  it('adds the traceability link and a commissioning event of the GTIN class; a second start changes nothing', async () => {
    const product = await newProduct();
    const first = await start(product.productId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers[RESOLVER_INVALIDATE_HEADER]).toBeTruthy();
    const trace = traceResponseSchema.parse(first.json()).result;
    expect(trace).toMatchObject({ productId: product.productId, gtin: product.gtin, serial: null, parents: [], serials: [] });
    expect(trace.events).toHaveLength(1);
    expect(trace.events[0]).toMatchObject({
      eventType: 'ObjectEvent',
      action: 'ADD',
      bizStep: 'commissioning',
      disposition: 'active',
      origin: 'console',
      epcs: [],
      quantities: [{ epcClass: `https://id.gs1.org/01/${product.gtin}`, quantity: null, uom: null }],
    });
    expect(trace.events[0].eventId).toMatch(/^ni:\/\/\/sha-256;[0-9a-f]{64}/);
    const traceLinks = await linksOf(product.productId);
    expect(traceLinks).toHaveLength(1);
    expect(traceLinks[0]).toMatchObject({ isAuto: true, display: true, title: 'Traceability' });
    expect(traceLinks[0].targetUrl).toMatch(new RegExp(`/acme/product-details/${product.productId}/preview/traceability$`));

    const second = await start(product.productId);
    expect(second.statusCode).toBe(200);
    expect(second.headers[RESOLVER_INVALIDATE_HEADER]).toBeUndefined();
    expect(traceResponseSchema.parse(second.json()).result.events.map((event) => event.eventId)).toEqual([trace.events[0].eventId]);
    expect(await linksOf(product.productId)).toHaveLength(1);
  });

  it('starts once when two starts arrive together', async () => {
    const product = await newProduct();
    const answers = await Promise.all([start(product.productId), start(product.productId)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await traceOf(product.productId)).events).toHaveLength(1);
    expect(await linksOf(product.productId)).toHaveLength(1);
  });

  it("commissions the product's registered serials as SGTINs in Digital Link form", async () => {
    const product = await newProduct();
    await registerSerials(product, ['LAMP-1', 'LAMP-2']);
    const trace = traceResponseSchema.parse((await start(product.productId)).json()).result;
    expect(trace.events[0].epcs.sort()).toEqual([sgtin(product.gtin, 'LAMP-1'), sgtin(product.gtin, 'LAMP-2')]);
    expect(trace.events[0].quantities).toEqual([]);
    expect(trace.serials.map((serial) => serial.serial).sort()).toEqual(['LAMP-1', 'LAMP-2']);
    expect(trace.serials[0].eventCount).toBe(1);
  });

  it("records the commissioning at the manufacturer's GLN of the published passport, in Digital Link form", async () => {
    const backpack = await demoProduct('Summit 45L Backpack');
    const response = await start(backpack.id);
    expect(response.statusCode).toBe(200);
    const [commissioning] = traceResponseSchema.parse(response.json()).result.events;
    expect(commissioning).toMatchObject({ bizStep: 'commissioning', readPoint: 'https://id.gs1.org/414/0614142000011', bizLocation: 'https://id.gs1.org/414/0614142000011' });
  });

  it('answers 409 for a DL product and stores nothing', async () => {
    const product = await newProduct('DL');
    const response = await start(product.productId);
    expect(response.statusCode).toBe(409);
    expect(await linksOf(product.productId)).toEqual([]);
    expect((await readTrace(product.productId)).statusCode).toBe(404);
  });

  it('refuses a sub-admin (role 3) on every trace call, even with product access', async () => {
    const product = await newProduct('DPP', 'Trail Gear');
    for (const response of [
      await start(product.productId, sub),
      await readTrace(product.productId, '', sub),
      await list('', sub),
      await addEvent(product.productId, {}, sub),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(ERROR_CODES.FORBIDDEN);
    }
  });

  it('refuses a company whose plan has no DPP service (Nordic on Starter) with 403 E403004', async () => {
    for (const response of [await list('', nordic), await start(1, nordic), await readTrace(1, '', nordic), await addEvent(1, {}, nordic)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(ERROR_CODES.SERVICE_NOT_IN_PLAN);
    }
  });
});

describe('GET /api/trace/all', () => {
  it('lists traced products newest first with project, event count and last event, paged and filtered by project', async () => {
    const camping = await newProduct('DPP', 'Camping');
    const winter = await newProduct('DPP', 'Winter Collection');
    await start(camping.productId);
    await start(winter.productId);
    await addEvent(winter.productId, {
      type: 'ObjectEvent',
      ...time('2030-01-02T10:00:00.000Z'),
      epcList: [],
      quantityList: [{ epcClass: `https://id.gs1.org/01/${winter.gtin}`, quantity: 3 }],
      action: 'OBSERVE',
      bizStep: 'shipping',
      disposition: 'in_transit',
    });

    const all = traceListResponseSchema.parse((await list('?size=100')).json());
    const ids = all.result.map((row) => row.productId);
    expect(ids.indexOf(winter.productId)).toBeLessThan(ids.indexOf(camping.productId));
    const winterRow = all.result.find((row) => row.productId === winter.productId)!;
    expect(winterRow).toMatchObject({
      projectId: projectIds['Winter Collection'],
      projectName: 'Winter Collection',
      gtin: winter.gtin,
      eventCount: 2,
      lastEvent: { eventTime: '2030-01-02T10:00:00.000Z', eventType: 'ObjectEvent', bizStep: 'shipping', disposition: 'in_transit' },
    });
    // The demo journeys are there too.
    expect(all.result.map((row) => row.productName)).toEqual(expect.arrayContaining(['Trailhead Hiking Boots', 'Glacier Down Jacket']));
    expect(all.pageInfo.total).toBe(all.result.length);

    const paged = traceListResponseSchema.parse((await list('?size=1&page=2')).json());
    expect(paged.result).toHaveLength(1);
    expect(paged.result[0].productId).toBe(all.result[1].productId);
    expect(paged.pageInfo).toEqual({ total: all.pageInfo.total, page: 2, size: 1 });

    const filtered = traceListResponseSchema.parse((await list(`?projectId=${projectIds.Camping}&size=100`)).json());
    expect(filtered.result.length).toBeGreaterThan(0);
    expect(filtered.result.every((row) => row.projectId === projectIds.Camping)).toBe(true);
    expect(filtered.result.map((row) => row.productId)).toContain(camping.productId);
  });
});

describe('GET /api/trace with serials and containers', () => {
  it('reads the journey oldest first, with the case events while it held the serial, and the parents until unpacking', async () => {
    const product = await newProduct();
    await registerSerials(product, ['P-1', 'P-2', 'P-3']);
    await start(product.productId);
    const caseId = ssccOf(5501);
    const [one, two, three] = ['P-1', 'P-2', 'P-3'].map((serial) => sgtin(product.gtin, serial));
    const post = async (event: Record<string, unknown>) => {
      const response = await addEvent(product.productId, event);
      expect(response.statusCode, response.body).toBe(201);
      return traceEventResponseSchema.parse(response.json()).result;
    };
    // The case's own events name only the case: a capture client records them.
    const capture = async (event: Record<string, unknown>) => {
      const { stored, problems } = await storeEvents(t.app.db, await acmeId(), [event], { origin: 'capture', errorBehaviour: 'rollback' });
      expect(problems).toEqual([]);
      expect(stored).toHaveLength(1);
    };
    // Added out of time order on purpose: the journey is ordered by eventTime.
    await capture({ type: 'ObjectEvent', ...time('2031-03-03T08:00:00.000Z'), epcList: [caseId], action: 'OBSERVE', bizStep: 'shipping', disposition: 'in_transit' });
    const packed = await post({ type: 'AggregationEvent', ...time('2031-03-02T08:00:00.000Z'), parentID: caseId, childEPCs: [one, two], action: 'ADD', bizStep: 'packing' });
    expect(packed).toMatchObject({ eventType: 'AggregationEvent', parentId: caseId, epcs: [one, two] });

    const serialOne = await traceOf(product.productId, '&serial=P-1');
    expect(serialOne.serial).toBe('P-1');
    expect(serialOne.parents).toEqual([caseId]);
    expect(serialOne.events.map((event) => event.bizStep)).toEqual(['commissioning', 'packing', 'shipping']);
    const serialThree = await traceOf(product.productId, '&serial=P-3');
    expect(serialThree.parents).toEqual([]);
    expect(serialThree.events.map((event) => event.bizStep)).toEqual(['commissioning']);

    await post({ type: 'AggregationEvent', ...time('2031-03-05T08:00:00.000Z'), parentID: caseId, childEPCs: [one], action: 'DELETE', bizStep: 'unpacking' });
    // The case's events after unpacking no longer belong to P-1's journey.
    await capture({ type: 'ObjectEvent', ...time('2031-03-06T08:00:00.000Z'), epcList: [caseId, three], action: 'OBSERVE', bizStep: 'storing' });
    const afterUnpacking = await traceOf(product.productId, '&serial=P-1');
    expect(afterUnpacking.parents).toEqual([]);
    expect(afterUnpacking.events.map((event) => event.bizStep)).toEqual(['commissioning', 'packing', 'shipping', 'unpacking']);
    // P-2 stays in the case: the case's later events are its journey, the unpacking of P-1 is not.
    const serialTwo = await traceOf(product.productId, '&serial=P-2');
    expect(serialTwo.parents).toEqual([caseId]);
    expect(serialTwo.events.map((event) => event.bizStep)).toEqual(['commissioning', 'packing', 'shipping', 'storing']);
    expect((await traceOf(product.productId, '&serial=P-3')).events.map((event) => event.bizStep)).toEqual(['commissioning', 'storing']);

    const whole = await traceOf(product.productId);
    expect(whole.events.map((event) => event.bizStep)).toEqual(['commissioning', 'packing', 'shipping', 'unpacking', 'storing']);
    expect(whole.serials.map((serial) => serial.serial).sort()).toEqual(['P-1', 'P-2', 'P-3']);
    // The list counts the same journey, the case's events included.
    const listed = traceListResponseSchema.parse((await list('?size=100')).json()).result.find((row) => row.productId === product.productId);
    expect(listed).toMatchObject({ eventCount: 5, lastEvent: { bizStep: 'storing', eventTime: '2031-03-06T08:00:00.000Z' } });
    const page = await readTrace(product.productId, '&size=2&page=2');
    expect(traceResponseSchema.parse(page.json()).result.events.map((event) => event.bizStep)).toEqual(['shipping', 'unpacking']);
    expect(page.json().pageInfo).toEqual({ total: 5, page: 2, size: 2 });

    expect((await readTrace(product.productId, '&serial=NOT-REGISTERED')).statusCode).toBe(404);
  });

  it("reads a batch's journey: the quantity events of its LGTIN class, in the console and on the landing's traceability view for its lot", async () => {
    const product = await newProduct();
    await start(product.productId);
    const created = await call(t.app, acme, { method: 'POST', url: '/api/entry/batches/', payload: { productId: product.productId, lot: 'LOT/9' } });
    expect(created.statusCode).toBe(201);
    await call(t.app, acme, { method: 'POST', url: '/api/entry/batches/', payload: { productId: product.productId, lot: 'LOT-OTHER' } });
    const lgtin = (lot: string) => `urn:epc:class:lgtin:0614142.0${product.gtin.slice(8, 13)}.${encodeURIComponent(lot).replace(/%2F/g, '%2F')}`;
    const quantity = (lot: string, iso: string, bizStep: string) => ({
      type: 'ObjectEvent',
      ...time(iso),
      quantityList: [{ epcClass: lgtin(lot), quantity: 120, uom: 'KGM' }],
      action: 'OBSERVE',
      bizStep,
    });
    for (const event of [quantity('LOT/9', '2031-04-01T08:00:00.000Z', 'receiving'), quantity('LOT-OTHER', '2031-04-02T08:00:00.000Z', 'shipping'), quantity('LOT/9', '2031-04-03T08:00:00.000Z', 'storing')]) {
      const response = await addEvent(product.productId, event);
      expect(response.statusCode, response.body).toBe(201);
    }
    const batch = await traceOf(product.productId, '&lot=LOT%2F9');
    expect(batch.lot).toBe('LOT/9');
    expect(batch.events.map((event) => event.bizStep)).toEqual(['receiving', 'storing']);
    expect(batch.events[0].quantities[0].epcClass).toBe(`https://id.gs1.org/01/${product.gtin}/10/LOT%2F9`);
    expect((await traceOf(product.productId)).events.map((event) => event.bizStep)).toEqual(['commissioning', 'receiving', 'shipping', 'storing']);
    expect((await readTrace(product.productId, '&lot=NO-SUCH-LOT')).statusCode).toBe(404);

    const [company] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'acme'));
    const landing = await t.app.inject({ method: 'GET', url: `/api/product/landing-page/page?productId=${product.productId}&serviceName=${company.serviceName}&view=traceability&lot=LOT%2F9` });
    expect(landing.statusCode, landing.body).toBe(200);
    expect(landing.json().result.trace).toMatchObject({ serial: null, lot: 'LOT/9', total: 2 });
  });

  it('answers 404 for a product not traced', async () => {
    const product = await newProduct();
    expect((await readTrace(product.productId)).statusCode).toBe(404);
    expect((await addEvent(product.productId, { type: 'ObjectEvent' })).statusCode).toBe(404);
  });

  it('tells whether a product is traced without an error for one that is not; and nothing for another company', async () => {
    const status = (productId: number, authorization = acme) => call(t.app, authorization, { method: 'GET', url: `/api/trace/status?productId=${productId}` });
    const product = await newProduct();
    const before = await status(product.productId);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ result: { traced: false, tracingSince: null, events: 0 } });
    expect((await start(product.productId)).statusCode).toBe(200);
    expect((await status(product.productId)).json().result).toMatchObject({ traced: true, tracingSince: expect.any(String), events: 1 });
    // Nordic's plan has no DPP service: refused before the product is looked at.
    expect((await status(product.productId, nordic)).statusCode).toBe(403);
  });
});

describe('POST /api/trace/events', () => {
  it('answers 400 with field errors under the event fields for a bad event and stores nothing', async () => {
    const product = await newProduct();
    await start(product.productId);
    const before = await t.app.db.select({ id: epcisEvents.id }).from(epcisEvents).where(eq(epcisEvents.bizStep, 'inspecting'));
    const response = await addEvent(product.productId, {
      type: 'ObjectEvent',
      eventTime: 'yesterday',
      eventTimeZoneOffset: '+00:00',
      epcList: [sgtin(product.gtin, 'X1')],
      action: 'SOMETIMES',
      bizStep: 'inspecting',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe(ERROR_CODES.VALIDATION);
    const paths = (body.details as { path: string }[]).map((detail) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(['eventTime', 'action']));
    const after = await t.app.db.select({ id: epcisEvents.id }).from(epcisEvents).where(eq(epcisEvents.bizStep, 'inspecting'));
    expect(after.length).toBe(before.length);
  });

  it("answers 400 on epcList for an event that does not name the product's GTIN", async () => {
    const product = await newProduct();
    const other = await newProduct();
    await start(product.productId);
    const response = await addEvent(product.productId, {
      type: 'ObjectEvent',
      ...time('2031-01-01T00:00:00.000Z'),
      epcList: [sgtin(other.gtin, 'Z9')],
      action: 'OBSERVE',
      bizStep: 'inspecting',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ path: 'epcList' })]);
    expect((await traceOf(product.productId)).events).toHaveLength(1);
  });

  it('stores an event in EPC URN form, answering it in Digital Link form with its sensor readings flattened; the same event again is 409', async () => {
    const product = await newProduct();
    await start(product.productId);
    const urnGtin = product.gtin; // 0 0614142 xxxxx c → urn:epc:id:sgtin:0614142.0xxxxx.serial
    const urn = `urn:epc:id:sgtin:0614142.${urnGtin.slice(0, 1)}${urnGtin.slice(8, 13)}.77`;
    const event = {
      type: 'ObjectEvent',
      ...time('2031-02-01T12:00:00.000+01:00'),
      eventTimeZoneOffset: '+01:00',
      epcList: [urn],
      action: 'OBSERVE',
      bizStep: 'urn:epcglobal:cbv:bizstep:shipping',
      disposition: 'in_transit',
      bizTransactionList: [{ type: 'po', bizTransaction: 'urn:epcglobal:cbv:bt:0614142000011:PO-1' }],
      sensorElementList: [{ sensorMetadata: { time: '2031-02-01T11:00:00.000+01:00' }, sensorReport: [{ type: 'gs1:Temperature', value: 4.5, uom: 'CEL' }, { type: 'Temperature', minValue: 2, maxValue: 6, uom: 'CEL', time: '2031-02-01T11:30:00.000+01:00' }] }],
    };
    const response = await addEvent(product.productId, event);
    expect(response.statusCode, response.body).toBe(201);
    const stored = traceEventResponseSchema.parse(response.json()).result;
    expect(stored).toMatchObject({
      eventTime: '2031-02-01T12:00:00.000+01:00',
      eventTimeZoneOffset: '+01:00',
      bizStep: 'shipping',
      disposition: 'in_transit',
      epcs: [sgtin(product.gtin, '77')],
      bizTransactions: [{ type: 'po', value: 'urn:epcglobal:cbv:bt:0614142000011:PO-1' }],
      origin: 'console',
    });
    expect(stored.sensorReadings).toEqual([
      { type: 'Temperature', value: 4.5, minValue: null, maxValue: null, uom: 'CEL', time: '2031-02-01T11:00:00.000+01:00' },
      { type: 'Temperature', value: null, minValue: 2, maxValue: 6, uom: 'CEL', time: '2031-02-01T11:30:00.000+01:00' },
    ]);
    expect((await addEvent(product.productId, event)).statusCode).toBe(409);
  });
});

describe('tenancy', () => {
  it("keeps Acme's traces from Nordic even on a plan with DPP", async () => {
    const boots = await demoProduct('Trailhead Hiking Boots');
    await setNordicPlan('Business');
    try {
      expect((await readTrace(boots.id, '', nordic)).statusCode).toBe(404);
      expect((await start(boots.id, nordic)).statusCode).toBe(404);
      const response = await addEvent(boots.id, { type: 'ObjectEvent', ...time('2031-01-01T00:00:00.000Z'), epcList: [sgtin(boots.gtin!, 'N1')], action: 'OBSERVE' }, nordic);
      expect(response.statusCode).toBe(404);
      const nordicList = traceListResponseSchema.parse((await list('', nordic)).json());
      expect(nordicList.result).toEqual([]);
      expect((await list(`?projectId=${projectIds.Camping}`, nordic)).statusCode).toBe(404);
    } finally {
      await setNordicPlan('Starter');
    }
  });
});

describe('demo journey and the landing traceability view', () => {
  it("shows the boots' journey in the console: packed into the case, shipped with temperatures, unpacked, sold", async () => {
    const boots = await demoProduct('Trailhead Hiking Boots');
    const trace = await traceOf(boots.id, '&size=100');
    expect(trace.events.map((event) => event.bizStep)).toEqual(['commissioning', 'packing', 'shipping', 'receiving', 'unpacking', 'shipping', 'receiving', 'retail_selling']);
    const shipping = trace.events[2];
    expect(shipping.epcs).toEqual([`https://id.gs1.org/00/${DEMO_CASE_SSCC}`]);
    expect(shipping.bizTransactions.map((transaction) => transaction.type)).toEqual(['po', 'desadv']);
    expect(shipping.sources.map((source) => source.type)).toEqual(['owning_party', 'location']);
    expect(shipping.sensorReadings.length).toBeGreaterThanOrEqual(3);
    expect(shipping.eventTimeZoneOffset).toMatch(/^\+0[01]:00$/);
    expect(trace.serials.map((serial) => serial.serial).sort()).toEqual([...DEMO_TRACE_SERIALS].sort());
    // Three serials stay in the case at the distribution centre; the others' unpacking is not theirs.
    const inCase = await traceOf(boots.id, `&serial=${DEMO_TRACE_SERIALS[5]}`);
    expect(inCase.parents).toEqual([`https://id.gs1.org/00/${DEMO_CASE_SSCC}`]);
    expect(inCase.events.map((event) => event.bizStep)).toEqual(['commissioning', 'packing', 'shipping', 'receiving']);
    expect((await traceOf(boots.id, `&serial=${DEMO_SOLD_SERIAL}`)).parents).toEqual([]);
    // The places the events name come with their names, towns, countries and coordinates.
    const receiving = trace.events[3];
    expect(trace.places).toContainEqual(expect.objectContaining({ identifier: receiving.bizLocation, name: 'Hamburg distribution centre', city: 'Hamburg', countryCode: 'DE', latitude: 53.53 }));
  });

  it('answers the journey on the traceability view, and a scanned serial sees no other serial', async () => {
    const boots = await demoProduct('Trailhead Hiking Boots');
    const view = async (extra = '') => {
      const response = await t.app.inject({ method: 'GET', url: `/api/product/landing-page/page?productId=${boots.id}&serviceName=acme&view=traceability${extra}` });
      expect(response.statusCode).toBe(200);
      return { body: response.body, trace: landingPageResponseSchema.parse(response.json()).result.trace! };
    };
    const product = await view();
    expect(product.trace.serial).toBeNull();
    expect(product.trace.total).toBe(8);
    expect(product.trace.steps.map((step) => step.bizStep)).toEqual(['commissioning', 'packing', 'shipping', 'receiving', 'unpacking', 'shipping', 'receiving', 'retail_selling']);
    for (const serial of DEMO_TRACE_SERIALS) expect(product.body).not.toContain(serial);
    expect(product.body).not.toContain('bizTransaction');
    expect(product.body).not.toContain('PO-2026');
    expect(product.trace.steps[2].sensorReadings.length).toBeGreaterThan(0);
    expect(product.trace.places?.map((place) => place.name)).toEqual(expect.arrayContaining(['Acme footwear factory', 'Hamburg distribution centre', 'Acme store Berlin Mitte']));

    const scanned = await view(`&serial=${DEMO_SOLD_SERIAL}`);
    expect(scanned.trace.serial).toBe(DEMO_SOLD_SERIAL);
    expect(scanned.trace.steps.at(-1)).toMatchObject({ bizStep: 'retail_selling', disposition: 'retail_sold' });
    expect(scanned.trace.steps[0].epcs).toEqual([sgtin(boots.gtin!, DEMO_SOLD_SERIAL)]);
    for (const serial of DEMO_TRACE_SERIALS.filter((serial) => serial !== DEMO_SOLD_SERIAL)) expect(scanned.body).not.toContain(serial);

    // An unknown serial shows the product's journey, naming no serial.
    const unknown = await view('&serial=TH-9999');
    expect(unknown.trace.serial).toBeNull();
    expect(unknown.trace.total).toBe(8);

    // Switched back to DL, the product shows no journey to shoppers (its trace stays for the console).
    await t.app.db.update(products).set({ service: 'DL' }).where(eq(products.id, boots.id));
    try {
      expect((await view()).trace).toBeNull();
      expect((await readTrace(boots.id)).statusCode).toBe(200);
    } finally {
      await t.app.db.update(products).set({ service: 'DPP' }).where(eq(products.id, boots.id));
    }

    // Other views do not read the journey.
    const index = await t.app.inject({ method: 'GET', url: `/api/product/landing-page/page?productId=${boots.id}&serviceName=acme` });
    expect(index.json().result.trace).toBeNull();
  });
});
