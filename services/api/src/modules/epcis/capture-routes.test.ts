import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { standardsPath } from '../../../../../tests/fixtures/standards/index.mjs';
import { finishedCapture } from '../../test/epcis.js';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp } from '../../test/demo.js';
import { companies } from '../companies/tables.js';
import { plans, subscriptions } from '../plans/tables.js';
import { buildApp } from '../../app.js';
import { CAPTURE_FILE_SIZE_LIMIT_BYTES, CAPTURE_LIMIT_EVENTS, runCapture } from './capture.js';
import { eventContext } from './store.js';
import { epcisCaptures, epcisEvents } from './tables.js';

const RESOURCES = standardsPath('epcis/openepcis-test-resources/Capture');
const readJson = (folder: string, file: string) => JSON.parse(readFileSync(join(RESOURCES, folder, file), 'utf8')) as Record<string, unknown>;
const filesOf = (folder: string) => readdirSync(join(RESOURCES, folder)).filter((file) => file.endsWith('.json')).sort();

type Json = Record<string, unknown>;

let t: TestApp;
let acmeKey: string;
let nordicKey: string;
let acmeId: number;
let nordicId: number;
let nextSerial = 1;

const CONTEXT = ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld', { example: 'https://ns.example.com/epcis/' }];

/** A valid ObjectEvent of a fresh serial; `extra` overrides or adds fields. */
function objectEvent(extra: Json = {}): Json {
  const serial = nextSerial++;
  return {
    type: 'ObjectEvent',
    eventTime: '2026-03-01T10:00:00.000+01:00',
    eventTimeZoneOffset: '+01:00',
    epcList: [`urn:epc:id:sgtin:0614141.107346.${serial}`],
    action: 'OBSERVE',
    bizStep: 'shipping',
    disposition: 'in_transit',
    readPoint: { id: 'urn:epc:id:sgln:0614141.07346.1234' },
    ...extra,
  };
}

const documentOf = (events: Json[], context: unknown = CONTEXT): Json => ({
  '@context': context,
  type: 'EPCISDocument',
  schemaVersion: '2.0',
  creationDate: '2026-03-01T10:00:00.000+01:00',
  epcisBody: { eventList: events },
});

function capture(document: unknown, options: { key?: string; behaviour?: string; contentType?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/ld+json' };
  if (options.key !== '') headers.authorization = `Bearer ${options.key ?? acmeKey}`;
  if (options.behaviour) headers['gs1-capture-error-behaviour'] = options.behaviour;
  return t.app.inject({ method: 'POST', url: '/epcis/capture', headers, payload: typeof document === 'string' ? document : JSON.stringify(document) });
}

const postEvent = (event: Json, key = acmeKey) =>
  t.app.inject({ method: 'POST', url: '/epcis/events', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, payload: JSON.stringify(event) });

const getJob = (location: string, key = acmeKey) => t.app.inject({ method: 'GET', url: location, headers: { authorization: `Bearer ${key}` } });

/** Waits for the capture job at `location` to finish and answers it. */
const finishedJob = (location: string, key = acmeKey, timeoutMs?: number) => finishedCapture(t.app, location, key, timeoutMs) as Promise<Json>;

/** Captures a document, expects 202 and answers the finished job. */
async function captured(document: unknown, options: { key?: string; behaviour?: string } = {}): Promise<Json> {
  const response = await capture(document, options);
  expect(response.statusCode, response.body).toBe(202);
  expect(response.headers.location).toMatch(/^\/epcis\/capture\/[0-9a-f-]{36}$/);
  expect(response.body).toBe('');
  return finishedJob(response.headers.location as string, options.key);
}

const eventsOf = (companyId: number) =>
  t.app.db.select().from(epcisEvents).where(eq(epcisEvents.companyId, companyId)).orderBy(asc(epcisEvents.id));

const eventRows = (companyId: number, eventId: string) =>
  t.app.db
    .select()
    .from(epcisEvents)
    .where(and(eq(epcisEvents.companyId, companyId), eq(epcisEvents.eventId, eventId)))
    .orderBy(asc(epcisEvents.id));

function expectVersionHeaders(response: LightMyRequestResponse) {
  expect(response.headers['gs1-epcis-version'], `${response.statusCode} ${response.body}`).toBe('2.0.0');
  expect(response.headers['gs1-cbv-version']).toBe('2.0.0');
}

function expectProblem(response: LightMyRequestResponse, status: number, type: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toContain('application/problem+json');
  expectVersionHeaders(response);
  const body = response.json();
  expect(body).toMatchObject({ type: `epcisException:${type}`, status, title: expect.any(String) });
  return body as { detail?: string; errors?: Json[] };
}

async function companyIdOf(serviceName: string): Promise<number> {
  const [company] = await t.app.db.select().from(companies).where(eq(companies.serviceName, serviceName));
  return company.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const { acme, nordic } = await demoSetUp(t.app);
  acmeId = await companyIdOf('acme');
  nordicId = await companyIdOf('nordic');
  const [business] = await t.app.db.select().from(plans).where(eq(plans.name, 'Business'));
  await t.app.db.update(subscriptions).set({ planId: business.id }).where(eq(subscriptions.companyId, nordicId));
  const keyOf = async (authorization: string) =>
    (await call(t.app, authorization, { method: 'POST', url: '/api/auth/api-keys', payload: { name: 'test client' } })).json().result.key as string;
  acmeKey = await keyOf(acme);
  nordicKey = await keyOf(nordic);
});
afterAll(async () => t?.close());

describe('capture of the openepcis documents', () => {
  // Several files share eventIDs (the same event in different shapes): each file goes into an empty repository.
  beforeEach(async () => {
    await t.app.db.delete(epcisEvents).where(eq(epcisEvents.companyId, acmeId));
  });

  it.each(filesOf('Documents'))('stores every event of Documents/%s as sent, with eventID and recordTime', async (file) => {
    const document = readJson('Documents', file);
    const sent = (document.epcisBody as { eventList: Json[] }).eventList;
    const job = await captured(document);
    expect(job).toMatchObject({ running: false, success: true, captureErrorBehaviour: 'rollback', errors: [], storedCount: sent.length });
    expect(job.finishedAt).toEqual(expect.any(String));

    const rows = await eventsOf(acmeId);
    expect(rows).toHaveLength(sent.length);
    sent.forEach((event, index) => {
      const row = rows[index];
      if (typeof event.eventID === 'string') expect(row.eventId).toBe(event.eventID);
      else expect(row.eventId).toMatch(/^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/);
      expect(row.eventIdGenerated).toBe(typeof event.eventID !== 'string');
      expect(row.captureId).toBe((job as { captureID: string }).captureID);
      expect(row.origin).toBe('capture');
      // The event round-trips: everything sent, user extensions included, plus eventID, the server's
      // recordTime and (when the document declared prefixes) the @context its extensions need.
      const context = eventContext(document['@context'], event);
      expect(row.document).toStrictEqual({
        ...event,
        ...(context ? { '@context': context } : {}),
        eventID: row.eventId,
        recordTime: row.recordTime.toISOString(),
      });
      for (const key of Object.keys(event).filter((name) => name.includes(':'))) expect(row.document[key]).toStrictEqual(event[key]);
    });
  });

  it.each(filesOf('Events'))('stores the single event of Events/%s through POST /epcis/events', async (file) => {
    const event = readJson('Events', file);
    const response = await postEvent(event);
    expect(response.statusCode, response.body).toBe(201);
    expectVersionHeaders(response);
    const location = response.headers.location as string;
    expect(location).toMatch(/^\/epcis\/events\//);
    const eventId = decodeURIComponent(location.slice('/epcis/events/'.length));
    if (typeof event.eventID === 'string') expect(eventId).toBe(event.eventID);
    const [row] = await eventRows(acmeId, eventId);
    expect(row.document).toStrictEqual({ ...event, eventID: eventId, recordTime: row.recordTime.toISOString() });
    expect(row.eventType).toBe(event.type);
  });

  it.each(filesOf('Events'))('stores Events/%s wrapped in a capture document', async (file) => {
    const { '@context': context, ...event } = readJson('Events', file);
    const job = await captured(documentOf([event], context));
    expect(job).toMatchObject({ success: true, storedCount: 1 });
    expect(await eventsOf(acmeId)).toHaveLength(1);
  });

  it('takes an EPCISQueryDocument too, as the bindings ask of capture', async () => {
    const document = JSON.parse(readFileSync(join(RESOURCES, '..', 'Query', 'QueryDocumentWithMultipleEvents.json'), 'utf8')) as Json;
    const sent = ((document.epcisBody as Json).queryResults as { resultsBody: { eventList: Json[] } }).resultsBody.eventList;
    const job = await captured(document);
    expect(job).toMatchObject({ success: true, storedCount: sent.length });
    expect(await eventsOf(acmeId)).toHaveLength(sent.length);
  });

  const CAUSES: Record<string, RegExp[]> = {
    'Combination_of_events_with_missing_mandatory_fields.json': [/event 0: .*action is required/, /event 1: .*eventTimeZoneOffset is required/],
    'Combination_of_multiple_invalid_fields.json': [/"transforming"/, /"in_transport"/, /"place"/, /materialType/, /"22-07-2026"/, /"CREATE"/],
    'Combination_of_non_standard_bizStep_and_disposition.json': [/bizStep "transforming"/, /disposition "in_transport"/],
    'EPCISDocument_without_context.json': [/@context is required/],
    'ObjectEvent_with_ilmd_field_without_namespace.json': [/ilmd field 'materialType' has no namespace/],
    'ObjectEvent_with_invalid_action.json': [/action "CREATE"/],
    'ObjectEvent_with_invalid_certificationInfo.json': [/certificationInfo/],
    'ObjectEvent_with_invalid_eventTime_format.json': [/eventTime "22-07-2026"/],
    'ObjectEvent_with_non_standard_bizStep.json': [/bizStep "transforming"/],
    'ObjectEvent_with_non_standard_bizStep_in_second_event.json': [/event 1: bizStep "transforming"/],
    'ObjectEvent_with_non_standard_disposition.json': [/disposition "in_transport"/],
    'ObjectEvent_with_quantity_as_text.json': [/quantity must be a number/],
    'ObjectEvent_with_unknown_field_in_quantityList.json': [/unknown field 'weight'/],
    'ObjectEvent_without_action_and_eventTime.json': [/eventTime is required/, /action is required/],
    'ObjectEvent_without_identifier_list.json': [/needs epcList or quantityList/],
  };

  it('knows the cause of every invalid document', () => {
    expect(filesOf('Invalid')).toEqual(Object.keys(CAUSES).sort());
  });

  it.each(filesOf('Invalid'))('refuses Invalid/%s with a 400 naming the cause, and stores nothing', async (file) => {
    const jobsBefore = (await t.app.db.select().from(epcisCaptures).where(eq(epcisCaptures.companyId, acmeId))).length;
    const problem = expectProblem(await capture(readJson('Invalid', file)), 400, 'ValidationException');
    for (const cause of CAUSES[file]) expect(problem.detail).toMatch(cause);
    expect(problem.errors?.length).toBeGreaterThan(0);
    // Nothing of a refused document is kept, and a 400 leaves no job behind.
    expect(await eventsOf(acmeId)).toHaveLength(0);
    expect(await t.app.db.select().from(epcisCaptures).where(eq(epcisCaptures.companyId, acmeId))).toHaveLength(jobsBefore);

    // Under proceed, a document whose only problems are in events is taken, and the job refuses those events.
    const proceed = await capture(readJson('Invalid', file), { behaviour: 'proceed' });
    if (proceed.statusCode === 400) return;
    expect(proceed.statusCode).toBe(202);
    const job = await finishedJob(proceed.headers.location as string);
    expect(job.success).toBe(false);
    const failed = new Set((job.errors as { eventIndex: number }[]).map((error) => error.eventIndex));
    const sent = (readJson('Invalid', file).epcisBody as { eventList: Json[] }).eventList;
    expect(job.storedCount).toBe(sent.length - failed.size);
    expect(await eventsOf(acmeId)).toHaveLength(sent.length - failed.size);
  });
});

describe('capture error behaviour', () => {
  it('under rollback refuses the whole document when one event is invalid; under proceed stores the good ones', async () => {
    const good = [objectEvent({ eventID: 'urn:uuid:7a1e0000-0000-4000-8000-000000000001' }), objectEvent({ eventID: 'urn:uuid:7a1e0000-0000-4000-8000-000000000003' })];
    const bad = objectEvent({ eventID: 'urn:uuid:7a1e0000-0000-4000-8000-000000000002', action: 'CREATE' });
    const document = documentOf([good[0], bad, good[1]]);

    const refused = expectProblem(await capture(document), 400, 'ValidationException');
    expect(refused.detail).toContain('event 1: action "CREATE"');
    expect(await eventRows(acmeId, 'urn:uuid:7a1e0000-0000-4000-8000-000000000001')).toHaveLength(0);

    const job = await captured(document, { behaviour: 'proceed' });
    expect(job).toMatchObject({ running: false, success: false, captureErrorBehaviour: 'proceed', storedCount: 2 });
    expect(job.errors).toEqual([expect.objectContaining({ type: 'epcisException:ValidationException', status: 400, eventIndex: 1 })]);
    expect(await eventRows(acmeId, good[0].eventID as string)).toHaveLength(1);
    expect(await eventRows(acmeId, good[1].eventID as string)).toHaveLength(1);
    expect(await eventRows(acmeId, bad.eventID as string)).toHaveLength(0);
  });

  it('fails a rollback job whose eventID is stored already, keeping none of its events; proceed stores the new ones', async () => {
    const stored = objectEvent({ eventID: 'urn:uuid:d0b1e000-0000-4000-8000-000000000001' });
    expect((await captured(documentOf([stored]))).success).toBe(true);
    const fresh = objectEvent({ eventID: 'urn:uuid:d0b1e000-0000-4000-8000-000000000002' });

    const rolledBack = await captured(documentOf([fresh, stored]));
    expect(rolledBack).toMatchObject({ running: false, success: false, storedCount: 0 });
    expect(rolledBack.errors).toEqual([
      expect.objectContaining({ type: 'epcisException:ResourceAlreadyExistsException', status: 409, eventIndex: 1, detail: expect.stringContaining(stored.eventID as string) }),
    ]);
    expect(await eventRows(acmeId, fresh.eventID as string)).toHaveLength(0);

    const proceeded = await captured(documentOf([fresh, stored]), { behaviour: 'proceed' });
    expect(proceeded).toMatchObject({ success: false, storedCount: 1 });
    expect(await eventRows(acmeId, fresh.eventID as string)).toHaveLength(1);
    expect(await eventRows(acmeId, stored.eventID as string)).toHaveLength(1);
  });

  it('refuses an eventID given twice in one document', async () => {
    const event = objectEvent({ eventID: 'urn:uuid:2f2f0000-0000-4000-8000-000000000001' });
    const job = await captured(documentOf([event, { ...event, bizStep: 'receiving' }]));
    expect(job).toMatchObject({ success: false, storedCount: 0 });
    expect(job.errors).toEqual([expect.objectContaining({ status: 409, eventIndex: 1 })]);
    expect(await eventRows(acmeId, event.eventID as string)).toHaveLength(0);
  });

  it('answers 400 for an error behaviour other than rollback or proceed', async () => {
    const problem = expectProblem(await capture(documentOf([objectEvent()]), { behaviour: 'all' }), 400, 'ValidationException');
    expect(problem.detail).toContain('GS1-Capture-Error-Behaviour');
  });
});

describe('eventIDs', () => {
  it('gives an event without eventID the EPCIS event hash, so a retried capture stores nothing twice', async () => {
    const events = [objectEvent(), objectEvent({ action: 'ADD', bizStep: 'commissioning', disposition: 'active' }), objectEvent()];
    const first = await captured(documentOf(events));
    expect(first).toMatchObject({ success: true, storedCount: 3 });
    const ids = (await eventsOf(acmeId)).filter((row) => row.captureId === first.captureID).map((row) => row.eventId);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);

    const retried = await captured(documentOf(events));
    expect(retried).toMatchObject({ success: true, storedCount: 0, errors: [] });
    for (const id of ids) expect(await eventRows(acmeId, id)).toHaveLength(1);

    // One event without eventID sent twice to /epcis/events: the same address, one row.
    const single = objectEvent();
    const once = await postEvent(single);
    const twice = await postEvent(single);
    expect(once.statusCode).toBe(201);
    expect(twice.statusCode).toBe(201);
    expect(twice.headers.location).toBe(once.headers.location);
    expect(await eventRows(acmeId, decodeURIComponent((once.headers.location as string).slice('/epcis/events/'.length)))).toHaveLength(1);
  });

  it('answers 409 for a stored eventID on POST /epcis/events, but keeps an error declaration of it as a second row', async () => {
    const event = objectEvent({ eventID: 'urn:uuid:e4404000-0000-4000-8000-000000000001' });
    expect((await postEvent(event)).statusCode).toBe(201);
    const again = expectProblem(await postEvent({ ...event, bizStep: 'receiving' }), 409, 'ResourceAlreadyExistsException');
    expect(again.detail).toContain(event.eventID as string);

    const declaration = { ...event, errorDeclaration: { declarationTime: '2026-03-02T09:00:00.000+01:00', reason: 'incorrect_data' } };
    expect((await postEvent(declaration)).statusCode).toBe(201);
    const rows = await eventRows(acmeId, event.eventID as string);
    expect(rows).toHaveLength(2);
    expect(rows[1].errorReason).toBe('incorrect_data');
    expect(rows[1].errorDeclarationTime?.toISOString()).toBe('2026-03-02T08:00:00.000Z');
    // The declaration itself is stored once.
    expectProblem(await postEvent(declaration), 409, 'ResourceAlreadyExistsException');
  });

  it('sets recordTime itself, whatever the client sent', async () => {
    const before = Date.now();
    const event = objectEvent({ eventID: 'urn:uuid:5ec0de00-0000-4000-8000-000000000001', recordTime: '2001-01-01T00:00:00.000Z' });
    expect((await postEvent(event)).statusCode).toBe(201);
    const [row] = await eventRows(acmeId, event.eventID as string);
    expect(row.recordTime.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.document.recordTime).toBe(row.recordTime.toISOString());
  });

  it('refuses an invalid single event with 400 and a whole document on /epcis/events', async () => {
    const problem = expectProblem(await postEvent(objectEvent({ action: 'CREATE' })), 400, 'ValidationException');
    expect(problem.detail).toContain('action "CREATE"');
    expectProblem(await postEvent(documentOf([objectEvent()])), 400, 'ValidationException');
  });
});

describe('limits, media types and versions', () => {
  it('advertises the capture limits and version headers on OPTIONS', async () => {
    for (const [url, allow] of [
      ['/epcis/capture', 'OPTIONS, POST, GET'],
      ['/epcis/events', 'OPTIONS, GET, POST'],
    ]) {
      const response = await t.app.inject({ method: 'OPTIONS', url });
      expect(response.statusCode).toBe(204);
      expectVersionHeaders(response);
      expect(response.headers.allow).toBe(allow);
      expect(response.headers['gs1-epcis-capture-limit']).toBe(String(CAPTURE_LIMIT_EVENTS));
      expect(response.headers['gs1-epcis-capture-file-size-limit']).toBe(String(CAPTURE_FILE_SIZE_LIMIT_BYTES));
      expect(response.headers['gs1-epcis-min']).toBe('2.0.0');
      expect(response.headers['gs1-epcis-max']).toBe('2.0.0');
    }
  });

  it('answers 413 past the event limit and past the file size limit, with the limits', async () => {
    const tooMany = documentOf(Array.from({ length: CAPTURE_LIMIT_EVENTS + 1 }, () => ({ type: 'ObjectEvent' })));
    const many = expectProblem(await capture(tooMany), 413, 'CaptureLimitExceededException');
    expect(many.detail).toContain(String(CAPTURE_LIMIT_EVENTS));
    const padding = 'x'.repeat(CAPTURE_FILE_SIZE_LIMIT_BYTES);
    const large = await capture(documentOf([objectEvent({ 'example:padding': padding })]));
    expectProblem(large, 413, 'CaptureLimitExceededException');
    expect(large.headers['gs1-epcis-capture-limit']).toBe(String(CAPTURE_LIMIT_EVENTS));
    expect(large.headers['gs1-epcis-capture-file-size-limit']).toBe(String(CAPTURE_FILE_SIZE_LIMIT_BYTES));
    // Above the app's usual 1 MiB, below the capture limit: accepted.
    const big = await capture(documentOf([objectEvent({ 'example:padding': 'x'.repeat(2 * 1024 * 1024) })]));
    expect(big.statusCode).toBe(202);
    await finishedJob(big.headers.location as string);
  });

  it('answers 415 for bodies other than JSON, JSON-LD and XML', async () => {
    for (const contentType of ['text/plain', 'application/pdf', 'multipart/form-data; boundary=x']) {
      expectProblem(await capture(JSON.stringify(documentOf([objectEvent()])), { contentType }), 415, 'UnsupportedMediaTypeException');
    }
    const json = await capture(documentOf([objectEvent()]), { contentType: 'application/json; charset=utf-8' });
    expect(json.statusCode).toBe(202);
    await finishedJob(json.headers.location as string);
  });

  it('answers malformed JSON and an empty body with 400 problems', async () => {
    expectProblem(await capture('{"type": "EPCISDocument",'), 400, 'ValidationException');
    expectProblem(await capture(''), 400, 'ValidationException');
  });

  it('keeps /epcis for the repository: no company may take epcis as its service name', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/service-name/check?serviceName=epcis' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ available: false, reason: 'reserved' });
  });

  it('puts the version headers on every answer, errors and unknown paths included', async () => {
    expectVersionHeaders(await t.app.inject({ method: 'GET', url: '/epcis/capture', headers: { authorization: `Bearer ${acmeKey}` } }));
    expectProblem(await t.app.inject({ method: 'GET', url: '/epcis/capture' }), 401, 'SecurityException');
    expectProblem(await capture(documentOf([objectEvent()]), { key: '' }), 401, 'SecurityException');
    expectProblem(await t.app.inject({ method: 'GET', url: '/epcis/nothing-here' }), 404, 'NoSuchResourceException');
    expectProblem(await getJob('/epcis/capture/00000000-0000-4000-8000-000000000000'), 404, 'NoSuchResourceException');
    expectProblem(await getJob('/epcis/capture/not-a-job'), 404, 'NoSuchResourceException');
    const otherVersion = await t.app.inject({ method: 'GET', url: '/epcis/capture', headers: { authorization: `Bearer ${acmeKey}`, 'gs1-epcis-version': '1.2.0' } });
    expectProblem(otherVersion, 406, 'NotAcceptableException');
  });
});

describe('capture jobs', () => {
  it("lists the company's jobs newest first, page by page, and never another company's", async () => {
    const nordicJob = await captured(documentOf([objectEvent()]), { key: nordicKey });
    const acmeJobs: string[] = [];
    for (let i = 0; i < 3; i += 1) acmeJobs.push((await captured(documentOf([objectEvent()]))).captureID as string);

    const seen: string[] = [];
    let url: string | null = '/epcis/capture?perPage=2';
    while (url) {
      const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${acmeKey}` } });
      expect(response.statusCode).toBe(200);
      expectVersionHeaders(response);
      const page = response.json() as { captureID: string; createdAt: string }[];
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page.map((job) => job.captureID));
      const link = response.headers.link as string | undefined;
      url = link ? (/^<([^>]+)>; rel="next"$/.exec(link)?.[1] ?? null) : null;
    }
    const all = await t.app.db.select().from(epcisCaptures).where(eq(epcisCaptures.companyId, acmeId));
    expect(seen).toHaveLength(all.length);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, 3)).toEqual([...acmeJobs].reverse());
    expect(seen).not.toContain(nordicJob.captureID);

    // Nordic's key sees neither Acme's job nor its events.
    expectProblem(await getJob(`/epcis/capture/${acmeJobs[0]}`, nordicKey), 404, 'NoSuchResourceException');
    expect((await eventsOf(nordicId)).every((row) => row.captureId !== acmeJobs[0])).toBe(true);

    const badToken = await t.app.inject({ method: 'GET', url: '/epcis/capture?nextPageToken=bm9wZQ', headers: { authorization: `Bearer ${acmeKey}` } });
    expectProblem(badToken, 400, 'QueryParameterException');
  });

  it('stores a capture once when its job runs twice at the same time (a replica thought lost and its retry)', async () => {
    const document = { events: [objectEvent()], context: CONTEXT, validated: false };
    const [job] = await t.app.db.insert(epcisCaptures).values({ companyId: acmeId, eventCount: 1, document }).returning();
    const runs = await Promise.all([runCapture(t.app.db, job.id), runCapture(t.app.db, job.id)]);
    expect(runs.filter((run) => run !== null)).toEqual([{ companyId: acmeId, stored: 1 }]);
    expect((await eventsOf(acmeId)).filter((row) => row.captureId === job.id)).toHaveLength(1);
    const [closed] = await t.app.db.select().from(epcisCaptures).where(eq(epcisCaptures.id, job.id));
    // The document is not kept once its events are.
    expect(closed).toMatchObject({ status: 'success', storedCount: 1, document: null });
  });

  it('finishes a capture accepted by a replica that stops while storing it', async () => {
    // A second replica of the API on the same database accepts a large capture and is stopped once it has begun.
    const other = await buildApp(t.config);
    await other.ready();
    const events = Array.from({ length: 3_000 }, () => objectEvent());
    const response = await other.inject({
      method: 'POST',
      url: '/epcis/capture',
      headers: { 'content-type': 'application/ld+json', authorization: `Bearer ${acmeKey}` },
      payload: JSON.stringify(documentOf(events)),
    });
    expect(response.statusCode, response.body).toBe(202);
    const captureId = (response.headers.location as string).split('/').pop();
    await expect
      .poll(async () => {
        const { rows } = (await t.app.db.execute(sql`select state from pgboss.job where name = 'epcis-capture' and data->>'captureId' = ${captureId}`)) as unknown as {
          rows: { state: string }[];
        };
        return rows[0]?.state;
      }, { timeout: 10_000, interval: 20 })
      .not.toBe('created');
    await other.close();
    const job = await finishedJob(response.headers.location as string, acmeKey, 30_000);
    expect(job).toMatchObject({ running: false, success: true, storedCount: 3_000 });
    expect((await eventsOf(acmeId)).filter((row) => row.captureId === captureId)).toHaveLength(3_000);
  }, 60_000);

  it('publishes epcis.captured once the events are stored', async () => {
    const published: number[] = [];
    t.app.events.subscribe('epcis.captured', (event) => {
      published.push(event.companyId);
    });
    await captured(documentOf([objectEvent()]));
    // The job reads finished when its transaction commits; the event follows right after.
    for (let i = 0; i < 50 && !published.includes(acmeId); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(published).toContain(acmeId);
    const count = published.length;
    expect((await postEvent(objectEvent(), nordicKey)).statusCode).toBe(201);
    expect(published.slice(count)).toEqual([nordicId]);
  });
});
