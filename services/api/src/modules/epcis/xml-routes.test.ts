import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventHash } from '@product-console/shared';
import { standardsPath } from '../../../../../tests/fixtures/standards/index.mjs';
import { finishedCapture } from '../../test/epcis.js';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp } from '../../test/demo.js';
import { companies } from '../companies/tables.js';
import { plans, subscriptions } from '../plans/tables.js';
import { CAPTURE_FILE_SIZE_LIMIT_BYTES } from './capture.js';
import { epcisEvents } from './tables.js';
import { captureBodyFromXml, XML_MAX_DEPTH } from './xml-read.js';

/*
 * The XML binding of capture and query (decision 080), against the openepcis test documents: each
 * EPCIS 2.0 XML document of `XML/2.0/Capture/Documents` has its JSON form of the same name in
 * `Capture/Documents`, and both must store the same events with the same event hashes.
 */

const RESOURCES = standardsPath('epcis/openepcis-test-resources');
const xmlFile = (path: string) => readFileSync(join(RESOURCES, 'XML', path), 'utf8');
const jsonFile = (name: string) => JSON.parse(readFileSync(join(RESOURCES, 'Capture/Documents', `${name}.json`), 'utf8')) as Json;
const xmlNames = (folder: string) =>
  readdirSync(join(RESOURCES, 'XML', folder))
    .filter((file) => file.endsWith('.xml'))
    .map((file) => file.slice(0, -4))
    .sort();

type Json = Record<string, unknown>;

/**
 * Pairs whose two files are not the same document: the JSON of `epcisDocWithAllGS1Keys` names other
 * identifiers (and its XML lists one EPC twice, which the CBV refuses), that of
 * `epcisDocWithSensorComponent` Digital Link URIs where the XML has EPC URNs, and the XML of
 * `TransformationEvent_all_possible_fields` puts the ilmd master data in http://example.com/cbvmda/
 * where its JSON uses the standard `cbvmda:` (urn:epcglobal:cbv:mda).
 */
const NOT_PAIRS = new Set(['epcisDocWithAllGS1Keys', 'epcisDocWithSensorComponent', 'TransformationEvent_all_possible_fields']);
/** What the JSON of a pair says otherwise than its XML, beyond the converter's spellings: set to what the XML says. */
const KNOWN_DIFFERENCES: Record<string, (events: Json[]) => void> = {
  // The XML declares the error at 14:00 +01:00, the JSON at 14:00 UTC.
  Combination_of_different_event: (events) => {
    (events[4].errorDeclaration as Json).declarationTime = '2019-11-07T14:00:00.000+01:00';
  },
};
const PAIRS = xmlNames('2.0/Capture/Documents').filter((name) => !NOT_PAIRS.has(name) && readdirSync(join(RESOURCES, 'Capture/Documents')).includes(`${name}.json`));

/**
 * The JSON files were made from the XML by openepcis's converter, which writes date-times over
 * (`13:05:00Z` → `14:05:00.000+01:00`), spells CBV terms now bare, now as CURIE (`cbv:Comp-northing`,
 * `gs1:ALARM_CONDITION`), now as web URI, and turns XML comments into `rdfs:comment`. Events are
 * compared with date-times as instants, CBV terms bare and without `rdfs:comment`; the event hash
 * (which the standard defines on instants and expanded URIs) is compared as is.
 */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const CBV_SPELLING = /^(?:(?:https:\/\/ref\.gs1\.org\/cbv\/|cbv:)(?:BizStep|Disp|BTT|SDT|ER|Comp)-|https:\/\/gs1\.org\/voc\/|gs1:)([A-Za-z_]+)$/;
function comparable(value: unknown): unknown {
  if (typeof value === 'string' && DATE_TIME.test(value)) return new Date(value).toISOString();
  if (typeof value === 'string' && CBV_SPELLING.test(value)) return CBV_SPELLING.exec(value)![1];
  if (Array.isArray(value)) return value.map(comparable);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'rdfs:comment' && key !== 'recordTime' && key !== '@context')
        .map(([key, item]) => [key, comparable(item)]),
    );
  }
  return value;
}

let t: TestApp;
let acmeKey: string;
let nordicKey: string;
let acmeId: number;
let nordicId: number;

async function companyIdOf(serviceName: string): Promise<number> {
  const [company] = await t.app.db.select().from(companies).where(eq(companies.serviceName, serviceName));
  return company.id;
}

const post = (url: string, body: string, options: { key?: string; contentType?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${options.key ?? acmeKey}`, 'content-type': options.contentType ?? 'application/xml', ...options.headers },
    payload: body,
  });

/** Captures a document, expects 202 and answers the finished job. */
async function captured(body: string, options: { key?: string; contentType?: string; headers?: Record<string, string> } = {}): Promise<Json> {
  const response = await post('/epcis/capture', body, options);
  expect(response.statusCode, response.body).toBe(202);
  return (await finishedCapture(t.app, response.headers.location as string, options.key ?? acmeKey)) as Json;
}

const storedOf = async (companyId: number) =>
  (await t.app.db.select().from(epcisEvents).where(eq(epcisEvents.companyId, companyId)).orderBy(asc(epcisEvents.id))).map((row) => ({
    eventId: row.eventId,
    document: row.document,
  }));

function expectProblem(response: LightMyRequestResponse, status: number, type: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toContain('application/problem+json');
  expect(response.headers['gs1-epcis-version']).toBe('2.0.0');
  const body = response.json() as { type: string; detail?: string };
  expect(body).toMatchObject({ type: `epcisException:${type}`, status });
  return body;
}

const emptyRepositories = async () => {
  await t.app.db.delete(epcisEvents).where(eq(epcisEvents.companyId, acmeId));
  await t.app.db.delete(epcisEvents).where(eq(epcisEvents.companyId, nordicId));
};

beforeAll(async () => {
  t = await createTestApp();
  const { acme, nordic } = await demoSetUp(t.app);
  acmeId = await companyIdOf('acme');
  nordicId = await companyIdOf('nordic');
  // API keys come with the Business plan.
  const [business] = await t.app.db.select().from(plans).where(eq(plans.name, 'Business'));
  await t.app.db.update(subscriptions).set({ planId: business.id }).where(eq(subscriptions.companyId, nordicId));
  const keyOf = async (authorization: string) =>
    (await call(t.app, authorization, { method: 'POST', url: '/api/auth/api-keys', payload: { name: 'xml client' } })).json().result.key as string;
  acmeKey = await keyOf(acme);
  nordicKey = await keyOf(nordic);
});
afterAll(async () => t?.close());

describe('EPCIS 2.0 XML documents and their JSON form', () => {
  beforeEach(emptyRepositories);

  it('has a good set of pairs to compare', () => {
    expect(PAIRS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(PAIRS)('%s: the XML and the JSON store the same events, with the same event hashes', async (name) => {
    const xmlJob = await captured(xmlFile(`2.0/Capture/Documents/${name}.xml`));
    const json = jsonFile(name);
    const jsonJob = await captured(JSON.stringify(json), { key: nordicKey, contentType: 'application/ld+json' });
    const count = (json.epcisBody as { eventList: unknown[] }).eventList.length;
    expect(xmlJob, JSON.stringify(xmlJob.errors)).toMatchObject({ success: true, storedCount: count });
    expect(jsonJob).toMatchObject({ success: true, storedCount: count });

    const fromXml = await storedOf(acmeId);
    const fromJson = await storedOf(nordicId);
    KNOWN_DIFFERENCES[name]?.(fromJson.map((row) => row.document));
    expect(fromXml.map((row) => row.eventId)).toEqual(fromJson.map((row) => row.eventId));
    fromXml.forEach((row, index) => {
      const other = fromJson[index];
      expect(comparable(row.document), `event ${index}`).toEqual(comparable(other.document));
      expect(eventHash(row.document, row.document['@context']), `hash of event ${index}`).toBe(eventHash(other.document, other.document['@context']));
    });
  });

  it('stores events exactly as their JSON form where the converter wrote the same text', async () => {
    for (const name of ['ObjectEvent_with_userExtensions', 'AggregationEvent_with_persistentDisposition', 'TransformationEvent', 'ObjectEvent_with_digitalLink']) {
      await emptyRepositories();
      await captured(xmlFile(`2.0/Capture/Documents/${name}.xml`));
      await captured(JSON.stringify(jsonFile(name)), { key: nordicKey, contentType: 'application/json' });
      const strip = ({ recordTime: _recordTime, ...rest }: Json) => rest;
      expect((await storedOf(acmeId)).map((row) => strip(row.document)), name).toEqual((await storedOf(nordicId)).map((row) => strip(row.document)));
    }
  });

  it('captures the other EPCIS 2.0 XML documents too, and refuses the one that lists an EPC twice', async () => {
    for (const name of xmlNames('2.0/Capture/Documents').filter((name) => !PAIRS.includes(name))) {
      await emptyRepositories();
      const body = xmlFile(`2.0/Capture/Documents/${name}.xml`);
      if (name === 'epcisDocWithAllGS1Keys') {
        expect(expectProblem(await post('/epcis/capture', body), 400, 'ValidationException').detail, name).toContain('epcList lists the same identifier twice');
        continue;
      }
      const job = await captured(body);
      expect(job, `${name}: ${JSON.stringify(job.errors)}`).toMatchObject({ success: true });
      expect(job.storedCount as number, name).toBeGreaterThan(0);
    }
  });

  it('reads extensions as the JSON binding writes them: prefixes of the XML, nested elements as objects, repeated ones as lists', () => {
    const read = captureBodyFromXml(xmlFile('2.0/Capture/Documents/ObjectEvent_all_possible_fields.xml'));
    expect(read.kind).toBe('document');
    const document = (read as { document: Json }).document;
    expect(document['@context']).toEqual(
      expect.arrayContaining([{ ext1: 'http://example.com/ext1/' }, { ext2: 'http://example.com/ext2/' }, { ext3: 'http://example.com/ext3/' }]),
    );
    const [event] = (document.epcisBody as { eventList: Json[] }).eventList;
    expect(event).toMatchObject({
      type: 'ObjectEvent',
      bizStep: 'receiving',
      disposition: 'in_progress',
      bizTransactionList: [{ type: 'po', bizTransaction: 'urn:epc:id:gdti:0614141.00001.1618034' }, expect.any(Object)],
      quantityList: [{ epcClass: 'urn:epc:class:lgtin:4012345.012345.998877', quantity: 200, uom: 'KGM' }],
      persistentDisposition: { set: ['completeness_verified'], unset: ['completeness_inferred'] },
      'ext1:array': ['12', '22', '2013-06-08T14:58:56.591Z', 'true', 'stringInArray', expect.any(Object)],
      'ext1:object': { 'ext2:string': 'stringInObject' },
    });
    expect((event.ilmd as Json)['cbvmda:lotNumber']).toBe('ABC123');
    const report = ((event.sensorElementList as Json[])[0].sensorReport as Json[])[0];
    expect(report).toMatchObject({ type: 'Temperature', value: 26, booleanValue: true, 'ext1:someFurtherReportData': 'someText' });
  });
});

describe('EPCIS 1.2 XML documents', () => {
  beforeEach(emptyRepositories);

  /** 1.2 documents whose content the EPCIS 2.0 rules refuse (not the XML): a certificationInfo that is no URI, a declarationTime without seconds... */
  const REFUSED_12 = new Set(['ObjectEvent_all_possible_fields', 'TransactionEvent_all_possible_fields']);
  /** Bare events (no EPCISDocument around them): for POST /epcis/events. */
  const EVENTS_12 = new Set(['Single_event', 'Single_event_with_namespace']);

  it.each(xmlNames('1.2/Capture/Documents').filter((name) => !REFUSED_12.has(name) && !EVENTS_12.has(name)))(
    '%s is captured in its EPCIS 2.0 form',
    async (name) => {
      const body = xmlFile(`1.2/Capture/Documents/${name}.xml`);
      const job = await captured(body, { headers: { 'gs1-epcis-version': '1.2.0' } });
      expect(job, JSON.stringify(job.errors)).toMatchObject({ success: true, errors: [] });
      expect(job.storedCount as number).toBeGreaterThan(0);
    },
  );

  it('refuses, with the 2.0 rule that each breaks, the 1.2 documents whose content EPCIS 2.0 does not allow', async () => {
    const certification = expectProblem(await post('/epcis/capture', xmlFile('1.2/Capture/Documents/ObjectEvent_all_possible_fields.xml')), 400, 'ValidationException');
    expect(certification.detail).toContain('certificationInfo');
    const declaration = expectProblem(await post('/epcis/capture', xmlFile('1.2/Capture/Documents/TransactionEvent_all_possible_fields.xml')), 400, 'ValidationException');
    expect(declaration.detail).toContain('declarationTime');
  });

  it('maps the extension wrappers: a TransformationEvent in EventList/extension, eventID and errorDeclaration in baseExtension', async () => {
    const job = await captured(xmlFile('1.2/Capture/Documents/TransformationEvent.xml'));
    expect(job).toMatchObject({ success: true, storedCount: 1 });
    const [row] = await storedOf(acmeId);
    expect(row.eventId).toBe('urn:uuid:374d95fc-9457-4a51-bd6a-0bba133845a8');
    expect(row.document).toMatchObject({
      type: 'TransformationEvent',
      eventID: 'urn:uuid:374d95fc-9457-4a51-bd6a-0bba133845a8',
      errorDeclaration: {
        declarationTime: '2020-01-15T00:00:00+01:00',
        reason: 'incorrect_data',
        correctiveEventIDs: ['urn:uuid:404d95fc-9457-4a51-bd6a-0bba133845a8'],
        'example:vendorExtension': 'Test1',
      },
      inputEPCList: ['urn:epc:id:sgtin:4012345.011111.987'],
      // A nil quantity is no quantity.
      inputQuantityList: [{ epcClass: 'urn:epc:class:lgtin:4012345.022222.87545GHGH' }],
      outputQuantityList: [{ epcClass: 'urn:epc:idpat:sgtin:4012345.044444.*', quantity: 452, uom: 'KGM' }],
      bizStep: 'commissioning',
    });
    expect(row.document['@context']).toContainEqual({ example: 'http://ns.example.com/epcis' });
  });

  it('gives a 1.2 document, its 2.0 XML and its JSON form the same event hash', async () => {
    const v12 = `<?xml version="1.0" encoding="UTF-8"?>
<epcis:EPCISDocument xmlns:epcis="urn:epcglobal:epcis:xsd:1" xmlns:acme="https://acme.example.com/epcis/" schemaVersion="1.2" creationDate="2026-03-01T10:00:00Z">
  <EPCISBody><EventList><ObjectEvent>
    <eventTime>2026-03-01T10:00:00.000+01:00</eventTime><eventTimeZoneOffset>+01:00</eventTimeZoneOffset>
    <epcList><epc>urn:epc:id:sgtin:0614141.107346.7001</epc></epcList>
    <action>ADD</action><bizStep>urn:epcglobal:cbv:bizstep:commissioning</bizStep><disposition>urn:epcglobal:cbv:disp:active</disposition>
    <readPoint><id>urn:epc:id:sgln:0614141.07346.1234</id></readPoint>
    <extension>
      <quantityList><quantityElement><epcClass>urn:epc:class:lgtin:0614141.107346.L1</epcClass><quantity>5</quantity><uom>KGM</uom></quantityElement></quantityList>
      <ilmd><acme:batch>L1</acme:batch></ilmd>
    </extension>
    <acme:line>3</acme:line>
  </ObjectEvent></EventList></EPCISBody>
</epcis:EPCISDocument>`;
    const v20 = `<epcis:EPCISDocument xmlns:epcis="urn:epcglobal:epcis:xsd:2" xmlns:acme="https://acme.example.com/epcis/" schemaVersion="2.0" creationDate="2026-03-01T10:00:00Z">
  <EPCISBody><EventList><ObjectEvent>
    <eventTime>2026-03-01T10:00:00.000+01:00</eventTime><eventTimeZoneOffset>+01:00</eventTimeZoneOffset>
    <epcList><epc>urn:epc:id:sgtin:0614141.107346.7001</epc></epcList>
    <action>ADD</action><bizStep>https://ref.gs1.org/cbv/BizStep-commissioning</bizStep><disposition>urn:epcglobal:cbv:disp:active</disposition>
    <readPoint><id>urn:epc:id:sgln:0614141.07346.1234</id></readPoint>
    <quantityList><quantityElement><epcClass>urn:epc:class:lgtin:0614141.107346.L1</epcClass><quantity>5.0</quantity><uom>KGM</uom></quantityElement></quantityList>
    <ilmd><acme:batch>L1</acme:batch></ilmd>
    <acme:line>3</acme:line>
  </ObjectEvent></EventList></EPCISBody>
</epcis:EPCISDocument>`;
    const json = {
      '@context': ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld', { acme: 'https://acme.example.com/epcis/' }],
      type: 'EPCISDocument',
      schemaVersion: '2.0',
      creationDate: '2026-03-01T10:00:00Z',
      epcisBody: {
        eventList: [
          {
            type: 'ObjectEvent',
            eventTime: '2026-03-01T10:00:00.000+01:00',
            eventTimeZoneOffset: '+01:00',
            epcList: ['urn:epc:id:sgtin:0614141.107346.7001'],
            action: 'ADD',
            bizStep: 'commissioning',
            disposition: 'active',
            readPoint: { id: 'urn:epc:id:sgln:0614141.07346.1234' },
            quantityList: [{ epcClass: 'urn:epc:class:lgtin:0614141.107346.L1', quantity: 5, uom: 'KGM' }],
            ilmd: { 'acme:batch': 'L1' },
            'acme:line': '3',
          },
        ],
      },
    };
    await captured(v12);
    const [from12] = await storedOf(acmeId);
    await emptyRepositories();
    await captured(v20);
    const [from20] = await storedOf(acmeId);
    await captured(JSON.stringify(json), { key: nordicKey, contentType: 'application/ld+json' });
    const [fromJson] = await storedOf(nordicId);
    expect(from12.eventId).toMatch(/^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/);
    expect(from12.eventId).toBe(fromJson.eventId);
    expect(from20.eventId).toBe(fromJson.eventId);
    const strip = ({ recordTime: _recordTime, ...rest }: Json) => rest;
    expect(strip(from12.document)).toEqual(strip(fromJson.document));
  });
});

describe('POST /epcis/events with XML', () => {
  beforeEach(emptyRepositories);

  it('takes each bare event of the openepcis set', async () => {
    for (const name of xmlNames('2.0/Capture/Events')) {
      await emptyRepositories();
      const response = await post('/epcis/events', xmlFile(`2.0/Capture/Events/${name}.xml`));
      expect(response.statusCode, `${name}: ${response.body}`).toBe(201);
      const [row] = await storedOf(acmeId);
      expect(row.document.type, name).toBe(name === 'Namespace_event' ? 'ObjectEvent' : name);
    }
  });

  it('takes one event element, bare or in a one-event document, of EPCIS 2.0 or 1.2', async () => {
    const created = await post('/epcis/events', xmlFile('2.0/Capture/Events/ObjectEvent.xml'));
    expect(created.statusCode, created.body).toBe(201);
    for (const name of ['Single_event', 'Single_event_with_namespace']) {
      const bare12 = await post('/epcis/events', xmlFile(`1.2/Capture/Documents/${name}.xml`));
      expect(bare12.statusCode, `${name}: ${bare12.body}`).toBe(201);
    }
    const document = await post('/epcis/events', xmlFile('2.0/Capture/Documents/TransformationEvent.xml'));
    expect(document.statusCode, document.body).toBe(201);
    expect(await storedOf(acmeId)).toHaveLength(4);
    const read = await t.app.inject({ method: 'GET', url: created.headers.location as string, headers: { authorization: `Bearer ${acmeKey}` } });
    expect(read.statusCode).toBe(200);
    expect(read.json().epcisBody.queryResults.resultsBody.eventList[0].type).toBe('ObjectEvent');
  });

  it('refuses a document of several events, and a bare event on /epcis/capture', async () => {
    expectProblem(await post('/epcis/events', xmlFile('2.0/Capture/Documents/ObjectEvent.xml')), 400, 'ValidationException');
    expectProblem(await post('/epcis/capture', xmlFile('2.0/Capture/Events/ObjectEvent.xml')), 400, 'ValidationException');
    expect(await storedOf(acmeId)).toHaveLength(0);
  });

  it('refuses the invalid events of the openepcis set that break an EPCIS 2.0 rule', async () => {
    const invalid = xmlNames('2.0/Capture/Invalid').filter((name) => name !== 'ObjectEvent_with_wrong_element_order');
    expect(invalid).toHaveLength(6);
    for (const name of invalid) {
      const body = xmlFile(`2.0/Capture/Invalid/${name}.xml`);
      const url = body.includes('EPCISDocument') ? '/epcis/capture' : '/epcis/events';
      expectProblem(await post(url, body), 400, 'ValidationException');
    }
    expect(await storedOf(acmeId)).toHaveLength(0);
  });

  it('reads fields in any order: the XSD sequence is not enforced (decision 080)', async () => {
    const job = await captured(xmlFile('2.0/Capture/Invalid/ObjectEvent_with_wrong_element_order.xml'));
    expect(job).toMatchObject({ success: true, storedCount: 1 });
  });
});

describe('XML that is malformed, hostile or too large', () => {
  beforeEach(emptyRepositories);

  it('refuses an external entity (XXE) without reading the file', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'xxe-'));
    const secret = join(folder, 'secret.txt');
    writeFileSync(secret, 'SECRET-MARKER-7311');
    try {
      const body = `<?xml version="1.0"?>
<!DOCTYPE epcis:EPCISDocument [<!ENTITY xxe SYSTEM "file://${secret}">]>
<epcis:EPCISDocument xmlns:epcis="urn:epcglobal:epcis:xsd:2" schemaVersion="2.0" creationDate="2026-03-01T10:00:00Z">
  <EPCISBody><EventList><ObjectEvent><eventTime>2026-03-01T10:00:00Z</eventTime><eventTimeZoneOffset>+00:00</eventTimeZoneOffset>
  <epcList><epc>urn:epc:id:sgtin:0614141.107346.1</epc></epcList><action>OBSERVE</action><acme:note xmlns:acme="https://acme.example.com/">&xxe;</acme:note>
  </ObjectEvent></EventList></EPCISBody></epcis:EPCISDocument>`;
      for (const url of ['/epcis/capture', '/epcis/events']) {
        const response = await post(url, body);
        const problem = expectProblem(response, 400, 'ValidationException');
        expect(problem.detail).toContain('DOCTYPE');
        expect(response.body).not.toContain('SECRET-MARKER');
      }
      // An external DTD is refused as well: nothing is fetched.
      const external = await post('/epcis/capture', body.replace(/<!DOCTYPE[^\n]*\n/, `<!DOCTYPE epcis:EPCISDocument SYSTEM "file://${secret}">\n`));
      expect(expectProblem(external, 400, 'ValidationException').detail).toContain('DOCTYPE');
      // An entity reference without any DTD is an unknown entity, not a file read.
      const bare = await post('/epcis/capture', body.replace(/<!DOCTYPE[^\n]*\n/, ''));
      expectProblem(bare, 400, 'ValidationException');
      expect(bare.body).not.toContain('SECRET-MARKER');
      expect(await storedOf(acmeId)).toHaveLength(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('reads a bare <!DOCTYPE name>, which declares nothing (GS1 examples carry one)', async () => {
    const body = xmlFile('2.0/Capture/Documents/ObjectEvent.xml').replace(/^(<\?xml[^>]*\?>)?/, (declaration) => `${declaration}\n<!DOCTYPE project>\n`);
    expect(body).toContain('<!DOCTYPE project>');
    expect(await captured(body)).toMatchObject({ success: true });
  });

  it('refuses a billion laughs at once, expanding nothing', async () => {
    const entities = ['<!ENTITY lol "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`)].join('\n');
    const body = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n${entities}\n]>\n<epcis:EPCISDocument xmlns:epcis="urn:epcglobal:epcis:xsd:2">&lol9;</epcis:EPCISDocument>`;
    const started = performance.now();
    const response = await post('/epcis/capture', body);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(expectProblem(response, 400, 'ValidationException').detail).toContain('DOCTYPE');
    expect(response.body.length).toBeLessThan(2_000);
  });

  it('answers malformed XML with 400 and where it broke', async () => {
    const problem = expectProblem(await post('/epcis/capture', '<epcis:EPCISDocument xmlns:epcis="urn:epcglobal:epcis:xsd:2">\n  <EPCISBody></EventList>'), 400, 'ValidationException');
    expect(problem.detail).toMatch(/not well-formed/);
    expect(problem.detail).toMatch(/line 2, column \d+/);
    expectProblem(await post('/epcis/capture', ''), 400, 'ValidationException');
    const latin1 = expectProblem(await post('/epcis/capture', '<?xml version="1.0" encoding="ISO-8859-1"?><epcis:EPCISDocument xmlns:epcis="urn:epcglobal:epcis:xsd:2"/>'), 400, 'ValidationException');
    expect(latin1.detail).toContain('UTF-8');
    expectProblem(await post('/epcis/capture', '<root xmlns="https://example.com/"/>'), 400, 'ValidationException');
  });

  it(`refuses elements nested deeper than ${XML_MAX_DEPTH} levels, as JSON is bounded`, async () => {
    const deep = `${'<acme:x>'.repeat(2_000)}1${'</acme:x>'.repeat(2_000)}`;
    const body = `<epcis:EPCISDocument xmlns:epcis="urn:epcglobal:epcis:xsd:2" xmlns:acme="https://acme.example.com/" schemaVersion="2.0" creationDate="2026-03-01T10:00:00Z"><EPCISBody><EventList><ObjectEvent><eventTime>2026-03-01T10:00:00Z</eventTime><eventTimeZoneOffset>+00:00</eventTimeZoneOffset><action>OBSERVE</action>${deep}</ObjectEvent></EventList></EPCISBody></epcis:EPCISDocument>`;
    const problem = expectProblem(await post('/epcis/capture', body), 400, 'ValidationException');
    expect(problem.detail).toContain(`deeper than ${XML_MAX_DEPTH} levels`);
    // Within the XML limit but past the JSON one: the JSON rule refuses the event.
    const nested = `${'<acme:x>'.repeat(XML_MAX_DEPTH - 6)}1${'</acme:x>'.repeat(XML_MAX_DEPTH - 6)}`;
    expectProblem(await post('/epcis/capture', body.replace(deep, nested)), 400, 'ValidationException');
  });

  it('answers 413 for an XML body past GS1-EPCIS-Capture-File-Size-Limit', async () => {
    const padding = `<acme:pad>${'x'.repeat(CAPTURE_FILE_SIZE_LIMIT_BYTES)}</acme:pad>`;
    const response = await post('/epcis/capture', `<epcis:EPCISDocument xmlns:epcis="urn:epcglobal:epcis:xsd:2" xmlns:acme="https://acme.example.com/">${padding}</epcis:EPCISDocument>`);
    expectProblem(response, 413, 'CaptureLimitExceededException');
  });

  it('answers 406 to another EPCIS version than 2.0 or (for XML capture) 1.2', async () => {
    const body = xmlFile('1.2/Capture/Documents/ObjectEvent.xml');
    expectProblem(await post('/epcis/capture', body, { headers: { 'gs1-epcis-version': '1.1' } }), 406, 'NotAcceptableException');
    expectProblem(await post('/epcis/capture', JSON.stringify(jsonFile('ObjectEvent')), { contentType: 'application/json', headers: { 'gs1-epcis-version': '1.2' } }), 406, 'NotAcceptableException');
  });
});

describe('EPCIS 2.0 XML answers (Accept: application/xml)', () => {
  beforeAll(async () => {
    await emptyRepositories();
    for (const path of ['2.0/Capture/Documents/ObjectEvent_all_possible_fields.xml', '2.0/Capture/Documents/Combination_of_different_event.xml', '1.2/Capture/Documents/AggregationEvent.xml']) {
      const job = await captured(xmlFile(path));
      expect(job, JSON.stringify(job.errors)).toMatchObject({ success: true });
    }
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${acmeKey}`, 'gs1-epc-format': 'Never_Translates', ...headers } });

  it('answers an EPCISQueryDocument that reads back into the same events as the JSON answer', async () => {
    const asJson = await get('/epcis/events?perPage=100');
    const asXml = await get('/epcis/events?perPage=100', { accept: 'application/xml' });
    expect(asXml.statusCode, asXml.body).toBe(200);
    expect(asXml.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(asXml.headers['gs1-epcis-version']).toBe('2.0.0');
    expect(asXml.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<epcisq:EPCISQueryDocument xmlns:epcisq="urn:epcglobal:epcis-query:xsd:2"/);
    expect(asXml.body).toContain('<bizStep>urn:epcglobal:cbv:bizstep:receiving</bizStep>');

    const read = captureBodyFromXml(asXml.body);
    expect(read.kind).toBe('document');
    const document = (read as { document: Json }).document;
    expect(document.type).toBe('EPCISQueryDocument');
    const fromXml = (document.epcisBody as { queryResults: { resultsBody: { eventList: Json[] } } }).queryResults.resultsBody.eventList;
    const fromJson = asJson.json().epcisBody.queryResults.resultsBody.eventList as Json[];
    expect(fromXml).toHaveLength(fromJson.length);
    const withoutContext = ({ '@context': _context, ...rest }: Json) => rest;
    expect(fromXml.map(withoutContext)).toEqual(fromJson.map(withoutContext));
    fromXml.forEach((event, index) => expect(eventHash(event, document['@context'])).toBe(eventHash(fromJson[index], fromJson[index]['@context'])));
  });

  it('writes web URIs when GS1-CBV-XML-Format asks, and keeps JSON for JSON and wildcard clients', async () => {
    const web = await get('/epcis/events?perPage=100', { accept: 'application/xml', 'gs1-cbv-xml-format': 'Always_Web_URI' });
    expect(web.body).toContain('<bizStep>https://ref.gs1.org/cbv/BizStep-receiving</bizStep>');
    for (const accept of ['application/json', '*/*', 'application/json, application/xml;q=0.5']) {
      expect((await get('/epcis/events', { accept })).headers['content-type'], accept).toContain('application/json');
    }
    expect((await get('/epcis/events', { accept: 'application/json;q=0.4, text/xml' })).headers['content-type']).toContain('application/xml');
  });

  it('answers one event by its eventID in XML too', async () => {
    const response = await get(`/epcis/events/${encodeURIComponent('urn:uuid:374d95fc-9457-4a51-bd6a-0bba133845a8')}`, { accept: 'application/xml' });
    expect(response.statusCode, response.body).toBe(200);
    const read = captureBodyFromXml(response.body) as { document: Json };
    const events = (read.document.epcisBody as { queryResults: { resultsBody: { eventList: Json[] } } }).queryResults.resultsBody.eventList;
    expect(events.map((event) => event.type)).toEqual(['ObjectEvent']);
    expect(events[0].eventID).toBe('urn:uuid:374d95fc-9457-4a51-bd6a-0bba133845a8');
  });
});
