import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, EPCIS_MAX_NESTING_DEPTH, gtin14 } from '@product-console/shared';
import { finishedCapture } from '../../test/epcis.js';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp } from '../../test/demo.js';
import { multipart } from '../../test/multipart.js';
import { companies } from '../companies/tables.js';
import { epcisEvents } from './tables.js';

/*
 * Odd EPCIS input: nested far deeper than any event needs (a user extension 2 000 levels deep, 12 KB
 * of JSON) is a 400 problem on /epcis and a field error on the console's add-event call, never a
 * 500, and nothing of it is stored; a webhook naming a private host with a trailing dot is refused
 * when it is registered, not only when it is delivered to.
 */

type Json = Record<string, unknown>;

let t: TestApp;
let acme: string;
let acmeKey: string;
let acmeId: number;
let projectIds: Record<string, number>;

const CONTEXT = ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld', { example: 'https://ns.example.com/epcis/' }];

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level += 1) value = { 'example:level': value };
  return value;
}

const objectEvent = (epc: string, extension: unknown): Json => ({
  type: 'ObjectEvent',
  eventTime: '2026-03-01T10:00:00.000+01:00',
  eventTimeZoneOffset: '+01:00',
  epcList: [epc],
  action: 'OBSERVE',
  bizStep: 'shipping',
  'example:extension': extension,
});

const epcis = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${acmeKey}`, 'content-type': 'application/ld+json', ...headers }, payload: JSON.stringify(body) });

const storedEvents = async () => (await t.app.db.select({ id: epcisEvents.id }).from(epcisEvents).where(eq(epcisEvents.companyId, acmeId))).length;

beforeAll(async () => {
  t = await createTestApp();
  let sessions;
  ({ projectIds, ...sessions } = await demoSetUp(t.app));
  acme = sessions.acme;
  acmeKey = (await call(t.app, acme, { method: 'POST', url: '/api/auth/api-keys', payload: { name: 'deep client' } })).json().result.key as string;
  const [company] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'acme'));
  acmeId = company.id;
});
afterAll(async () => t?.close());

describe('EPCIS events nested 2 000 levels deep', () => {
  it('answer 400 problem+json on /epcis/events and /epcis/capture, under either error behaviour, storing nothing', async () => {
    const before = await storedEvents();
    const deep = objectEvent('urn:epc:id:sgtin:0614141.107346.9001', nested(2000));
    expect(JSON.stringify(deep).length).toBeLessThan(40_000);
    const document = { '@context': CONTEXT, type: 'EPCISDocument', schemaVersion: '2.0', creationDate: '2026-03-01T10:00:00.000+01:00', epcisBody: { eventList: [deep] } };

    for (const response of [await epcis('/epcis/events', { '@context': CONTEXT, ...deep }), await epcis('/epcis/capture', document)]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json().type).toBe('epcisException:ValidationException');
      expect(response.body).toContain(`deeper than ${EPCIS_MAX_NESTING_DEPTH} levels`);
    }
    // Under proceed the job refuses the event instead (and still stores nothing).
    const proceed = await epcis('/epcis/capture', document, { 'gs1-capture-error-behaviour': 'proceed' });
    expect(proceed.statusCode, proceed.body).toBe(202);
    const job = await finishedCapture(t.app, proceed.headers.location as string, acmeKey);
    expect(job).toMatchObject({ running: false, success: false, storedCount: 0 });
    // The head of a document is measured too: a deep @context answers 400 before anything reads its prefixes.
    const deepContext = await epcis('/epcis/capture', { ...document, '@context': [CONTEXT[0], nested(2000)], epcisBody: { eventList: [] } });
    expect(deepContext.statusCode, deepContext.body).toBe(400);
    expect(await storedEvents()).toBe(before);
  });

  it("answer 400 with a field error on the console's add-event call", async () => {
    const gtin = gtin14(0, '0614142', 990);
    const product = multipart({ product: JSON.stringify([{ project_id: projectIds.Camping, product_name: 'Aurora Headlamp', gtin }]) });
    const { productId } = (await call(t.app, acme, { method: 'POST', url: '/api/product/?service=DPP', ...product })).json() as { productId: number };
    expect((await call(t.app, acme, { method: 'PUT', url: `/api/trace/start?productId=${productId}` })).statusCode).toBe(200);
    const before = await storedEvents();
    const event = { ...objectEvent(`https://id.gs1.org/01/${gtin}/21/D1`, nested(2000)), '@context': CONTEXT };
    const response = await call(t.app, acme, { method: 'POST', url: `/api/trace/events?productId=${productId}`, payload: event });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, details: [{ path: 'example:extension', message: expect.stringContaining('deeper than') }] });
    expect(await storedEvents()).toBe(before);
  });
});

describe('webhook destinations of a subscription', () => {
  it('refuses private hosts written with a trailing dot at registration, as without it', async () => {
    const query = await epcis('/epcis/queries', { name: 'shipping-hooks', query: { EQ_bizStep: ['shipping'] } }, { 'content-type': 'application/json' });
    expect(query.statusCode, query.body).toBe(201);
    const subscribe = (dest: string) => epcis('/epcis/queries/shipping-hooks/subscriptions', { dest, stream: true }, { 'content-type': 'application/json' });
    for (const dest of ['http://localhost./hook', 'http://localhost../hook', 'http://metadata.google.internal./computeMetadata/v1/', 'http://LOCALHOST./hook', 'http://127.0.0.1./hook', 'http://localhost/hook']) {
      const refused = await subscribe(dest);
      expect(refused.statusCode, `${dest} ${refused.body}`).toBe(400);
      expect(refused.headers['content-type']).toContain('application/problem+json');
    }
    const listed = await t.app.inject({ method: 'GET', url: '/epcis/queries/shipping-hooks/subscriptions', headers: { authorization: `Bearer ${acmeKey}` } });
    expect(listed.json()).toEqual([]);
    expect((await subscribe('https://hooks.example.com/epcis')).statusCode).toBe(201);
  });
});
