import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp } from '../../test/demo.js';
import { companies } from '../companies/tables.js';
import { plans, subscriptions } from '../plans/tables.js';
import { upsertLocationMasterData } from '../places/master-data.js';
import { storeEvents } from './store.js';

/*
 * The query parameters master data enables (decision 081): WD_readPoint / WD_bizLocation over the
 * company's place hierarchy, HASATTR_ and EQ_ATTR_ over its places' attributes, and the INNER_ forms
 * of extension fields nested below the top level.
 */

type Json = Record<string, unknown>;
let t: TestApp;
let acmeKey: string;
let nordicKey: string;
let acmeId: number;
let nordicId: number;

const SITE = 'urn:epc:id:sgln:0614141.00777.0';
const HALL = 'urn:epc:id:sgln:0614141.00777.1';
const DOOR = 'urn:epc:id:sgln:0614141.00777.2';
const OTHER = 'urn:epc:id:sgln:0614141.00999.0';
const CONTEXT = ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld', { example: 'https://ns.example.com/epcis/' }];

const get = (params: Record<string, string>, key = acmeKey): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'GET', url: `/epcis/events?${new URLSearchParams(params)}`, headers: { authorization: `Bearer ${key}` } });

async function ids(params: Record<string, string>, key = acmeKey): Promise<string[]> {
  const response = await get(params, key);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().epcisBody.queryResults.resultsBody.eventList as Json[]).map((event) => event.eventID as string).sort();
}

function event(id: string, extra: Json): Json {
  return {
    type: 'ObjectEvent',
    eventID: `urn:uuid:${id}`,
    eventTime: '2026-03-01T10:00:00.000+01:00',
    eventTimeZoneOffset: '+01:00',
    epcList: ['urn:epc:id:sgtin:0614141.107346.1'],
    action: 'OBSERVE',
    bizStep: 'receiving',
    ...extra,
  };
}

const location = (id: string, attributes: [string, unknown][], children: string[] = []) => ({
  vocabularyType: 'urn:epcglobal:epcis:vtype:BusinessLocation',
  id,
  attributes: Object.fromEntries(attributes),
  children,
});

beforeAll(async () => {
  t = await createTestApp();
  const { acme, nordic } = await demoSetUp(t.app);
  const idOf = async (name: string) => (await t.app.db.select().from(companies).where(eq(companies.serviceName, name)))[0].id;
  acmeId = await idOf('acme');
  nordicId = await idOf('nordic');
  const [business] = await t.app.db.select().from(plans).where(eq(plans.name, 'Business'));
  await t.app.db.update(subscriptions).set({ planId: business.id }).where(eq(subscriptions.companyId, nordicId));
  const keyOf = async (authorization: string) => (await call(t.app, authorization, { method: 'POST', url: '/api/auth/api-keys', payload: { name: 'md' } })).json().result.key as string;
  acmeKey = await keyOf(acme);
  nordicKey = await keyOf(nordic);

  await t.app.db.transaction((tx) =>
    upsertLocationMasterData(tx, acmeId, [
      location(SITE, [['name', 'Site'], ['countryCode', 'KR']], [HALL]),
      location(HALL, [['name', 'Hall'], ['sst', '201']], [DOOR]),
      location(DOOR, [['name', 'Door'], ['sst', '202']]),
      location(OTHER, [['name', 'Elsewhere'], ['countryCode', 'FR']]),
    ]),
  );
  // Nordic's own hierarchy puts OTHER inside SITE: it must not widen Acme's queries.
  await t.app.db.transaction((tx) => upsertLocationMasterData(tx, nordicId, [location(SITE, [['name', 'Nordic site']], [OTHER])]));

  const events = [
    event('a0000000-0000-4000-8000-000000000001', { readPoint: { id: SITE }, bizLocation: { id: SITE } }),
    event('a0000000-0000-4000-8000-000000000002', { readPoint: { id: HALL }, bizLocation: { id: HALL } }),
    event('a0000000-0000-4000-8000-000000000003', { readPoint: { id: DOOR }, bizLocation: { id: HALL }, 'example:quality': { 'example:grade': 'A', 'example:lab': { 'example:score': 91 } } }),
    event('a0000000-0000-4000-8000-000000000004', { readPoint: { id: OTHER }, bizLocation: { id: OTHER }, 'example:grade': 'A' }),
  ];
  await storeEvents(t.app.db, acmeId, events, { origin: 'capture', errorBehaviour: 'rollback', context: CONTEXT });
});
afterAll(async () => t?.close());

const uuid = (n: number) => `urn:uuid:a0000000-0000-4000-8000-00000000000${n}`;

describe('master-data query parameters', () => {
  it('WD_readPoint and WD_bizLocation take the places inside the one named, at every depth', async () => {
    expect(await ids({ WD_readPoint: SITE })).toEqual([uuid(1), uuid(2), uuid(3)]);
    expect(await ids({ WD_readPoint: HALL })).toEqual([uuid(2), uuid(3)]);
    expect(await ids({ WD_bizLocation: 'https://id.gs1.org/414/0614141007776' })).toEqual([uuid(1), uuid(2), uuid(3)]);
    expect(await ids({ EQ_readPoint: SITE })).toEqual([uuid(1)]);
    // A place no master data names has no children: WD_ equals EQ_.
    expect(await ids({ WD_readPoint: OTHER })).toEqual([uuid(4)]);
  });

  it('HASATTR_ matches events whose place has the attribute, EQ_ATTR_ one of its values', async () => {
    expect(await ids({ HASATTR_readPoint: 'sst' })).toEqual([uuid(2), uuid(3)]);
    expect(await ids({ HASATTR_bizLocation: 'urn:epcglobal:cbv:mda:sst' })).toEqual([uuid(2), uuid(3)]);
    expect(await ids({ EQ_ATTR_readPoint_sst: '202' })).toEqual([uuid(3)]);
    // (Acme's demo places are in Germany and Portugal.)
    expect(await ids({ EQ_ATTR_bizLocation_countryCode: 'KR|FR' })).toEqual([uuid(1), uuid(4)]);
    expect(await ids({ EQ_ATTR_bizLocation_countryCode: 'IT' })).toEqual([]);
    expect(await ids({ HASATTR_readPoint: 'ssa' })).toEqual([]);
  });

  it('INNER_ forms look below the top level only', async () => {
    expect(await ids({ 'EQ_INNER_example:grade': 'A' })).toEqual([uuid(3)]);
    expect(await ids({ 'EQ_example:grade': 'A' })).toEqual([uuid(4)]);
    expect(await ids({ 'GT_INNER_example:score': '90' })).toEqual([uuid(3)]);
    expect(await ids({ 'GT_INNER_example:score': '95' })).toEqual([]);
    expect(await ids({ 'EXISTS_INNER_https://ns.example.com/epcis/#lab': '' })).toEqual([uuid(3)]);
  });

  it("keeps each company's hierarchy to itself", async () => {
    expect(await ids({ WD_readPoint: SITE }, nordicKey)).toEqual([]);
    expect(await ids({ WD_readPoint: SITE })).not.toContain(uuid(4));
  });
});
