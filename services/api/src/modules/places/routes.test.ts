import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigit, placePageResponseSchema, placeResponseSchema, type CompanyPlace } from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp } from '../../test/demo.js';
import { finishedCapture } from '../../test/epcis.js';
import { multipart } from '../../test/multipart.js';
import { companies } from '../companies/tables.js';
import { plans, subscriptions } from '../plans/tables.js';
import { places } from './tables.js';

let t: TestApp;
let acme: string;
let nordic: string;
let sub: string;
let acmeKey: string;
let acmeId: number;
let nextReference = 100;

/** A GLN of Acme's prefix with its check digit. */
function gln(reference = nextReference++): string {
  const body = `0614142${String(reference).padStart(5, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

const post = (payload: Record<string, unknown>, authorization = acme) => call(t.app, authorization, { method: 'POST', url: '/api/trace/places', payload });
const put = (placeId: number, payload: Record<string, unknown>, authorization = acme) => call(t.app, authorization, { method: 'PUT', url: `/api/trace/places?placeId=${placeId}`, payload });
const remove = (placeId: number, authorization = acme) => call(t.app, authorization, { method: 'DELETE', url: `/api/trace/places?placeId=${placeId}` });
const list = (query = '', authorization = acme) => call(t.app, authorization, { method: 'GET', url: `/api/trace/places${query}` });

async function created(payload: Record<string, unknown>): Promise<CompanyPlace> {
  const response = await post(payload);
  expect(response.statusCode, response.body).toBe(201);
  return placeResponseSchema.parse(response.json()).result;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, nordic, sub } = await demoSetUp(t.app));
  const [company] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'acme'));
  acmeId = company.id;
  const [nordicCompany] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'nordic'));
  const [business] = await t.app.db.select().from(plans).where(eq(plans.name, 'Business'));
  await t.app.db.update(subscriptions).set({ planId: business.id }).where(eq(subscriptions.companyId, nordicCompany.id));
  acmeKey = (await call(t.app, acme, { method: 'POST', url: '/api/auth/api-keys', payload: { name: 'places test' } })).json().result.key as string;
});
afterAll(async () => t?.close());

describe('places of a company', () => {
  it('adds a place with its address and coordinates, identified by its GLN as a Digital Link URI', async () => {
    const number = gln();
    const place = await created({ gln: number, name: 'Busan Distribution Centre', type: 'distribution_centre', streetAddress: '55 Jungang-daero', city: 'Busan', postalCode: '48940', region: 'KR-26', countryCode: 'kr', latitude: 35.1, longitude: 129.04 });
    expect(place).toMatchObject({ identifier: `https://id.gs1.org/414/${number}`, gln: number, extension: null, countryCode: 'KR', latitude: 35.1, origin: 'console', parentId: null });
  });

  it('adds a dock inside a warehouse as an SGLN with its extension', async () => {
    const number = gln();
    const warehouse = await created({ gln: number, name: 'Incheon warehouse', type: 'warehouse', countryCode: 'KR' });
    const dock = await created({ gln: number, extension: 'DOCK-3', name: 'Dock 3', type: 'dock', parentId: warehouse.placeId });
    expect(dock).toMatchObject({ identifier: `https://id.gs1.org/414/${number}/254/DOCK-3`, extension: 'DOCK-3', parentId: warehouse.placeId, parentName: 'Incheon warehouse' });
  });

  it('refuses a wrong check digit, an unknown country and half a coordinate, naming the fields', async () => {
    const number = gln();
    const wrong = `${number.slice(0, 12)}${(Number(number[12]) + 1) % 10}`;
    const response = await post({ gln: wrong, name: 'Nowhere', countryCode: 'XX', latitude: 10 });
    expect(response.statusCode).toBe(400);
    const paths = (response.json().details as { path: string }[]).map((detail) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(['gln', 'countryCode', 'longitude']));
  });

  it('answers 409 for a GLN and extension the company keeps already', async () => {
    const number = gln();
    await created({ gln: number, name: 'First' });
    expect((await post({ gln: number, name: 'Second' })).statusCode).toBe(409);
    expect((await post({ gln: number, extension: '1', name: 'Inside' })).statusCode).toBe(201);
  });

  it('refuses a parent that would put a place inside itself or inside a place within it', async () => {
    const site = await created({ gln: gln(), name: 'Site' });
    const hall = await created({ gln: gln(), name: 'Hall', parentId: site.placeId });
    const bay = await created({ gln: gln(), name: 'Bay', parentId: hall.placeId });
    const cycle = await put(site.placeId, { gln: site.gln, name: 'Site', parentId: bay.placeId });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().details[0]).toMatchObject({ path: 'parentId' });
    expect((await put(site.placeId, { gln: site.gln, name: 'Site', parentId: site.placeId })).statusCode).toBe(400);
    // Moving the bay to the top is fine.
    const moved = await put(bay.placeId, { gln: bay.gln, name: 'Bay', parentId: null });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().result.parentId).toBeNull();
  });

  it('pages and searches by name, city or GLN', async () => {
    const number = gln();
    await created({ gln: number, name: 'Jeju tangerine farm', type: 'farm', city: 'Seogwipo', countryCode: 'KR' });
    const byCity = placePageResponseSchema.parse((await list('?search=seogwipo')).json());
    expect(byCity.result.map((place) => place.name)).toEqual(['Jeju tangerine farm']);
    expect((await list(`?search=${number}`)).json().result).toHaveLength(1);
    const page = placePageResponseSchema.parse((await list('?page=1&size=2')).json());
    expect(page.result).toHaveLength(2);
    expect(page.pageInfo.total).toBeGreaterThan(2);
  });

  it('deletes a place after which its children are at the top', async () => {
    const site = await created({ gln: gln(), name: 'Old site' });
    const child = await created({ gln: gln(), name: 'Old hall', parentId: site.placeId });
    expect((await remove(site.placeId)).statusCode).toBe(200);
    expect((await remove(site.placeId)).statusCode).toBe(404);
    const [row] = await t.app.db.select().from(places).where(eq(places.id, child.placeId));
    expect(row.parentId).toBeNull();
  });

  it("keeps another company's places out of reach (404) and sub-admins out (403)", async () => {
    const place = await created({ gln: gln(), name: 'Private' });
    expect((await put(place.placeId, { gln: place.gln, name: 'Taken' }, nordic)).statusCode).toBe(404);
    expect((await remove(place.placeId, nordic)).statusCode).toBe(404);
    expect((await list(`?search=Private`, nordic)).json().result).toEqual([]);
    expect((await list('', sub)).statusCode).toBe(403);
    expect((await post({ gln: gln(), name: 'x' }, nordic)).statusCode).toBe(201);
  });
});

describe('import of places from a file', () => {
  async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('places');
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }
  const upload = (data: Buffer, filename: string) =>
    call(t.app, acme, { method: 'POST', url: '/api/trace/places/import', ...multipart({}, [{ field: 'file', data, filename, contentType: 'application/octet-stream' }]) });

  it('creates places from a workbook with a parent named by GLN below it, and updates them from a CSV', async () => {
    const [site, store] = [gln(), gln()];
    const workbook = await xlsx([
      ['GLN', 'Name', 'Type', 'City', 'Country code', 'Latitude', 'Longitude', 'Parent GLN'],
      [store, 'Gangnam store', 'store', 'Seoul', 'KR', 37.5, 127.03, site],
      [site, 'Seoul site', 'site', 'Seoul', 'KR', '', '', ''],
    ]);
    const first = await upload(workbook, 'places.xlsx');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ result: true, created: 2, updated: 0 });
    const stored = (await list(`?search=${store}`)).json().result[0] as CompanyPlace;
    expect(stored).toMatchObject({ name: 'Gangnam store', type: 'store', latitude: 37.5, parentName: 'Seoul site' });

    const csv = Buffer.from(`gln;name;city\n${store};Gangnam flagship store;Seoul\n`);
    const second = await upload(csv, 'places.csv');
    expect(second.json()).toEqual({ result: true, created: 0, updated: 1 });
    expect((await list(`?search=${store}`)).json().result[0].name).toBe('Gangnam flagship store');
  });

  it('refuses the whole file and lists each bad row', async () => {
    const good = gln();
    const csv = Buffer.from(`gln,name,countryCode,parentGln\n${good},Fine,DE,\n1234567890123,Bad digit,DE,\n${gln()},,DE,\n${gln()},Orphan,DE,${gln()}\n`);
    const response = await upload(csv, 'places.csv');
    expect(response.statusCode).toBe(400);
    const rows = (response.json().details as { row: number }[]).map((detail) => detail.row);
    expect(rows).toEqual([3, 4, 5]);
    expect((await list(`?search=${good}`)).json().result).toEqual([]);
  });
});

describe('EPCIS 2.0 location master data', () => {
  const capture = async (document: unknown) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/epcis/capture',
      headers: { authorization: `Bearer ${acmeKey}`, 'content-type': 'application/ld+json' },
      payload: JSON.stringify(document),
    });
    expect(response.statusCode, response.body).toBe(202);
    return finishedCapture(t.app, response.headers.location as string, acmeKey);
  };
  const documentWith = (vocabularyList: unknown[], events: unknown[] = []) => ({
    '@context': ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld'],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: '2026-03-01T10:00:00.000+01:00',
    epcisHeader: { epcisMasterData: { vocabularyList } },
    epcisBody: { eventList: events },
  });

  it('upserts places from BusinessLocation and ReadPoint vocabularies with their CBV attributes and children', async () => {
    const job = await capture(
      documentWith([
        {
          type: 'urn:epcglobal:epcis:vtype:BusinessLocation',
          vocabularyElementList: [
            {
              id: 'urn:epc:id:sgln:0614142.90001.0',
              attributes: [
                { id: 'urn:epcglobal:cbv:mda#name', attribute: 'Hamburg cold store' },
                { id: 'cbvmda:streetAddressOne', attribute: 'Am Sandtorkai 1' },
                { id: 'urn:epcglobal:cbv:mda:city', attribute: 'Hamburg' },
                { id: 'urn:epcglobal:cbv:mda:countryCode', attribute: 'DE' },
                { id: 'urn:epcglobal:cbv:mda:latitude', attribute: '53.54' },
                { id: 'urn:epcglobal:cbv:mda:longitude', attribute: 9.99 },
                { id: 'urn:epcglobal:cbv:mda:sst', attribute: '201' },
                { id: 'https://ns.example.com/epcis/#climate', attribute: 'frozen' },
              ],
              children: ['urn:epc:id:sgln:0614142.90001.1'],
            },
          ],
        },
        {
          type: 'urn:epcglobal:epcis:vtype:ReadPoint',
          vocabularyElementList: [{ id: 'urn:epc:id:sgln:0614142.90001.1', attributes: [{ id: 'urn:epcglobal:cbv:mda:name', attribute: 'Dock door 1' }] }],
        },
        { type: 'urn:epcglobal:epcis:vtype:EPCClass', vocabularyElementList: [{ id: 'urn:epc:idpat:sgtin:0614142.012345.*', attributes: [] }] },
      ]),
    );
    expect(job).toMatchObject({ success: true });
    const [site] = await t.app.db.select().from(places).where(eq(places.identifier, 'https://id.gs1.org/414/0614142900014'));
    expect(site).toMatchObject({ companyId: acmeId, name: 'Hamburg cold store', streetAddress: 'Am Sandtorkai 1', city: 'Hamburg', countryCode: 'DE', latitude: 53.54, longitude: 9.99, origin: 'capture' });
    expect(site.attributes).toMatchObject({ sst: '201', 'https://ns.example.com/epcis/#climate': 'frozen' });
    const [door] = await t.app.db.select().from(places).where(eq(places.identifier, 'https://id.gs1.org/414/0614142900014/254/1'));
    expect(door).toMatchObject({ name: 'Dock door 1', parentId: site.id, gln: '0614142900014', extension: '1' });

    // A second capture changes what it gives and keeps the rest.
    await capture(documentWith([{ type: 'urn:epcglobal:epcis:vtype:BusinessLocation', vocabularyElementList: [{ id: 'urn:epc:id:sgln:0614142.90001.0', attributes: [{ id: 'cbvmda:name', attribute: 'Hamburg cold store II' }] }] }]));
    const [again] = await t.app.db.select().from(places).where(eq(places.id, site.id));
    expect(again).toMatchObject({ name: 'Hamburg cold store II', city: 'Hamburg' });
    expect(again.attributes).toMatchObject({ sst: '201', name: 'Hamburg cold store II' });
  });

  it('keeps the master data of a capture only with its events: a capture rolled back keeps no place', async () => {
    const event = {
      type: 'ObjectEvent',
      eventID: 'urn:uuid:5b0e3c3e-8a51-4f7e-9a4e-3f2d2d6c0a01',
      eventTime: '2026-03-01T10:00:00.000+01:00',
      eventTimeZoneOffset: '+01:00',
      epcList: ['urn:epc:id:sgtin:0614142.107346.9001'],
      action: 'OBSERVE',
    };
    expect(await capture(documentWith([], [event]))).toMatchObject({ success: true });
    const place = { type: 'urn:epcglobal:epcis:vtype:BusinessLocation', vocabularyElementList: [{ id: 'urn:epc:id:sgln:0614142.90002.0', attributes: [{ id: 'cbvmda:name', attribute: 'Never kept' }] }] };
    // The same eventID again: the job refuses it, and under rollback keeps nothing of the document.
    expect(await capture(documentWith([place], [event]))).toMatchObject({ success: false });
    expect(await t.app.db.select().from(places).where(eq(places.name, 'Never kept'))).toEqual([]);
  });

  it('leaves out a hierarchy link that would close a cycle', async () => {
    const element = (id: string, child: string) => ({ id, attributes: [{ id: 'cbvmda:name', attribute: id }], children: [child] });
    const [a, b] = ['urn:epc:id:sgln:0614142.90003.0', 'urn:epc:id:sgln:0614142.90004.0'];
    expect(await capture(documentWith([{ type: 'urn:epcglobal:epcis:vtype:BusinessLocation', vocabularyElementList: [element(a, b), element(b, a)] }]))).toMatchObject({ success: true });
    const rows = await t.app.db.select().from(places).where(eq(places.companyId, acmeId));
    const [first, second] = [a, b].map((id) => rows.find((row) => row.name === id)!);
    // One of the two links is kept, never both.
    expect([first.parentId === second.id, second.parentId === first.id].filter(Boolean)).toHaveLength(1);
  });

  it('refuses malformed master data with 400 and keeps nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/epcis/capture',
      headers: { authorization: `Bearer ${acmeKey}`, 'content-type': 'application/ld+json' },
      payload: JSON.stringify(documentWith([{ type: 'urn:epcglobal:epcis:vtype:ReadPoint', vocabularyElementList: [{ attributes: [] }] }])),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].pointer).toBe('/epcisHeader/epcisMasterData/vocabularyList/0/vocabularyElementList/0');
  });

  it('reads the places back as master data that a capture takes as it is', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/epcis/masterdata?perPage=1000', headers: { authorization: `Bearer ${acmeKey}` } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['gs1-epcis-version']).toBe('2.0.0');
    const document = response.json();
    const [business, readPoints] = document.epcisHeader.epcisMasterData.vocabularyList;
    expect(business.type).toBe('urn:epcglobal:epcis:vtype:BusinessLocation');
    expect(readPoints.type).toBe('urn:epcglobal:epcis:vtype:ReadPoint');
    const hamburg = business.vocabularyElementList.find((element: { id: string }) => element.id === 'https://id.gs1.org/414/0614142900014');
    expect(hamburg.attributes).toEqual(expect.arrayContaining([{ id: 'cbvmda:city', attribute: 'Hamburg' }, { id: 'cbvmda:sst', attribute: '201' }]));
    expect(hamburg.children).toEqual(['https://id.gs1.org/414/0614142900014/254/1']);
    expect(document.epcisBody.eventList).toEqual([]);
    expect(await capture(document)).toMatchObject({ success: true });

    const paged = await t.app.inject({ method: 'GET', url: '/epcis/masterdata?perPage=1', headers: { authorization: `Bearer ${acmeKey}` } });
    expect(paged.headers.link).toMatch(/nextPageToken=.+; rel="next"$/);
    expect(paged.json().epcisHeader.epcisMasterData.vocabularyList[0].vocabularyElementList).toHaveLength(1);
  });
});
