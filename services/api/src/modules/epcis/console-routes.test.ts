import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPCIS_SAMPLE_CAPTURE_DOCUMENT, epcisSampleCaptureText, type EpcisSubscriptionItem } from '@product-console/shared';
import { call, createTestApp, type TestApp } from '../../test/app.js';
import { demoSetUp } from '../../test/demo.js';
import { finishedCapture } from '../../test/epcis.js';
import { companies } from '../companies/tables.js';
import { plans, subscriptions } from '../plans/tables.js';

/*
 * Named queries and subscriptions managed in the console (decision 082): the query builder's
 * query as `/epcis/queries` shows it, subscriptions listed with their delivery state, paused and
 * resumed, tried with a test event delivered by the job queue, and the key dialog's sample capture
 * document accepted as pasted.
 */

type Json = Record<string, unknown>;
interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

let t: TestApp;
let acme: string;
let nordic: string;
let acmeKey: string;
let hook: Server;
let hookUrl: string;
const received: Received[] = [];
/** What the webhook answers next. */
let hookStatus = 204;
let serial = 1;

const listen = (server: Server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

beforeAll(async () => {
  t = await createTestApp({ EPCIS_WEBHOOK_ALLOW_PRIVATE: 'true', EPCIS_SUBSCRIPTION_INTERVAL_MS: '200', EPCIS_WEBHOOK_RETRY_BASE_MS: '100000' });
  ({ acme, nordic } = await demoSetUp(t.app));
  const [nordicCompany] = await t.app.db.select().from(companies).where(eq(companies.serviceName, 'nordic'));
  const [business] = await t.app.db.select().from(plans).where(eq(plans.name, 'Business'));
  await t.app.db.update(subscriptions).set({ planId: business.id }).where(eq(subscriptions.companyId, nordicCompany.id));
  acmeKey = (await call(t.app, acme, { method: 'POST', url: '/api/auth/api-keys', payload: { name: 'console tests' } })).json().result.key;
  hook = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = hookStatus;
      response.end();
    });
  });
  await listen(hook);
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/epcis-hook`;
});
afterAll(async () => {
  await t?.close();
  hook?.close();
});

const consoleCall = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, session = acme) =>
  call(t.app, session, { method, url, ...(payload === undefined ? {} : { payload: payload as Json }) });

const postEvent = (bizStep: string) =>
  t.app.inject({
    method: 'POST',
    url: '/epcis/events',
    headers: { authorization: `Bearer ${acmeKey}`, 'content-type': 'application/json' },
    payload: JSON.stringify({
      type: 'ObjectEvent',
      eventTime: '2026-03-01T10:00:00.000+01:00',
      eventTimeZoneOffset: '+01:00',
      epcList: [`urn:epc:id:sgtin:0614141.107346.C${serial++}`],
      action: 'OBSERVE',
      bizStep,
    }),
  });

async function subscriptionItem(subscriptionId: string, session = acme): Promise<EpcisSubscriptionItem | undefined> {
  const list = (await consoleCall('GET', '/api/trace/epcis-subscriptions?size=100', undefined, session)).json().result.items as EpcisSubscriptionItem[];
  return list.find((item) => item.subscriptionId === subscriptionId);
}

const eventsIn = (delivery: Received) =>
  (JSON.parse(delivery.body) as { epcisBody: { queryResults: { resultsBody: { eventList: Json[] } } } }).epcisBody.queryResults.resultsBody.eventList;

describe('named queries from the query builder', () => {
  it('saves the builder as EPCIS query parameters that /epcis/queries shows and runs', async () => {
    const response = await consoleCall('POST', '/api/trace/epcis-queries', {
      name: 'dock-shipments',
      eventType: 'ObjectEvent',
      bizStep: 'shipping',
      disposition: 'in_transit',
      place: '9506000134369',
      epc: 'urn:epc:idpat:sgtin:0614141.107346.*',
    });
    expect(response.statusCode, response.body).toBe(201);
    const expected = {
      eventType: 'ObjectEvent',
      EQ_bizStep: 'shipping',
      EQ_disposition: 'in_transit',
      EQ_bizLocation: 'https://id.gs1.org/414/9506000134369',
      MATCH_epc: 'urn:epc:idpat:sgtin:0614141.107346.*',
    };
    expect(response.json().result).toMatchObject({ name: 'dock-shipments', query: expected, subscriptions: 0 });
    const seen = await t.app.inject({ method: 'GET', url: '/epcis/queries/dock-shipments', headers: { authorization: `Bearer ${acmeKey}` } });
    expect(seen.json()).toMatchObject({ name: 'dock-shipments', query: expected });
    const run = await t.app.inject({ method: 'GET', url: '/epcis/queries/dock-shipments/events', headers: { authorization: `Bearer ${acmeKey}` } });
    expect(run.statusCode).toBe(200);
  });

  it('refuses a wrong GLN, an unknown bizStep, a bad name and a name taken, naming the field', async () => {
    const field = async (body: Json) => {
      const response = await consoleCall('POST', '/api/trace/epcis-queries', body);
      expect(response.statusCode, response.body).toBe(400);
      return (response.json().details as { path: string }[]).map((detail) => detail.path);
    };
    expect(await field({ name: 'a', place: '9506000134368' })).toContain('place');
    expect(await field({ name: 'a', bizStep: 'teleporting' })).toContain('bizStep');
    expect(await field({ name: 'no spaces' })).toContain('name');
    expect(await field({ name: 'a', epc: 'not an epc' })).toContain('epc');
    expect((await consoleCall('POST', '/api/trace/epcis-queries', { name: 'dock-shipments' })).statusCode).toBe(409);
  });

  it('lists the queries by name in pages, each company its own', async () => {
    for (const name of ['b-query', 'a-query']) expect((await consoleCall('POST', '/api/trace/epcis-queries', { name, bizStep: 'receiving' })).statusCode).toBe(201);
    const firstResponse = await consoleCall('GET', '/api/trace/epcis-queries?page=1&size=2');
    expect(firstResponse.statusCode, firstResponse.body).toBe(200);
    const first = firstResponse.json().result;
    expect(first.items.map((item: { name: string }) => item.name)).toEqual(['a-query', 'b-query']);
    expect(first.page).toEqual({ total: 3, page: 1, size: 2 });
    const second = (await consoleCall('GET', '/api/trace/epcis-queries?page=2&size=2')).json().result;
    expect(second.items.map((item: { name: string }) => item.name)).toEqual(['dock-shipments']);
    expect((await consoleCall('GET', '/api/trace/epcis-queries', undefined, nordic)).json().result.items).toEqual([]);
  });
});

describe('subscriptions in the console', () => {
  let streamId: string;

  it('subscribes a streaming webhook that receives new matching events, signed, and shows the last delivery', async () => {
    expect((await consoleCall('POST', '/api/trace/epcis-queries', { name: 'receipts', bizStep: 'receiving' })).statusCode).toBe(201);
    const response = await consoleCall('POST', '/api/trace/epcis-subscriptions', { queryName: 'receipts', dest: hookUrl, signatureToken: 'secret-1', delivery: 'stream' });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json().result as EpcisSubscriptionItem;
    expect(created).toMatchObject({ queryName: 'receipts', dest: hookUrl, signed: true, stream: true, paused: false, lastDeliveredAt: null, attempts: 0, test: null });
    expect(JSON.stringify(created)).not.toContain('secret-1');
    streamId = created.subscriptionId;
    const before = received.length;
    expect((await postEvent('receiving')).statusCode).toBe(201);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(before);
    const delivery = received[received.length - 1];
    expect(delivery.headers['gs1-signature']).toBe(`sha256=${createHmac('sha256', 'secret-1').update(delivery.body).digest('hex')}`);
    expect(eventsIn(delivery)).toHaveLength(1);
    await expect.poll(async () => (await subscriptionItem(streamId))?.lastDeliveredAt, { timeout: 5_000 }).not.toBeNull();
    const queries = (await consoleCall('GET', '/api/trace/epcis-queries')).json().result.items as { name: string; subscriptions: number }[];
    expect(queries.find((query) => query.name === 'receipts')?.subscriptions).toBe(1);
  });

  it('delivers nothing while paused, and what was captured meanwhile once resumed', async () => {
    const paused = await consoleCall('PATCH', `/api/trace/epcis-subscriptions/${streamId}`, { paused: true });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().result.paused).toBe(true);
    const before = received.length;
    expect((await postEvent('receiving')).statusCode).toBe(201);
    // A delivery pass runs after the capture; the paused subscription is not taken.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(received.length).toBe(before);
    const resumed = await consoleCall('PATCH', `/api/trace/epcis-subscriptions/${streamId}`, { paused: false });
    expect(resumed.json().result.paused).toBe(false);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(before);
    expect(eventsIn(received[received.length - 1])).toHaveLength(1);
  });

  it('sends a test event through the job queue and reports it delivered, or failed with the reason', async () => {
    const before = received.length;
    const asked = await consoleCall('POST', `/api/trace/epcis-subscriptions/${streamId}/test`);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().result.test).toMatchObject({ status: 'pending' });
    await expect.poll(async () => (await subscriptionItem(streamId))?.test?.status, { timeout: 10_000 }).toBe('delivered');
    const delivery = received.slice(before).find((item) => item.headers['x-epcis-test-delivery'] === '1');
    expect(delivery).toBeDefined();
    expect(delivery?.headers['gs1-signature']).toBe(`sha256=${createHmac('sha256', 'secret-1').update(delivery?.body ?? '').digest('hex')}`);
    expect(eventsIn(delivery as Received)[0]).toMatchObject({ type: 'ObjectEvent', bizStep: 'commissioning' });

    hookStatus = 500;
    try {
      await consoleCall('POST', `/api/trace/epcis-subscriptions/${streamId}/test`);
      await expect.poll(async () => (await subscriptionItem(streamId))?.test?.status, { timeout: 10_000 }).toBe('failed');
      expect((await subscriptionItem(streamId))?.test?.error).toMatch(/500/);
    } finally {
      hookStatus = 204;
    }
    // A test is not a delivery: the subscription's own state is untouched.
    expect((await subscriptionItem(streamId))?.attempts).toBe(0);
  });

  it('subscribes on a schedule (whole minutes, UTC) and shows the next attempt; a bad schedule names its field', async () => {
    const response = await consoleCall('POST', '/api/trace/epcis-subscriptions', {
      queryName: 'receipts',
      dest: hookUrl,
      delivery: 'schedule',
      schedule: { minute: '0', hour: '6', dayOfWeek: '[1-5]' },
      reportIfEmpty: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json().result as EpcisSubscriptionItem;
    expect(item).toMatchObject({ stream: false, schedule: { second: '0', minute: '0', hour: '6', dayOfWeek: '[1-5]' }, reportIfEmpty: true, signed: false });
    const next = new Date(item.nextAttemptAt as string);
    expect(next.getUTCHours()).toBe(6);
    expect(next.getUTCMinutes()).toBe(0);
    expect([0, 6]).not.toContain(next.getUTCDay());

    const bad = await consoleCall('POST', '/api/trace/epcis-subscriptions', { queryName: 'receipts', dest: hookUrl, delivery: 'schedule', schedule: { minute: '99' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ path: 'schedule.minute' })]);
    const none = await consoleCall('POST', '/api/trace/epcis-subscriptions', { queryName: 'receipts', dest: hookUrl, delivery: 'schedule', schedule: {} });
    expect(none.statusCode).toBe(400);
    const unknown = await consoleCall('POST', '/api/trace/epcis-subscriptions', { queryName: 'nothing', dest: hookUrl, delivery: 'stream' });
    expect(unknown.statusCode).toBe(404);
    const ftp = await consoleCall('POST', '/api/trace/epcis-subscriptions', { queryName: 'receipts', dest: 'ftp://example.com/x', delivery: 'stream' });
    expect(ftp.statusCode).toBe(400);
  });

  it("keeps another company's subscriptions out of reach, and deletes a subscription and a query with its subscriptions", async () => {
    expect((await consoleCall('PATCH', `/api/trace/epcis-subscriptions/${streamId}`, { paused: true }, nordic)).statusCode).toBe(404);
    expect((await consoleCall('POST', `/api/trace/epcis-subscriptions/${streamId}/test`, undefined, nordic)).statusCode).toBe(404);
    expect((await consoleCall('DELETE', `/api/trace/epcis-subscriptions/${streamId}`, undefined, nordic)).statusCode).toBe(404);
    expect((await consoleCall('GET', '/api/trace/epcis-subscriptions', undefined, nordic)).json().result.items).toEqual([]);

    expect((await consoleCall('DELETE', `/api/trace/epcis-subscriptions/${streamId}`)).statusCode).toBe(200);
    expect(await subscriptionItem(streamId)).toBeUndefined();
    expect((await consoleCall('DELETE', '/api/trace/epcis-queries/receipts')).statusCode).toBe(200);
    expect((await consoleCall('GET', '/api/trace/epcis-subscriptions')).json().result.items.filter((item: EpcisSubscriptionItem) => item.queryName === 'receipts')).toEqual([]);
    expect((await consoleCall('DELETE', '/api/trace/epcis-queries/receipts')).statusCode).toBe(404);
  });
});

describe("the key dialog's sample capture document", () => {
  it('is captured as pasted', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/epcis/capture',
      headers: { authorization: `Bearer ${acmeKey}`, 'content-type': 'application/ld+json' },
      payload: epcisSampleCaptureText(),
    });
    expect(response.statusCode, response.body).toBe(202);
    const job = await finishedCapture(t.app, response.headers.location as string, acmeKey);
    expect(job).toMatchObject({ success: true, eventCount: EPCIS_SAMPLE_CAPTURE_DOCUMENT.epcisBody.eventList.length, storedCount: 1, errors: [] });
  });
});
