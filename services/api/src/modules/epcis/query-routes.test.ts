import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalIdentifier, eventHash, normalizeBizTransactionType, normalizeSourceDestType, toEpcUrn } from '@product-console/shared';
import { standardsPath } from '../../../../../tests/fixtures/standards/index.mjs';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp } from '../../test/demo.js';
import { companies } from '../companies/tables.js';
import { plans, subscriptions } from '../plans/tables.js';
import { eventContext, storeEvents } from './store.js';
import { epcisSubscriptions } from './tables.js';

type Json = Record<string, unknown>;

const RESOURCES = standardsPath('epcis/openepcis-test-resources/Capture');
const readJson = (folder: string, file: string) => JSON.parse(readFileSync(join(RESOURCES, folder, file), 'utf8')) as Json;
const filesOf = (folder: string) => readdirSync(join(RESOURCES, folder)).filter((file) => file.endsWith('.json')).sort();

let t: TestApp;
let acmeKey: string;
let nordicKey: string;
let acmeId: number;
let nordicId: number;

function get(url: string, key = acmeKey, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}`, ...headers } });
}
function send(method: 'POST' | 'DELETE', url: string, body?: unknown, key = acmeKey): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

const eventList = (response: LightMyRequestResponse): Json[] => {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['gs1-epcis-version']).toBe('2.0.0');
  expect(response.headers['gs1-cbv-version']).toBe('2.0.0');
  const body = response.json();
  expect(body).toMatchObject({ type: 'EPCISQueryDocument', schemaVersion: '2.0', epcisBody: { queryResults: { resultsBody: {} } } });
  return body.epcisBody.queryResults.resultsBody.eventList as Json[];
};
const eventIds = (response: LightMyRequestResponse) => eventList(response).map((event) => event.eventID as string);
const query = (params: Record<string, string>) => `/epcis/events?${new URLSearchParams(params)}`;

function expectProblem(response: LightMyRequestResponse, status: number, type: string): { detail?: string } {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toContain('application/problem+json');
  expect(response.headers['gs1-epcis-version']).toBe('2.0.0');
  const body = response.json();
  expect(body).toMatchObject({ type: `epcisException:${type}`, status });
  return body;
}

/** The next page's address from a `Link: <…>; rel="next"` header, or null. */
const nextLink = (response: LightMyRequestResponse): string | null => /^<([^>]+)>; rel="next"$/.exec(String(response.headers.link ?? ''))?.[1] ?? null;

async function companyIdOf(serviceName: string): Promise<number> {
  const [company] = await t.app.db.select().from(companies).where(eq(companies.serviceName, serviceName));
  return company.id;
}

async function store(companyId: number, events: Json[], context?: unknown, recordTime?: Date) {
  const result = await storeEvents(t.app.db, companyId, events, { origin: 'capture', errorBehaviour: 'proceed', context, recordTime });
  return result;
}

beforeAll(async () => {
  t = await createTestApp({ EPCIS_WEBHOOK_ALLOW_PRIVATE: 'true', EPCIS_SUBSCRIPTION_INTERVAL_MS: '200', EPCIS_WEBHOOK_RETRY_BASE_MS: '150' });
  const { acme, nordic } = await demoSetUp(t.app);
  acmeId = await companyIdOf('acme');
  nordicId = await companyIdOf('nordic');
  // Nordic's plan gets the DPP service, so that its key works and sees only Nordic's (empty) repository.
  const [business] = await t.app.db.select().from(plans).where(eq(plans.name, 'Business'));
  await t.app.db.update(subscriptions).set({ planId: business.id }).where(eq(subscriptions.companyId, nordicId));
  const keyOf = async (authorization: string) =>
    (await call(t.app, authorization, { method: 'POST', url: '/api/auth/api-keys', payload: { name: 'query tests' } })).json().result.key as string;
  acmeKey = await keyOf(acme);
  nordicKey = await keyOf(nordic);
});
afterAll(async () => t?.close());

/* ---------- Filters implied by an event's own fields ---------- */

const asArray = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/**
 * An identifier in the other form: an EPC URN as its Digital Link, a Digital Link as an EPC URN (any
 * prefix split names the same key). A URN carries no check digit, so a Digital Link with a wrong one
 * (a test document's GRAI) has no URN naming it: then the identifier itself.
 */
function otherForm(identifier: string): string {
  if (identifier.startsWith('urn:epc:')) return canonicalIdentifier(identifier);
  const urn = toEpcUrn(canonicalIdentifier(identifier), () => 7);
  return canonicalIdentifier(urn) === canonicalIdentifier(identifier) ? urn : identifier;
}

/** Query parameter sets that each must return the event, derived from its fields as captured. */
function impliedFilters(event: Json): Record<string, string>[] {
  const filters: Record<string, string>[] = [{ eventType: event.type as string }];
  const add = (name: string, value: unknown) => typeof value === 'string' && value !== '' && filters.push({ [name]: value });
  add('EQ_action', event.action);
  add('EQ_bizStep', event.bizStep);
  add('EQ_disposition', event.disposition);
  const readPoint = (event.readPoint as Json | undefined)?.id;
  add('EQ_readPoint', readPoint);
  add('WD_readPoint', readPoint);
  const bizLocation = (event.bizLocation as Json | undefined)?.id;
  add('EQ_bizLocation', bizLocation);
  add('WD_bizLocation', bizLocation);
  for (const [list, match] of [
    ['epcList', 'MATCH_epc'],
    ['childEPCs', 'MATCH_epc'],
    ['inputEPCList', 'MATCH_inputEPC'],
    ['outputEPCList', 'MATCH_outputEPC'],
  ] as const) {
    for (const epc of strings(event[list])) {
      add(match, epc);
      add(match, otherForm(epc));
      add('MATCH_anyEPC', epc);
    }
  }
  if (typeof event.parentID === 'string') {
    add('MATCH_parentID', event.parentID);
    add('MATCH_parentID', otherForm(event.parentID));
    add('MATCH_anyEPC', event.parentID);
  }
  for (const [list, match] of [
    ['quantityList', 'MATCH_epcClass'],
    ['childQuantityList', 'MATCH_epcClass'],
    ['inputQuantityList', 'MATCH_inputEPCClass'],
    ['outputQuantityList', 'MATCH_outputEPCClass'],
  ] as const) {
    for (const element of asArray(event[list])) {
      add(match, element.epcClass);
      add(match, otherForm(element.epcClass as string));
      add('MATCH_anyEPCClass', element.epcClass);
      if (typeof element.quantity === 'number') {
        filters.push({ EQ_quantity: String(element.quantity) }, { GE_quantity: String(element.quantity), LE_quantity: String(element.quantity) });
        if (typeof element.uom === 'string') filters.push({ [`GE_quantity_${element.uom}`]: String(element.quantity) });
      }
    }
  }
  const typed = (list: string, valueKey: string, prefix: string, normalize: (type: string) => string | null) => {
    for (const item of asArray(event[list])) {
      const type = typeof item.type === 'string' ? normalize(item.type) : null;
      if (type && /^[a-z]\w*$/.test(type)) add(`${prefix}${type}`, item[valueKey]);
    }
  };
  typed('bizTransactionList', 'bizTransaction', 'EQ_bizTransaction_', normalizeBizTransactionType);
  typed('sourceList', 'source', 'EQ_source_', normalizeSourceDestType);
  typed('destinationList', 'destination', 'EQ_destination_', normalizeSourceDestType);
  const eventTime = event.eventTime as string;
  const justAfter = new Date(new Date(eventTime).getTime() + 1).toISOString();
  filters.push({ GE_eventTime: eventTime }, { GE_eventTime: eventTime, LT_eventTime: justAfter }, { GE_recordTime: event.recordTime as string });
  if (event.errorDeclaration) filters.push({ EXISTS_errorDeclaration: '' });
  const sensors = asArray(event.sensorElementList);
  if (sensors.length > 0) filters.push({ EXISTS_sensorElementList: '' });
  const report = sensors.flatMap((element) => asArray(element.sensorReport)).find((item) => typeof item.type === 'string');
  if (report) {
    add('EQ_type', report.type);
    if (typeof report.value === 'number' && typeof report.uom === 'string' && /^[A-Z0-9]{2,4}$/.test(report.uom)) {
      filters.push({ EQ_type: report.type as string, [`GE_value_${report.uom}`]: String(report.value), [`LE_value_${report.uom}`]: String(report.value) });
    }
  }
  // User extensions: the key as captured, and the namespace its prefix stands for in the event's @context.
  const contexts = (Array.isArray(event['@context']) ? event['@context'] : [event['@context']]).filter((entry): entry is Json => typeof entry === 'object' && entry !== null);
  for (const [key, value] of Object.entries(event)) {
    const [prefix, local] = key.split(':');
    if (local === undefined || typeof value !== 'string') continue;
    filters.push({ [`EQ_${key}`]: value }, { [`EXISTS_${key}`]: '' });
    const namespace = contexts.map((context) => context[prefix]).find((declared): declared is string => typeof declared === 'string');
    if (namespace) filters.push({ [namespace.endsWith('#') ? `EQ_${namespace}${local}` : `EQ_${namespace}#${local}`]: value });
  }
  return filters;
}

/** Packs filters into as few parameter sets as possible without two values for one parameter; quantity and sensor filters stay alone (their comparisons must hold in one element). */
function combine(filters: Record<string, string>[]): Record<string, string>[] {
  const sets: Record<string, string>[] = [];
  for (const filter of filters) {
    const alone = Object.keys(filter).some((name) => /quantity|Value_|_value_|^EQ_type$/.test(name));
    const set = alone ? undefined : sets.find((candidate) => !candidate.__alone && Object.keys(filter).every((name) => !(name in candidate)));
    if (set) Object.assign(set, filter);
    else sets.push(alone ? { ...filter, __alone: '1' } : { ...filter });
  }
  return sets.map(({ __alone: _alone, ...params }) => params);
}

describe('the openepcis capture documents, queried', () => {
  const stored: Json[] = [];
  const everyEventId: string[] = [];

  beforeAll(async () => {
    for (const [folder, file] of [...filesOf('Documents').map((file) => ['Documents', file]), ...filesOf('Events').map((file) => ['Events', file])]) {
      const content = readJson(folder, file);
      const body = content.epcisBody as { eventList: Json[] } | undefined;
      const events = body ? body.eventList : [content];
      const context = body ? content['@context'] : undefined;
      const result = await store(acmeId, events, context);
      stored.push(...result.stored.map((event) => event.document));
      // The eventID the server gives an event without one: the standard event hash (with the prefixes the document declares).
      for (const event of events) everyEventId.push(typeof event.eventID === 'string' ? event.eventID : eventHash(event, eventContext(context, event) ?? event['@context'] ?? context));
      // A refused event may only be a second copy of an eventID stored from another file.
      for (const problem of result.problems) expect(problem.type, `${file}: ${problem.detail}`).toBe('epcisException:ResourceAlreadyExistsException');
    }
    expect(stored.length).toBeGreaterThan(60);
  });

  it('returns every event for its own eventID, by EQ_eventID and at /epcis/events/{eventID}', async () => {
    for (const eventId of everyEventId) {
      expect(eventIds(await get(query({ EQ_eventID: eventId }))), eventId).toContain(eventId);
      const single = await get(`/epcis/events/${encodeURIComponent(eventId)}`);
      expect(eventIds(single)).toContain(eventId);
    }
    // Exactly as stored when the client asks for no translation.
    for (const document of stored) {
      const found = eventList(await get(query({ EQ_eventID: document.eventID as string }), acmeKey, { 'gs1-epc-format': 'Never_Translates' }));
      expect(found).toContainEqual(document);
    }
  });

  it('returns every event for each filter its fields imply (identifiers in URN and Digital Link form)', async () => {
    let checked = 0;
    for (const document of stored) {
      // Filters that name different parameters are sent together (every one must hold for the event to come back);
      // a combination that fails is retried filter by filter so the message names the one at fault.
      const filters = impliedFilters(document);
      const combined = combine(filters);
      const responses = await Promise.all(combined.map((params) => get(query({ ...params, EQ_eventID: document.eventID as string }))));
      for (const [index, response] of responses.entries()) {
        if (eventIds(response).includes(document.eventID as string)) continue;
        for (const filter of filters.filter((one) => Object.keys(one).every((name) => combined[index][name] === one[name]))) {
          expect(eventIds(await get(query({ ...filter, EQ_eventID: document.eventID as string }))), `${document.eventID} ${JSON.stringify(filter)}`).toContain(document.eventID);
        }
      }
      checked += filters.length;
    }
    expect(checked).toBeGreaterThan(stored.length * 8);
  }, 120_000);

  it('leaves an event out when a filter names what it does not hold', async () => {
    for (const document of stored.slice(0, 20)) {
      const id = document.eventID as string;
      const other = (document.type as string) === 'ObjectEvent' ? 'AggregationEvent' : 'ObjectEvent';
      expect(eventIds(await get(query({ EQ_eventID: id, eventType: other })))).toEqual([]);
      expect(eventIds(await get(query({ EQ_eventID: id, MATCH_anyEPC: 'urn:epc:id:sgtin:0614141.999999.none' })))).toEqual([]);
      expect(eventIds(await get(query({ EQ_eventID: id, LT_eventTime: document.eventTime as string })))).toEqual([]);
      expect(eventIds(await get(query({ EQ_eventID: id, 'EQ_example:myField': 'not the value' })))).toEqual([]);
      expect(eventIds(await get(query({ EQ_eventID: id, 'EQ_http://ns.unknown.example/#myField': 'Example of a vendor/user extension' })))).toEqual([]);
    }
  });

  it('answers identifiers in the form GS1-EPC-Format asks for', async () => {
    const event = stored.find((document) => strings(document.epcList).some((epc) => epc.startsWith('urn:epc:id:sgtin:0614141.')));
    expect(event).toBeDefined();
    const urn = strings(event!.epcList).find((epc) => epc.startsWith('urn:epc:id:sgtin:0614141.'))!;
    const url = query({ EQ_eventID: event!.eventID as string });
    const asLink = eventList(await get(url, acmeKey, { 'gs1-epc-format': 'Always_GS1_Digital_Link' }))[0];
    expect(strings(asLink.epcList)).toContain(canonicalIdentifier(urn));
    const asUrn = eventList(await get(url, acmeKey, { 'gs1-epc-format': 'Always_EPC_URN' }))[0];
    expect(strings(asUrn.epcList)).toContain(urn);
    // Without the header, the standard's default: GS1 Digital Link URIs.
    const byDefault = eventList(await get(url, acmeKey))[0];
    expect(strings(byDefault.epcList)).toContain(canonicalIdentifier(urn));
    expect(strings(byDefault.epcList)).not.toContain(urn);
    // As captured when the client says it wants no translation, or leaves the choice to the repository.
    for (const format of ['Never_Translates', 'No_Preference']) {
      expect(strings(eventList(await get(url, acmeKey, { 'gs1-epc-format': format }))[0].epcList), format).toContain(urn);
    }
    expectProblem(await get(url, acmeKey, { 'gs1-epc-format': 'Sometimes' }), 400, 'QueryParameterException');
  });

  it('lists what the company holds under discovery, and each value leads to its events', async () => {
    const bizSteps = await get('/epcis/bizSteps?perPage=1000');
    expect(bizSteps.statusCode).toBe(200);
    expect(bizSteps.json()).toMatchObject({ type: 'Collection', member: expect.arrayContaining(['shipping', 'receiving']) });
    const shipping = eventList(await get('/epcis/bizSteps/shipping/events?perPage=1000'));
    expect(shipping.length).toBeGreaterThan(0);
    expect(shipping.every((event) => ['shipping', 'urn:epcglobal:cbv:bizstep:shipping', 'https://ref.gs1.org/cbv/BizStep-shipping'].includes(event.bizStep as string))).toBe(true);

    const epcs = await get('/epcis/epcs?perPage=1000');
    const member = epcs.json().member as string[];
    expect(member).toContain('https://id.gs1.org/01/10614141073464/21/2017');
    const ofEpc = eventList(await get(`/epcis/epcs/${encodeURIComponent('urn:epc:id:sgtin:0614141.107346.2017')}/events?perPage=1000`));
    expect(ofEpc.length).toBeGreaterThan(0);
    expect((await get('/epcis/eventTypes')).json().member).toEqual(['AggregationEvent', 'AssociationEvent', 'ObjectEvent', 'TransactionEvent', 'TransformationEvent']);
    expect((await get('/epcis/readPoints/anything')).json()).toMatchObject({ type: 'Collection', member: ['events'] });

    // Discovery pages walk the whole list once.
    const walked: string[] = [];
    for (let url: string | null = '/epcis/epcs?perPage=7'; url; ) {
      const page: LightMyRequestResponse = await get(url);
      walked.push(...(page.json().member as string[]));
      url = nextLink(page);
    }
    expect(walked).toEqual(member);
    // Every EPC the company's events name, once, in code point order (the EPC list the capture keeps).
    const named = (await t.app.db.execute(
      sql`select e from (select distinct e from epcis_events, unnest(any_epcs) as e where company_id = ${acmeId}) d order by e collate "C"`,
    )) as unknown as { rows: { e: string }[] };
    expect(member).toEqual(named.rows.map((row) => row.e));
  });
});

/* ---------- Query semantics on events made for them ---------- */

const READ_POINT = 'https://example.org/read-points/paging-dock';
const BASE = Date.parse('2026-05-01T00:00:00Z');

function pagingEvent(index: number): Json {
  // Pairs share an eventTime (ties are ordered by the row), and the times run against the capture order.
  const eventTime = new Date(BASE + Math.floor((20 - index) / 2) * 60_000).toISOString();
  return {
    type: 'ObjectEvent',
    eventID: `urn:uuid:00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    eventTime,
    eventTimeZoneOffset: '+00:00',
    epcList: [`urn:epc:id:sgtin:0614141.107346.P${index}`],
    action: 'OBSERVE',
    bizStep: index % 2 === 0 ? 'shipping' : 'receiving',
    readPoint: { id: READ_POINT },
  };
}

async function walk(url: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let pages = 0;
  for (let next: string | null = url; next; pages += 1) {
    const page: LightMyRequestResponse = await get(next);
    ids.push(...eventIds(page));
    next = nextLink(page);
  }
  return { ids, pages };
}

describe('query semantics', () => {
  const events = Array.from({ length: 20 }, (_, index) => pagingEvent(index));
  beforeAll(async () => {
    const result = await store(acmeId, events);
    expect(result.stored).toHaveLength(20);
  });

  it('GE_eventTime includes and LT_eventTime excludes the exact boundary', async () => {
    const boundary = events[10].eventTime as string; // events 9 and 10 share it? no: (20-9)/2=5, (20-10)/2=5: yes, both
    const at = events.filter((event) => event.eventTime === boundary).map((event) => event.eventID);
    expect(at.length).toBe(2);
    const ge = eventIds(await get(query({ EQ_readPoint: READ_POINT, GE_eventTime: boundary, perPage: '100' })));
    const lt = eventIds(await get(query({ EQ_readPoint: READ_POINT, LT_eventTime: boundary, perPage: '100' })));
    for (const id of at) {
      expect(ge).toContain(id);
      expect(lt).not.toContain(id);
    }
    expect(ge.length + lt.length).toBe(20);
    // The same boundary written in another zone is the same instant.
    const shifted = new Date(boundary).toISOString().replace('Z', '+00:00');
    expect(eventIds(await get(query({ EQ_readPoint: READ_POINT, GE_eventTime: shifted, LT_eventTime: boundary })))).toEqual([]);
  });

  it('pages walk every event exactly once, in both orders, and without orderBy in eventTime order', async () => {
    const byTime = [...events].sort((a, b) => Date.parse(a.eventTime as string) - Date.parse(b.eventTime as string) || events.indexOf(a) - events.indexOf(b));

    const asc = await walk(query({ EQ_readPoint: READ_POINT, orderBy: 'eventTime', orderDirection: 'ASC', perPage: '2' }));
    expect(asc.pages).toBe(10);
    expect(asc.ids).toEqual(byTime.map((event) => event.eventID));

    const desc = await walk(query({ EQ_readPoint: READ_POINT, orderBy: 'eventTime', orderDirection: 'DESC', perPage: '2' }));
    expect(desc.ids).toEqual([...byTime].reverse().map((event) => event.eventID));

    const unordered = await walk(query({ EQ_readPoint: READ_POINT, perPage: '3' }));
    expect(unordered.ids).toEqual(byTime.map((event) => event.eventID));
    expect(new Set(unordered.ids).size).toBe(20);
    const recorded = await walk(query({ EQ_readPoint: READ_POINT, orderBy: 'recordTime', orderDirection: 'ASC', perPage: '3' }));
    expect(recorded.ids).toEqual(events.map((event) => event.eventID));
  });

  it('eventCountLimit caps the total over pages; maxEventCount refuses a larger result', async () => {
    const limited = await walk(query({ EQ_readPoint: READ_POINT, orderBy: 'eventTime', eventCountLimit: '5', perPage: '2' }));
    expect(limited.ids).toHaveLength(5);
    expect(limited.pages).toBe(3);
    expectProblem(await get(query({ EQ_readPoint: READ_POINT, maxEventCount: '19' })), 413, 'QueryTooLargeException');
    expect(eventIds(await get(query({ EQ_readPoint: READ_POINT, maxEventCount: '20', perPage: '50' })))).toHaveLength(20);
    const both = expectProblem(await get(query({ EQ_readPoint: READ_POINT, orderBy: 'eventTime', eventCountLimit: '5', maxEventCount: '10' })), 400, 'QueryParameterException');
    expect(both.detail).toMatch(/eventCountLimit/);
  });

  it('pipe-separated values are alternatives; unknown parameters and bad tokens are refused', async () => {
    const shippingOrReceiving = eventIds(await get(query({ EQ_readPoint: READ_POINT, EQ_bizStep: 'shipping|urn:epcglobal:cbv:bizstep:receiving', perPage: '50' })));
    expect(shippingOrReceiving).toHaveLength(20);
    expect(eventIds(await get(query({ EQ_readPoint: READ_POINT, EQ_bizStep: 'shipping', perPage: '50' })))).toHaveLength(10);
    const unknown = expectProblem(await get(query({ EQ_colour: 'blue' })), 400, 'QueryParameterException');
    expect(unknown.detail).toContain('EQ_colour');
    expectProblem(await get(query({ perPage: '0' })), 400, 'QueryParameterException');

    const first = await get(query({ EQ_readPoint: READ_POINT, perPage: '2' }));
    const token = new URL(nextLink(first)!, 'http://x').searchParams.get('nextPageToken')!;
    expectProblem(await get(query({ EQ_readPoint: READ_POINT, perPage: '2', nextPageToken: `${token}x` })), 400, 'QueryParameterException');
    // A token of one query does not continue another.
    expectProblem(await get(query({ EQ_bizStep: 'shipping', perPage: '2', nextPageToken: token })), 400, 'QueryParameterException');
  });

  it('answers OPTIONS with the versions and the methods of each resource', async () => {
    for (const [url, allow] of [
      ['/epcis/queries', 'OPTIONS, GET, POST'],
      ['/epcis/queries/any/subscriptions', 'OPTIONS, GET, POST'],
      ['/epcis/bizSteps/shipping/events', 'OPTIONS, GET'],
      ['/epcis', 'OPTIONS, GET'],
      ['/epcis/', 'OPTIONS, GET'],
      ['/epcis/nextPageToken/anything', 'OPTIONS, DELETE'],
    ]) {
      const response = await t.app.inject({ method: 'OPTIONS', url });
      expect(response.statusCode, url).toBe(204);
      expect(response.headers).toMatchObject({ allow, 'gs1-epcis-version': '2.0.0', 'gs1-cbv-version': '2.0.0', 'gs1-epcis-max': '2.0.0' });
      expect(response.headers['gs1-epc-format']).toBe('Always_GS1_Digital_Link');
    }
  });

  it('answers GET /epcis/ with the top-level resources, and releases any nextPageToken with 204', async () => {
    for (const url of ['/epcis', '/epcis/']) {
      const root = await get(url);
      expect(root.statusCode, root.body).toBe(200);
      expect(root.json()).toEqual({
        '@context': expect.stringContaining('epcis-context.jsonld'),
        type: 'Collection',
        member: ['queries', 'capture', 'events', 'eventTypes', 'epcs', 'readPoints', 'bizLocations', 'dispositions', 'bizSteps'],
      });
      expect(root.headers['gs1-epcis-version']).toBe('2.0.0');
      expectProblem(await t.app.inject({ method: 'GET', url }), 401, 'SecurityException');
    }
    const page = await get('/epcis/events?perPage=1');
    const token = new URLSearchParams(String(page.headers.link).replace(/^<[^?]*\?|>;.*$/g, '')).get('nextPageToken');
    expect(token).toBeTruthy();
    const released = await t.app.inject({ method: 'DELETE', url: `/epcis/nextPageToken/${encodeURIComponent(token!)}`, headers: { authorization: `Bearer ${acmeKey}` } });
    expect(released.statusCode, released.body).toBe(204);
    expectProblem(await t.app.inject({ method: 'DELETE', url: '/epcis/nextPageToken/x' }), 401, 'SecurityException');
  });

  it('answers 406 when GS1-EPCIS-Min/-Max or GS1-CBV-Min/-Max leave out the 2.0.0 it speaks', async () => {
    const outside: Record<string, string>[] = [
      { 'gs1-epcis-min': '2.1.0' },
      { 'gs1-epcis-max': '1.2.0' },
      { 'gs1-epcis-min': '1.0', 'gs1-epcis-max': '1.2' },
      { 'gs1-cbv-min': '3.0.0' },
      { 'gs1-cbv-max': '1.2.0' },
      { 'gs1-epcis-min': 'two' },
    ];
    for (const headers of outside) {
      const refused = expectProblem(await get('/epcis/events', acmeKey, headers), 406, 'NotAcceptableException');
      expect(refused.detail, JSON.stringify(headers)).toMatch(/GS1-(EPCIS|CBV)-M/);
    }
    const inside: Record<string, string>[] = [{ 'gs1-epcis-min': '1.2.0', 'gs1-epcis-max': '2.0.0' }, { 'gs1-epcis-min': '2.0' }, { 'gs1-cbv-max': '2.0.0', 'gs1-cbv-min': '2.0.0' }];
    for (const headers of inside) {
      expect((await get('/epcis/events', acmeKey, headers)).statusCode, JSON.stringify(headers)).toBe(200);
    }
    // Capture takes EPCIS 1.2 XML: a 1.2-only client may send it, not JSON.
    const xml12 = '<epcis:EPCISDocument xmlns:epcis="urn:epcglobal:epcis:xsd:1" schemaVersion="1.2" creationDate="2026-03-01T10:00:00Z"><EPCISBody><EventList/></EPCISBody></epcis:EPCISDocument>';
    const capture12 = (contentType: string, payload: string) =>
      t.app.inject({ method: 'POST', url: '/epcis/capture', headers: { authorization: `Bearer ${acmeKey}`, 'content-type': contentType, 'gs1-epcis-max': '1.2.0' }, payload });
    expect((await capture12('application/xml', xml12)).statusCode).toBe(202);
    expectProblem(await capture12('application/json', '{}'), 406, 'NotAcceptableException');
  });

  it("declares the events' extension prefixes in the answer's @context", async () => {
    const event = { ...pagingEvent(77), eventID: 'urn:uuid:7d7d7d7d-0000-4000-8000-000000000077', 'example:lot': 'L77', '@context': [{ example: 'https://ns.example.com/epcis/' }] };
    expect((await store(acmeId, [event])).stored).toHaveLength(1);
    for (const url of [query({ EQ_eventID: event.eventID }), `/epcis/events/${encodeURIComponent(event.eventID)}`]) {
      const answer = (await get(url)).json();
      expect(answer['@context'], url).toEqual([expect.stringContaining('epcis-context.jsonld'), { example: 'https://ns.example.com/epcis/' }]);
      expect(answer.epcisBody.queryResults.resultsBody.eventList[0]['example:lot']).toBe('L77');
    }
  });

  it('answers an event by an eventID of any length', async () => {
    const eventId = `https://events.example.com/epcis/${'long-'.repeat(40)}end`;
    expect((await store(acmeId, [{ ...pagingEvent(99), eventID: eventId, readPoint: { id: 'https://example.org/read-points/other' } }])).stored).toHaveLength(1);
    expect(eventIds(await get(`/epcis/events/${encodeURIComponent(eventId)}`))).toEqual([eventId]);
  });

  it('an unknown eventID is a 404 problem', async () => {
    expectProblem(await get(`/epcis/events/${encodeURIComponent('urn:uuid:00000000-0000-4000-8000-999999999999')}`), 404, 'NoSuchResourceException');
  });
});

/* ---------- Tenancy ---------- */

describe('tenancy', () => {
  it("Nordic's key sees none of Acme's events, and its named queries are its own", async () => {
    const acmeEvent = pagingEvent(3);
    expect(eventIds(await get(query({ EQ_eventID: acmeEvent.eventID as string }), acmeKey))).toEqual([acmeEvent.eventID]);
    expect(eventIds(await get(query({ EQ_eventID: acmeEvent.eventID as string }), nordicKey))).toEqual([]);
    expect(eventIds(await get(query({ EQ_readPoint: READ_POINT }), nordicKey))).toEqual([]);
    expectProblem(await get(`/epcis/events/${encodeURIComponent(acmeEvent.eventID as string)}`, nordicKey), 404, 'NoSuchResourceException');
    expect((await get('/epcis/epcs', nordicKey)).json().member).toEqual([]);

    expect((await send('POST', '/epcis/queries', { name: 'shared-name', query: { EQ_bizStep: ['shipping'] } }, acmeKey)).statusCode).toBe(201);
    expect((await send('POST', '/epcis/queries', { name: 'shared-name', query: { EQ_bizStep: ['receiving'] } }, nordicKey)).statusCode).toBe(201);
    expect((await get('/epcis/queries/shared-name', acmeKey)).json().query).toEqual({ EQ_bizStep: 'shipping' });
    expect((await get('/epcis/queries/shared-name', nordicKey)).json().query).toEqual({ EQ_bizStep: 'receiving' });
    expect(eventIds(await get('/epcis/queries/shared-name/events', nordicKey))).toEqual([]);
    expect((await send('DELETE', '/epcis/queries/shared-name', undefined, nordicKey)).statusCode).toBe(204);
    expect((await get('/epcis/queries/shared-name', acmeKey)).statusCode).toBe(200);
    expect((await get('/epcis/events')).statusCode).toBe(200);
    expectProblem(await t.app.inject({ method: 'GET', url: '/epcis/events' }), 401, 'SecurityException');
  });
});

/* ---------- Named queries ---------- */

describe('named queries', () => {
  it('are created once, listed, read, run with paging and deleted', async () => {
    const created = await send('POST', '/epcis/queries', { name: 'paging-shipping', query: { EQ_readPoint: [READ_POINT], EQ_bizStep: ['shipping'] } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers.location).toBe('/epcis/queries/paging-shipping');
    expect(created.headers['gs1-epcis-version']).toBe('2.0.0');
    expectProblem(await send('POST', '/epcis/queries', { name: 'paging-shipping', query: {} }), 409, 'ResourceAlreadyExistsException');

    const run = await walk('/epcis/queries/paging-shipping/events?perPage=4');
    expect(run.ids).toHaveLength(10);
    expect(new Set(run.ids).size).toBe(10);
    const page = (await get('/epcis/queries/paging-shipping/events')).json();
    expect(page.epcisBody.queryResults.queryName).toBe('paging-shipping');

    for (let index = 0; index < 3; index += 1) expect((await send('POST', '/epcis/queries', { name: `listed-${index}`, query: { eventType: 'ObjectEvent' } })).statusCode).toBe(201);
    const names: string[] = [];
    for (let url: string | null = '/epcis/queries?perPage=2'; url; ) {
      const listed: LightMyRequestResponse = await get(url);
      names.push(...(listed.json() as { name: string }[]).map((entry) => entry.name));
      url = nextLink(listed);
    }
    expect(names).toEqual(expect.arrayContaining(['listed-0', 'listed-1', 'listed-2', 'paging-shipping']));
    expect(new Set(names).size).toBe(names.length);

    expect((await send('DELETE', '/epcis/queries/paging-shipping')).statusCode).toBe(204);
    expectProblem(await get('/epcis/queries/paging-shipping'), 404, 'NoSuchNameException');
    expectProblem(await get('/epcis/queries/paging-shipping/events'), 404, 'NoSuchNameException');
  });

  it('are refused with the reason when their parameters are not a valid query', async () => {
    const folder = join(RESOURCES, '..', 'Query', 'Queries', 'Invalid');
    for (const file of readdirSync(folder)) {
      const invalid = JSON.parse(readFileSync(join(folder, file), 'utf8')) as Json;
      const refused = expectProblem(await send('POST', '/epcis/queries', { name: `invalid-${file.length}`, query: invalid }), 400, 'QueryParameterException');
      expect(refused.detail, file).toMatch(/GE_eventDate|GE_eventTime|EQ_action|orderDirection/);
    }
    const valid = JSON.parse(readFileSync(join(RESOURCES, '..', 'Query', 'Queries', 'SimpleEventQuery.json'), 'utf8')) as Json;
    expect((await send('POST', '/epcis/queries', { name: 'simple-event-query', query: valid })).statusCode).toBe(201);
    expectProblem(await send('POST', '/epcis/queries', { name: 'bad name!', query: {} }), 400, 'ValidationException');
  });
});

/* ---------- Webhook subscriptions ---------- */

interface Delivery {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local webhook: answers `status()` and records what it got. */
async function webhook(status: () => number): Promise<{ url: string; deliveries: Delivery[]; server: Server }> {
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const code = status();
      if (code < 300) deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = code;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, deliveries, server };
}

const delivered = (deliveries: Delivery[]) =>
  deliveries.flatMap((delivery) => (JSON.parse(delivery.body).epcisBody.queryResults.resultsBody.eventList as Json[]).map((event) => event.eventID as string));

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function webhookEvent(serial: string, bizStep: string): Json {
  return {
    type: 'ObjectEvent',
    eventTime: new Date().toISOString(),
    eventTimeZoneOffset: '+00:00',
    epcList: [`urn:epc:id:sgtin:0614141.107346.${serial}`],
    action: 'OBSERVE',
    bizStep,
    readPoint: { id: 'urn:epc:id:sgln:0614141.00888.0' },
  };
}
const capture = (event: Json) =>
  t.app.inject({ method: 'POST', url: '/epcis/events', headers: { authorization: `Bearer ${acmeKey}`, 'content-type': 'application/json' }, payload: JSON.stringify(event) });

describe('webhook subscriptions', () => {
  it('deliver each new matching event once, signed with the signatureToken', async () => {
    const hook = await webhook(() => 200);
    try {
      expect((await send('POST', '/epcis/queries', { name: 'hooked', query: { EQ_bizStep: 'shipping', EQ_readPoint: 'urn:epc:id:sgln:0614141.00888.0' } })).statusCode).toBe(201);
      const subscribed = await send('POST', '/epcis/queries/hooked/subscriptions', { dest: hook.url, signatureToken: 'the-secret', stream: true });
      expect(subscribed.statusCode, subscribed.body).toBe(201);
      const { subscriptionID } = subscribed.json();
      expect(subscribed.headers.location).toBe(`/epcis/queries/hooked/subscriptions/${subscriptionID}`);
      expect(subscribed.json()).not.toHaveProperty('signatureToken');

      const sent: string[] = [];
      for (let index = 0; index < 4; index += 1) {
        const response = await capture(webhookEvent(`W${index}`, index === 2 ? 'receiving' : 'shipping'));
        expect(response.statusCode, response.body).toBe(201);
        if (index !== 2) sent.push(decodeURIComponent(String(response.headers.location).replace('/epcis/events/', '')));
      }
      await until(() => delivered(hook.deliveries).length >= 3, 'three deliveries');
      // Later passes send nothing more.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(delivered(hook.deliveries).sort()).toEqual([...sent].sort());
      for (const delivery of hook.deliveries) {
        const expected = `sha256=${createHmac('sha256', 'the-secret').update(delivery.body).digest('hex')}`;
        expect(delivery.headers['gs1-signature']).toBe(expected);
        expect(JSON.parse(delivery.body)).toMatchObject({ type: 'EPCISQueryDocument', epcisBody: { queryResults: { queryName: 'hooked', subscriptionID } } });
      }
      const listed = (await get('/epcis/queries/hooked/subscriptions')).json() as Json[];
      expect(listed).toEqual([expect.objectContaining({ subscriptionID, dest: hook.url, stream: true, lastNotifiedAt: expect.any(String) })]);

      expect((await send('DELETE', `/epcis/queries/hooked/subscriptions/${subscriptionID}`)).statusCode).toBe(204);
      expectProblem(await get(`/epcis/queries/hooked/subscriptions/${subscriptionID}`), 404, 'NoSuchSubscriptionException');
    } finally {
      hook.server.close();
    }
  });

  it('deliver identifiers in the GS1-EPC-Format of the subscribing request: Digital Link when it named none', async () => {
    const hook = await webhook(() => 200);
    try {
      expect((await send('POST', '/epcis/queries', { name: 'formats', query: { EQ_bizStep: 'loading' } })).statusCode).toBe(201);
      const subscribe = (format?: string) =>
        t.app.inject({
          method: 'POST',
          url: '/epcis/queries/formats/subscriptions',
          headers: { authorization: `Bearer ${acmeKey}`, 'content-type': 'application/json', ...(format ? { 'gs1-epc-format': format } : {}) },
          payload: JSON.stringify({ dest: `${hook.url}?format=${format ?? 'none'}`, stream: true }),
        });
      for (const format of [undefined, 'Always_EPC_URN', 'Never_Translates']) expect((await subscribe(format)).statusCode).toBe(201);
      expectProblem(await subscribe('Sometimes'), 400, 'QueryParameterException');
      const event = webhookEvent('FMT1', 'loading');
      event.epcList = ['https://id.gs1.org/01/10614141073464/21/FMT1'];
      expect((await capture(event)).statusCode).toBe(201);
      await until(() => hook.deliveries.length >= 3, 'three deliveries');
      const epcs = (delivery: Delivery) => (JSON.parse(delivery.body).epcisBody.queryResults.resultsBody.eventList as Json[])[0].epcList;
      const byFormat = new Map(hook.deliveries.map((delivery) => [JSON.parse(delivery.body).epcisBody.queryResults.subscriptionID as string, epcs(delivery)]));
      const subscriptions = (await get('/epcis/queries/formats/subscriptions')).json() as Json[];
      const idOf = (format: string) => subscriptions.find((row) => String(row.dest).endsWith(`format=${format}`))!.subscriptionID as string;
      expect(byFormat.get(idOf('none'))).toEqual(['https://id.gs1.org/01/10614141073464/21/FMT1']);
      expect(byFormat.get(idOf('Always_EPC_URN'))).toEqual(['urn:epc:id:sgtin:0614141.107346.FMT1']);
      expect(byFormat.get(idOf('Never_Translates'))).toEqual(['https://id.gs1.org/01/10614141073464/21/FMT1']);
      // And a URN captured comes to the default subscriber as a Digital Link URI.
      hook.deliveries.length = 0;
      expect((await capture(webhookEvent('FMT2', 'loading'))).statusCode).toBe(201);
      await until(() => hook.deliveries.length >= 3, 'three more deliveries');
      const second = new Map(hook.deliveries.map((delivery) => [JSON.parse(delivery.body).epcisBody.queryResults.subscriptionID as string, epcs(delivery)]));
      expect(second.get(idOf('none'))).toEqual(['https://id.gs1.org/01/10614141073464/21/FMT2']);
      expect(second.get(idOf('Never_Translates'))).toEqual(['urn:epc:id:sgtin:0614141.107346.FMT2']);
    } finally {
      hook.server.close();
    }
  });

  it('retries a failing webhook later, and then delivers the events exactly once', async () => {
    let failures = 2;
    const hook = await webhook(() => (failures-- > 0 ? 503 : 200));
    try {
      expect((await send('POST', '/epcis/queries', { name: 'flaky', query: { EQ_bizStep: 'packing' } })).statusCode).toBe(201);
      const { subscriptionID } = (await send('POST', '/epcis/queries/flaky/subscriptions', { dest: hook.url, stream: true })).json();
      const ids: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const response = await capture(webhookEvent(`F${index}`, 'packing'));
        ids.push(decodeURIComponent(String(response.headers.location).replace('/epcis/events/', '')));
      }
      await until(async () => {
        const [row] = await t.app.db.select().from(epcisSubscriptions).where(eq(epcisSubscriptions.id, subscriptionID));
        return row.attempts > 0 && row.lastError !== null;
      }, 'a failed attempt');
      const failing = (await get(`/epcis/queries/flaky/subscriptions/${subscriptionID}`)).json();
      expect(failing).toMatchObject({ attempts: expect.any(Number), lastError: expect.stringContaining('503') });
      await until(() => delivered(hook.deliveries).length >= 3, 'the retried delivery');
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(delivered(hook.deliveries).sort()).toEqual([...ids].sort());
      expect((await get(`/epcis/queries/flaky/subscriptions/${subscriptionID}`)).json()).toMatchObject({ attempts: 0 });
    } finally {
      hook.server.close();
    }
  });

  it('deliver on a schedule: what is new at each scheduled time, and an empty report when asked for', async () => {
    const hook = await webhook(() => 200);
    try {
      expect((await send('POST', '/epcis/queries', { name: 'scheduled', query: { EQ_bizStep: 'inspecting' } })).statusCode).toBe(201);
      const subscribed = await send('POST', '/epcis/queries/scheduled/subscriptions', { dest: hook.url, schedule: { second: '0/1' }, reportIfEmpty: true });
      expect(subscribed.statusCode, subscribed.body).toBe(201);
      expect(subscribed.json()).toMatchObject({ stream: false, schedule: { second: '0/1' }, nextAttemptAt: expect.any(String) });
      await until(() => hook.deliveries.length >= 1, 'an empty scheduled report');
      expect(delivered(hook.deliveries.slice(0, 1))).toEqual([]);
      const response = await capture(webhookEvent('S1', 'inspecting'));
      const id = decodeURIComponent(String(response.headers.location).replace('/epcis/events/', ''));
      await until(() => delivered(hook.deliveries).includes(id), 'the scheduled delivery of the new event');
      expect(delivered(hook.deliveries)).toEqual([id]);
      expectProblem(await send('POST', '/epcis/queries/scheduled/subscriptions', { dest: hook.url, schedule: { minute: '61' } }), 400, 'SubscriptionControlsException');
      expectProblem(await send('POST', '/epcis/queries/scheduled/subscriptions', { dest: hook.url, schedule: { minute: '1' }, stream: true }), 400, 'SubscriptionControlsException');
      expect((await send('DELETE', '/epcis/queries/scheduled')).statusCode).toBe(204);
    } finally {
      hook.server.close();
    }
  });

  it('refuses subscriptions it cannot serve, and deleting the query ends them', async () => {
    expect((await send('POST', '/epcis/queries', { name: 'to-delete', query: { EQ_bizStep: 'shipping' } })).statusCode).toBe(201);
    expectProblem(await send('POST', '/epcis/queries/to-delete/subscriptions', { dest: 'ftp://example.com/x', stream: true }), 400, 'SubscriptionControlsException');
    expectProblem(await send('POST', '/epcis/queries/to-delete/subscriptions', { dest: 'https://example.com/x' }), 400, 'SubscriptionControlsException');
    expectProblem(await send('POST', '/epcis/queries/missing/subscriptions', { dest: 'https://example.com/x', stream: true }), 404, 'NoSuchNameException');
    const { subscriptionID } = (await send('POST', '/epcis/queries/to-delete/subscriptions', { dest: 'https://example.com/x', stream: true })).json();
    expect((await send('DELETE', '/epcis/queries/to-delete')).statusCode).toBe(204);
    expect(await t.app.db.select().from(epcisSubscriptions).where(eq(epcisSubscriptions.id, subscriptionID))).toEqual([]);
  });
});
